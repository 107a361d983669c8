/**
 * What reads as a number in a table cell, shared by the server (which right-aligns such columns)
 * and the view's grid (which sorts and sums them): the two must agree on every cell.
 */

/** Sign, currency, digit groups, decimals, exponent, percent; a decimal comma is not a number here. */
const NUMERIC =
  /^[+\-\u2212]?[$€£¥]?(?:\d{1,3}(?:[,\u00a0\u202f]\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?\s?[%‰]?$/;

/** A cell that says a value is missing: a blank, dashes ("—", "-", "–") or "n/a" ("NA"). */
const MISSING = /^(?:[-\u2010-\u2015\u2212]+|n\/?a)?$/i;

/** Whether a (trimmed) cell says its value is missing (a numeric column may hold such cells). */
export const isMissing = (cell: string): boolean => MISSING.test(cell);

/** Whether a (trimmed) cell reads as a number. */
export const isNumeric = (cell: string): boolean => /\d/.test(cell) && NUMERIC.test(cell);

/** The number a cell shows, if it reads as one. */
export function numberOf(text: string): number | undefined {
  const cell = text.trim();
  if (!isNumeric(cell)) return undefined;
  return Number(cell.replace(/[\s,$€£¥%‰]/g, "").replace(/^\u2212/, "-"));
}

/**
 * Whether a chart prints a number in scientific notation: past 1e21 and nearer zero than 1e-6, where
 * JavaScript's own numbers turn to e-notation (1e300 in full is 400 characters, 1e-300 at fixed digits
 * is 0). The server's text and the view's reprint in the host's locale must agree.
 */
export function inScientific(v: number): boolean {
  const a = Math.abs(v);
  return a >= 1e21 || (a > 0 && a < 1e-6);
}
