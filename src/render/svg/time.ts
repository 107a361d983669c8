/**
 * Time axes: labels that are all ISO 8601 dates (`2024-03-05`), months (`2024-03`) or datetimes
 * (`2024-03-05T14:30`, with seconds, a fraction, `Z` or an offset) are placed by time, not one
 * category apart, so a missing day leaves a gap. Ticks fall on whole minutes, hours, days, weeks
 * (Mondays), months, quarters or years, the finest whose labels fit the plot's width; labels are
 * written in the chart's locale (Intl, in UTC: a datetime without an offset reads as written, one
 * with an offset is shown in UTC and the axis says so).
 */

const ISO =
  /^(\d{4})-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A parsed ISO time: ms since the epoch (UTC), what it names, and whether it carried an offset. */
export interface Parsed {
  t: number;
  /** "month" for `2024-03`, "day" for a date, "time" for a datetime. */
  unit: "month" | "day" | "time";
  zoned: boolean;
}

/** Parses an ISO 8601 date, month or datetime; undefined for anything else (a 31 February too). */
export function parseTime(text: string): Parsed | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => (m[i] === undefined ? undefined : Number(m[i])));
  const day = d ?? 1;
  if (mo! < 1 || mo! > 12 || day < 1 || day > new Date(Date.UTC(y!, mo!, 0)).getUTCDate()) return undefined;
  if ((h ?? 0) > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59) return undefined;
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  let t = Date.UTC(y!, mo! - 1, day, h ?? 0, mi ?? 0, s ?? 0, ms);
  const zone = m[8];
  if (zone && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 23 || om > 59) return undefined;
    t -= sign * (oh * HOUR + om * MINUTE);
  }
  return { t, unit: h !== undefined ? "time" : d !== undefined ? "day" : "month", zoned: zone !== undefined };
}

/** Labels as times: where each falls, the span, and the smallest step between two of them. */
export interface TimeScale {
  t: number[];
  min: number;
  max: number;
  /** The smallest step between neighbouring times (bars are as wide as it allows). */
  step: number;
  /** The typical (median) step: a line breaks where a step is over 1.5 times it. */
  typical: number;
  /** The finest unit the labels name. */
  unit: Parsed["unit"];
  /** True when a label carried an offset: the axis is in UTC. */
  zoned: boolean;
}

/**
 * The labels' time scale, when every label is an ISO date, month or datetime, at least two differ
 * and they never go back in time; undefined otherwise (they stay categories).
 */
export function timeScale(labels: readonly string[]): TimeScale | undefined {
  if (labels.length < 2) return undefined;
  const parsed: Parsed[] = [];
  for (const label of labels) {
    const p = parseTime(label);
    if (!p) return undefined;
    parsed.push(p);
  }
  const t = parsed.map((p) => p.t);
  const steps: number[] = [];
  for (let i = 1; i < t.length; i++) {
    if (t[i] < t[i - 1]) return undefined;
    if (t[i] > t[i - 1]) steps.push(t[i] - t[i - 1]);
  }
  if (!steps.length) return undefined;
  const sorted = steps.slice().sort((a, b) => a - b);
  const finest = parsed.some((p) => p.unit === "time")
    ? "time"
    : parsed.some((p) => p.unit === "day")
    ? "day"
    : "month";
  return {
    t,
    min: t[0],
    max: t[t.length - 1],
    step: sorted[0],
    typical: sorted[Math.floor(sorted.length / 2)],
    unit: finest,
    zoned: parsed.some((p) => p.zoned),
  };
}

/** True when the step before point `i` is a gap: over 1.5 times the typical step. */
export function gapBefore(scale: TimeScale, i: number): boolean {
  return i > 0 && scale.t[i] - scale.t[i - 1] > 1.5 * scale.typical;
}

type Unit = "minute" | "hour" | "day" | "week" | "month" | "year";

/** Tick intervals, finest first. */
const INTERVALS: readonly [Unit, number][] = [
  ["minute", 1],
  ["minute", 5],
  ["minute", 15],
  ["minute", 30],
  ["hour", 1],
  ["hour", 3],
  ["hour", 6],
  ["hour", 12],
  ["day", 1],
  ["day", 2],
  ["week", 1],
  ["month", 1],
  ["month", 3],
  ["month", 6],
  ["year", 1],
  ["year", 2],
  ["year", 5],
  ["year", 10],
  ["year", 20],
  ["year", 50],
  ["year", 100],
  ["year", 200],
  ["year", 500],
  ["year", 1000],
];

/** Rough length of one interval, in ms: enough to skip intervals that would make thousands of ticks. */
const LENGTH: Record<Unit, number> = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** The tick times of one interval within [min, max], on whole units. */
function ticksOf(min: number, max: number, [unit, k]: [Unit, number]): number[] {
  const out: number[] = [];
  const d = new Date(min);
  const y = d.getUTCFullYear();
  let mo = d.getUTCMonth();
  if (unit === "year") {
    for (let year = Math.ceil(y / k) * k;; year += k) {
      const t = Date.UTC(year, 0, 1);
      if (t > max) break;
      if (t >= min) out.push(t);
    }
    return out;
  }
  if (unit === "month") {
    mo = Math.floor(mo / k) * k;
    for (;; mo += k) {
      const t = Date.UTC(y, mo, 1);
      if (t > max) break;
      if (t >= min) out.push(t);
    }
    return out;
  }
  if (unit === "week" || unit === "day") {
    const start = Date.UTC(y, mo, d.getUTCDate());
    for (let t = start; t <= max; t += DAY) {
      const day = new Date(t);
      const keep = unit === "week" ? day.getUTCDay() === 1 : (day.getUTCDate() - 1) % k === 0;
      if (keep && t >= min) out.push(t);
    }
    return out;
  }
  const size = (unit === "hour" ? HOUR : MINUTE) * k;
  for (let t = Math.ceil(min / size) * size; t <= max; t += size) out.push(t);
  return out;
}

/**
 * Date formatters by locale and options: making one costs far more than formatting a date with it (a
 * line chart over a year of days: 196 -> 5 ms, bench/chart_bench.ts).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(o);
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...o });
    if (dateFormats.size > 200) dateFormats.clear(); // locales come from models: keep the map small
    dateFormats.set(key, f);
  }
  return f;
}

/** Formats a tick at time `t` for its interval: the year where it changes, the month where it does. */
function tickLabel(t: number, unit: Unit, first: boolean, locale: string): string {
  const d = new Date(t);
  const f = (o: Intl.DateTimeFormatOptions) => dateFormat(locale, o).format(d);
  const newYear = d.getUTCMonth() === 0 && d.getUTCDate() === 1;
  if (unit === "year") return String(d.getUTCFullYear());
  if (unit === "month") {
    return newYear
      ? String(d.getUTCFullYear())
      : f(first ? { month: "short", year: "numeric" } : { month: "short" });
  }
  if (unit === "day" || unit === "week") {
    return newYear || first
      ? f({ month: "short", day: "numeric", year: "numeric" })
      : f({ month: "short", day: "numeric" });
  }
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0;
  return midnight || first
    ? f({ month: "short", day: "numeric" }) +
      (midnight ? "" : " " + f({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }))
    : f({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** One tick of a time axis: its time and its label. */
export interface TimeTick {
  t: number;
  label: string;
}

/**
 * The ticks of the finest interval whose labels keep `gap` px apart on a plot `length` px long
 * spanning [min, max]; `measure` is the width of a label. At least one tick when any falls in range.
 */
export function timeTicks(
  min: number,
  max: number,
  length: number,
  measure: (label: string) => number,
  locale: string,
  gap = 8,
): TimeTick[] {
  const span = Math.max(1, max - min);
  let last: TimeTick[] = [];
  for (const interval of INTERVALS) {
    if (span / (LENGTH[interval[0]] * interval[1]) > length / 10) continue; // thousands of ticks
    const times = ticksOf(min, max, interval);
    if (!times.length) continue;
    const ticks = times.map((t, i) => ({ t, label: tickLabel(t, interval[0], i === 0, locale) }));
    last = ticks;
    const x = (t: number) => (t - min) / span * length;
    const fits = ticks.every((tick, i) =>
      i === 0 ||
      x(tick.t) - x(ticks[i - 1].t) >= (measure(tick.label) + measure(ticks[i - 1].label)) / 2 + gap
    );
    if (fits) return ticks;
  }
  return last.slice(0, 1);
}
