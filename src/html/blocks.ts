/**
 * Content blocks several cards share: plain text, sanitized html and code samples. Tabs and
 * reveal sections take the same three kinds of content, so they are described and rendered once.
 */
import { z } from "zod";
import { invalidInput } from "../errors.ts";
import { type Html, join, markup, slug } from "./html.ts";
import { sanitize } from "./sanitize.ts";

/** A required line of plain text (a title, a label, an item): at most `max` characters, not blank. */
export function plainLine(max: number, description: string) {
  return z.string().max(max).regex(/\S/, { error: "must not be empty or only whitespace" }).describe(
    description,
  );
}

/** Every card's title. */
export const cardTitle = plainLine(200, "Card title, plain text");

/** Longest text or html one content block may hold. */
export const MAX_BLOCK_CHARS = 100_000;

/** The content fields of a tab or a section. */
export const contentFields = {
  text: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "Plain text, shown as typed (escaped once, never decoded). Blank lines start new paragraphs",
  ),
  html: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "HTML formatting (b, i, code, lists, tables, links). Sanitized: scripts, handlers, styles, frames and forms are removed",
  ),
  code: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "A code sample, shown verbatim with a copy button",
  ),
  language: z.string().max(40).optional().describe(
    "Language of `code`, shown as its label (e.g. python, bash)",
  ),
};

/** Content of a tab or section: any of text, html and code, shown in that order. */
export interface BlockContent {
  text?: string;
  html?: string;
  code?: string;
  language?: string;
}

/** Most characters of `html` one card may carry in all: sanitizing is the costliest step. */
export const MAX_TOTAL_HTML_CHARS = 200_000;

function hasContent(c: BlockContent): boolean {
  return Boolean(c.text?.trim() || c.html?.trim() || c.code?.length);
}

/**
 * Checks a card's tabs or sections before rendering: each holds something, and their html
 * fields together stay within what the sanitizer handles quickly.
 */
export function assertBlocks(items: readonly BlockContent[], field: string, noun: string): void {
  const empty = items.findIndex((c) => !hasContent(c));
  if (empty >= 0) throw invalidInput(`${field}[${empty}]`, `a ${noun} needs text, html or code`);
  const html = items.reduce((n, c) => n + (c.html?.length ?? 0), 0);
  if (html > MAX_TOTAL_HTML_CHARS) {
    throw invalidInput(
      field,
      `the html fields hold ${html} characters in all, the limit is ${MAX_TOTAL_HTML_CHARS}`,
      "Split the content across several cards, or send long passages as text",
    );
  }
}

/**
 * Plain text as paragraphs: a line holding only whitespace ends one. Line breaks inside a
 * paragraph are kept exactly as typed (CSS shows them). One pass over the line breaks: no regex
 * here can backtrack on hostile whitespace.
 */
export function textBlock(text: string): Html {
  const paragraphs: string[] = [];
  let start = -1; // where the open paragraph's first line starts
  let end = -1; // where its last non-blank line ends
  let lineStart = 0;
  for (const brk of [...text.matchAll(/\r\n|\r|\n/g), undefined]) {
    const lineEnd = brk ? brk.index : text.length;
    if (text.slice(lineStart, lineEnd).trim() === "") {
      if (start >= 0) paragraphs.push(text.slice(start, end));
      start = -1;
    } else {
      if (start < 0) start = lineStart;
      end = lineEnd;
    }
    if (brk) lineStart = lineEnd + brk[0].length;
  }
  if (start >= 0) paragraphs.push(text.slice(start, end));
  return join(paragraphs.map((p) => markup`<p class="mcc-text">${p}</p>`));
}

/** A code sample with its language label and a copy button. */
export function codeBlock(code: string, language?: string): Html {
  const label = language?.trim() || "code";
  const langClass = language?.trim() ? markup` class="language-${slug(language, "text")}"` : "";
  const bar =
    markup`<figcaption class="mcc-code-bar"><span class="mcc-code-lang">${label}</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption>`;
  return markup`<figure class="mcc-code">${bar}<pre tabindex="0"><code${langClass}>${code}</code></pre></figure>`;
}

/** Renders a block's content fields in order: text, html, code. */
export async function renderContent(c: BlockContent): Promise<Html> {
  return join([
    c.text ? textBlock(c.text) : "",
    c.html ? markup`<div class="mcc-html">${await sanitize(c.html)}</div>` : "",
    c.code ? codeBlock(c.code, c.language) : "",
  ]);
}

/** One line of plain text for summaries: whitespace folded, cut at `max` characters. */
export function brief(text: string, max = 80): string {
  const flat = (/\s\s|[^\S ]/.test(text) ? text.replace(/\s+/g, " ") : text).trim();
  if (flat.length <= max) return flat;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(flat[cut - 1])) cut--; // never split a surrogate pair
  return flat.slice(0, cut) + "…";
}
