/**
 * Text measurement without a browser: an estimate of rendered width per character class (narrow,
 * average, wide Latin, full-width CJK and emoji), on the wide side (DejaVu Sans, the widest common
 * default) so labels laid out with it never overlap. Truncation and wrapping work on code points, never splitting a surrogate pair.
 */

const NARROW = /[ilj.,:;'!|()[\]{}ftrI1 ]/;
const WIDE = /[MWmw@%&#<>=+~^]/;
const CAPITAL = /[A-Z0-9]/;

/** True for code points a browser draws about one em wide (CJK, Hangul, full-width forms, emoji). */
function isFullWidth(cp: number): boolean {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd);
}

/** Widths of the ASCII characters, looked up instead of tested (labels are mostly ASCII). */
const ASCII = Array.from({ length: 128 }, (_, i) => slowWidth(String.fromCharCode(i)));

/** Estimated width of one code point, in ems. */
function charWidth(ch: string): number {
  const cp = ch.charCodeAt(0);
  return cp < 128 ? ASCII[cp] : slowWidth(ch);
}

function slowWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x300 && cp <= 0x36f) return 0; // combining marks
  if (isFullWidth(cp)) return 1;
  if (NARROW.test(ch)) return 0.3;
  if (WIDE.test(ch)) return 0.88;
  if (CAPITAL.test(ch)) return 0.68;
  return 0.58;
}

/** Estimated rendered width of `text` at `size` user units. */
export function textWidth(text: string, size: number): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) w += ASCII[c];
    else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++; // the low half of a surrogate pair
      w += slowWidth(String.fromCodePoint(cp));
    }
  }
  return w * size;
}

/** `text` cut to fit `max` units with a trailing ellipsis; unchanged when it fits. */
export function truncate(text: string, max: number, size: number): string {
  if (textWidth(text, size) <= max) return text;
  const budget = max - 0.6 * size;
  let w = 0;
  let out = "";
  for (const ch of text) {
    w += charWidth(ch) * size;
    if (w > budget) break;
    out += ch;
  }
  return out.trimEnd() + "…";
}

/** Splits `text` into at most `lines` lines of `max` units at spaces; the last line is truncated. */
export function wrap(text: string, max: number, size: number, lines = 2): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? line + " " + words[i] : words[i];
    if (textWidth(next, size) <= max || !line) {
      line = next;
      continue;
    }
    out.push(line);
    line = words[i];
    if (out.length === lines - 1) {
      line = words.slice(i).join(" ");
      break;
    }
  }
  if (line) out.push(line);
  return out.map((l) => truncate(l, max, size));
}

/** At most `max` code points of `text` on one line (whitespace collapsed), ending in … when cut. */
export function clip(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const points = Array.from(flat);
  return points.length <= max ? flat : points.slice(0, max - 1).join("").trimEnd() + "…";
}
