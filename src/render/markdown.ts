/**
 * Markdown to card markup with markdown-it. What the document says is what the reader sees:
 *
 * - raw HTML is text: inline tags are escaped where they stand; an HTML block becomes the
 *   paragraph markdown's structure implies (it ends at a blank line, as a paragraph does);
 * - HTML comments are dropped (a `<!-- markdownlint-disable -->` is not prose);
 * - entities are never decoded (`md.disable("entity")`), so `&amp;` shows as typed;
 * - links must be absolute http(s) or mailto; anything else (javascript:, data:, relative paths)
 *   is refused and the markdown stays visible as text;
 * - fenced code is highlighted when its language is known and always gets a copy button;
 * - a ```mermaid fence is drawn as a diagram (src/render/diagram/), or shown as code with a note
 *   naming what it could not read (in documents: a tour's Rendered view keeps the fence as code);
 * - tables get card styling, and column alignment becomes a class, never a style attribute;
 * - `$…$`, `$$…$$` and ```math fences are math, rendered to MathML (render/math.ts);
 *   {@link prepareMarkdown} loads the TeX renderer and the diagram layout first when the text needs them.
 *
 * `splitDocument` also cuts the document at its top-level H2 headings (the tokens make this
 * immune to `##` inside fenced code) and takes the first H1 as the title.
 */
import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import { escape, type Html, raw } from "../html/html.ts";
import { codeFigure } from "./code_view.ts";
import {
  type DiagramBudget,
  loadGraphLayout,
  MAX_DOCUMENT_DIAGRAM_ITEMS,
  renderMermaid,
} from "./diagram/diagram.ts";
import { languageOf } from "./highlight.ts";
import { mathTokenText, prepareMath, useMath } from "./math.ts";

/** Schemes a markdown link may use. */
const LINK_OK = /^(?:https?:\/\/|mailto:)/i;

/** The markdown env's diagram budget, made on first use (one per document, shared by its parts). */
function diagramBudget(env: object | undefined): DiagramBudget {
  const holder = env as { diagramBudget?: DiagramBudget } | undefined;
  return holder
    ? (holder.diagramBudget ??= { left: MAX_DOCUMENT_DIAGRAM_ITEMS })
    : { left: MAX_DOCUMENT_DIAGRAM_ITEMS };
}

/** Heading levels shift down so that the card's own title stays the top heading. */
function makeRenderer(shift: number, diagrams: boolean): MarkdownIt {
  const md = markdownIt({ html: true, linkify: false, typographer: false });
  md.disable("entity");
  // deno-lint-ignore no-control-regex -- control characters are exactly what is refused
  md.validateLink = (url) => LINK_OK.test(url) && !/[\s\u0000-\u001f]/.test(url);
  const rules = md.renderer.rules;

  rules.html_block = (tokens, i) => {
    const text = stripComments(tokens[i].content).replace(/\s+$/, "");
    return text.trim() === "" ? "" : `<p class="mcc-md-raw">${escape(text)}</p>\n`;
  };
  rules.html_inline = (tokens, i) => {
    const content = tokens[i].content;
    return content.startsWith("<!--") ? "" : escape(content);
  };
  rules.fence = (tokens, i, _options, env) => {
    const info = tokens[i].info.trim().split(/\s+/)[0] ?? "";
    const grammar = languageOf(info);
    // The fence's closing line break is not part of the code a reader copies.
    const code = tokens[i].content.replace(/\r?\n$/, "");
    if (diagrams && info.toLowerCase() === "mermaid") {
      return renderMermaid(code, { budget: diagramBudget(env) }).html.value + "\n";
    }
    return codeFigure(code, { label: info || undefined, grammar }).value + "\n";
  };
  rules.code_block = (tokens, i) => codeFigure(tokens[i].content.replace(/\r?\n$/, "")).value + "\n";
  rules.table_open = () => `<div class="mcc-md-scroll" tabindex="0"><table class="mcc-md-table">\n`;
  rules.table_close = () => "</table></div>\n";
  const cell = (tag: "th" | "td") => (tokens: Token[], i: number) => {
    const align = /text-align:(left|right|center)/.exec(String(tokens[i].attrGet("style") ?? ""))?.[1];
    return align ? `<${tag} class="mcc-al-${align[0]}">` : `<${tag}>`;
  };
  rules.th_open = cell("th");
  rules.td_open = cell("td");
  rules.heading_open = (tokens, i) => `<h${level(tokens[i].tag, shift)}>`;
  rules.heading_close = (tokens, i) => `</h${level(tokens[i].tag, shift)}>\n`;
  rules.image = (tokens, i) => {
    const t = tokens[i];
    const alt = md.renderer.renderInlineAsText(t.children ?? [], md.options, {});
    const src = String(t.attrGet("src") ?? "");
    const label = `Image: ${alt || src}`;
    return LINK_OK.test(src) ? `<a href="${escape(src)}">${escape(label)}</a>` : escape(label);
  };
  const link = rules.link_open;
  rules.link_open = (tokens, i, options, env, self) => {
    tokens[i].attrs = (tokens[i].attrs ?? []).filter(([name]) => name === "href" || name === "title");
    return link ? link(tokens, i, options, env, self) : self.renderToken(tokens, i, options);
  };
  useMath(md);
  return md;
}

function level(tag: string, shift: number): number {
  return Math.min(6, Number(tag.slice(1)) + shift);
}

/** Removes every HTML comment (an unterminated one runs to the end). */
function stripComments(html: string): string {
  return html.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
}

const MERMAID_FENCE = /^ {0,3}(`{3,}|~{3,})\s*mermaid\b/im;

/**
 * Loads what rendering `source` needs beyond markdown-it: the TeX renderer when it may hold math,
 * the diagram layout when it has a mermaid fence.
 */
export async function prepareMarkdown(source: string): Promise<void> {
  await prepareMath(source);
  if (MERMAID_FENCE.test(source)) await loadGraphLayout();
}

let documentMd: MarkdownIt | undefined;
let pageMd: MarkdownIt | undefined;

/** One H2 section of a document. */
export interface MarkdownSection {
  /** The heading as inline markup (code spans, emphasis). */
  heading: Html;
  /** The heading as plain text, for summaries. */
  headingText: string;
  body: Html;
}

/** A document cut at its H2 headings. */
export interface MarkdownDocument {
  /** The first top-level H1's text, when the document has one (it is removed from the body). */
  title?: string;
  /** Everything before the first H2. */
  intro: Html;
  sections: MarkdownSection[];
}

function inlineText(token: Token | undefined): string {
  return (token?.children ?? []).map((c) => {
    if (c.type === "text" || c.type === "code_inline") return c.content;
    const math = mathTokenText(c.type, c.content);
    if (math) return math;
    if (c.type === "html_inline") return c.content.startsWith("<!--") ? "" : c.content;
    return c.type === "softbreak" || c.type === "hardbreak" ? " " : "";
  }).join("").trim();
}

/** Splits and renders a document for a document card (H2 become sections, H3 render as h4...). */
export function splitDocument(source: string, options: { takeTitle?: boolean } = {}): MarkdownDocument {
  const md = (documentMd ??= makeRenderer(1, true));
  const env = {};
  const tokens = md.parse(source, env);
  let title: string | undefined;
  const h1 = options.takeTitle === false
    ? -1
    : tokens.findIndex((t) => t.type === "heading_open" && t.tag === "h1" && t.level === 0);
  if (h1 >= 0) {
    title = inlineText(tokens[h1 + 1]);
    tokens.splice(h1, 3);
  }
  const cuts: number[] = [];
  tokens.forEach((t, i) => {
    if (t.type === "heading_open" && t.tag === "h2" && t.level === 0) cuts.push(i);
  });
  const render = (slice: Token[]) => raw(md.renderer.render(slice, md.options, env));
  const intro = render(tokens.slice(0, cuts[0] ?? tokens.length));
  const sections = cuts.map((start, n) => {
    const inline = tokens[start + 1];
    return {
      heading: raw(md.renderer.render([inline], md.options, env)),
      headingText: inlineText(inline),
      body: render(tokens.slice(start + 3, cuts[n + 1] ?? tokens.length)),
    };
  });
  return { title: title || undefined, intro, sections };
}

/**
 * Renders a markdown file as one page, never folded (a tour's Rendered view; H1 renders as h3).
 * A tour shows files as they are: a mermaid fence stays code there. `env` holds one card's budgets
 * (TeX): a tour passes the same one for each of its files, so they share it.
 */
export function renderPage(source: string, env: Record<string, unknown> = {}): Html {
  const md = (pageMd ??= makeRenderer(2, false));
  return raw(md.render(source, env));
}
