/**
 * create_markdown_card: a markdown document (inline, or a file on the server's machine) as one
 * card. The first H1 becomes the title, each H2 section folds into a show/hide section (a short
 * document opens them all, a long one its first), and the sections are the split points when the
 * document is over the card budget.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { MAX_TEXT_FILE_BYTES, readLocalBytes } from "../fs/read.ts";
import { decodeText, describeNotText } from "../fs/text.ts";
import { type Html, markup } from "../html/html.ts";
import { plural } from "../render/summary.ts";
import { QUOTED_LABEL, quoteLine } from "../quote.ts";
import { ToolError } from "../errors.ts";
import type { CardOutput } from "../output/result.ts";
import { digest, RecentRenders } from "./_cache.ts";
import { plainLine } from "./_fields.ts";

/** Longest inline document, in characters (a file may hold up to MAX_TEXT_FILE_BYTES bytes). */
export const MAX_MARKDOWN_CHARS = 1_000_000;

/**
 * A document of at most this many lines (a cheat sheet: about what a chat-width card shows within
 * 500 px) opens with every section open; a longer one opens its first section only, the rest folded.
 * Lines are counted as a chat-width card draws them: each non-blank source line, a long one once per
 * LINE_CHARS characters (code and table rows count as they show, one line each).
 */
export const SHORT_DOCUMENT_LINES = 24;
const LINE_CHARS = 70;

/** About how many lines `text` takes in a chat-width card. */
export function shownLines(text: string): number {
  return text.split("\n").reduce(
    (n, line) => n + (line.trim() ? Math.ceil([...line].length / LINE_CHARS) : 0),
    0,
  );
}

const input = z.object({
  markdown: z.string().max(MAX_MARKDOWN_CHARS).optional().describe(
    "Raw HTML shows as text",
  ),
  path: z.string().max(4_096).optional().describe(
    "Instead: a .md file's absolute path",
  ),
  title: plainLine(200, "Default: the first H1").optional(),
});

const recent = new RecentRenders();

/** Where the document comes from, as text. */
async function source(
  inp: z.output<typeof input>,
  root: string | undefined,
): Promise<{ text: string; bytes?: Uint8Array }> {
  if ((inp.markdown === undefined) === (inp.path === undefined)) {
    throw invalidInput(
      inp.markdown === undefined ? "markdown" : "path",
      inp.markdown === undefined
        ? "pass the document as markdown, or a file as path"
        : "pass markdown or path, not both",
      "Send the markdown inline, or the path of a .md file on the server's machine",
    );
  }
  if (inp.markdown !== undefined) return { text: inp.markdown };
  const bytes = await readLocalBytes(inp.path!, { root, maxBytes: MAX_TEXT_FILE_BYTES });
  const decoded = decodeText(bytes);
  if ("notText" in decoded) {
    throw new ToolError(
      "unsupported",
      `Cannot read "${inp.path}": ${describeNotText(decoded.notText)}`,
      "Convert the file to UTF-8, or pass the markdown inline",
    );
  }
  return { text: decoded.text, bytes };
}

/** Renders the document; markdown-it and prism are loaded with the first one, not at start-up. */
async function render(
  text: string,
  title: string | undefined,
  path: string | undefined,
): Promise<CardOutput> {
  if (text.trim() === "") {
    throw invalidInput(
      path === undefined ? "markdown" : "path",
      "the document is empty",
      "Pass a document with some text",
    );
  }
  const { prepareMarkdown, splitDocument } = await import("../render/markdown.ts");
  await prepareMarkdown(text); // loads the TeX renderer when the document holds math
  const doc = splitDocument(text, { takeTitle: title === undefined });
  const fileName = path?.split(/[\\/]/).pop();
  const cardTitle = title ?? doc.title ?? fileName ?? "Document";
  const blocks: Html[] = [];
  if (doc.intro.value.trim()) blocks.push(markup`<div class="mcc-md">${doc.intro}</div>`);
  const short = shownLines(text) <= SHORT_DOCUMENT_LINES;
  doc.sections.forEach((s, i) => {
    const open = short || i === 0 ? markup` open` : "";
    blocks.push(
      markup`<details class="mcc-reveal mcc-md-section"${open}><summary class="mcc-reveal-title"><h3>${s.heading}</h3></summary><div class="mcc-reveal-body mcc-md">${s.body}</div></details>`,
    );
  });
  // The title and headings may be a file's words: quoted as data (src/quote.ts).
  const lines = doc.sections.map((s) => `- ${quoteLine(s.headingText, QUOTED_LABEL)}`);
  const named = `Document card ${quoteLine(cardTitle, QUOTED_LABEL)}`;
  const summary = doc.sections.length === 0
    ? `${named} (no H2 sections).`
    : `${named} with ${plural(doc.sections.length, "section")}:\n${lines.join("\n")}`;
  return { title: cardTitle, summary, blocks };
}

export default defineCard({
  name: "create_markdown_card",
  kind: "markdown",
  view: {
    widgets: ["reveal", "markdown", "diagram"],
    styles: ["diagram", "markdown", "math", "reveal", "highlight"],
  },
  tutorAndActions: true,
  title: "Document card",
  description:
    "A markdown document you wrote: H2 sections fold, ```mermaid fences become diagrams. path: a file on the server's machine, not your sandbox.",
  input,
  splittable: true,
  async render(inp, ctx) {
    const { text, bytes } = await source(inp, ctx.config.fsRoot);
    const key = await digest(["markdown", inp.title, inp.path, bytes ?? text]);
    const hit = recent.get(key);
    if (hit) return hit;
    const output = await render(text, inp.title, inp.path);
    recent.set(key, output);
    return output;
  },
});
