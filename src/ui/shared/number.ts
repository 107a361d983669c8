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
