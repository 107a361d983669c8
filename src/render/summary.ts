/**
 * Helpers for the text summaries every card returns: the model and hosts without MCP Apps read
 * only these, so they must carry the card's point in plain text.
 */

/** One line of plain text for summaries: whitespace folded, cut at `max` characters. */
export function brief(text: string, max = 80): string {
  const flat = (/\s\s|[^\S ]/.test(text) ? text.replace(/\s+/g, " ") : text).trim();
  if (flat.length <= max) return flat;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(flat[cut - 1])) cut--; // never split a surrogate pair
  return flat.slice(0, cut) + "…";
}

/** "1 row", "3 rows": a count with its noun, plural by adding `s` unless told otherwise. */
export function plural(n: number, noun: string, nouns = noun + "s"): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
