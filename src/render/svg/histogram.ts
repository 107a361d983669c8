/**
 * Histograms. Without labels, each series is a sample of raw values: the bins are chosen for the
 * data (Freedman–Diaconis width, Sturges' when the middle half has no spread, rounded to a nice
 * width, at most MAX_BINS) and shared by every series, whose counts stand side by side in each bin
 * on a numeric axis. With labels, the labels are the bins and the values their counts, as given.
 * The summary names the fullest bin, the median and middle half, and the skew.
 */
import { invalidInput } from "../../errors.ts";
import { gridlines, VALUE_TICKS } from "./axis.ts";
import type { Cell } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { grownFrame, verticalFrame } from "./frame.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { type Cartesian, type Frame, units } from "./layout.ts";
import { seriesClass } from "./palette.ts";
import { clean, niceStep, niceTicks, type Ticks } from "./scale.ts";
import { binWidth, skewness, summarize } from "./stats.ts";

/** Most bins a histogram draws from raw values. */
export const MAX_BINS = 50;

/** Bins of nice width covering every value: their edges (one more than the bins) and the rule. */
export function chooseBins(values: readonly number[]): { edges: number[]; width: number; rule: string } {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  let { width, rule } = binWidth(values);
  if (!(width > 0)) {
    // every value alike: one bin a tenth of the value wide (1 for zero) around it
    width = niceStep(Math.abs(lo) / 10 || 1);
    rule = "one value";
  }
  width = niceStep(width);
  const count = (w: number) => Math.max(1, Math.ceil(hi / w - 1e-9) - Math.floor(lo / w + 1e-9));
  while (count(width) > MAX_BINS) width = niceStep(width * 2.2);
  let start = clean(Math.floor(lo / width + 1e-9) * width, width);
  let bins = count(width);
  if (hi === lo) {
    start = clean(lo - width / 2, width);
    bins = 1;
  } else if (clean(start + bins * width, width) < hi) bins++;
  const edges = Array.from({ length: bins + 1 }, (_, k) => clean(start + k * width, width));
  return { edges, width, rule };
}

/** How many of `values` fall in each bin (the last bin holds its upper edge). */
export function countBins(values: readonly number[], edges: readonly number[]): number[] {
  const counts = new Array<number>(edges.length - 1).fill(0);
  const width = edges[1] - edges[0];
  for (const v of values) {
    let k = Math.floor((v - edges[0]) / width);
    // floating point: nudge into the bin whose edges hold it
    while (k > 0 && v < edges[k]) k--;
    while (k < counts.length - 1 && v >= edges[k + 1]) k++;
    counts[Math.max(0, Math.min(counts.length - 1, k))]++;
  }
  return counts;
}

const plain = (format: NumberFormat): NumberFormat => ({ locale: format.locale, style: "number" });

export function histogramChart({ spec, labels, series, format }: KindInput): KindOutput {
  const given = labels.length > 0;
  const f = formatter(format);
  const int = formatter(plain(format));
  const samples = series.map((s) => s.values.filter((v): v is number => v !== null));
  let edges: number[] = [];
  let width = 0;
  let rule = "";
  let counts: number[][];
  let bins: string[];
  if (given) {
    series.forEach((s, k) =>
      s.values.forEach((v, i) => {
        if (v !== null && v < 0) {
          throw invalidInput(
            `series[${k}].values[${i}]`,
            "a bin's count cannot be negative",
            "With labels, give each bin's count; without labels, give the raw values",
          );
        }
      })
    );
    counts = series.map((s) => s.values.map((v) => v ?? 0));
    bins = labels;
  } else {
    ({ edges, width, rule } = chooseBins(samples.flat()));
    counts = samples.map((values) => countBins(values, edges));
    bins = edges.slice(0, -1).map((e, i) => `${f(e)}–${f(edges[i + 1])}`);
  }
  const n = bins.length;
  const top = Math.max(...counts.flat());
  const ticks = niceTicks(0, top, VALUE_TICKS, true);
  const share = (v: number) => v / (ticks.max || 1);
  const edgeTicks: Ticks | undefined = given
    ? undefined
    : { min: edges[0], max: edges[n], step: width, ticks: edges };

  function frame(w: number): Frame {
    const fr = verticalFrame({
      width: w,
      ticks,
      format: plain(format),
      yAttr: "data-vx",
      yTitle: spec.yTitle ?? "Count",
      xTitle: spec.xTitle,
      right: 14,
      categories: given ? bins : undefined,
      x: edgeTicks ? { ticks: edgeTicks, format, attr: "data-v" } : undefined,
    });
    return grownFrame(fr, series.length > 1);
  }

  function layer(): string {
    const groups = series.length;
    const y = (v: number) => units(1 - share(v));
    const marks = counts.map((row, k) => {
      let bars = "";
      row.forEach((c, i) => {
        if (!c) return;
        const x = (i + k / groups) / n;
        bars += `<rect class="mcc-pt" data-i="${i}" x="${units(x)}" y="${y(c)}" width="${
          units(1 / n / groups)
        }" height="${units(share(c))}"/>`;
      });
      return `<g class="${seriesClass(k)}" data-s="${k}">${bars}</g>`;
    });
    return gridlines(ticks, (v) => (1 - share(v)) * 1000) + `<g class="mcc-marks">${marks.join("")}</g>`;
  }

  const plot: Cartesian = { frame, layer };
  const table = {
    head: [spec.xTitle || (given ? "Bin" : "From – to"), ...series.map((s) => s.name)],
    rows: bins.map((label, i) => ({
      label,
      cells: counts.map((row): Cell => ({ x: row[i], text: int(row[i]) })),
    })),
  };
  // the summary: the fullest bin of each series, and for raw values the median, middle half and skew
  const parts = series.slice(0, 6).map((s, k) => {
    const row = counts[k];
    const peak = row.indexOf(Math.max(...row));
    const total = row.reduce((a, b) => a + b, 0);
    let text = `${q(s.name)}: ${int(total)} ${given ? "in all" : "values"}, most in ${q(bins[peak])} (${
      int(row[peak])
    })`;
    if (!given && samples[k].length) {
      const st = summarize(samples[k]);
      text += `, median ${f(st.median)}`;
      if (st.q3 > st.q1) text += `, middle half ${f(st.q1)} to ${f(st.q3)}`;
      const skew = skewness(samples[k]);
      text += skew > 0.5 ? ", skewed right" : skew < -0.5 ? ", skewed left" : "";
    }
    return text;
  });
  const binText = given
    ? `${n} bin${n === 1 ? "" : "s"} from ${q(bins[0])} to ${q(bins[n - 1])}`
    : `${n} bin${n === 1 ? "" : "s"} of ${f(width)} from ${f(edges[0])} to ${f(edges[n])}${
      rule === "one value" ? "" : ` (${rule})`
    }`;
  const summary = `Histogram over ${binText}. ${parts.join("; ")}.`;
  return {
    summary,
    table,
    plot,
    legend: series.length > 1 ? series.map((s) => ({ name: s.name })) : undefined,
  };
}
