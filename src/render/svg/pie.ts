/**
 * Pie and donut charts from the first series: slices clockwise from twelve o'clock in label order,
 * each in its own palette colour with a gap between slices, percentages written on slices wide
 * enough to hold them, and a donut's total (in the chart's units) in its hole. A pie keeps its
 * circle, so it is drawn once at a fixed size in px: its text is its size at every width, and the
 * legend beside or under it (HTML) reflows.
 */
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import { formatter } from "./format.ts";
import type { ChartData } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { r1 } from "./scale.ts";
import { textWidth } from "./text.ts";

/** The pie's box, in px. */
export const PIE_SIZE = 232;
const C = PIE_SIZE / 2;
const R = 112;
const HOLE = 68;
/** Largest and smallest font of a donut's total. */
const TOTAL_FONT = [24, 14] as const;

/** Each slice's share of the total (0..1); null and zero values have no slice. */
export function shares(values: readonly (number | null)[]): number[] {
  const total = values.reduce<number>((s, v) => s + (v ?? 0), 0);
  return values.map((v) => (total > 0 && v ? v / total : 0));
}

function point(angle: number, radius: number): [number, number] {
  return [r1(C + radius * Math.sin(angle)), r1(C - radius * Math.cos(angle))];
}

/** The outline of a slice (or ring segment) from angle a0 to a1, radians clockwise from the top. */
function slice(a0: number, a1: number, inner: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const outer = `M${point(a0, R).join(" ")}A${R} ${R} 0 ${large} 1 ${point(a1, R).join(" ")}`;
  if (!inner) return `${outer}L${C} ${C}Z`;
  return `${outer}L${point(a1, inner).join(" ")}A${inner} ${inner} 0 ${large} 0 ${
    point(a0, inner).join(" ")
  }Z`;
}

/** True when `label` fits inside a slice spanning `angle` radians, centred `radius` px out. */
function fits(label: string, angle: number, radius: number, donut: boolean): boolean {
  const w = textWidth(label, FONT, true) + 6;
  const chord = 2 * radius * Math.sin(Math.min(angle, Math.PI) / 2);
  const depth = donut ? R - HOLE : R;
  return chord >= Math.max(w, FONT * 1.6) && depth >= Math.min(w, FONT * 2);
}

/** The donut's hole: the total at the largest size that fits, and what it is. */
function hole(data: ChartData, total: number): string {
  if (data.format.style === "percent") return ""; // shares of a whole add up to 100%: nothing to say
  const text = formatter(data.format)(total);
  const room = 2 * HOLE - 16;
  let size: number = TOTAL_FONT[0];
  while (size > TOTAL_FONT[1] && textWidth(text, size, true) > room) size--;
  if (textWidth(text, size, true) > room) return "";
  // its size as an attribute: the largest that fits, whatever the total's length
  return `<g class="mcc-hole"><text class="mcc-total" data-v="${total}" x="${C}" y="${
    r1(C + size * 0.3)
  }" font-size="${size}">${escape(text)}</text><text x="${C}" y="${
    r1(C + size * 0.3 + FONT + 6)
  }">Total</text></g>`;
}

/** A pie (hole 0) or donut: the SVG's inner markup, PIE_SIZE px square. */
export function pieChart(data: ChartData, donut: boolean): string {
  const values = data.series[0].values;
  const parts = shares(values);
  const inner = donut ? HOLE : 0;
  const pct = new Intl.NumberFormat(data.format.locale, { style: "percent", maximumFractionDigits: 0 });
  const mid = donut ? (R + HOLE) / 2 : R * 0.64;
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
    const label = pct.format(share);
    if (!fits(label, a1 - a0, mid, donut)) return;
    const [x, y] = whole && donut ? [C, C - mid] : point((a0 + a1) / 2, mid);
    labels += `<text x="${x}" y="${r1(y + FONT * 0.35)}">${escape(label)}</text>`;
  });
  const total = values.reduce<number>((s, v) => s + (v ?? 0), 0);
  return `<g class="mcc-marks mcc-slices">${marks}</g><g class="mcc-vals mcc-halo">${labels}</g>${
    donut ? hole(data, total) : ""
  }`;
}
