/**
 * Bar and line charts on two value axes: the first series is bars on the left axis, every later
 * series (up to four) a line on the right axis. Each axis is titled at its top with a swatch of what
 * it measures (a bar's square on the left, a line's stroke on the right), so a reader can tell which
 * axis a mark is read against. The left title is `yTitle` (the bars' name by default), the right one
 * the lines' names. Gridlines follow the left axis. ISO dates make a time axis (time_axis.ts).
 */
import { escape } from "../../html/html.ts";
import { invalidInput } from "../../errors.ts";
import { FONT, gridlines, LINE, tickLabels, tickWidth, VALUE_TICKS } from "./axis.ts";
import { formatter } from "./format.ts";
import { grownFrame, verticalFrame } from "./frame.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import {
  type Cartesian,
  down,
  type Frame,
  type Part,
  rect,
  shift,
  units,
  whole,
  xAttrs,
  yAttrs,
} from "./layout.ts";
import { marker, MARKER_LIMIT, pathOf } from "./lines.ts";
import type { Series } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks, r1 } from "./scale.ts";
import { truncate } from "./text.ts";
import { gapNote, timeAxis } from "./time_axis.ts";

/** Most line series beside the bars. */
export const MAX_LINES = 4;

function range(values: readonly (number | null)[]): [number, number] {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? [Math.min(...present), Math.max(...present)] : [0, 0];
}

/** A series' range in words, with the labels where it is lowest and highest. */
function rangeText(s: Series, labels: readonly string[], f: (v: number) => string): string {
  const present = s.values.flatMap((v, i) => (v === null ? [] : [[v, i] as const]));
  if (!present.length) return `${q(s.name)} has no values`;
  const lo = present.reduce((a, b) => (b[0] < a[0] ? b : a));
  const hi = present.reduce((a, b) => (b[0] > a[0] ? b : a));
  return lo[0] === hi[0]
    ? `${q(s.name)} is ${f(lo[0])} throughout`
    : `${q(s.name)} ranges from ${f(lo[0])} (${q(labels[lo[1]])}) to ${f(hi[0])} (${q(labels[hi[1]])})`;
}

export function barLineChart({ spec, labels, series, format }: KindInput): KindOutput {
  if (series.length < 2 || series.length > MAX_LINES + 1) {
    throw invalidInput(
      "series",
      `a bar_line chart takes bars and 1 to ${MAX_LINES} lines, not ${series.length} series`,
      `Give the bars' series first, then 1 to ${MAX_LINES} line series (read on the right axis)`,
    );
  }
  const n = labels.length;
  const [bars, ...lines] = series;
  const [blo, bhi] = range(bars.values);
  const left = niceTicks(Math.min(0, blo), Math.max(0, bhi), VALUE_TICKS, true);
  const [llo, lhi] = range(lines.flatMap((s) => s.values));
  const right = niceTicks(llo, lhi, VALUE_TICKS, false);
  const shareL = (v: number) => (v - left.min) / (left.max - left.min || 1);
  const shareR = (v: number) => (v - right.min) / (right.max - right.min || 1);
  const time = timeAxis(labels, format.locale);
  const at = (i: number) => (time ? time.at[i] : (i + 0.5) / n);
  const band = time ? time.step : 1 / n;
  const leftTitle = spec.yTitle || bars.name;
  const rightTitle = lines.map((s) => s.name).join(", ");
  const xTitle = time?.zoned ? `${spec.xTitle ?? "Time"} (UTC)` : spec.xTitle;
  const rightWidth = Math.ceil(tickWidth(right, format)) + 10;

  function frame(width: number): Frame {
    const fr = verticalFrame({
      width,
      ticks: left,
      format,
      xTitle,
      right: rightWidth,
      // room above the plot for the two axis titles, drawn below
      headroom: LINE + 14,
      ...(time ? { time } : { categories: labels, ordered: true }),
    });
    const { plot } = fr;
    const ticks = tickLabels(right, format).map((t) =>
      `<text data-v="${t.value}" ${xAttrs({ a: 1, b: 6 - plot.right })} ${
        yAttrs(shift(down(plot, 1 - shareR(t.value)), 4))
      }>${escape(t.label)}</text>`
    );
    // each title has half the width, beside its swatch
    const room = width / 2 - 24;
    const l = truncate(leftTitle, room, FONT, true);
    const r = truncate(rightTitle, room, FONT, true);
    const title = (shown: string, full: string, attrs: string) =>
      `<text class="mcc-axis-title ${attrs}>${shown === full ? "" : `<title>${escape(full)}</title>`}${
        escape(shown)
      }</text>`;
    const titles: Part = {
      g: 'class="mcc-direct"',
      items: [
        `<g class="${seriesClass(0)}">${rect({ a: 0, b: 0 }, { a: 0, b: 3 }, 10, 10, 'rx="2"')}</g>`,
        title(l, leftTitle, `mcc-start" x="14" y="${FONT}"`),
        `<g class="${seriesClass(1)}">${rect({ a: 1, b: -10 }, { a: 0, b: 7 }, 10, 3, 'rx="1.5"')}</g>`,
        title(r, rightTitle, `mcc-end" ${xAttrs({ a: 1, b: -14 })} y="${FONT}"`),
      ],
    };
    return grownFrame(fr, true, [{ g: 'class="mcc-ticks mcc-start"', items: ticks }, titles], plot);
  }

  function layer(): string {
    const yL = (v: number) => units(1 - shareL(v));
    const yR = (v: number) => whole(1 - shareR(v));
    const w = band * 0.6;
    let rects = "";
    bars.values.forEach((v, i) => {
      if (v === null) return;
      const top = Math.min(yL(v), yL(0));
      rects += `<rect class="mcc-pt" data-i="${i}" x="${units(at(i) - w / 2)}" y="${top}" width="${
        units(w)
      }" height="${r1(Math.abs(yL(v) - yL(0)))}"/>`;
    });
    const xs = labels.map((_, i) => whole(at(i)));
    const dots = n <= MARKER_LIMIT;
    const paths = lines.map((s, j) => {
      const k = j + 1;
      let pts = "";
      if (dots) s.values.forEach((v, i) => v !== null && (pts += marker(i, xs[i], yR(v))));
      return `<g class="${seriesClass(k)}" data-s="${k}"${
        dots ? "" : " data-mcc-dense"
      }><path class="mcc-line" d="${pathOf(xs, s.values, yR, time?.gap)}"/>${pts}</g>`;
    }).join("");
    return gridlines(left, (v) => (1 - shareL(v)) * 1000) +
      `<g class="mcc-marks"><g class="${seriesClass(0)}" data-s="0">${rects}</g>${paths}</g>`;
  }

  const f = formatter(format);
  const plot: Cartesian = { frame, layer };
  const span = n === 1
    ? `for ${q(labels[0])}`
    : `over ${n} labels from ${q(labels[0])} to ${q(labels[n - 1])}`;
  const gaps = time ? gapNote(time, labels) : "";
  const summary = `Bar and line chart ${span}. Bars, left axis${spec.yTitle ? ` (${q(spec.yTitle)})` : ""}: ${
    rangeText(bars, labels, f)
  }. Line${lines.length === 1 ? "" : "s"}, right axis: ${
    lines.map((s) => rangeText(s, labels, f)).join("; ")
  }.${gaps ? " " + gaps : ""}`;
  const table = {
    head: [spec.xTitle || "Label", ...series.map((s) => s.name)],
    rows: labels.map((label, i) => ({ label, cells: series.map((s) => s.values[i]) })),
  };
  return {
    summary,
    table,
    plot,
    legend: series.map((s, k) => ({ name: s.name, extra: k ? "(line, right axis)" : "(bars, left axis)" })),
  };
}
