/**
 * The animation card's chart scene: one series as a line that first shows whole, then zooms into
 * the stretch under discussion. The zoom is the plot group's `transform` attribute (an affine map
 * taking the full view onto the window, computed here); animation.css animates it from identity,
 * so the final frame without motion is simply the zoomed chart. Full-range axes fade out and the
 * window's own axes fade in.
 */
import { categoryAxis, tickCount, tickWidth, valueAxisLeft } from "./axis.ts";
import type { NumberFormat } from "./format.ts";
import { type Box, flat, hline } from "./layout.ts";
import { pathOf } from "./lines.ts";
import { linear, niceTicks, r1 } from "./scale.ts";

/** The scene's viewBox width: the animation scales it to the stage. */
const WIDTH = 400;
const PLOT_HEIGHT = 170;
const TOP = 14;

function range(values: readonly (number | null)[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

/**
 * A line chart of `values` zooming into labels `from`..`to` (indices, inclusive). `clipId` must be
 * unique on the page. Without a window (from undefined) it is a plain line chart.
 */
export function zoomChart(
  labels: readonly string[],
  values: readonly (number | null)[],
  format: NumberFormat,
  clipId: string,
  from?: number,
  to?: number,
): { svg: string; width: number; height: number } {
  const n = labels.length;
  const full = niceTicks(...range(values), tickCount(PLOT_HEIGHT));
  const zoomed = from === undefined || to === undefined ? undefined : niceTicks(
    ...range(values.slice(from, to + 1)),
    tickCount(PLOT_HEIGHT),
  );
  const left = Math.ceil(Math.max(tickWidth(full, format), zoomed ? tickWidth(zoomed, format) : 0)) + 10;
  const right = WIDTH - 10;
  const top = TOP;
  const bottom = top + PLOT_HEIGHT;
  const step = n > 1 ? (right - left) / (n - 1) : 0;
  const xs = labels.map((_, i) => n > 1 ? left + step * i : (left + right) / 2);
  const y = linear(full.min, full.max, bottom, top);
  const plot: Box = { top, right: WIDTH - right, bottom: 0, left };
  const axis = (t: typeof full, map: (v: number) => number) =>
    `<g class="mcc-axis">${t.ticks.map((v) => hline(plot, { a: 0, b: map(v) }, "mcc-grid")).join("")}</g>` +
    flat(valueAxisLeft(t, format, (v) => ({ a: 0, b: map(v) }), plot));
  const under = (d: number) => ({ a: 0, b: bottom + d });
  const cats = (names: readonly string[], at: readonly number[], band: number) =>
    categoryAxis(names, band, (i) => ({ a: 0, b: at[i] }));
  const fullCats = cats(labels, xs, Math.max(step, 1));
  const height = bottom + fullCats.height;
  const line = `<path class="mcc-line" d="${pathOf(xs, values, y)}"/>`;
  let svg = `<defs><clipPath id="${clipId}"><rect x="${left}" y="${top - 4}" width="${
    right - left
  }" height="${PLOT_HEIGHT + 8}"/></clipPath></defs>`;
  if (!zoomed || from === undefined || to === undefined) {
    svg += axis(full, y) + `<g class="mcc-s0">${line}</g>` +
      `<g class="mcc-cats">${fullCats.draw(under).join("")}</g>`;
    return { svg, width: WIDTH, height };
  }
  // the map taking full-view coordinates onto the window's: x' = sx x + tx, y' = sy y + ty
  const sx = (right - left) / Math.max(xs[to] - xs[from], 1e-9);
  const tx = left - sx * xs[from];
  const yz = linear(zoomed.min, zoomed.max, bottom, top);
  const sy = (yz(1) - yz(0)) / (y(1) - y(0));
  const ty = yz(0) - sy * y(0);
  const windowLabels = labels.slice(from, to + 1);
  const windowXs = windowLabels.map((_, i) => sx * xs[from + i] + tx);
  const zoomCats = cats(windowLabels, windowXs, (right - left) / Math.max(1, windowLabels.length - 1));
  const band = `<rect class="mcc-window" x="${r1(xs[from])}" y="${top}" width="${
    r1(xs[to] - xs[from])
  }" height="${PLOT_HEIGHT}"/>`;
  svg +=
    `<g class="mcc-zoom-out">${axis(full, y)}<g class="mcc-cats">${
      fullCats.draw(under).join("")
    }</g>${band}</g>` +
    `<g class="mcc-zoom-in">${axis(zoomed, yz)}<g class="mcc-cats">${zoomCats.draw(under).join("")}</g></g>` +
    `<g clip-path="url(#${clipId})"><g class="mcc-s0 mcc-zoom" transform="matrix(${
      r1(sx * 1000) / 1000
    } 0 0 ${r1(sy * 1000) / 1000} ${r1(tx)} ${r1(ty)})">${line}</g></g>`;
  return { svg, width: WIDTH, height: Math.max(height, bottom + zoomCats.height) };
}
