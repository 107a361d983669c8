/**
 * Radar charts: labels are the axes (3..12) spoked clockwise from twelve o'clock, series are the
 * entities compared on them, all on one radial scale from 0. Like a pie it keeps its circle, so it
 * is drawn once at a fixed size in px (RADAR_W x RADAR_H, whole at 12 px in the narrowest card): rings at the
 * scale's ticks with their values, axis names outside the circle wrapped (and cut past three lines) to the room their side leaves
 * (the table and the tooltip hold the whole name), and each value a vertex mark.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import type { Table } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import type { Series } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { niceTicks, r1 } from "./scale.ts";
import { textWidth, wrap } from "./text.ts";
import { q } from "./words.ts";

/** The radar's width, px: whole at 12 px in the narrowest card (360 px). */
export const RADAR_W = 328;
const CX = RADAR_W / 2;
/** The circle's radius, px: as large as the names at the sides leave room for on one line, within these. */
const R_MIN = 80;
const R_MAX = 112;
/** Fewest axes a radar takes: two spokes make a line, not an area. */
export const MIN_AXES = 3;
const GAP = 6;

/** Refuses what a radar cannot draw: fewer than 3 axes, values below 0. */
export function checkRadar(labels: readonly string[], series: readonly Series[]): void {
  if (labels.length < MIN_AXES) {
    throw invalidInput(
      "labels",
      `${labels.length} labels is fewer than ${MIN_AXES} axes for a radar chart`,
      "Give 3 or more labels, or use a bar chart",
    );
  }
  series.forEach((s, k) => {
    const neg = s.values.findIndex((v) => v !== null && v < 0);
    if (neg >= 0) {
      throw invalidInput(
        `series[${k}].values[${neg}]`,
        "a radar's scale starts at 0",
        "Use grouped_bar for values below zero",
      );
    }
  });
}

/** Where a radar is drawn: its centre's height (the centre is RADAR_W / 2 across) and its radius, px. */
interface Circle {
  cy: number;
  r: number;
}

/** The point `radius` px out along axis `i` of `n`. */
function at(i: number, n: number, radius: number, cy: number): [number, number] {
  const a = (2 * Math.PI * i) / n;
  return [r1(CX + radius * Math.sin(a)), r1(cy - radius * Math.cos(a))];
}

/** Line height of a wrapped axis name, px. */
const LINE = 14;

/** The largest radius (R_MIN..R_MAX) at which every name at a side fits on one line beside the circle. */
function fitRadius(labels: readonly string[]): number {
  const n = labels.length;
  let r = R_MAX;
  labels.forEach((label, i) => {
    const sin = Math.abs(Math.sin((2 * Math.PI * i) / n));
    if (sin > 0.3) r = Math.min(r, (CX - 2 - textWidth(label, FONT)) / sin - GAP);
  });
  return Math.max(R_MIN, Math.floor(r));
}

/**
 * Axis `i`'s name outside the circle: anchored away from the centre, wrapped onto the lines its room
 * holds; with how far above and below the centre its text runs.
 */
function axisName(
  label: string,
  i: number,
  n: number,
  { cy, r }: Circle,
): { svg: string; top: number; bottom: number } {
  const step = (2 * Math.PI) / n;
  const a = step * i;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const [x, y] = at(i, n, r + GAP, cy);
  const side = Math.abs(sin) > 0.3;
  const anchor = !side ? "middle" : sin > 0 ? "start" : "end";
  // a name at the top or bottom must end before its neighbours' names begin
  const neighbour = (r + GAP) * Math.sin(step);
  const room = !side ? Math.min(2 * neighbour - 8, RADAR_W - 8) : sin > 0 ? RADAR_W - x - 2 : x - 2;
  // a name at a side is centred on its spoke: it takes the lines half the gap to its neighbours holds
  const gap = Math.min(...[-1, 1].map((d) => Math.abs(cos - Math.cos(a + d * step)) * (r + GAP)));
  const most = side ? Math.max(1, Math.min(3, Math.floor(gap / LINE))) : 3;
  const lines = wrap(label, room, FONT, most);
  const top = side
    ? y + FONT * 0.35 - ((lines.length - 1) * LINE) / 2
    : cos > 0
    ? y - 4 - (lines.length - 1) * LINE
    : y + FONT;
  const full = lines.join(" ") === label.replace(/\s+/g, " ").trim() ? "" : `<title>${escape(label)}</title>`;
  const spans = lines.length === 1
    ? escape(lines[0])
    : lines.map((l, k) => `<tspan x="${x}" dy="${k ? LINE : 0}">${escape(l)}</tspan>`).join("");
  return {
    svg: `<text x="${x}" y="${r1(top)}" text-anchor="${anchor}">${full}${spans}</text>`,
    // a line's ascent and descent about its baseline
    top: cy - (top - FONT),
    bottom: top + (lines.length - 1) * LINE + 4 - cy,
  };
}

/**
 * The radar's SVG inner markup, and its size: rings with their values, spokes, axis names, one polygon
 * per series. The circle is as large as its names leave room for, and the height what they take.
 */
export function radarChart(
  labels: readonly string[],
  series: readonly Series[],
  format: NumberFormat,
): { svg: string; width: number; height: number } {
  const n = labels.length;
  const r = fitRadius(labels);
  // the names laid about a centre at 0 say how far they reach up and down
  const reach = labels.map((l, i) => axisName(l, i, n, { cy: 0, r }));
  const half = Math.ceil(Math.max(r + 6, ...reach.map((t) => Math.max(t.top, t.bottom)))) + 2;
  const cy = half;
  const ticks = niceTicks(
    0,
    Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0))) || 1,
    4,
    true,
  );
  const radius = (v: number) => (v / ticks.max) * r;
  const ring = (d: number) =>
    labels.map((_, i) => `${i ? "L" : "M"}${at(i, n, d, cy).join(" ")}`).join("") + "Z";
  const rings = ticks.ticks.filter((v) => v > 0).map((v) => ring(radius(v))).join("");
  const spokes = labels.map((_, i) => `M${CX} ${cy}L${at(i, n, r, cy).join(" ")}`).join("");
  const f = formatter(format);
  const values = ticks.ticks.filter((v) => v > 0).map((v) =>
    // under its ring: above it, the outermost value would meet the top axis's name
    `<text x="${CX + 3}" y="${r1(cy - radius(v) + FONT + 1)}" data-v="${v}">${escape(f(v))}</text>`
  ).join("");
  const marks = series.map((s, k) => {
    let d = "";
    let pts = "";
    s.values.forEach((v, i) => {
      if (v === null) return;
      const [x, y] = at(i, n, radius(v), cy);
      d += `${d ? "L" : "M"}${x} ${y}`;
      pts += `<circle class="mcc-pt" data-i="${i}" cx="${x}" cy="${y}" r="4"/>`;
    });
    return `<g class="${seriesClass(k)}" data-s="${k}"><path class="mcc-area" d="${d}Z"/>${pts}</g>`;
  }).join("");
  const names = labels.map((l, i) => axisName(l, i, n, { cy, r }).svg).join("");
  // the ring values last, with their halo: under the marks, a series at the top axis's maximum hid them
  const svg = `<g class="mcc-axis"><path class="mcc-grid" d="${rings}${spokes}"/></g>` +
    `<g>${names}</g><g class="mcc-marks">${marks}</g><g class="mcc-vals mcc-ticks">${values}</g>`;
  return { svg, width: RADAR_W, height: 2 * half };
}

/** The table: a row per axis, a column per series. */
export function radarTable(labels: readonly string[], series: readonly Series[], title?: string): Table {
  return {
    head: [title || "Axis", ...series.map((s) => s.name)],
    rows: labels.map((label, i) => ({ label, cells: series.map((s) => s.values[i]) })),
  };
}

/** Each entity's strongest and weakest axis, and which entity leads on most axes. */
export function radarSummary(
  labels: readonly string[],
  series: readonly Series[],
  format: NumberFormat,
): string {
  const f = formatter(format);
  const parts = series.slice(0, 8).map((s) => {
    let hi = -1;
    let lo = -1;
    s.values.forEach((v, i) => {
      if (v === null) return;
      if (hi < 0 || v > (s.values[hi] as number)) hi = i;
      if (lo < 0 || v < (s.values[lo] as number)) lo = i;
    });
    if (hi < 0) return `${q(s.name)} has no values`;
    return `${q(s.name)} is strongest on ${q(labels[hi])} (${f(s.values[hi] as number)}) and weakest on ${
      q(labels[lo])
    } (${f(s.values[lo] as number)})`;
  });
  let lead = "";
  if (series.length > 1) {
    const wins = series.map(() => 0);
    labels.forEach((_, i) => {
      let best = -1;
      series.forEach((s, k) => {
        const v = s.values[i];
        if (v !== null && (best < 0 || v > (series[best].values[i] as number))) best = k;
      });
      if (best >= 0) wins[best]++;
    });
    const top = wins.indexOf(Math.max(...wins));
    lead = ` ${q(series[top].name)} leads on ${wins[top]} of ${labels.length} axes.`;
  }
  const who = series.length === 1 ? q(series[0].name) : `${series.length} series`;
  return `Radar chart of ${who} on ${labels.length} axes, one scale from 0. ${parts.join("; ")}.${lead}`;
}
