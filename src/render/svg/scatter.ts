/**
 * Scatter plots: numeric x (from `x`) against each series' values, or categories when no x is
 * given. Series alternate circle and square markers so shape tells them apart as well as colour.
 */
import { axisTitles, categoryAxis, tickCount, tickWidth, valueAxisX, valueAxisY } from "./axis.ts";
import { marker } from "./lines.ts";
import { type ChartData, type Plot, PLOT_HEIGHT, TOP, WIDTH } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { linear, niceTicks } from "./scale.ts";

export function scatterChart(data: ChartData): Plot {
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
  const ticks = niceTicks(lo, hi, tickCount(PLOT_HEIGHT));
  const left = (data.yTitle ? 22 : 0) + Math.ceil(tickWidth(ticks, data.format)) + 10;
  const right = WIDTH - 14;
  const top = TOP;
  const bottom = top + PLOT_HEIGHT;
  const y = linear(ticks.min, ticks.max, bottom, top);
  let xs: number[];
  let xAxis: string;
  let strategy;
  let below: number;
  if (data.x) {
    const xt = niceTicks(Math.min(...data.x), Math.max(...data.x), tickCount(right - left));
    const x = linear(xt.min, xt.max, left, right);
    xs = data.x.map(x);
    // x ticks are plain numbers whatever the value style: data-vx keeps the runtime from restyling them
    xAxis = valueAxisX(xt, { locale: data.format.locale, style: "number" }, x, top, bottom).replaceAll(
      "data-v=",
      "data-vx=",
    );
    below = 22;
  } else {
    const band = (right - left) / n;
    xs = data.labels.map((_, i) => left + band * (i + 0.5));
    const axis = categoryAxis(data.labels, xs, band);
    xAxis = `<g class="mcc-cats">${axis.draw(bottom)}</g>`;
    strategy = axis.strategy;
    below = axis.height;
  }
  const height = bottom + below + (data.xTitle ? 20 : 0);
  let marks = "";
  data.series.forEach((s, k) => {
    let dots = "";
    for (let i = 0; i < n; i++) {
      const v = s.values[i];
      if (v !== null) dots += marker(k, i, xs[i], y(v));
    }
    marks += `<g class="${seriesClass(k)}" data-s="${k}">${dots}</g>`;
  });
  const body = valueAxisY(ticks, data.format, y, left, right) + xAxis +
    `<g class="mcc-marks mcc-dots">${marks}</g>` +
    axisTitles(data.xTitle, data.yTitle, { left, right, top, bottom, height });
  return { width: WIDTH, height, body, labels: strategy };
}
