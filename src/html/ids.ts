/**
 * Deterministic element ids. Card HTML never holds random ids (golden files depend on it), yet
 * two cards on one page must not clash, so ids start with a short hash of the card's content.
 */

/** FNV-1a over UTF-16 code units, as 7 base-36 digits: stable, fast, not for security. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, "0");
}

/** Returns a function that hands out `<prefix>-<name>-<n>` ids, counting per card. */
export function idMaker(seed: string): (name: string) => string {
  const prefix = "m" + shortHash(seed);
  let n = 0;
  return (name) => `${prefix}-${name}-${++n}`;
}
