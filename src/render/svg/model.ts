/**
 * The chart model every chart family draws from: one shape for every kind (labels plus series of
 * values), so a caller switches kind without rewriting data.
 */
import type { NumberFormat } from "./format.ts";
import type { TimeAxis } from "./time_axis.ts";

/** Every chart kind. */
export const CHART_TYPES = [
  "bar",
  "horizontal_bar",
  "grouped_bar",
  "stacked_bar",
  "line",
  "area",
  "stacked_area",
  "pie",
  "donut",
  "scatter",
  "histogram",
  "funnel",
  "waterfall",
  "heatmap",
  "box",
  "candlestick",
  "bar_line",
  "radar",
  "bubble",
  "bullet",
] as const;

export type ChartType = typeof CHART_TYPES[number];

/** One named series: a value (or null for none) per label. */
export interface Series {
  name: string;
  values: (number | null)[];
}

/** What a chart family receives: checked, and downsampled where the kind allows. */
export interface ChartData {
  type: ChartType;
  labels: string[];
  series: Series[];
  /** Numeric x per label (scatter); otherwise labels are categories. */
  x?: number[];
  /** Where each label falls when all are ISO times (line, area, vertical bars). */
  time?: TimeAxis;
  format: NumberFormat;
  xTitle?: string;
  yTitle?: string;
  /** Seed for deterministic element ids. */
  idPrefix: string;
}
