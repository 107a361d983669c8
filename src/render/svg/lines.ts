/**
 * Line and area charts: one or many series over shared categories, plain or stacked areas.
 * Series of up to MARKER_LIMIT points get visible point markers; denser series are one path each
 * and the runtime derives their focusable points from it. Several series are labelled at their
 * line ends (nudged apart so labels never overlap) instead of a legend.
 */
import { escape } from "../../html/html.ts";
import { axisTitles, categoryBands, FONT, tickCount, tickWidth, valueAxisY } from "./axis.ts";
import { type ChartData, type Plot, PLOT_HEIGHT, TOP, WIDTH } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { linear, niceTicks, r1 } from "./scale.ts";
import { textWidth, truncate } from "./text.ts";

/** Series with at most this many points show markers. */
export const MARKER_LIMIT = 40;
const DIRECT_LABELS_MAX = 6;

/** `M x y L x y ...` through the points, starting a new subpath after each gap (null). */
export function pathOf(
  xs: readonly number[],
  ys: readonly (number | null)[],
  y: (v: number) => number,
): string {
  let d = "";
  let pen = false;
  for (let i = 0; i < ys.length; i++) {
    const v = ys[i];
    if (v === null) {
      pen = false;
      continue;
    }
    d += (pen ? "L" : "M") + r1(xs[i]) + " " + r1(y(v));
    pen = true;
  }
  return d;
}

/** A marker for series k: circles for even series, squares for odd, so shape tells them apart too. */
export function marker(k: number, i: number, x: number, y: number): string {
  return k % 2 === 0
    ? `<circle class="mcc-pt" data-i="${i}" cx="${r1(x)}" cy="${r1(y)}" r="3.5"/>`
    : `<rect class="mcc-pt" data-i="${i}" x="${r1(x - 3.2)}" y="${r1(y - 3.2)}" width="6.4" height="6.4"/>`;
}

/** Spreads label positions at least `gap` apart within [lo, hi], keeping their order. */
export function spread(ys: number[], gap: number, lo: number, hi: number): number[] {
  const order = ys.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = order.map(([v]) => v);
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i], out[i - 1] + gap);
  const over = out.length ? out[out.length - 1] - hi : 0;
  if (over > 0) { for (let i = 0; i < out.length; i++) out[i] -= over; }
  for (let i = 0; i < out.length; i++) out[i] = Math.max(out[i], lo + gap * i);
  const result = new Array<number>(ys.length);
  order.forEach(([, idx], j) => (result[idx] = out[j]));
  return result;
}

/** Line, area and stacked-area charts. */
export function lineChart(data: ChartData, area: boolean, stacked: boolean): Plot {
  const n = data.labels.length;
  const many = data.series.length > 1;
  // stacked: each series is drawn on top of the ones before it (nulls count as zero)
  const tops = data.series.map((s) => s.values.slice());
  const bases = data.series.map(() => new Array<number>(n).fill(0));
  if (stacked) {
    for (let i = 0; i < n; i++) {
      let sum = 0;
      data.series.forEach((s, k) => {
        bases[k][i] = sum;
        sum += s.values[i] ?? 0;
        tops[k][i] = sum;
      });
    }
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of tops) {
    for (const v of t) {
      if (v === null) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const ticks = niceTicks(lo, hi, tickCount(PLOT_HEIGHT), area);
  const plotLeft = (data.yTitle ? 22 : 0) + Math.ceil(tickWidth(ticks, data.format)) + 10;
  const direct = many && data.series.length <= DIRECT_LABELS_MAX;
  const names = data.series.map((s) => truncate(s.name, 84, FONT));
  const right = WIDTH - 10 - (direct ? Math.max(...names.map((l) => textWidth(l, FONT))) + 8 : 0);
  const { xs, axis, left } = categoryBands(data.labels, plotLeft, right);
  const top = TOP;
  const bottom = top + PLOT_HEIGHT;
  const height = bottom + axis.height + (data.xTitle ? 20 : 0);
  const y = linear(ticks.min, ticks.max, bottom, top);
  const base = y(Math.max(ticks.min, Math.min(0, ticks.max)));
  let marks = "";
  const ends: { k: number; x: number; y: number }[] = [];
  data.series.forEach((_, k) => {
    const ys = tops[k];
    const d = pathOf(xs, ys, y);
    let fill = "";
    if (area) {
      // the area under the line (or between the stack's layers), one closed shape per unbroken run
      let run: number[] = [];
      const flush = () => {
        if (!run.length) return;
        const upper = run.map((i) => `${r1(xs[i])} ${r1(y(ys[i] as number))}`).join("L");
        const lower = run.slice().reverse().map((i) => `${r1(xs[i])} ${r1(stacked ? y(bases[k][i]) : base)}`)
          .join("L");
        fill += `M${upper}L${lower}Z`;
        run = [];
      };
      for (let i = 0; i < n; i++) ys[i] === null ? flush() : run.push(i);
      flush();
    }
    const dense = n > MARKER_LIMIT;
    let dots = "";
    if (!dense) {
      for (let i = 0; i < n; i++) if (ys[i] !== null) dots += marker(k, i, xs[i], y(ys[i] as number));
    }
    marks += `<g class="${seriesClass(k)}" data-s="${k}"${dense ? " data-mcc-dense" : ""}>` +
      (fill ? `<path class="mcc-area${stacked ? " mcc-stack" : ""}" d="${fill}"/>` : "") +
      `<path class="mcc-line" d="${d}"/>${dots}</g>`;
    for (let i = n - 1; i >= 0; i--) {
      if (ys[i] !== null) {
        ends.push({ k, x: xs[i], y: y(ys[i] as number) });
        break;
      }
    }
  });
  let labels = "";
  if (direct) {
    const placed = spread(ends.map((e) => e.y + 4), FONT + 2, top + 4, height - 4);
    ends.forEach((e, j) => {
      const full = data.series[e.k].name;
      const title = names[e.k] === full ? "" : `<title>${escape(full)}</title>`;
      labels += `<text class="mcc-start ${seriesClass(e.k)}" x="${r1(right + 6)}" y="${
        r1(placed[j])
      }">${title}${escape(names[e.k])}</text>`;
    });
    labels = `<g class="mcc-direct">${labels}</g>`;
  }
  const body = valueAxisY(ticks, data.format, y, left, right) + `<g class="mcc-marks">${marks}</g>` + labels +
    `<g class="mcc-cats">${axis.draw(bottom)}</g>` +
    axisTitles(data.xTitle, data.yTitle, { left, right, top, bottom, height });
  return { width: WIDTH, height, body, labels: axis.strategy, directLabels: direct };
}
