/**
 * What every chart kind shares, under the registry (kinds.ts) and the chart builder (chart.ts): the
 * spec as its caller gives it, what a kind's function receives and returns, and the checks any kind
 * may run (magnitudes, number format). A kind's file imports from here, never from chart.ts or
 * kinds.ts, so the files import downward: chart.ts -> kinds.ts -> each kind -> spec.ts.
 */
import { invalidInput } from "../../errors.ts";
import type { LegendEntry, Table } from "./figure.ts";
import { checkCurrency, checkLocale, type NumberFormat, type ValueStyle } from "./format.ts";
import type { Cartesian } from "./layout.ts";
import type { ChartType, Series } from "./model.ts";

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

/**
 * Largest magnitude a chart draws. JSON carries numbers up to 1.8e308, but a range or a sum of such
 * values overflows to Infinity (NaN coordinates, a tick loop without end); at 1e300, 10,000 values
 * still sum to a finite number.
 */
export const MAX_CHART_VALUE = 1e300;

/**
 * Smallest magnitude, besides 0, a chart draws. Nearer zero, a range's step underflows to 0 (5e-324 / 5
 * is 0): NaN coordinates, or an internal error in an x–y frame.
 */
export const MIN_CHART_VALUE = 1e-300;

/** Refuses the first value beyond ±MAX_CHART_VALUE, or nearer zero than ±MIN_CHART_VALUE, naming it as `field[i]`. */
export function checkMagnitudes(values: readonly (number | null)[], field: string): void {
  const at = values.findIndex((v) => v !== null && Math.abs(v) > MAX_CHART_VALUE);
  if (at >= 0) {
    throw invalidInput(
      `${field}[${at}]`,
      `${values[at]} is beyond ±${MAX_CHART_VALUE}, the largest value a chart draws`,
      "Scale the values (e.g. in billions) and say so in the axis title",
    );
  }
  const tiny = values.findIndex((v) => v !== null && v !== 0 && Math.abs(v) < MIN_CHART_VALUE);
  if (tiny >= 0) {
    throw invalidInput(
      `${field}[${tiny}]`,
      `${values[tiny]} is nearer zero than ±${MIN_CHART_VALUE}, the smallest value besides 0 a chart draws`,
      "Use 0, or scale the values (e.g. in billionths) and say so in the axis title",
    );
  }
}

/** The number format a spec asks for: locale, style, currency, digits. */
export function checkFormat(
  spec: Pick<ChartSpec, "locale" | "valueStyle" | "currency" | "digits">,
): NumberFormat {
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
  return { locale, style, currency, digits: spec.digits };
}
