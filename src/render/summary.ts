/**
 * Helpers for the text summaries every card returns: the model and hosts without MCP Apps read
 * only these, so they must carry the card's point in plain text. The rules every summary follows:
 * it includes what most often holds the conclusion (intros, captions, details, every content
 * field), stays within {@link SUMMARY_BUDGET}, and says what it left out.
 */
import { oneLine } from "../quote.ts";

/** Characters a card's summary may take before lines are left out (the card holds the rest). */
export const SUMMARY_BUDGET = 4_000;

/** Characters one content field (text, html, code) may take in a summary line. */
export const FIELD_BRIEF = 300;

/** One line of plain text for summaries: whitespace folded, cut at `max` characters. */
export function brief(text: string, max = 80): string {
  return oneLine(text, max);
}

/**
 * "40,000" in every locale, so messages read the same everywhere (and without Intl: a locale's
 * number format costs more to make than a card takes to render).
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 row", "3 rows": a count with its noun, plural by adding `s` unless told otherwise. */
export function plural(n: number, noun: string, nouns = noun + "s"): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/**
 * The head lines, then as many of `lines` as fit in `budget` characters in all (newlines
 * counted), then `leftOut(n)` when n lines did not fit. Room for that note is kept, so the whole
 * stays within the budget whatever is left out.
 */
export function withinBudget(
  head: readonly string[],
  lines: readonly string[],
  leftOut: (n: number) => string,
  budget = SUMMARY_BUDGET,
): string {
  const out = [...head];
  let size = head.reduce((n, l) => n + l.length + 1, 0);
  const reserve = leftOut(lines.length).length + 1;
  for (const [i, line] of lines.entries()) {
    const last = i === lines.length - 1;
    if (size + line.length + 1 + (last ? 0 : reserve) > budget) {
      out.push(leftOut(lines.length - i));
      return out.join("\n");
    }
    out.push(line);
    size += line.length + 1;
  }
  return out.join("\n");
}

/** A block's content fields as summary text: each one briefed, labelled when it is not text. */
export function contentSummary(
  c: { text?: string; htmlText?: string; code?: string; language?: string },
): string {
  const parts: string[] = [];
  if (c.text?.trim()) parts.push(brief(c.text, FIELD_BRIEF));
  if (c.htmlText?.trim()) parts.push(brief(c.htmlText, FIELD_BRIEF));
  if (c.code?.trim()) parts.push(`code (${c.language?.trim() || "text"}): ${brief(c.code, FIELD_BRIEF)}`);
  return parts.join(" / ");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Elements that start a new line of text when markup is read as plain text. */
const BLOCK_TAG =
  /<\/?(?:p|div|br|li|tr|h[1-6]|pre|blockquote|ul|ol|dl|dt|dd|table|figure|figcaption|caption|hr)\b[^>]*>/gi;

/** A formula (render/math.ts) and its TeX annotation. */
const MATH =
  /<math( display="block")?>[^]*?<annotation encoding="application\/x-tex">([^<]*)<\/annotation><\/semantics><\/math>/g;

/** Formulas as their TeX source between dollar signs (`$$` for display ones). */
function mathAsTex(html: string): string {
  return html.includes("<math")
    ? html.replace(MATH, (_, block: string | undefined, tex: string) => block ? `$$${tex}$$` : `$${tex}$`)
    : html;
}

/**
 * The text a reader sees in sanitized markup: tags dropped (block elements become line breaks,
 * table cells spaces), formulas as their TeX, character references decoded once. Only for the
 * sanitizer's output, which holds no comments, scripts or styles. Plain replaces without callbacks:
 * deeply nested markup holds tens of thousands of tags.
 */
export function htmlToText(html: string): string {
  const text = mathAsTex(html).replace(BLOCK_TAG, "\n").replace(/<\/?t[dh]\b[^>]*>/gi, " ").replace(
    /<[^>]*>/g,
    "",
  )
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  return text.split("\n").map((l) => l.trim()).filter(Boolean).join("\n");
}
