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
import type { LabelStrategy } from "./axis.ts";
import { horizontalBars, verticalBars } from "./bars.ts";
import { checkCurrency, checkLocale, formatter, type NumberFormat, type ValueStyle } from "./format.ts";
import { lineChart } from "./lines.ts";
import { downsampleShared } from "./lttb.ts";
import type { ChartData, ChartType, Plot, Series } from "./model.ts";
import { MAX_SERIES, seriesClass } from "./palette.ts";
import { pieChart, shares } from "./pie.ts";
import { scatterChart } from "./scatter.ts";
import { clip } from "./text.ts";
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

/** A chart as its caller describes it. */
export interface ChartSpec {
  type: ChartType;
  title: string;
  labels?: string[];
  series: Series[];
  x?: number[];
  locale?: string;
  valueStyle?: ValueStyle;
  currency?: string;
  digits?: number;
  xTitle?: string;
  yTitle?: string;
  /** Read by screen readers as the chart's description; the summary is used when absent. */
  description?: string;
}

/** A rendered chart: the figure, the plain-text conclusion and what was done to fit the data. */
export interface RenderedChart {
  html: Html;
  summary: string;
  labels?: LabelStrategy;
  /** Plotted points per series after downsampling, when downsampled. */
  downsampled?: { from: number; to: number };
}

const NAMES: Record<ChartType, string> = {
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
};

const LINEAR: ReadonlySet<ChartType> = new Set(["line", "area", "stacked_area"]);
const BARS: ReadonlySet<ChartType> = new Set(["bar", "horizontal_bar", "grouped_bar", "stacked_bar"]);

/**
 * Largest magnitude a chart draws. JSON carries numbers up to 1.8e308, but a range or a sum of such
 * values overflows to Infinity (NaN coordinates, a tick loop without end); at 1e300, 10,000 values
 * still sum to a finite number.
 */
export const MAX_CHART_VALUE = 1e300;

/** Refuses the first value beyond ±MAX_CHART_VALUE, naming it as `field[i]`. */
export function checkMagnitudes(values: readonly (number | null)[], field: string): void {
  const at = values.findIndex((v) => v !== null && Math.abs(v) > MAX_CHART_VALUE);
  if (at < 0) return;
  throw invalidInput(
    `${field}[${at}]`,
    `${values[at]} is beyond ±${MAX_CHART_VALUE}, the largest value a chart draws`,
    "Scale the values (e.g. in billions) and say so in the axis title",
  );
}

/** Checks the spec against the kind's rules; throws a ToolError naming the field and the limit. */
export function checkChart(spec: ChartSpec): { labels: string[]; format: NumberFormat } {
  const { type, series } = spec;
  if (series.length === 0) throw invalidInput("series", "give at least one series", "Add { name, values }");
  if (series.length > MAX_SERIES) {
    throw invalidInput(
      "series",
      `${series.length} series is more than ${MAX_SERIES}`,
      "Combine or drop series, or make several charts",
    );
  }
  if (spec.x && spec.type !== "scatter") {
    throw invalidInput("x", `only scatter uses numeric x, not "${type}"`, "Drop x, or use type scatter");
  }
  const n = spec.labels?.length ?? spec.x?.length ?? series[0].values.length;
  const labels = spec.labels ?? spec.x?.map(String);
  if (!labels) throw invalidInput("labels", "give a label for each value", 'Add labels, e.g. ["Q1", "Q2"]');
  if (n === 0) throw invalidInput("labels", "give at least one label", "Add a label and a value for it");
  if (spec.x && spec.x.length !== n) {
    throw invalidInput("x", `${spec.x.length} x values for ${n} labels`, "Give one x per label");
  }
  if (spec.x) checkMagnitudes(spec.x, "x");
  const max = BARS.has(type) ? MAX_BARS : type === "pie" || type === "donut" ? MAX_SLICES : MAX_POINTS;
  if (n > max) {
    const hint = BARS.has(type)
      ? "Use a line chart for long series"
      : type === "pie" || type === "donut"
      ? 'Fold the smallest slices into one "Other" slice, or use a bar chart'
      : "Aggregate the data (e.g. by day instead of by minute)";
    throw invalidInput("labels", `${n} labels is more than ${max} for a ${type} chart`, hint);
  }
  let points = 0;
  series.forEach((s, k) => {
    if (s.values.length !== n) {
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
  if (type === "scatter" && points > MAX_SCATTER_POINTS) {
    throw invalidInput(
      "series",
      `${points} points is more than ${MAX_SCATTER_POINTS} for a scatter plot`,
      "Sample the points, or use a line chart",
    );
  }
  if (type === "pie" || type === "donut") {
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
  const locale = checkLocale(spec.locale ?? "en-US");
  const style = spec.valueStyle ?? "number";
  if (spec.currency && style !== "currency") {
    throw invalidInput(
      "currency",
      `only applies with valueStyle "currency", not "${style}"`,
      "Set valueStyle to currency, or drop currency",
    );
  }
  const currency = style === "currency" ? checkCurrency(spec.currency ?? "USD") : undefined;
  return { labels, format: { locale, style, currency, digits: spec.digits } };
}

function pick<T>(items: readonly T[], rows: readonly number[]): T[] {
  return rows.map((i) => items[i]);
}

function plot(data: ChartData): Plot {
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
    case "pie":
      return pieChart(data, false);
    case "donut":
      return pieChart(data, true);
    case "scatter":
      return scatterChart(data);
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
  const q = (l: string) => `"${clip(l, 40)}"`;
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

/** The legend: one swatch per series (per slice for pies), in drawing order. */
function legend(names: readonly string[], extra?: readonly string[]): string {
  const items = names.map((name, i) =>
    `<li><span class="mcc-sw ${seriesClass(i)}"></span>${escape(name)}${
      extra ? `<span class="mcc-muted"> ${escape(extra[i])}</span>` : ""
    }</li>`
  );
  return `<ul class="mcc-legend">${items.join("")}</ul>`;
}

/** The data table: one row per plotted label, one column per series, raw values in data-v. */
function dataTable(data: ChartData, f: (v: number) => string, note: string): string {
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
  let rows = "";
  data.labels.forEach((label, i) => {
    let cells = `<th scope="row">${escape(label)}</th>`;
    if (data.x) cells += `<td data-vx="${data.x[i]}">${escape(String(data.x[i]))}</td>`;
    for (const s of data.series) {
      const v = s.values[i];
      cells += v === null ? "<td>—</td>" : `<td data-v="${v}">${escape(f(v))}</td>`;
    }
    if (pct) cells += `<td>${escape(pct.format(parts[i]))}</td>`;
    rows += `<tr>${cells}</tr>`;
  });
  const th = head.map((h) => `<th scope="col">${escape(h)}</th>`).join("");
  return `<details class="mcc-data"><summary>Data table</summary><div class="mcc-table-wrap" tabindex="0" role="region" aria-label="Data table">` +
    `<table class="mcc-table">${
      note ? `<caption>${escape(note)}</caption>` : ""
    }<thead><tr>${th}</tr></thead><tbody>${rows}</tbody></table></div></details>`;
}

/** Renders a checked chart spec into a figure. */
export function renderChart(spec: ChartSpec): RenderedChart {
  const { labels, format } = checkChart(spec);
  // ids need only differ between charts on one page: a digest of the spec, not all of it
  const seed = JSON.stringify([
    spec.type,
    spec.title,
    labels.length,
    labels[0],
    labels.at(-1),
    spec.series.map((s) => [s.name, s.values.length, s.values.reduce<number>((a, v) => a + (v ?? 0), 0)]),
  ]);
  let data: ChartData = {
    type: spec.type,
    labels,
    series: spec.series.map((s) => ({ name: s.name, values: s.values })),
    x: spec.x,
    format,
    xTitle: spec.xTitle,
    yTitle: spec.yTitle,
    idPrefix: seed,
  };
  let downsampled: RenderedChart["downsampled"];
  let note = "";
  if (LINEAR.has(spec.type) && labels.length > DOWNSAMPLE_TO) {
    const rows = downsampleShared(data.series.map((s) => s.values), DOWNSAMPLE_TO);
    downsampled = { from: labels.length, to: rows.length };
    data = {
      ...data,
      labels: pick(labels, rows),
      series: data.series.map((s) => ({ name: s.name, values: pick(s.values, rows) })),
    };
    note = `Downsampled from ${formatCount(labels.length)} to ${
      formatCount(rows.length)
    } points per series (largest-triangle-three-buckets keeps peaks and dips); the table lists the plotted points.`;
  }
  const p = plot(data);
  const summary = chartSummary(spec.type, labels, spec.series, format) +
    (note ? " " + note.split(";")[0] + "." : "");
  const id = idMaker(seed);
  const tid = id("chart-title");
  const did = id("chart-desc");
  const f = formatter(format);
  const pie = spec.type === "pie" || spec.type === "donut";
  let legendHtml = "";
  if (pie) {
    const parts = shares(data.series[0].values);
    const pct = new Intl.NumberFormat(format.locale, { style: "percent", maximumFractionDigits: 1 });
    legendHtml = legend(
      data.labels,
      data.series[0].values.map((v, i) =>
        v === null
          ? "—"
          : format.style === "percent"
          ? pct.format(parts[i])
          : `${pct.format(parts[i])} · ${f(v)}`
      ),
    );
  } else if (data.series.length > 1 && !p.directLabels) legendHtml = legend(data.series.map((s) => s.name));
  const fmt = JSON.stringify({
    locale: format.locale,
    style: format.style,
    currency: format.currency,
    digits: format.digits,
  });
  const svg =
    `<svg class="mcc-svg" viewBox="0 0 ${p.width} ${Math.ceil(p.height)}" width="${p.width}" height="${
      Math.ceil(p.height)
    }" role="img" aria-labelledby="${tid} ${did}"${p.labels ? ` data-mcc-labels="${p.labels}"` : ""}>` +
    `<title id="${tid}">${escape(clip(spec.title, 200))}</title><desc id="${did}">${
      escape(spec.description ?? summary)
    }</desc>${p.body}</svg>`;
  const html =
    `<figure class="mcc-chart mcc-chart-${spec.type}" data-mcc-chart="${spec.type}" data-mcc-fmt="${
      escape(fmt)
    }">` +
    legendHtml + `<div class="mcc-plot">${svg}</div>` +
    (note ? `<p class="mcc-chart-note">${escape(note)}</p>` : "") +
    dataTable(data, f, note ? "Plotted points (downsampled)" : "") + `</figure>`;
  return { html: raw(html), summary, labels: p.labels, downsampled };
}
