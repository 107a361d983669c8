/**
 * Bubble charts: a scatter plot (scatter.ts's axes) whose points are circles with an area in
 * proportion to a size. Series come in pairs, a group's y values and then its sizes, so the labels +
 * series shape holds up to four groups; `x` gives each label's x, as a scatter's does. Circles are
 * translucent with an outline so overlaps read, drawn largest first so small ones stay on top, in a
 * layer that is not stretched (layout.ts `px`): a circle keeps its size at every width. A size key
 * of two reference circles sits in the legend; the table lists every point's x, y and size.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import type { Cell, LegendEntry, Table } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { pct, UNITS } from "./layout.ts";
import type { Series } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceStep, r1 } from "./scale.ts";
import { xyAxes } from "./scatter.ts";
import { correlation, deviation, mean } from "./stats.ts";

/** Radius of the largest bubble, in px: a tenth of the shortest plot (180 px). */
export const BUBBLE_R = 18;
/** Radius of a bubble of size 0: it still shows, and takes focus. */
const MIN_R = 2;
/** Share of each range's span added on both sides, so bubbles at the edges stay in the plot. */
const PAD = 0.12;
/** How the shape reads, for refusals. */
const SHAPE = "series in pairs, a group's y values then its sizes, up to 4 groups";

interface Bubble {
  /** Group (pair) index. */
  g: number;
  /** Label index. */
  i: number;
  y: number;
  size: number;
  /** Row in the data table. */
  row: number;
}

/** The points with a y and a size, checked: series in pairs, both values or neither, sizes 0 or more. */
function bubbles(labels: readonly string[], series: readonly Series[]): Bubble[] {
  if (series.length % 2) {
    throw invalidInput(
      "series",
      `${series.length} series do not pair up: a bubble chart takes ${SHAPE}`,
      'Give [{ "name": group, "values": y }, { "name": e.g. "Population", "values": sizes }] for each group',
    );
  }
  const out: Bubble[] = [];
  for (let g = 0; g < series.length / 2; g++) {
    const [ys, sizes] = [series[2 * g].values, series[2 * g + 1].values];
    labels.forEach((label, i) => {
      const [y, size] = [ys[i], sizes[i]];
      if (y === null && size === null) return;
      if (y === null || size === null) {
        const k = y === null ? 2 * g : 2 * g + 1;
        throw invalidInput(
          `series[${k}].values[${i}]`,
          `the ${y === null ? "y" : "size"} of ${q(label)} is null but its ${
            y === null ? "size" : "y"
          } is not`,
          `Give a y and a size for each point, or null for both: ${SHAPE}`,
        );
      }
      if (!(size >= 0) || !Number.isFinite(size)) {
        throw invalidInput(
          `series[${2 * g + 1}].values[${i}]`,
          `the size of ${q(label)} is ${size}: a bubble's size is a number from 0 up`,
          `Sizes are areas, 0 or more: ${SHAPE}`,
        );
      }
      out.push({ g, i, y, size, row: out.length });
    });
  }
  return out;
}

/** A bubble's radius in px: its area in proportion to its size, the largest BUBBLE_R. */
export function radius(size: number, largest: number): number {
  return largest > 0 ? Math.max(MIN_R, r1(BUBBLE_R * Math.sqrt(size / largest))) : MIN_R;
}

/** Sizes and x as plain numbers, whatever the chart's value style; past a trillion in scientific notation. */
function plainNumber(locale: string): (v: number) => string {
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const huge = new Intl.NumberFormat(locale, { notation: "scientific", maximumFractionDigits: 2 });
  return (v) => (Math.abs(v) >= 1e15 ? huge : plain).format(v);
}

/** The size key: the largest size and a round one near a quarter of it (half the radius). */
function sizeKey(name: string, largest: number, locale: string): LegendEntry[] {
  if (!(largest > 0)) return [{ name, key: "<span>0 everywhere</span>" }];
  const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  // compact stops at trillions: 1e300 would be a 300-digit key
  const short = (v: number) => (v >= 1e15 ? plainNumber(locale)(v) : compact.format(v));
  const quarter = niceStep(largest / 4);
  const circle = (size: number) => {
    const r = radius(size, largest);
    const d = Math.ceil(2 * r + 2);
    return `<svg class="mcc-key" width="${d}" height="${d}" aria-hidden="true"><circle cx="${d / 2}" cy="${
      d / 2
    }" r="${r}"/></svg><span>${escape(short(size))}</span>`;
  };
  return [{ name, key: circle(largest) + (quarter < largest ? circle(quarter) : "") }];
}

/** The strength of a correlation, in words (undefined: none worth naming). */
function strength(r: number): string | undefined {
  const a = Math.abs(r);
  return a >= 0.7 ? "strongly" : a >= 0.4 ? "moderately" : a >= 0.2 ? "weakly" : undefined;
}

/** What a reader concludes: the largest bubbles, how y goes with x, the points far from that trend. */
function summarize(
  list: readonly Bubble[],
  labels: readonly string[],
  xs: readonly number[] | undefined,
  names: { groups: string[]; size: string; x: string; y: string },
  format: NumberFormat,
): string {
  const f = formatter(format);
  const plain = plainNumber(format.locale);
  const multi = names.groups.length > 1;
  const who = (b: Bubble) => `${q(labels[b.i])}${multi ? ` in ${q(names.groups[b.g])}` : ""}`;
  const groups = multi ? ` in ${names.groups.length} groups (${names.groups.map(q).join(", ")})` : "";
  const bySize = list.slice().sort((a, b) => b.size - a.size || a.row - b.row);
  const top = bySize[0];
  const largest = top.size > 0
    ? `largest ${who(top)} (${plain(top.size)} at ${xs ? `x ${plain(xs[top.i])}, ` : ""}y ${f(top.y)})${
      bySize.length > 1
        ? `; then ${bySize.slice(1, 3).map((b) => `${who(b)} (${plain(b.size)})`).join(", ")}`
        : ""
    }.`
    : `every ${names.size} is 0.`;
  let text = `Bubble chart of ${list.length} point${
    list.length === 1 ? "" : "s"
  }${groups}, area by ${names.size}: ${largest}`;
  if (list.length < 3) return text;
  // a trend only along a numeric x: categories have no distance between them
  const px = list.map((b) => xs?.[b.i] ?? 0);
  const py = list.map((b) => b.y);
  const [mx, my, sx, sy] = [mean(px), mean(py), deviation(px), deviation(py)];
  const r = xs ? correlation(px, py) : 0;
  const word = strength(r);
  if (xs && sx && sy) {
    text += word
      ? ` ${names.y} ${r > 0 ? "rises" : "falls"} ${word} with ${names.x} (r = ${r.toFixed(2)}).`
      : ` No clear relation between ${names.x} and ${names.y} (r = ${r.toFixed(2)}).`;
  }
  // points more than two standard errors off the trend line (off the mean when there is none)
  const spread = Math.sqrt(1 - r * r);
  if (list.length >= 5 && sy > 0 && spread > 0) {
    const off = list.map((b, k) => {
      const zx = sx ? (px[k] - mx) / sx : 0;
      return [b, ((py[k] - my) / sy - (word ? r : 0) * zx) / (word ? spread : 1)] as const;
    }).filter(([, z]) => Math.abs(z) > 2).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 3);
    if (off.length) {
      text += ` Far ${word ? "from the trend" : "from the rest"}: ${
        off.map(([b, z]) => `${who(b)} (y ${f(b.y)}, ${z > 0 ? "above" : "below"})`).join(", ")
      }.`;
    }
  }
  return text;
}

export function bubbleChart({ spec, labels, series, format }: KindInput): KindOutput {
  const list = bubbles(labels, series);
  const groups = series.filter((_, k) => k % 2 === 0).map((s) => s.name);
  const multi = groups.length > 1;
  const sizeName = series[1].name;
  const data = {
    type: "bubble" as const,
    labels,
    series: [],
    x: spec.x,
    format,
    xTitle: spec.xTitle,
    // one group: its name says what y is, when no title does
    yTitle: spec.yTitle || (multi ? undefined : groups[0]),
    idPrefix: "",
  };
  const axes = xyAxes(data, list.map((b) => b.y), PAD);
  const largest = Math.max(...list.map((b) => b.size));
  // the cells a bubble's tooltip reads (figure.ts): the one naming its group (0: none), then x, y and size
  const first = multi ? 2 : 1;
  const cols = [
    multi ? 1 : 0,
    ...(spec.x ? [first] : []),
    first + (spec.x ? 1 : 0),
    first + (spec.x ? 2 : 1),
  ];

  function layer(): string {
    const order = list.slice().sort((a, b) => b.size - a.size || a.row - b.row);
    // runs of one group share a <g> naming it (a bubble costs the result about 70 characters, not 95)
    let marks = "";
    order.forEach((b, k) => {
      if (k && order[k - 1].g !== b.g) marks += "</g>";
      if (!k || order[k - 1].g !== b.g) marks += `<g class="${seriesClass(b.g)}" data-s="${b.g}">`;
      marks += `<circle class="mcc-pt" data-i="${b.row}" cx="${pct(axes.xShare(b.i))}" cy="${
        pct(1 - axes.yShare(b.y))
      }" r="${radius(b.size, largest)}"/>`;
    });
    marks += "</g>";
    // gridlines stretch over the plot box as in every chart; the circles do not
    return `<svg viewBox="0 0 ${UNITS} ${UNITS}" preserveAspectRatio="none" aria-hidden="true">${axes.grid()}</svg>` +
      `<g class="mcc-marks mcc-bubble" data-c="${cols.join(" ")}">${marks}</g>`;
  }

  const plain = plainNumber(format.locale);
  const yHead = spec.yTitle || (multi ? "y" : groups[0]);
  const table: Table = {
    head: [
      spec.x ? "Label" : spec.xTitle || "Label",
      ...(multi ? ["Group"] : []),
      ...(spec.x ? [spec.xTitle || "x"] : []),
      yHead,
      sizeName,
    ],
    rows: list.map((b) => ({
      label: labels[b.i],
      cells: [
        ...(multi ? [groups[b.g]] : []),
        ...(spec.x ? [{ x: spec.x[b.i], text: String(spec.x[b.i]) }] : []),
        b.y,
        { x: b.size, text: plain(b.size) },
      ] as Cell[],
    })),
  };
  const summary = summarize(
    list,
    labels,
    spec.x,
    { groups, size: q(sizeName), x: q(spec.xTitle || "x"), y: q(yHead) },
    format,
  );
  const legend: LegendEntry[] = [
    ...(multi ? groups.map((name) => ({ name })) : []),
    ...sizeKey(sizeName, largest, format.locale),
  ];
  return {
    summary,
    table,
    plot: { frame: (width) => axes.frame(width, true), layer, px: true },
    legend,
  };
}
