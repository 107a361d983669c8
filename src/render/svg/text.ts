/**
 * Text measurement without a browser. ASCII widths are Chromium's own advances, measured by
 * scripts/measure_text.ts as the per-character maximum of DejaVu Sans (the widest common UI font,
 * and `system-ui` on most Linux machines) and Liberation Sans (metric-equal to Arial and
 * Helvetica), so a layout made with them holds in any common sans font: hosts' fonts are narrower,
 * never wider. Other scripts are estimated per block on the wide side (full-width CJK and emoji one
 * em and more). Kerning only narrows text, so a sum of advances is an upper bound;
 * tests/browser/text_width_test.ts checks the estimate against Chromium's measure of whole labels.
 * Truncation and wrapping work on code points, never splitting a surrogate pair.
 */

/** Advances of " " (32) to "~" (126) in hundredths of an em, regular and bold. */
// deno-fmt-ignore
const REGULAR = [32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 56, 102, 69, 69, 73, 78, 67, 62, 78, 76, 30, 50, 67, 56, 87, 75, 79, 67, 79, 73, 67, 62, 74, 69, 99, 69, 67, 69, 40, 34, 40, 84, 56, 50, 62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, 64, 64, 42, 53, 40, 64, 60, 82, 60, 60, 53, 64, 34, 64, 84];
// deno-fmt-ignore
const BOLD = [35, 46, 53, 84, 70, 101, 88, 31, 46, 46, 53, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 62, 100, 78, 77, 74, 84, 69, 69, 83, 84, 38, 56, 78, 64, 100, 84, 86, 74, 86, 78, 73, 69, 82, 78, 111, 78, 73, 73, 46, 37, 46, 84, 56, 50, 68, 72, 60, 72, 68, 44, 72, 72, 35, 35, 67, 35, 105, 72, 69, 72, 72, 50, 60, 48, 72, 66, 93, 65, 66, 59, 72, 37, 72, 84];

/** Bold runs about a tenth wider than regular outside ASCII. */
const BOLD_FACTOR = 1.1;

/** Measured regular advances of common non-ASCII punctuation and of letters without an ASCII base, in ems. */
const SYMBOLS: Record<string, number> = {
  "…": 1,
  "—": 1,
  "–": 0.5,
  "€": 0.64,
  "£": 0.64,
  "¥": 0.64,
  "‘": 0.32,
  "’": 0.32,
  "“": 0.52,
  "”": 0.52,
  "•": 0.59,
  "·": 0.32,
  "°": 0.5,
  "±": 0.84,
  "×": 0.84,
  "÷": 0.84,
  "−": 0.84,
  "\u00a0": 0.32,
  "\u202f": 0.2,
  "‑": 0.36,
  "‐": 0.36,
  "ß": 0.63,
  "ø": 0.62,
  "Ø": 0.79,
  "æ": 0.98,
  "Æ": 1,
  "œ": 1.02,
  "Œ": 1.05,
  "ł": 0.3,
  "Ł": 0.58,
};

/** True for code points that draw nothing: combining marks, joiners, bidi and variation controls. */
function isZeroWidth(cp: number): boolean {
  return (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff;
}

/** True for code points a browser draws about one em wide (CJK, Hangul, full-width forms). */
function isFullWidth(cp: number): boolean {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd);
}

/** Width in ems of one non-ASCII code point, regular weight. */
function otherWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (isZeroWidth(cp)) return 0;
  const symbol = SYMBOLS[ch];
  if (symbol !== undefined) return symbol;
  // an accented Latin letter is as wide as its base letter
  const base = ch.normalize("NFD").charCodeAt(0);
  if (base >= 32 && base < 127) return REGULAR[base - 32] / 100;
  if (isFullWidth(cp)) return 1;
  if (cp >= 0x1f000 && cp <= 0x1faff || cp >= 0x2600 && cp <= 0x27bf) return 1.25; // emoji, dingbats
  if (cp >= 0x370 && cp <= 0x3ff) return 0.72; // Greek
  if (cp >= 0x400 && cp <= 0x52f) return 0.76; // Cyrillic
  if (cp >= 0x590 && cp <= 0x5ff) return 0.72; // Hebrew
  // Arabic letters join: in words they run narrower than their isolated forms
  if (cp >= 0x600 && cp <= 0x6ff || cp >= 0x750 && cp <= 0x77f || cp >= 0xfb50 && cp <= 0xfeff) return 0.55;
  return 0.8;
}

/** Estimated width of one code point, in ems. */
function charWidth(ch: string, bold: boolean): number {
  const c = ch.charCodeAt(0);
  if (c >= 32 && c < 127) return (bold ? BOLD : REGULAR)[c - 32] / 100;
  if (c < 32) return 0;
  return otherWidth(ch) * (bold ? BOLD_FACTOR : 1);
}

/** Estimated rendered width of `text` at `size` px (an upper bound in common sans fonts). */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? BOLD : REGULAR;
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 32 && c < 127) w += table[c - 32] / 100;
    else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++; // the low half of a surrogate pair
      w += charWidth(String.fromCodePoint(cp), bold);
    }
  }
  return w * size;
}

/** `text` cut to fit `max` px with a trailing ellipsis; unchanged when it fits. */
export function truncate(text: string, max: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= max) return text;
  const budget = max - charWidth("…", bold) * size;
  let w = 0;
  let out = "";
  for (const ch of text) {
    w += charWidth(ch, bold) * size;
    if (w > budget) break;
    out += ch;
  }
  return out.trimEnd() + "…";
}

/** Splits `text` into at most `lines` lines of `max` px at spaces; the last line is truncated. */
export function wrap(text: string, max: number, size: number, lines = 2, bold = false): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? line + " " + words[i] : words[i];
    if (textWidth(next, size, bold) <= max || !line) {
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
  return out.map((l) => truncate(l, max, size, bold));
}

/** At most `max` code points of `text` on one line (whitespace collapsed), ending in … when cut. */
export function clip(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const points = Array.from(flat);
  return points.length <= max ? flat : points.slice(0, max - 1).join("").trimEnd() + "…";
}
