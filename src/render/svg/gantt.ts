/**
 * Gantt charts: one row per task (names at the left, rows.ts), a bar from its start to its end on a
 * real time axis (ticks per width from time.ts, labels as given in the table and tooltips), a
 * diamond for a milestone (start = end), a colour per group with a legend. The summary states the
 * overall span, the longest task, how much runs in parallel and the milestones.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import type { LegendEntry, Table } from "./figure.ts";
import type { NumberFormat } from "./format.ts";
import { q } from "./words.ts";
import { across, at, type Box, type Cartesian, type Frame, pct, under, xAttrs, yAttrs } from "./layout.ts";
import { MAX_SERIES, seriesClass } from "./palette.ts";
import { rowFrame } from "./rows.ts";
import { textWidth } from "./text.ts";
import { type Parsed, parseTime, timeTicks } from "./time.ts";

/** A task as the caller gives it. */
export interface Task {
  name: string;
  start: string;
  end: string;
  group?: string;
}

/**
 * Most tasks a gantt draws: with 80-character names and 40-character groups a task costs up to
 * ~1,450 characters of result (its name cut per width, whole in a title, and its table row), so 25
 * stay under the 40,000-character ceiling.
 */
export const MAX_TASKS = 25;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Baseline of a tick label under the plot. */
const BASELINE = 18;

/** A checked task: its times and its group's index. */
interface Timed {
  task: Task;
  start: number;
  end: number;
  group: number;
}

function parsed(task: Task, i: number, field: "start" | "end"): Parsed {
  const p = parseTime(task[field]);
  if (!p) {
    throw invalidInput(
      `tasks[${i}].${field}`,
      `${q(task[field])} is not an ISO date or datetime`,
      "Write dates as 2024-03-05 and times as 2024-03-05T14:30",
    );
  }
  return p;
}

/** A duration in words: days for whole days, hours and minutes under a day. */
export function duration(ms: number, locale: string): string {
  if (!ms) return "milestone";
  const n = (v: number, unit: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long", maximumFractionDigits: 1 })
      .format(v);
  if (ms >= DAY) return n(Math.round(ms / DAY * 10) / 10, "day");
  if (ms >= HOUR) return n(Math.round(ms / HOUR * 10) / 10, "hour");
  return n(Math.round(ms / MINUTE), "minute");
}

/** Checks the tasks: dates that parse, no end before its start, at most MAX_TASKS and MAX_SERIES groups. */
function checkTasks(tasks: readonly Task[]): { timed: Timed[]; groups: string[] } {
  if (tasks.length > MAX_TASKS) {
    throw invalidInput(
      "tasks",
      `a gantt draws at most ${MAX_TASKS} tasks, not ${tasks.length}`,
      "Merge the smaller tasks into phases, or split the plan into several cards",
    );
  }
  const groups: string[] = [];
  const timed = tasks.map((task, i) => {
    const start = parsed(task, i, "start").t;
    const end = parsed(task, i, "end").t;
    if (end < start) {
      throw invalidInput(
        `tasks[${i}].end`,
        `task ${q(task.name)} ends (${q(task.end)}) before it starts (${q(task.start)})`,
        "Give each task an end at or after its start (the same for a milestone)",
      );
    }
    const name = task.group ?? "";
    if (task.group !== undefined && !groups.includes(name)) groups.push(name);
    return { task, start, end, group: name };
  });
  if (groups.length && timed.some((t) => t.task.group === undefined)) groups.push("Other");
  if (groups.length > MAX_SERIES) {
    throw invalidInput(
      "tasks",
      `a gantt colours at most ${MAX_SERIES} groups, not ${groups.length}`,
      "Use fewer groups (phases or teams), or leave group out",
    );
  }
  return {
    timed: timed.map((t) => ({ ...t, group: groups.length ? groups.indexOf(t.task.group ?? "Other") : 0 })),
    groups,
  };
}

/** The most tasks running at once (milestones aside), and when that first happens. */
function parallel(timed: readonly Timed[]): { most: number; at: number; overlaps: number } {
  const bars = timed.filter((t) => t.end > t.start);
  let most = bars.length ? 1 : 0;
  let when = bars[0]?.start ?? 0;
  let overlaps = 0;
  for (const a of bars) {
    const running = bars.filter((b) => b.start <= a.start && b.end > a.start).length;
    if (running > most) [most, when] = [running, a.start];
  }
  for (let i = 0; i < bars.length; i++) {
    for (let j = i + 1; j < bars.length; j++) {
      if (bars[i].start < bars[j].end && bars[j].start < bars[i].end) overlaps++;
    }
  }
  return { most, at: when, overlaps };
}

/** A milestone's square, in px: turned, it is 16 px corner to corner, as tall as a bar in the narrowest row (26 px). */
const SIDE = 11.3;

/** A gantt chart of `tasks`: plot, table, legend and summary. */
export function ganttChart(tasks: readonly Task[], format: NumberFormat) {
  const { timed, groups } = checkTasks(tasks);
  const locale = format.locale;
  const first = Math.min(...timed.map((t) => t.start));
  const last = Math.max(...timed.map((t) => t.end));
  // a little room at both ends, so a milestone's diamond at the edge shows whole
  const pad = Math.max((last - first) * 0.03, first === last ? DAY : 0);
  const lo = first - pad;
  const hi = last + pad;
  const share = (t: number) => (t - lo) / (hi - lo);
  const names = timed.map((t) => t.task.name);

  function ticks(plot: Box, width: number): string[] {
    const measure = (l: string) => textWidth(l, FONT);
    return timeTicks(lo, hi, width - plot.left - plot.right, measure, locale).flatMap((tick) => {
      const x = across(plot, share(tick.t));
      const half = measure(tick.label) / 2;
      const mid = at(x, width);
      if (mid - half < 0 || mid + half > width) return [];
      return [`<text ${xAttrs(x)} ${yAttrs(under(plot, BASELINE))}>${escape(tick.label)}</text>`];
    });
  }

  function frame(width: number): Frame {
    const rows = rowFrame(names, width, { bottom: 26, right: 16 });
    return {
      parts: [
        { g: 'class="mcc-cats mcc-end"', items: rows.names },
        { g: 'class="mcc-cats"', items: ticks(rows.plot, width) },
      ],
      height: rows.height,
      plot: rows.plot,
      legend: groups.length > 0,
      labels: "plain",
    };
  }

  // an unstretched layer (layout.ts px): bars placed in percentages of the plot box, and a milestone a
  // square in px turned about its corner (structure.css .mcc-ms), so its diamond is square at every width
  function layer(): string {
    const n = timed.length;
    const marks = timed.map((t, i) => {
      const cls = `class="mcc-pt ${seriesClass(t.group)}`;
      if (t.end === t.start) {
        return `<rect ${cls} mcc-ms" data-i="${i}" x="${pct(share(t.start))}" y="${
          pct((i + 0.5) / n)
        }" width="${SIDE}" height="${SIDE}"/>`;
      }
      const x0 = share(t.start);
      return `<rect ${cls}" data-i="${i}" x="${pct(x0)}" y="${pct((i + 0.2) / n)}" width="${
        pct(Math.max(share(t.end) - x0, 0.002))
      }" height="${pct(0.6 / n)}"/>`;
    });
    return `<g class="mcc-marks mcc-gantt" data-s="0">${marks.join("")}</g>`;
  }

  const plot: Cartesian = { frame, layer, px: true };
  const legend: LegendEntry[] | undefined = groups.length ? groups.map((name) => ({ name })) : undefined;
  return { plot, legend, table: ganttTable(timed, groups, locale), summary: ganttSummary(timed, locale) };
}

/** When a task runs, as its tooltip and table say it: dates as given. */
function when(t: Timed, locale: string): string {
  return t.end === t.start
    ? `${t.task.start} (milestone)`
    : `${t.task.start} → ${t.task.end}, ${duration(t.end - t.start, locale)}`;
}

function ganttTable(timed: readonly Timed[], groups: readonly string[], locale: string): Table {
  return {
    head: ["Task", "When", "Start", "End", "Duration", ...(groups.length ? ["Group"] : [])],
    rows: timed.map((t) => ({
      label: t.task.name,
      cells: [
        when(t, locale),
        t.task.start,
        t.task.end,
        duration(t.end - t.start, locale),
        ...(groups.length ? [groups[t.group]] : []),
      ],
    })),
  };
}

/** A time in the summary: as the task gave it. */
function ganttSummary(timed: readonly Timed[], locale: string): string {
  const n = timed.length;
  const starts = timed.reduce((a, b) => (b.start < a.start ? b : a));
  const ends = timed.reduce((a, b) => (b.end > a.end ? b : a));
  const longest = timed.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
  const milestones = timed.filter((t) => t.end === t.start);
  let out = `Gantt of ${n} task${n === 1 ? "" : "s"} from ${starts.task.start} to ${ends.task.end} (${
    duration(ends.end - starts.start, locale)
  }).`;
  if (longest.end > longest.start) {
    out += ` Longest: ${q(longest.task.name)} (${duration(longest.end - longest.start, locale)}).`;
  }
  const { most, at, overlaps } = parallel(timed);
  if (overlaps) {
    const whenAt = timed.find((t) => t.start === at)!.task.start;
    out += ` ${overlaps} pair${
      overlaps === 1 ? "" : "s"
    } of tasks overlap; at most ${most} run at once (from ${whenAt}).`;
  } else if (n - milestones.length > 1) out += " No tasks overlap: they run one after another.";
  if (milestones.length) {
    const named = milestones.slice(0, 3).map((t) => `${q(t.task.name)} (${t.task.start})`).join(", ");
    const more = milestones.length > 3 ? ` and ${milestones.length - 3} more` : "";
    out += ` Milestone${milestones.length === 1 ? "" : "s"}: ${named}${more}.`;
  }
  return out;
}
