/**
 * Line and area charts: one or many series over shared categories, plain or stacked areas.
 * Series of up to MARKER_LIMIT points get visible point markers; denser series are one path each
 * and the runtime derives their focusable points from it. Several series are labelled at their
 * line ends (nudged apart so labels never overlap) where the names fit whole beside the plot, and
 * by the legend above it where they would not.
 */
import { escape } from "../../html/html.ts";
import { FONT, gridlines, LINE, VALUE_TICKS } from "./axis.ts";
import { specOf, verticalFrame } from "./frame.ts";
import { type Cartesian, rect, shift, whole, xAttrs, yAttrs } from "./layout.ts";
import type { ChartData } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks, r1 } from "./scale.ts";
import { textWidth } from "./text.ts";

/** Series with at most this many points show markers. */
export const MARKER_LIMIT = 40;
const DIRECT_LABELS_MAX = 6;
/** Share of the frame's width direct labels may take; longer names go to the legend. */
const DIRECT_SHARE = 0.3;

/**
 * `M x y L x y ...` through the points, starting a new subpath after each gap (null, or a `gap`
 * in time before the point).
 */
export function pathOf(
  xs: readonly number[],
  ys: readonly (number | null)[],
  y: (v: number) => number,
  gap?: readonly boolean[],
): string {
  let d = "";
  let pen = false;
  for (let i = 0; i < ys.length; i++) {
    const v = ys[i];
    if (gap?.[i]) pen = false;
    if (v === null) {
      pen = false;
      continue;
    }
    d += (pen ? "L" : "M") + r1(xs[i]) + " " + r1(y(v));
    pen = true;
  }
  return d;
}

/**
 * A point marker at (x, y) in plot units: the cap of a zero-length stroke, so it stays round (or
 * square, for odd series: chart_card.css) however the layer is stretched.
 */
export function marker(i: number, x: number, y: number): string {
  return `<path class="mcc-pt" data-i="${i}" d="M${r1(x)} ${r1(y)}h0"/>`;
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
export function lineChart(data: ChartData, area: boolean, stacked: boolean): Cartesian {
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
  const ticks = niceTicks(lo, hi, VALUE_TICKS, area);
  const share = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  // the last value of each series: where its direct label points
  const ends = data.series.map((_, k) => {
    for (let i = n - 1; i >= 0; i--) if (tops[k][i] !== null) return tops[k][i] as number;
    return null;
  });
  const names = data.series.map((s) => s.name);
  const nameWidth = Math.max(...names.map((s) => textWidth(s, FONT, true)));

  function frame(width: number) {
    const direct = many && data.series.length <= DIRECT_LABELS_MAX && nameWidth <= width * DIRECT_SHARE;
    const f = verticalFrame({
      ...specOf(data, width, ticks),
      right: direct ? Math.ceil(nameWidth) + 24 : 10,
      ...(data.time ? { time: data.time } : { categories: data.labels }),
    });
    const labels: string[] = [];
    if (direct) {
      const drawn = ends.map((v, k) => [v, k] as const).filter(([v]) => v !== null) as [number, number][];
      const base = drawn.map(([v]) => f.py(v) + 4);
      const placed = spread(base, LINE, f.plot.top + 4, f.height - f.plot.bottom + 4);
      const left = { a: 1, b: 6 - f.plot.right };
      drawn.forEach(([v, k], j) => {
        // a swatch of the line's colour, then its name in the text colour; a taller plot only
        // moves the labels further apart
        const y = shift(f.y(v), placed[j] - base[j] + 4);
        labels.push(
          rect(left, shift(y, -5), 10, 3, `class="${seriesClass(k)}" rx="1.5"`),
          `<text class="mcc-start" ${xAttrs(shift(left, 14))} ${yAttrs(y)}>${escape(names[k])}</text>`,
        );
      });
    }
    return {
      parts: [...f.parts, { g: 'class="mcc-direct"', items: labels }],
      height: f.height,
      grow: true,
      plot: f.plot,
      legend: many && !direct,
      labels: f.axis?.strategy,
    };
  }

  function layer(): string {
    const time = data.time;
    const xs = data.labels.map((_, i) => whole(time ? time.at[i] : (i + 0.5) / n));
    const y = (v: number) => whole(1 - share(v));
    const base = y(Math.max(ticks.min, Math.min(0, ticks.max)));
    let marks = "";
    data.series.forEach((_, k) => {
      const ys = tops[k];
      let fill = "";
      if (area) {
        // the area under the line (or between the stack's layers), one closed shape per unbroken run
        let run: number[] = [];
        const flush = () => {
          if (!run.length) return;
          const upper = run.map((i) => `${xs[i]} ${y(ys[i] as number)}`).join("L");
          const lower = run.slice().reverse().map((i) => `${xs[i]} ${stacked ? y(bases[k][i]) : base}`).join(
            "L",
          );
          fill += `M${upper}L${lower}Z`;
          run = [];
        };
        for (let i = 0; i < n; i++) {
          if (time?.gap[i]) flush();
          ys[i] === null ? flush() : run.push(i);
        }
        flush();
      }
      const dense = n > MARKER_LIMIT;
      let dots = "";
      if (!dense) {
        for (let i = 0; i < n; i++) if (ys[i] !== null) dots += marker(i, xs[i], y(ys[i] as number));
      }
      marks += `<g class="${seriesClass(k)}" data-s="${k}"${dense ? " data-mcc-dense" : ""}>` +
        (fill ? `<path class="mcc-area${stacked ? " mcc-stack" : ""}" d="${fill}"/>` : "") +
        `<path class="mcc-line" d="${pathOf(xs, ys, y, time?.gap)}"/>${dots}</g>`;
    });
    return gridlines(ticks, (v) => y(v)) + `<g class="mcc-marks">${marks}</g>`;
  }

  return { frame, layer };
}
