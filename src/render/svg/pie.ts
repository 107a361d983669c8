/**
 * Pie and donut charts from the first series: slices clockwise from twelve o'clock in label
 * order, each in its own palette colour with a gap between slices, percentages written on slices
 * wide enough to hold them, and the total in a donut's hole.
 */
import { escape } from "../../html/html.ts";
import { formatter } from "./format.ts";
import type { ChartData, Plot } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { r1 } from "./scale.ts";

const SIZE = 240;
const C = SIZE / 2;
const R = 112;
const HOLE = 66;

/** Each slice's share of the total (0..1); null and zero values have no slice. */
export function shares(values: readonly (number | null)[]): number[] {
  const total = values.reduce<number>((s, v) => s + (v ?? 0), 0);
  return values.map((v) => (total > 0 && v ? v / total : 0));
}

function point(angle: number, radius: number): string {
  return `${r1(C + radius * Math.sin(angle))} ${r1(C - radius * Math.cos(angle))}`;
}

/** The outline of a slice (or ring segment) from angle a0 to a1, radians clockwise from the top. */
function slice(a0: number, a1: number, inner: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const outer = `M${point(a0, R)}A${R} ${R} 0 ${large} 1 ${point(a1, R)}`;
  if (!inner) return `${outer}L${C} ${C}Z`;
  return `${outer}L${point(a1, inner)}A${inner} ${inner} 0 ${large} 0 ${point(a0, inner)}Z`;
}

/** A pie (hole 0) or donut. */
export function pieChart(data: ChartData, donut: boolean): Plot {
  const values = data.series[0].values;
  const parts = shares(values);
  const inner = donut ? HOLE : 0;
  const pct = new Intl.NumberFormat(data.format.locale, { style: "percent", maximumFractionDigits: 0 });
  let angle = 0;
  let marks = "";
  let labels = "";
  parts.forEach((share, i) => {
    if (share <= 0) return;
    const a0 = angle;
    const a1 = (angle += share * 2 * Math.PI);
    const whole = share > 0.9999;
    // a whole circle cannot be one arc: draw it as two half slices
    const d = whole ? slice(0, Math.PI, inner) + slice(Math.PI, 2 * Math.PI, inner) : slice(a0, a1, inner);
    marks += `<g class="${seriesClass(i)}"><path class="mcc-pt" data-i="${i}" d="${d}"/></g>`;
    if (share >= 0.06) {
      const mid = (a0 + a1) / 2;
      const at = whole && donut
        ? [C, C - (R + HOLE) / 2]
        : point(mid, donut ? (R + HOLE) / 2 : R * 0.64).split(" ");
      labels += `<text x="${at[0]}" y="${r1(Number(at[1]) + 4)}">${escape(pct.format(share))}</text>`;
    }
  });
  let hole = "";
  if (donut) {
    const total = values.reduce<number>((s, v) => s + (v ?? 0), 0);
    hole = `<g class="mcc-hole"><text class="mcc-total" data-v="${total}" x="${C}" y="${C + 2}">${
      escape(formatter(data.format)(total))
    }</text><text x="${C}" y="${C + 20}">Total</text></g>`;
  }
  return {
    width: SIZE,
    height: SIZE,
    body: `<g class="mcc-marks mcc-slices">${marks}</g><g class="mcc-vals mcc-halo">${labels}</g>${hole}`,
  };
}
