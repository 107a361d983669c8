/**
 * What reads as a number in a table cell, shared by the server (which right-aligns such columns)
 * and the view's grid (which sorts and sums them): the two must agree on every cell.
 */

/** Sign, currency, digit groups, decimals, exponent, percent; a decimal comma is not a number here. */
const NUMERIC =
  /^[+\-\u2212]?[$€£¥]?(?:\d{1,3}(?:[,\u00a0\u202f]\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?\s?[%‰]?$/;

/** Whether a (trimmed) cell reads as a number. */
export const isNumeric = (cell: string): boolean => /\d/.test(cell) && NUMERIC.test(cell);

/** The number a cell shows, if it reads as one. */
export function numberOf(text: string): number | undefined {
  const cell = text.trim();
  if (!isNumeric(cell)) return undefined;
  return Number(cell.replace(/[\s,$€£¥%‰]/g, "").replace(/^\u2212/, "-"));
}
