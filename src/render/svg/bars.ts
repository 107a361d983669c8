/**
 * Bar charts: vertical (single series, or grouped side by side), horizontal (single or grouped),
 * and stacked (positives stack up from zero, negatives down). Single-series bars carry their value
 * as a direct label where it fits. A vertical chart whose category names would be rotated or cut at
 * some width is drawn as horizontal bars there, where every name reads level and whole.
 */
import { escape } from "../../html/html.ts";
import {
  bottomTitle,
  FONT,
  gridlines,
  LINE,
  looksOrdered,
  TITLE_ROOM,
  topTitle,
  VALUE_TICKS,
  valueAxisBottom,
} from "./axis.ts";
import { formatter } from "./format.ts";
import { specOf, verticalFrame } from "./frame.ts";
import {
  across,
  type Box,
  type Cartesian,
  cutWidth,
  type Frame,
  plotHeight,
  shift,
  UNITS,
  units,
  xAttrs,
  yAttrs,
} from "./layout.ts";
import type { ChartData } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks, r1, type Ticks } from "./scale.ts";
import { textWidth, truncate, wrap } from "./text.ts";

/** Per row, the [start, end] of each series' bar along the value axis. */
function extents(
  data: ChartData,
  stacked: boolean,
): { spans: ([number, number] | null)[][]; lo: number; hi: number } {
  const n = data.labels.length;
  let lo = 0;
  let hi = 0;
  const spans = data.series.map(() => new Array<[number, number] | null>(n).fill(null));
  for (let i = 0; i < n; i++) {
    let pos = 0;
    let neg = 0;
    data.series.forEach((s, k) => {
      const v = s.values[i];
      if (v === null) return;
      let span: [number, number];
      if (!stacked) span = [0, v];
      else if (v >= 0) span = [pos, pos += v];
      else span = [neg, neg += v];
      spans[k][i] = span;
      lo = Math.min(lo, span[1]);
      hi = Math.max(hi, span[1]);
    });
  }
  return { spans, lo, hi };
}

/** Above this many categories, each series' bars are one path; the runtime adds focusable points. */
export const DENSE_BARS = 60;
/** Most categories a vertical chart turns into horizontal bars for. */
const TURN_MAX = 12;
/** Share of the frame's width category names may take beside horizontal bars. */
const NAME_SHARE = 0.4;

function seriesGroups(data: ChartData, mark: (k: number) => string, dense = false): string {
  const flag = dense ? " data-mcc-dense" : "";
  return data.series.map((_, k) => `<g class="${seriesClass(k)}" data-s="${k}"${flag}>${mark(k)}</g>`).join(
    "",
  );
}

/** What both orientations share: spans, ticks and the value formatter. */
interface BarModel {
  data: ChartData;
  stacked: boolean;
  spans: ([number, number] | null)[][];
  ticks: Ticks;
  share(v: number): number;
  fmt(v: number): string;
  /** Value labels are drawn (single series) where they fit. */
  values: boolean;
  /** The categories read as a sequence, so a narrow axis may skip some (looksOrdered). */
  ordered: boolean;
}

function model(data: ChartData, stacked: boolean, count: number): BarModel {
  const { spans, lo, hi } = extents(data, stacked);
  const values = data.series.length === 1;
  // a value label under the lowest bar needs room above the axis labels (at the least plot height)
  const room = values && lo < 0 ? (hi - lo) * (FONT + 6) / plotHeight(0) : 0;
  const ticks = niceTicks(lo - room, hi, count, true);
  return {
    data,
    stacked,
    spans,
    ticks,
    share: (v) => (v - ticks.min) / (ticks.max - ticks.min || 1),
    fmt: formatter(data.format),
    values,
    ordered: looksOrdered(data.labels),
  };
}

/** Rows (or columns) of bars in plot units: the bar of series k at category i spans `at(i, k)`. */
function slots(m: BarModel): { inner: number; size: number; offset(i: number, k: number): number } {
  const n = m.data.labels.length;
  const time = m.data.time;
  // on a time axis, a band is the smallest step between dates, centred on each bar's date
  const band = time ? time.step : 1 / n;
  const inner = band * (n > DENSE_BARS ? 0.9 : 0.72);
  const size = inner / (m.stacked ? 1 : m.data.series.length);
  const start = (i: number) => time ? time.at[i] - inner / 2 : band * i + (band - inner) / 2;
  return { inner, size, offset: (i, k) => start(i) + (m.stacked ? 0 : size * k) };
}

/** Vertical bars in plot units. */
function columns(m: BarModel): string {
  const n = m.data.labels.length;
  const { size, offset } = slots(m);
  const dense = n > DENSE_BARS;
  const y = (v: number) => units(1 - m.share(v));
  const width = units(size);
  const bars = seriesGroups(m.data, (k) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      const span = m.spans[k][i];
      if (!span) continue;
      const x = units(offset(i, k));
      const y0 = y(span[0]);
      const y1 = y(span[1]);
      if (dense) {
        // one subpath per bar, from its base: M x base V top h width V base Z
        out += `M${x} ${y0}V${y1}h${width}V${y0}Z`;
        continue;
      }
      out += `<rect class="mcc-pt" data-i="${i}" x="${x}" y="${Math.min(y0, y1)}" width="${width}" height="${
        r1(Math.abs(y1 - y0))
      }"/>`;
    }
    return dense ? `<path class="mcc-bars" d="${out}"/>` : out;
  }, dense);
  return gridlines(m.ticks, y) + `<g class="mcc-marks">${bars}</g>`;
}

/** Horizontal bars in plot units. */
function rows(m: BarModel): string {
  const n = m.data.labels.length;
  const { size, offset } = slots(m);
  const bars = seriesGroups(m.data, (k) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      const span = m.spans[k][i];
      if (!span) continue;
      const x0 = units(m.share(span[0]));
      const x1 = units(m.share(span[1]));
      out += `<rect class="mcc-pt" data-i="${i}" x="${Math.min(x0, x1)}" y="${units(offset(i, k))}" width="${
        r1(Math.abs(x1 - x0))
      }" height="${units(size)}"/>`;
    }
    return out;
  });
  return gridlines(m.ticks, (v) => m.share(v) * UNITS, true) + `<g class="mcc-marks">${bars}</g>`;
}

/** The vertical frame for `width`, or undefined when its category names would be rotated or cut. */
function columnFrame(m: BarModel, width: number, turnable: boolean): Frame | undefined {
  const { data } = m;
  const n = data.labels.length;
  const showValues = m.values && n <= 16;
  const f = verticalFrame({
    ...specOf(data, width, m.ticks),
    headroom: showValues ? 18 : 10,
    ...(data.time ? { time: data.time } : { categories: data.labels, ordered: m.ordered }),
  });
  const strategy = f.axis?.strategy;
  if (turnable && n <= TURN_MAX && (strategy === "rotate" || strategy === "thin" || f.axis?.cut)) {
    return undefined;
  }
  const values: string[] = [];
  if (showValues) {
    const band = (width - f.plot.left - f.plot.right) * (data.time?.step ?? 1 / n);
    const { size, offset } = slots(m);
    data.series[0].values.forEach((v, i) => {
      if (v === null) return;
      const label = m.fmt(v);
      if (textWidth(label, FONT) > band - 2) return;
      const y = shift(f.y(v), v < 0 ? FONT + 2 : -5);
      const x = f.x(offset(i, 0) + size / 2);
      values.push(`<text data-v="${v}" ${xAttrs(x)} ${yAttrs(y)}>${escape(label)}</text>`);
    });
  }
  return {
    parts: [...f.parts, { g: 'class="mcc-vals"', items: values }],
    height: f.height,
    grow: true,
    plot: f.plot,
    legend: data.series.length > 1,
    labels: strategy,
  };
}

/** Least width that holds `label` on two lines split at a space (its width when it has no space). */
function twoLineWidth(label: string): number {
  const words = label.split(/\s+/).filter(Boolean);
  let best = textWidth(words.join(" "), FONT);
  for (let k = 1; k < words.length; k++) {
    const w = Math.max(
      textWidth(words.slice(0, k).join(" "), FONT),
      textWidth(words.slice(k).join(" "), FONT),
    );
    best = Math.min(best, w);
  }
  return best;
}

/**
 * Category names beside horizontal bars, at most NAME_SHARE of the width: whole on one line, else
 * whole on two lines as narrow as they go (the same at every width that allows it, so the frames of
 * those widths share their markup), cut only past that.
 */
export function names(
  labels: readonly string[],
  width: number,
  wrapping: boolean,
): { lines: string[][]; room: number } {
  const cap = width * NAME_SHARE;
  const longest = Math.max(...labels.map((l) => textWidth(l, FONT)));
  const two = wrapping ? Math.ceil(Math.max(...labels.map(twoLineWidth))) : Infinity;
  const lines = longest <= cap
    ? labels.map((l) => [l])
    : two <= cap
    ? labels.map((l) => wrap(l, two, FONT, 2))
    : labels.map((l) => {
      const room = cutWidth(width) * NAME_SHARE; // cut to one of a few widths (layout.ts cutWidth)
      return wrapping ? wrap(l, room, FONT, 2) : [truncate(l, room, FONT)];
    });
  return { lines, room: Math.ceil(Math.max(...lines.flat().map((l) => textWidth(l, FONT)))) };
}

/** The horizontal frame for `width`: names left of the bars, values at their ends, ticks below. */
function rowFrame(m: BarModel, width: number): Frame {
  const { data, ticks } = m;
  const n = data.labels.length;
  const groups = m.stacked ? 1 : data.series.length;
  const named = names(data.labels, width, n <= 30);
  const tall = named.lines.some((l) => l.length > 1);
  const band = n > 30 ? 16 : Math.max(26, groups * 9 + 12, tall ? 2 * LINE + 8 : 0);
  const title = topTitle(data.xTitle, width);
  const valueWidth = (v: number | null) => v === null ? 0 : textWidth(m.fmt(v), FONT) + 6;
  const plot: Box = {
    top: title.height + 4,
    right: 10,
    bottom: 24 + (data.yTitle ? TITLE_ROOM : 0),
    left: named.room + 14,
  };
  if (m.values) {
    const widest = Math.max(...data.series[0].values.map((v) => v !== null && v >= 0 ? valueWidth(v) : 0));
    plot.right = Math.max(plot.right, Math.ceil(widest) + 4);
  }
  const last = formatter(data.format, ticks.step)(ticks.max);
  plot.right = Math.max(plot.right, Math.ceil(textWidth(last, FONT) / 2) + 2);
  const x = (v: number) => across(plot, m.share(v));
  const namesAt = plot.left - 8;
  // a negative bar's value sits left of it: room for it beside the names, as if the bar were empty
  if (m.values) {
    const widest = Math.max(0, ...data.series[0].values.map((v) => v !== null && v < 0 ? valueWidth(v) : 0));
    plot.left += Math.ceil(widest);
  }
  const top = plot.top;
  const bottom = top + n * band;
  const height = bottom + plot.bottom;
  const { size, offset } = slots(m);
  const values: string[] = [];
  if (m.values) {
    data.series[0].values.forEach((v, i) => {
      if (v === null) return;
      const end = x(m.spans[0][i]![1]);
      const y = top + n * band * (offset(i, 0) + size / 2) + 4;
      const tx = xAttrs({ a: end.a, b: end.b + (v < 0 ? -4 : 4) });
      values.push(
        `<text class="${v < 0 ? "mcc-end" : "mcc-start"}" data-v="${v}" ${tx} y="${r1(y)}">${
          escape(m.fmt(v))
        }</text>`,
      );
    });
  }
  const cats = data.labels.map((label, i) => {
    const lines = named.lines[i];
    const title = lines.join(" ") === label ? "" : `<title>${escape(label)}</title>`;
    const mid = top + band * (i + 0.5) + 4;
    const spans = lines.length === 1
      ? escape(lines[0])
      : lines.map((l, k) => `<tspan x="${namesAt}" y="${r1(mid + LINE * (k - 0.5))}">${escape(l)}</tspan>`)
        .join("");
    return `<text x="${namesAt}" y="${r1(mid)}">${title}${spans}</text>`;
  });
  const parts = [
    ...valueAxisBottom(ticks, data.format, x, width, plot),
    { g: 'class="mcc-vals"', items: values },
    { g: 'class="mcc-cats mcc-end"', items: cats },
    { g: "", items: [title.body, bottomTitle(data.yTitle, plot, width)].filter(Boolean) },
  ];
  return { parts, height, plot, layer: "h", legend: data.series.length > 1, labels: "plain" };
}

/** Vertical bars: single, grouped or stacked; horizontal where names would not read level. */
export function verticalBars(data: ChartData, stacked: boolean): Cartesian {
  const m = model(data, stacked, VALUE_TICKS);
  return {
    frame: (width) => columnFrame(m, width, true) ?? rowFrame(m, width),
    layer: (key) => key === "h" ? rows(m) : columns(m),
  };
}

/** Horizontal bars: single, grouped or stacked; names at the left, cut with a full title. */
export function horizontalBars(data: ChartData, stacked: boolean): Cartesian {
  const m = model(data, stacked, 5);
  return { frame: (width) => rowFrame(m, width), layer: () => rows(m) };
}
