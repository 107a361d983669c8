/**
 * Measures against a target and qualitative bands, as bullet charts (bullet.ts) and gauges (gauge.ts)
 * read them from labels + series: a label per measure; series[0] the values, series[1] the targets
 * (null for none), series[2..] the bands' upper limits in increasing order (poor, fair, good…). Both
 * kinds draw a measure on the scale made here, write the same data table and state the same
 * conclusion: which measures meet their target (at or above it) and by how much.
 */
import { invalidInput } from "../../errors.ts";
import type { Cell, LegendEntry, Table } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { q, share } from "./words.ts";
import type { Series } from "./model.ts";
import { niceTicks, type Ticks } from "./scale.ts";

/** One measure: its value, target and band limits, on the scale it is drawn on. */
export interface Measure {
  label: string;
  value: number | null;
  target: number | null;
  /** Each band's upper limit, increasing; null where the measure leaves that band out. */
  bands: (number | null)[];
  /** The scale: from its first tick to its last. */
  ticks: Ticks;
  /** The value lies beyond the scale (more than the scale's own span away): drawn to its end, marked. */
  clipped: boolean;
}

/**
 * A value this many spans of the bands-and-target range beyond it is not drawn to scale: taking it
 * in would squeeze the bands into a sliver. It is clipped at the scale's end and marked instead.
 */
const CLIP_SPANS = 1;

/** Longest a value prints in a label or a sentence; a longer one (1e300 written out) reads as 1E300. */
const LONGEST = 20;

/** The chart's format, or scientific notation for a value it writes longer than LONGEST characters. */
export function shortFormatter(format: NumberFormat): (v: number) => string {
  const f = formatter(format);
  const sci = scientific(format);
  return (v) => {
    const text = f(v);
    return text.length > LONGEST ? sci(v) : text;
  };
}

/** A value in scientific notation (1E300), in the chart's locale. */
export function scientific(format: NumberFormat): (v: number) => string {
  const sci = new Intl.NumberFormat(format.locale, { notation: "scientific", maximumFractionDigits: 2 });
  return (v) => sci.format(v);
}

/** Refuses what neither kind can draw: fewer than 2 series, band limits that do not increase. */
export function checkMeasures(type: string, labels: readonly string[], series: readonly Series[]): void {
  if (series.length < 2) {
    throw invalidInput(
      "series",
      `a ${type} chart needs 2 series or more, not ${series.length}: the values, then the targets`,
      "Add a series of targets (null for none), then optionally a series per band's upper limit",
    );
  }
  labels.forEach((_, i) => {
    let last: number | null = null;
    let from = -1;
    for (let k = 2; k < series.length; k++) {
      const v = series[k].values[i];
      if (v === null) continue;
      if (last !== null && v <= last) {
        throw invalidInput(
          `series[${k}].values[${i}]`,
          `the band limit ${v} is not above the band before it (series[${from}]: ${last})`,
          "Give each band's upper limit in increasing order, e.g. poor 50, fair 75, good 100",
        );
      }
      last = v;
      from = k;
    }
  });
}

/** The range [lo, hi] of a measure's scale before rounding: 0, its target, bands and value. */
function range(value: number | null, target: number | null, bands: readonly (number | null)[]): {
  lo: number;
  hi: number;
  clipped: boolean;
} {
  const fixed = [0, ...bands, target].filter((v): v is number => v !== null);
  let lo = Math.min(...fixed);
  let hi = Math.max(...fixed);
  if (value === null) return { lo, hi, clipped: false };
  const span = hi - lo;
  // with nothing but zero to go on, the value sets the scale
  const far = span > 0 && (value > hi + CLIP_SPANS * span || value < lo - CLIP_SPANS * span);
  // a clipped value's bar runs a tenth of the span past the bands (else, clipped at 0, it has no length)
  if (far && value < lo) lo -= span / 10;
  if (far && value > hi) hi += span / 10;
  if (!far) {
    lo = Math.min(lo, value);
    hi = Math.max(hi, value);
  }
  return { lo, hi, clipped: far };
}

/** Where a measure's first band starts: 0, or its lowest value (drawn to scale), target or band below that. */
export function bandStart(m: Measure): number {
  const drawn = [m.clipped ? null : m.value, m.target, ...m.bands].filter((v): v is number => v !== null);
  return Math.max(m.ticks.min, Math.min(0, ...drawn));
}

/**
 * Each label's measure on its own scale, or on one scale for all when their ranges are alike (none
 * spans more than twice another's): then they read against each other, as Few's stacked bullets
 * do for measures in one unit.
 */
export function readMeasures(labels: readonly string[], series: readonly Series[], count = 6): {
  measures: Measure[];
  shared: boolean;
} {
  const raw = labels.map((label, i) => {
    const value = series[0].values[i];
    const target = series[1].values[i];
    const bands = series.slice(2).map((s) => s.values[i]);
    return { label, value, target, bands, ...range(value, target, bands) };
  });
  const spans = raw.map((m) => m.hi - m.lo);
  const shared = labels.length > 1 && Math.max(...spans) <= 2 * Math.min(...spans);
  const all = shared
    ? niceTicks(Math.min(...raw.map((m) => m.lo)), Math.max(...raw.map((m) => m.hi)), count, true)
    : undefined;
  const measures = raw.map(({ lo, hi, ...m }) => {
    const ticks = all ?? niceTicks(lo, hi, count, true);
    const clipped = m.value !== null && (m.value > ticks.max || m.value < ticks.min);
    return { label: m.label, value: m.value, target: m.target, bands: m.bands, ticks, clipped };
  });
  return { measures, shared };
}

/** The band a value falls in (the first whose limit it does not pass), or -1 above them all. */
export function bandOf(m: Measure, value: number): number {
  return m.bands.findIndex((b) => b !== null && value <= b);
}

/** A value against its target: `+20 (+8%)`, signed, in the chart's format. */
function against(m: Measure, f: (v: number) => string, locale: string): string {
  if (m.value === null || m.target === null) return "—";
  const d = m.value - m.target;
  const pct = m.target ? ` (${share(d, Math.abs(m.target), locale, true)})` : "";
  return `${d > 0 ? "+" : ""}${f(d)}${pct}`;
}

/** What the text of a clipped value says: the value and where it is cut. */
export function clippedText(m: Measure, format: NumberFormat): string {
  const f = shortFormatter(format);
  const end = (m.value as number) > m.ticks.max ? m.ticks.max : m.ticks.min;
  return `${f(m.value as number)} (off the scale: drawn clipped at ${f(end)})`;
}

/** The table: a row per measure, a column per series (a clipped value says so), then the value against its target. */
export function measureTable(
  measures: readonly Measure[],
  series: readonly Series[],
  format: NumberFormat,
  title?: string,
): Table {
  const f = shortFormatter(format);
  return {
    head: [title || "Measure", ...series.map((s) => s.name), "Against target"],
    rows: measures.map((m) => {
      const value: Cell = m.clipped ? { x: m.value as number, text: clippedText(m, format) } : m.value;
      return { label: m.label, cells: [value, m.target, ...m.bands, against(m, f, format.locale)] };
    }),
  };
}

/** Classes of the value, the target and the band shades (darkest first: poor), for marks and legend. */
export const VALUE_CLASS = "mcc-bv";
export const TARGET_CLASS = "mcc-bt";
/** Shades a band may take, darkest first; `bands` bands spread over them. */
const SHADES = 6;
export function bandClass(k: number, bands: number): string {
  return `mcc-g${bands === 1 ? 2 : Math.round((k * (SHADES - 1)) / (bands - 1))}`;
}

/** The legend: the value, the target, then each band. */
export function measureLegend(series: readonly Series[]): LegendEntry[] {
  const bands = series.length - 2;
  return series.map((s, k) => ({
    name: s.name,
    cls: k === 0 ? VALUE_CLASS : k === 1 ? TARGET_CLASS : bandClass(k - 2, bands),
  }));
}

/** Most measures a summary names one by one. */
const NAMED = 8;

/** One measure in words: its value (off the scale?), against its target, and the band it falls in. */
export function measureSentence(m: Measure, series: readonly Series[], f: (v: number) => string): string {
  if (m.value === null) return `${q(m.label)} has no value`;
  const band = bandOf(m, m.value);
  const where = band < 0
    ? m.bands.some((b) => b !== null) ? ", above every band" : ""
    : `, in ${q(series[band + 2].name)}`;
  const off = m.clipped ? " (off the scale)" : "";
  if (m.target === null) return `${q(m.label)} ${f(m.value)}${off}, no target${where}`;
  const d = m.value - m.target;
  const by = d === 0
    ? "exactly on its target"
    : `${f(Math.abs(d))} ${d > 0 ? "above" : "below"} its target of ${f(m.target)}`;
  return `${q(m.label)} ${f(m.value)}${off}, ${by}${where}`;
}

/** Which measures meet their target and by how much, and the band each value falls in. */
export function measureSummary(
  kind: string,
  measures: readonly Measure[],
  series: readonly Series[],
  format: NumberFormat,
): string {
  const f = shortFormatter(format);
  const n = measures.length;
  const targeted = measures.filter((m) => m.value !== null && m.target !== null);
  const met = targeted.filter((m) => (m.value as number) >= (m.target as number));
  const head = `${kind} of ${n} measure${n === 1 ? "" : "s"} (${q(series[0].name)} against ${
    q(series[1].name)
  })`;
  const tally = targeted.length
    ? `${met.length} of ${targeted.length} with a target meet it (at or above)`
    : "no measure has both a value and a target";
  const parts = measures.slice(0, NAMED).map((m) => measureSentence(m, series, f));
  const more = n > NAMED ? `; and ${n - NAMED} more` : "";
  return `${head}: ${tally}. ${parts.join("; ")}${more}.`;
}
