/**
 * Content blocks several cards share: plain text, sanitized html and code samples. Tabs and
 * reveal sections take the same three kinds of content, so they are rendered once, here.
 */
import { invalidInput } from "../errors.ts";
import { type Html, join, markup, raw } from "../html/html.ts";
import { sanitize } from "../html/sanitize.ts";
import { codeFigure } from "./code_view.ts";
import { languageOf } from "./highlight.ts";
import { type MathBudget, mathInHtml, newBudget, prepareMath } from "./math.ts";
import { htmlToText } from "./summary.ts";

/** Content of a tab or section: any of text, html and code, shown in that order. */
export interface BlockContent {
  text?: string;
  html?: string;
  code?: string;
  language?: string;
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

/** A code sample with its language label and a copy button, highlighted when the language is known. */
export function codeBlock(code: string, language?: string): Html {
  return codeFigure(code, { label: language, grammar: languageOf(language) });
}

/** A rendered content block, with the text its sanitized html shows (for the summary). */
export interface RenderedContent {
  html: Html;
  /** What a reader sees of the sanitized `html` field; undefined when there is none. */
  htmlText?: string;
}

/**
 * Renders a block's content fields in order: text, html, code. An html field with nothing left to
 * show once sanitized (only scripts, say) is refused, naming `field`: an empty panel would tell
 * the model its content took effect. TeX between dollar signs in the html field's text becomes
 * math (render/math.ts), from `mathBudget`: a card passes one budget to all its blocks, so 50
 * sections cannot render 50 documents' worth of formulas. The text field stays plain text.
 */
export async function renderBlockContent(
  c: BlockContent,
  field = "html",
  mathBudget: MathBudget = newBudget(),
): Promise<RenderedContent> {
  let htmlText: string | undefined;
  let clean: Html | undefined;
  if (c.html) {
    await prepareMath(c.html);
    clean = raw(mathInHtml((await sanitize(c.html)).value, mathBudget));
    htmlText = htmlToText(clean.value);
    if (!htmlText && !/<(img|hr)\b/i.test(clean.value)) {
      throw invalidInput(
        field,
        "nothing is left once sanitized (scripts, styles, frames and forms are removed)",
        "Send the content as text, or as html made of formatting elements (b, i, code, lists, tables, links)",
      );
    }
  }
  return {
    html: join([
      c.text ? textBlock(c.text) : "",
      clean ? markup`<div class="mcc-html">${clean}</div>` : "",
      c.code ? codeBlock(c.code, c.language) : "",
    ]),
    htmlText,
  };
}
