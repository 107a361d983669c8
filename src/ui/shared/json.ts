/**
 * JSON for text a model or a host reads as lines (a prompt, a summary), shared by the server and
 * the browser runtime. `JSON.stringify` leaves the line and paragraph separators U+2028 and U+2029
 * as they are, and a reader may break a line there: written as `\u2028` and `\u2029`, a string
 * from a page or a file stays on its line inside its quotes. `JSON.parse` reads the same value back.
 */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  return /[\u2028\u2029]/.test(text)
    ? text.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"))
    : text;
}
