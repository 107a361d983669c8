/**
 * A chart from labels and series: checks the data against the kind's limits, downsamples long
 * line and area series, draws the SVG through the kind's family, and wraps it with a legend and a
 * collapsible data table of the exact values. The SVG is an image with a title and a description
 * for screen readers; every mark carries its series and index, every printed number its raw value
 * (`data-v`), and the figure its number format, so the runtime adds tooltips, keyboard movement
 * between points and reformatting for the host's locale without recomputing anything.
 */
import { invalidInput } from "../../errors.ts";
import { escape, type Html, raw } from "../../html/html.ts";
import { idMaker } from "../../html/ids.ts";
import { horizontalBars, verticalBars } from "./bars.ts";
import { type Cell, figureHtml, legendHtml, type Table, tableHtml } from "./figure.ts";
import { KIND_LABELS, KINDS, RAW_TYPES } from "./kinds.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { lineChart } from "./lines.ts";
import { downsampleShared } from "./lttb.ts";
import { type Cartesian, cartesianPlot } from "./layout.ts";
import type { ChartData, ChartType, Series } from "./model.ts";
import { MAX_SERIES } from "./palette.ts";
import { PIE_SIZE, pieChart, shares } from "./pie.ts";
import { gaugeFigure } from "./gauge.ts";
import { checkRadar, radarChart, radarSummary, radarTable } from "./radar.ts";
import { scatterChart } from "./scatter.ts";
import { type ChartSpec, checkFormat, checkMagnitudes } from "./spec.ts";
import { gapNote, timeAxis } from "./time_axis.ts";
import { clip } from "./text.ts";
import { q } from "./words.ts";
import { formatCount } from "../summary.ts";

/** Most labels (points per series) any chart takes. */
export const MAX_POINTS = 10_000;
/** Most bars (categories) a bar chart takes. */
export const MAX_BARS = 500;
/** Most slices a pie or donut takes: one distinct colour each. */
export const MAX_SLICES = MAX_SERIES;
/** Most points a scatter plot takes across its series. */
export const MAX_SCATTER_POINTS = 1_000;
/** Line and area series longer than this are downsampled (LTTB) to about this many points. */
export const DOWNSAMPLE_TO = 300;

/** A rendered chart: the figure, the plain-text conclusion and what was done to fit the data. */
export interface RenderedChart {
  html: Html;
  summary: string;
  /** How the category labels were kept apart in each width band (BANDS), narrowest first. */
  labels?: (string | undefined)[];
  /** Plotted points per series after downsampling, when downsampled. */
  downsampled?: { from: number; to: number };
}

export const NAMES: Record<ChartType, string> = {
  bar: "Bar chart",
  horizontal_bar: "Horizontal bar chart",
  grouped_bar: "Grouped bar chart",
  stacked_bar: "Stacked bar chart",
  line: "Line chart",
  area: "Area chart",
  stacked_area: "Stacked area chart",
  pie: "Pie chart",
  donut: "Donut chart",
  scatter: "Scatter plot",
  histogram: "Histogram",
  funnel: "Funnel",
  waterfall: "Waterfall chart",
  heatmap: "Heatmap",
  box: "Box plot",
  candlestick: "Candlestick chart",
  bar_line: "Bar and line chart",
  radar: "Radar chart",
  bubble: "Bubble chart",
  bullet: "Bullet chart",
  gauge: "Gauge chart",
};

const LINEAR: ReadonlySet<ChartType> = new Set(["line", "area", "stacked_area"]);
const BARS: ReadonlySet<ChartType> = new Set(["bar", "horizontal_bar", "grouped_bar", "stacked_bar"]);
/** Kinds whose labels become a time axis when all are ISO dates or datetimes (time_axis.ts). */
const TIMED: ReadonlySet<ChartType> = new Set([
  "bar",
  "grouped_bar",
  "stacked_bar",
  "line",
  "area",
  "stacked_area",
]);

/** What a chart's labels decide: the labels drawn, how many values each series gives, and whether they are raw values. */
interface LabelPlan {
  labels: string[];
  /** The values each series gives (raw values: any number). */
  n: number;
  /** A histogram without labels: each series is raw values, binned later. */
  raw: boolean;
}

/** Checks the spec against the kind's rules; throws a ToolError naming the field and the limit. */
export function checkChart(spec: ChartSpec): { labels: string[]; format: NumberFormat } {
  checkSeriesCount(spec);
  const plan = checkLabels(spec);
  const points = checkValues(spec.series, plan);
  checkKindValues(spec, points);
  return { labels: plan.labels, format: checkFormat(spec) };
}

function checkSeriesCount({ type, series, x }: ChartSpec): void {
  if (series.length === 0) throw invalidInput("series", "give at least one series", "Add { name, values }");
  if (series.length > MAX_SERIES) {
    throw invalidInput(
      "series",
      `${series.length} series is more than ${MAX_SERIES}`,
      "Combine or drop series, or make several charts",
    );
  }
  if (x && type !== "scatter" && type !== "bubble") {
    throw invalidInput(
      "x",
      `only scatter and bubble use numeric x, not "${type}"`,
      "Drop x, or use type scatter",
    );
  }
}

/** The labels (or numeric x) and their number, within the kind's limit. */
function checkLabels(spec: ChartSpec): LabelPlan {
  const { type, series } = spec;
  // a histogram without labels reads each series as raw values, of any length
  const raw = RAW_TYPES.has(type) && !spec.labels;
  const n = spec.labels?.length ?? spec.x?.length ?? series[0].values.length;
  const labels = raw ? [] : spec.labels ?? spec.x?.map(String);
  if (!labels) throw invalidInput("labels", "give a label for each value", 'Add labels, e.g. ["Q1", "Q2"]');
  if (n === 0 && !raw) {
    throw invalidInput("labels", "give at least one label", "Add a label and a value for it");
  }
  if (spec.x && spec.x.length !== n) {
    throw invalidInput("x", `${spec.x.length} x values for ${n} labels`, "Give one x per label");
  }
  if (spec.x) checkMagnitudes(spec.x, "x");
  const limit = KIND_LABELS[type];
  const max = limit?.[0] ??
    (BARS.has(type) ? MAX_BARS : type === "pie" || type === "donut" ? MAX_SLICES : MAX_POINTS);
  if (n > max && !raw) {
    const hint = limit?.[1] ??
      (BARS.has(type)
        ? "Use a line chart for long series"
        : type === "pie" || type === "donut"
        ? 'Fold the smallest slices into one "Other" slice, or use a bar chart'
        : "Aggregate the data (e.g. by day instead of by minute)");
    throw invalidInput("labels", `${n} labels is more than ${max} for a ${type} chart`, hint);
  }
  return { labels, n, raw };
}

/** Every series' values: one per label, finite or null, within the magnitude a chart draws. Returns the non-null count. */
function checkValues(series: ChartSpec["series"], { n, raw }: LabelPlan): number {
  let points = 0;
  series.forEach((s, k) => {
    if (s.values.length !== n && !raw) {
      throw invalidInput(
        `series[${k}].values`,
        `${s.values.length} values for ${n} labels`,
        "Give one value per label; use null for a missing value",
      );
    }
    const bad = s.values.findIndex((v) => v !== null && !Number.isFinite(v));
    if (bad >= 0) {
      throw invalidInput(
        `series[${k}].values[${bad}]`,
        "is not a finite number",
        "Use a number, or null for none",
      );
    }
    checkMagnitudes(s.values, `series[${k}].values`);
    for (const v of s.values) if (v !== null) points++;
  });
  if (points === 0) throw invalidInput("series", "every value is null", "Give at least one number");
  return points;
}

/** The kinds' own rules on values: a scatter's (or bubble chart's) point count, a pie's one positive series, stacked areas' and radars' signs. */
function checkKindValues({ type, series, labels }: ChartSpec, points: number): void {
  if (type === "radar") checkRadar(labels ?? [], series);
  // a bubble's point is two values: its y and its size
  const dots = type === "bubble" ? Math.ceil(points / 2) : points;
  if ((type === "scatter" || type === "bubble") && dots > MAX_SCATTER_POINTS) {
    throw invalidInput(
      "series",
      `${dots} points is more than ${MAX_SCATTER_POINTS} for a ${NAMES[type].toLowerCase()}`,
      "Sample the points, or use a line chart",
    );
  }
  if (type === "pie" || type === "donut") checkSlices(type, series);
  if (type === "stacked_area") {
    series.forEach((s, k) => {
      const neg = s.values.findIndex((v) => v !== null && v < 0);
      if (neg >= 0) {
        throw invalidInput(
          `series[${k}].values[${neg}]`,
          "stacked areas cannot hold negative values",
          "Use line or stacked_bar for values below zero",
        );
      }
    });
  }
}

function checkSlices(type: ChartSpec["type"], series: ChartSpec["series"]): void {
  if (series.length > 1) {
    throw invalidInput(
      "series",
      `a ${type} chart shows one series, not ${series.length}`,
      "Give one series, or use grouped_bar or stacked_bar",
    );
  }
  const neg = series[0].values.findIndex((v) => v !== null && v < 0);
  if (neg >= 0) {
    throw invalidInput(
      `series[0].values[${neg}]`,
      `a ${type} slice cannot be negative`,
      "Use a bar chart for values below zero",
    );
  }
  if (!series[0].values.some((v) => v !== null && v > 0)) {
    throw invalidInput(
      "series[0].values",
      `a ${type} chart needs a value above zero`,
      "Give the slice sizes",
    );
  }
}

function pick<T>(items: readonly T[], rows: readonly number[]): T[] {
  return rows.map((i) => items[i]);
}

/** The chart family that lays out `data` (pies and donuts are drawn at a fixed size instead). */
function cartesian(data: ChartData): Cartesian {
  switch (data.type) {
    case "bar":
    case "grouped_bar":
      return verticalBars(data, false);
    case "stacked_bar":
      return verticalBars(data, true);
    case "horizontal_bar":
      return horizontalBars(data, false);
    case "line":
      return lineChart(data, false, false);
    case "area":
      return lineChart(data, true, false);
    case "stacked_area":
      return lineChart(data, true, true);
    case "scatter":
      return scatterChart(data);
    default:
      throw new Error(`${data.type} is not drawn here`);
  }
}

/** The extremes of one series: [min, its label, max, its label], or undefined when all null. */
function extremes(s: Series, labels: readonly string[]): [number, string, number, string] | undefined {
  let lo = -1;
  let hi = -1;
  s.values.forEach((v, i) => {
    if (v === null) return;
    if (lo < 0 || v < (s.values[lo] as number)) lo = i;
    if (hi < 0 || v > (s.values[hi] as number)) hi = i;
  });
  return lo < 0 ? undefined : [s.values[lo] as number, labels[lo], s.values[hi] as number, labels[hi]];
}

/** The chart's conclusion in plain text: kind, series, range, extremes. */
export function chartSummary(
  type: ChartType,
  labels: readonly string[],
  series: readonly Series[],
  format: NumberFormat,
): string {
  const f = formatter(format);
  const span = labels.length === 1
    ? `for ${q(labels[0])}`
    : `over ${formatCount(labels.length)} labels from ${q(labels[0])} to ${q(labels[labels.length - 1])}`;
  if (type === "pie" || type === "donut") {
    const values = series[0].values;
    const parts = shares(values);
    const order = parts.map((p, i) => [p, i] as const).filter(([p]) => p > 0).sort((a, b) => b[0] - a[0]);
    const pct = new Intl.NumberFormat(format.locale, { style: "percent", maximumFractionDigits: 1 });
    const total = values.reduce<number>((s, v) => s + (v ?? 0), 0);
    const list = order.slice(0, 6).map(([p, i]) =>
      `${q(labels[i])} ${pct.format(p)}${format.style === "percent" ? "" : ` (${f(values[i] as number)})`}`
    );
    const more = order.length > 6 ? `, and ${order.length - 6} more` : "";
    return `${NAMES[type]} of ${q(series[0].name)}, total ${f(total)}: ${list.join(", ")}${more}.`;
  }
  const names = series.length === 1
    ? q(series[0].name)
    : `${series.length} series (${series.slice(0, 6).map((s) => q(s.name)).join(", ")}${
      series.length > 6 ? ", …" : ""
    })`;
  const ranges = series.slice(0, 6).map((s) => {
    const e = extremes(s, labels);
    if (!e) return `${q(s.name)} has no values`;
    return e[0] === e[2]
      ? `${q(s.name)} is ${f(e[0])} throughout`
      : `${q(s.name)} ranges from ${f(e[0])} (${q(e[1])}) to ${f(e[2])} (${q(e[3])})`;
  });
  return `${NAMES[type]} of ${names} ${span}. ${ranges.join("; ")}.`;
}

/** The data table: one row per plotted label, one column per series, raw values in data-v. */
function dataTable(data: ChartData, note: string): Table {
  const pie = data.type === "pie" || data.type === "donut";
  const head = [
    data.xTitle || "Label",
    ...(data.x ? ["x"] : []),
    ...data.series.map((s) => s.name),
    ...(pie ? ["Share"] : []),
  ];
  const parts = pie ? shares(data.series[0].values) : [];
  // Built only for pies: a number format costs more to make than a hundred rows to write.
  const pct = pie
    ? new Intl.NumberFormat(data.format.locale, { style: "percent", maximumFractionDigits: 1 })
    : undefined;
  const rows = data.labels.map((label, i) => {
    const cells: Cell[] = [];
    if (data.x) cells.push({ x: data.x[i], text: String(data.x[i]) });
    for (const s of data.series) cells.push(s.values[i]);
    if (pct) cells.push(pct.format(parts[i]));
    return { label, cells };
  });
  return { head, rows, caption: note ? "Plotted points (downsampled)" : undefined };
}

/** A digest of the spec: ids need only differ between charts on one page. */
function seedOf(spec: ChartSpec, labels: readonly string[]): string {
  return JSON.stringify([
    spec.type,
    spec.title,
    labels.length,
    labels[0],
    labels.at(-1),
    spec.series.map((s) => [s.name, s.values.length, s.values.reduce<number>((a, v) => a + (v ?? 0), 0)]),
  ]);
}

/** Renders a checked chart spec into a figure. */
export function renderChart(spec: ChartSpec): RenderedChart {
  const { labels, format } = checkChart(spec);
  const seed = seedOf(spec, labels);
  const id = idMaker(seed);
  const f = formatter(format);
  const title = escape(clip(spec.title, 200));
  if (spec.type === "radar") return radarFigure(spec, labels, format, { title, id });
  if (spec.type === "gauge") {
    const gauge = gaugeFigure(spec, labels, format, id);
    return { html: raw(gauge.html), summary: gauge.summary };
  }
  const draw = KINDS[spec.type];
  if (draw) {
    const out = draw({ spec, labels, series: spec.series, format });
    const plotted = cartesianPlot(out.plot, { title, desc: escape(spec.description ?? out.summary), id });
    const legend = out.legend && plotted.legend !== undefined ? legendHtml(out.legend, plotted.legend) : "";
    const html = figureHtml(spec.type, format, {
      legend,
      plot: plotted.html,
      note: "",
      table: tableHtml(out.table, f),
    });
    return { html: raw(html), summary: out.summary, labels: plotted.labels };
  }
  const series = spec.series;
  let data: ChartData = {
    type: spec.type,
    labels,
    series: series.map((s) => ({ name: s.name, values: s.values })),
    x: spec.x,
    format,
    xTitle: spec.xTitle,
    yTitle: spec.yTitle,
    idPrefix: seed,
  };
  let downsampled: RenderedChart["downsampled"];
  let note = "";
  let rows: number[] | undefined;
  if (LINEAR.has(spec.type) && labels.length > DOWNSAMPLE_TO) {
    const kept = rows = downsampleShared(data.series.map((s) => s.values), DOWNSAMPLE_TO);
    downsampled = { from: labels.length, to: kept.length };
    data = {
      ...data,
      labels: pick(labels, kept),
      series: data.series.map((s) => ({ name: s.name, values: pick(s.values, kept) })),
    };
    note = `Downsampled from ${formatCount(labels.length)} to ${
      formatCount(rows.length)
    } points per series (largest-triangle-three-buckets keeps peaks and dips); the table lists the plotted points.`;
  }
  const time = TIMED.has(spec.type) ? timeAxis(labels, format.locale, rows) : undefined;
  if (time) data = { ...data, time, xTitle: time.zoned ? `${spec.xTitle ?? "Time"} (UTC)` : spec.xTitle };
  const gaps = time ? gapNote(time, data.labels) : "";
  const summary = chartSummary(spec.type, labels, series, format) +
    (note ? " " + note.split(";")[0] + "." : "") + (gaps ? " " + gaps : "");
  const pie = spec.type === "pie" || spec.type === "donut";
  const desc = escape(spec.description ?? summary);
  let legend = "";
  let plotHtml: string;
  let strategies: RenderedChart["labels"];
  if (pie) {
    const parts = shares(data.series[0].values);
    const pct = new Intl.NumberFormat(format.locale, { style: "percent", maximumFractionDigits: 1 });
    legend = legendHtml(data.labels.map((name, i) => {
      const v = data.series[0].values[i];
      const extra = v === null
        ? "—"
        : format.style === "percent"
        ? pct.format(parts[i])
        : `${pct.format(parts[i])} · ${f(v)}`;
      return { name, extra };
    }));
    const tid = id("chart-title");
    const did = id("chart-desc");
    plotHtml =
      `<div class="mcc-plot"><svg class="mcc-pie" viewBox="0 0 ${PIE_SIZE} ${PIE_SIZE}" width="${PIE_SIZE}" height="${PIE_SIZE}" role="img" aria-labelledby="${tid} ${did}"><title id="${tid}">${title}</title><desc id="${did}">${desc}</desc>${
        pieChart(data, spec.type === "donut")
      }</svg></div>`;
  } else {
    const plotted = cartesianPlot(cartesian(data), { title, desc, id });
    plotHtml = plotted.html;
    strategies = plotted.labels;
    if (plotted.legend !== undefined) {
      legend = legendHtml(data.series.map((s) => ({ name: s.name })), plotted.legend);
    }
  }
  const html = figureHtml(spec.type, format, {
    legend,
    plot: plotHtml,
    note,
    table: tableHtml(dataTable(data, note), f),
    round: pie,
  });
  return { html: raw(html), summary, labels: strategies, downsampled };
}

/** A radar keeps its circle: one fixed-size SVG (radar.ts) beside its legend, like a pie. */
function radarFigure(
  spec: ChartSpec,
  labels: string[],
  format: NumberFormat,
  { title, id }: { title: string; id: (name: string) => string },
): RenderedChart {
  const { series } = spec;
  const summary = radarSummary(labels, series, format);
  const tid = id("chart-title");
  const did = id("chart-desc");
  const radar = radarChart(labels, series, format);
  const plot =
    `<div class="mcc-plot"><svg class="mcc-pie mcc-radar" viewBox="0 0 ${radar.width} ${radar.height}" width="${radar.width}" height="${radar.height}" role="img" aria-labelledby="${tid} ${did}"><title id="${tid}">${title}</title><desc id="${did}">${
      escape(spec.description ?? summary)
    }</desc>${radar.svg}</svg></div>`;
  const html = figureHtml(spec.type, format, {
    legend: legendHtml(series.map((s) => ({ name: s.name }))),
    plot,
    note: "",
    table: tableHtml(radarTable(labels, series, spec.xTitle), formatter(format)),
    round: true,
  });
  return { html: raw(html), summary };
}
