/**
 * Scatter plots: numeric x (from `x`) against each series' values, or categories when no x is
 * given. Series alternate round and square markers so shape tells them apart as well as colour.
 */
import { gridlines, VALUE_TICKS } from "./axis.ts";
import { specOf, verticalFrame } from "./frame.ts";
import { type Cartesian, whole } from "./layout.ts";
import { marker } from "./lines.ts";
import type { ChartData } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks } from "./scale.ts";

export function scatterChart(data: ChartData): Cartesian {
  const n = data.labels.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of data.series) {
    for (const v of s.values) {
      if (v === null) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const ticks = niceTicks(lo, hi, VALUE_TICKS);
  // x ticks are plain numbers whatever the value style; data-vx keeps the runtime from restyling them
  const xt = data.x ? niceTicks(Math.min(...data.x), Math.max(...data.x), 6) : undefined;
  const xShare = (i: number) => xt && data.x ? (data.x[i] - xt.min) / (xt.max - xt.min || 1) : (i + 0.5) / n;
  function frame(width: number) {
    const f = verticalFrame({
      ...specOf(data, width, ticks),
      right: 14,
      categories: xt ? undefined : data.labels,
      x: xt
        ? { ticks: xt, format: { locale: data.format.locale, style: "number" }, attr: "data-vx" }
        : undefined,
    });
    return {
      parts: f.parts,
      height: f.height,
      grow: true,
      plot: f.plot,
      legend: data.series.length > 1,
      labels: f.axis?.strategy,
    };
  }
  function layer(): string {
    const y = (v: number) => whole(1 - (v - ticks.min) / (ticks.max - ticks.min || 1));
    let marks = "";
    data.series.forEach((s, k) => {
      let dots = "";
      for (let i = 0; i < n; i++) {
        const v = s.values[i];
        if (v !== null) dots += marker(i, whole(xShare(i)), y(v));
      }
      marks += `<g class="${seriesClass(k)}" data-s="${k}">${dots}</g>`;
    });
    const grid = gridlines(ticks, y) +
      (xt ? gridlines(xt, (v) => whole((v - xt.min) / (xt.max - xt.min || 1)), true) : "");
    return grid + `<g class="mcc-marks mcc-dots">${marks}</g>`;
  }
  return { frame, layer };
}
