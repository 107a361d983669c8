/**
 * The table grid's arithmetic, free of the DOM so it is tested in Deno: the value a cell holds for
 * sorting (a number, a date, or text), a stable order with missing values last, the folding that
 * makes the filter blind to case and accents, and the sum a numeric column's footer shows.
 */

import { numberOf } from "../shared/number.ts";

/** What a column holds, as the server marked it: `mcc-num` cells, `<time>` cells, or text. */
export type ColumnType = "number" | "date" | "text";

/** A cell's sort key; undefined for a missing value (blank, a dash, "n/a"). */
export type Key = number | string | undefined;

/** An ISO date or time as milliseconds (a time without an offset is read as UTC, as the view shows it). */
export function dateOf(text: string): number | undefined {
  const t = text.trim();
  const ms = t
    ? Date.parse(t.replace(" ", "T") + (t.length > 10 && !/[Z+-]/.test(t.slice(16)) ? "Z" : ""))
    : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

export function keyOf(text: string, type: ColumnType): Key {
  return type == "number" ? numberOf(text) : type == "date" ? dateOf(text) : text.trim() || undefined;
}

/**
 * Row indexes ordered by their keys, ascending (`dir` 1) or descending (-1): missing values last
 * either way, equal keys in their source order (a stable sort, whatever the direction).
 */
export function order(
  keys: readonly Key[],
  dir: number,
  compareText: (a: string, b: string) => number,
): number[] {
  return keys.map((_, i) => i).sort((a, b) => {
    const x = keys[a];
    const y = keys[b];
    const missing = +(x === undefined) - +(y === undefined);
    if (missing || x === undefined) return missing || a - b;
    return dir * (typeof x == "number" ? x - (y as number) : compareText(x, y as string)) || a - b;
  });
}

/** Text for matching: decomposed, marks and invisible format characters dropped, lowercased. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/[\p{M}\p{Cf}]/gu, "").toLowerCase();
}

/** Whether folded row text holds every word of the folded query. */
export function matches(rowText: string, query: string): boolean {
  return fold(query).split(/\s+/).every((word) => rowText.includes(word));
}

/**
 * The sum of a numeric column's shown cells, written like them: their most decimals (at most 6),
 * a percent sign when every cell has one, a currency sign when every cell has the first one's.
 */
export function formatSum(sum: number, texts: readonly string[], locale: string): string {
  const decimals = Math.min(6, Math.max(0, ...texts.map((t) => /\.(\d+)/.exec(t)?.[1].length ?? 0)));
  const percent = texts.every((t) => /%\s*$/.test(t));
  const currency = /[$€£¥]/.exec(texts[0] ?? "")?.[0];
  const number = new Intl.NumberFormat(locale, {
    style: percent ? "percent" : undefined,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(percent ? sum / 100 : sum);
  const same = currency && texts.every((t) => t.includes(currency));
  return same ? number.replace(/^[-\u2212]?/, (sign) => sign + currency) : number;
}
