/**
 * The chart kinds beyond bars, lines, pies and scatter plots (histograms, funnels, waterfalls,
 * heatmaps, box plots, bubbles):
 * each is one function from the checked labels + series to its summary (what a reader would
 * conclude), its data table, its plot (a `Cartesian` laid out per width, layout.ts) and its legend.
 */
import type { ChartSpec } from "./chart.ts";
import type { LegendEntry, Table } from "./figure.ts";
import type { NumberFormat } from "./format.ts";
import type { Cartesian } from "./layout.ts";
import type { ChartType, Series } from "./model.ts";
import { boxChart, FIVE } from "./box.ts";
import { funnelChart } from "./funnel.ts";
import { heatmapChart } from "./heatmap.ts";
import { histogramChart } from "./histogram.ts";
import { waterfallChart } from "./waterfall.ts";
import { candlestickChart } from "./candlestick.ts";
import { barLineChart } from "./bar_line.ts";
import { bubbleChart } from "./bubble.ts";
import { bulletChart } from "./bullet.ts";

/** What a kind receives: the spec, checked labels (none for raw values: RAW_TYPES), the format. */
export interface KindInput {
  spec: ChartSpec;
  labels: string[];
  series: Series[];
  format: NumberFormat;
}

/** A kind's output: everything around the marks is written by chart.ts and figure.ts. */
export interface KindOutput {
  summary: string;
  table: Table;
  plot: Cartesian;
  legend?: LegendEntry[];
}

/** The kinds drawn here. */
export const KINDS: Partial<Record<ChartType, (input: KindInput) => KindOutput>> = {
  funnel: funnelChart,
  histogram: histogramChart,
  waterfall: waterfallChart,
  heatmap: heatmapChart,
  box: boxChart,
  candlestick: candlestickChart,
  bar_line: barLineChart,
  bubble: bubbleChart,
  bullet: bulletChart,
};

/** Kinds that read each series as raw values when no labels are given. */
export const RAW_TYPES: ReadonlySet<ChartType> = new Set(["histogram", "box"]);

/** Most labels of a kind, and what to do with more. */
export const KIND_LABELS: Partial<Record<ChartType, [number, string]>> = {
  funnel: [30, "Keep the main stages, or use a bar chart"],
  waterfall: [100, "Group the smaller steps into one"],
  histogram: [500, "Give the raw values without labels: the bins are chosen for you"],
  box: [FIVE.length, `Give raw values without labels, or labels ${JSON.stringify(FIVE)}`],
  heatmap: [60, "Group the columns (e.g. by week instead of by day), or split the heatmap"],
  candlestick: [100, "Aggregate to longer periods (weeks instead of days)"],
  bar_line: [100, "Aggregate the labels (by month instead of by day)"],
  radar: [12, "Keep the 12 axes that matter most, or use grouped_bar"],
  bubble: [1_000, "Sample the points, or use a scatter plot"],
  bullet: [30, "Keep the measures that matter most, or split them over several charts"],
};
