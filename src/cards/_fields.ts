/**
 * Input fields several cards share, and the checks their schemas cannot express. Every field is
 * described: the description is the model's only manual for it.
 */
import { z } from "zod";
import { invalidInput } from "../errors.ts";
import type { BlockContent } from "../render/content.ts";

/** A required line of plain text (a title, a label, an item): at most `max` characters, not blank. */
export function plainLine(max: number, description?: string) {
  const line = z.string().max(max).regex(/\S/, { error: "must not be empty or only whitespace" });
  return description ? line.describe(description) : line;
}

/** Every card's title. */
export const cardTitle = plainLine(200, "Title");

/** Longest text or html one content block may hold. */
export const MAX_BLOCK_CHARS = 100_000;

/** The content fields of a tab or a section. */
export const contentFields = {
  text: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "Plain text",
  ),
  html: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "Markup, sanitized",
  ),
  code: z.string().max(MAX_BLOCK_CHARS).optional().describe(
    "Code",
  ),
  language: z.string().max(40).optional().describe(
    "Of code",
  ),
};

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
