/**
 * Scatter plots: numeric x (from `x`) against each series' values, or categories when no x is
 * given. Series alternate round and square markers so shape tells them apart as well as colour.
 * The axes (`xyAxes`) are shared with bubble charts (bubble.ts), which draw circles on them.
 */
import { gridlines, VALUE_TICKS } from "./axis.ts";
import { specOf, verticalFrame } from "./frame.ts";
import { type Cartesian, type Frame, whole } from "./layout.ts";
import { marker } from "./lines.ts";
import type { ChartData } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks, type Ticks } from "./scale.ts";

/** The axes of an x–y plot: where each label's x and a value fall (0..1), the frame per width, the gridlines. */
export interface XYAxes {
  ticks: Ticks;
  /** Numeric x ticks, when the chart has `x`. */
  xt?: Ticks;
  xShare(i: number): number;
  yShare(v: number): number;
  frame(width: number, legend: boolean): Frame;
  /** Gridlines in plot units (a layer stretched over the plot box). */
  grid(): string;
}

/**
 * Value ticks over `values` up the side and numeric x ticks (or the labels as categories) along the
 * bottom; `pad` widens both ranges by that share of their span on each side (a bubble's radius),
 * stopping at zero.
 */
export function xyAxes(data: ChartData, values: readonly (number | null)[], pad = 0): XYAxes {
  const n = data.labels.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // widened, but never across zero: a range of positive values (GDP, years) keeps its ticks positive
  const widen = (a: number, b: number): [number, number] => {
    const d = (b - a) * pad;
    return [a >= 0 ? Math.max(0, a - d) : a - d, b <= 0 ? Math.min(0, b + d) : b + d];
  };
  const ticks = niceTicks(...widen(lo, hi), VALUE_TICKS);
  // x ticks are plain numbers whatever the value style; data-vx keeps the runtime from restyling them
  const xt = data.x ? niceTicks(...widen(Math.min(...data.x), Math.max(...data.x)), 6) : undefined;
  const xShare = (i: number) => xt && data.x ? (data.x[i] - xt.min) / (xt.max - xt.min || 1) : (i + 0.5) / n;
  const yShare = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  function frame(width: number, legend: boolean): Frame {
    const f = verticalFrame({
      ...specOf(data, width, ticks),
      right: 14,
      categories: xt ? undefined : data.labels,
      x: xt
        ? { ticks: xt, format: { locale: data.format.locale, style: "number" }, attr: "data-vx" }
        : undefined,
    });
    return { parts: f.parts, height: f.height, grow: true, plot: f.plot, legend, labels: f.axis?.strategy };
  }
  const grid = () =>
    gridlines(ticks, (v) => whole(1 - yShare(v))) +
    (xt ? gridlines(xt, (v) => whole((v - xt.min) / (xt.max - xt.min || 1)), true) : "");
  return { ticks, xt, xShare, yShare, frame, grid };
}

export function scatterChart(data: ChartData): Cartesian {
  const n = data.labels.length;
  const axes = xyAxes(data, data.series.flatMap((s) => s.values));
  function layer(): string {
    let marks = "";
    data.series.forEach((s, k) => {
      let dots = "";
      for (let i = 0; i < n; i++) {
        const v = s.values[i];
        if (v !== null) dots += marker(i, whole(axes.xShare(i)), whole(1 - axes.yShare(v)));
      }
      marks += `<g class="${seriesClass(k)}" data-s="${k}">${dots}</g>`;
    });
    return axes.grid() + `<g class="mcc-marks mcc-dots">${marks}</g>`;
  }
  return { frame: (width) => axes.frame(width, data.series.length > 1), layer };
}
