/**
 * A time scale along a chart's x axis (time.ts parses and picks ticks): when every label is an ISO
 * date, month or datetime, each point sits at its time, padded by half the smallest step at both
 * ends so the first and last bars fit, a line breaks where time.ts sees a gap, and the ticks under
 * the plot are chosen per frame width. Labels stay as given in the data table and tooltips.
 */
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import { across, at, type Box, under, xAttrs, yAttrs } from "./layout.ts";
import { gapBefore, timeScale, type TimeTick, timeTicks } from "./time.ts";
import { q } from "./words.ts";
import { textWidth } from "./text.ts";

/** Baseline of a tick label under the plot (the category axis' BASELINE). */
const BASELINE = 18;

/** The plotted labels on a time scale. */
export interface TimeAxis {
  /** Each plotted label's position across the plot, 0..1. */
  at: number[];
  /** True where a line breaks before the point: the data skip time there. */
  gap: boolean[];
  /** The smallest step between two labels as a share of the plot (a bar's band). */
  step: number;
  /** The axis is in UTC: a label carried an offset. */
  zoned: boolean;
  /** How far (px) the first and last tick labels would run past the frame's left and right edges. */
  overhang(plot: Box, width: number): [number, number];
  /** Tick labels for a frame `width` px wide with plot box `plot`. */
  ticks(plot: Box, width: number): string[];
}

/**
 * The time axis of `labels`, or undefined when they are not all ISO times in order (they stay
 * categories, as are labels that repeat a time). `rows` picks the plotted labels (after downsampling); a gap between two plotted
 * labels is one where any of the labels between them had a gap.
 */
export function timeAxis(
  labels: readonly string[],
  locale: string,
  rows?: readonly number[],
): TimeAxis | undefined {
  const scale = timeScale(labels);
  // two points at one time would draw one bar over another: such labels stay categories
  if (!scale || scale.t.some((t, i) => i > 0 && t === scale.t[i - 1])) return undefined;
  const lo = scale.min - scale.step / 2;
  const hi = scale.max + scale.step / 2;
  const share = (t: number) => (t - lo) / (hi - lo);
  const kept = rows ?? labels.map((_, i) => i);
  const gap = kept.map((row, j) => {
    for (let i = j ? kept[j - 1] + 1 : row; i <= row; i++) if (gapBefore(scale, i)) return true;
    return false;
  });
  const ticksAt = new Map<number, TimeTick[]>();
  return {
    at: kept.map((i) => share(scale.t[i])),
    gap,
    step: scale.step / (hi - lo),
    zoned: scale.zoned,
    overhang(plot, width) {
      const placed = place(plot, width);
      const first = placed[0];
      const last = placed[placed.length - 1];
      return first ? [Math.ceil(Math.max(0, -first.from)), Math.ceil(Math.max(0, last.to - width))] : [0, 0];
    },
    ticks(plot, width) {
      // a label still running past the frame's edge is left out: its neighbours place the axis
      return place(plot, width).filter((p) => p.from >= 0 && p.to <= width).map((p) =>
        `<text ${xAttrs(p.x)} ${yAttrs(under(plot, BASELINE))}>${escape(p.label)}</text>`
      );
    },
  };

  /**
   * The ticks for a plot box on a frame `width` px wide, and where each label starts and ends; kept per
   * plot length, as a frame asks for its overhang and then its ticks.
   */
  function place(plot: Box, width: number) {
    const measure = (l: string) => textWidth(l, FONT);
    const length = width - plot.left - plot.right;
    let ticks = ticksAt.get(length);
    if (!ticks) ticksAt.set(length, ticks = timeTicks(lo, hi, length, measure, locale));
    return ticks.map((tick) => {
      const x = across(plot, share(tick.t));
      const half = measure(tick.label) / 2;
      return { x, label: tick.label, from: at(x, width) - half, to: at(x, width) + half };
    });
  }
}

/** The summary's word on gaps: after which labels the data skip time ("" for none). */
export function gapNote(axis: TimeAxis, labels: readonly string[]): string {
  const after = axis.gap.flatMap((gap, i) => (gap ? [q(labels[i - 1])] : []));
  if (!after.length) return "";
  const more = after.length > 3 ? ` and ${after.length - 3} more` : "";
  return `Gaps in time after ${after.slice(0, 3).join(", ")}${more}.`;
}
