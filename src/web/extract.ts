/**
 * Turns a fetched HTML page into plain data a model can build cards from: title, description,
 * headings, main text (navigation, footers and other boilerplate dropped), tables as rows, images
 * and links as absolute URLs, and the specs of its forms. Nothing here returns markup: every value
 * is plain text (entities decoded once by the parser), so nothing fetched can reach a card
 * unescaped. linkedom parses; one walk over the tree (first child / next sibling, which linkedom
 * answers cheaply) collects everything, so extraction costs less than the parse itself.
 */
import { parseHTML } from "linkedom";
import {
  absoluteUrl,
  CDATA,
  clip,
  type DomElement,
  type DomNode,
  type DomText,
  ELEMENT,
  squash,
  TEXT,
  textOf,
} from "./extract_dom.ts";
import { type FormSpec, nestedForm, readForms } from "./extract_forms.ts";
import { markFormPointer } from "./form_pointer.ts";

export type { FormFieldSpec, FormOptionSpec, FormSpec } from "./extract_forms.ts";

/** One heading of the outline. */
export interface HeadingSpec {
  level: number;
  text: string;
}

/** A table as rows of cell text; `headers` is the header row when the table has one. */
export interface TableSpec {
  caption?: string;
  headers?: string[];
  rows: string[][];
}

export interface ImageSpec {
  src: string;
  alt: string;
}

export interface LinkSpec {
  href: string;
  text: string;
}

/** Everything extracted from one page. */
export interface PageExtract {
  /** The page's URL (the base for every absolute URL below). */
  url: string;
  title: string;
  description: string;
  lang?: string;
  headings: HeadingSpec[];
  /** Main text: paragraphs separated by blank lines, headings as `#` lines, list items as `- ` lines. */
  text: string;
  tables: TableSpec[];
  images: ImageSpec[];
  links: LinkSpec[];
  forms: FormSpec[];
}

/** Never content: their text is code, styling or fallback. */
const SKIP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "head",
  "select",
  "textarea",
  "button",
  "input",
  "option",
  "datalist",
  "dialog",
]);
/** Page furniture: kept for links, dropped from the text, headings, tables and images. */
const BOILERPLATE = new Set(["nav", "aside", "footer", "form", "menu"]);
const BOILERPLATE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "toolbar",
]);
const BOILERPLATE_NAME =
  /(^|[\s_-])(nav|navbar|navigation|menu|breadcrumbs?|footer|sidebar|cookies?|consent|share|sharing|social|related|advert|ads|promo|newsletter|skip-link|comments?)($|[\s_-])/i;
const BLOCKS = new Set([
  "address",
  "article",
  "blockquote",
  "body",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "caption",
  "td",
  "th",
  "tr",
  "ul",
]);
const HEADING = /^h([1-6])$/;
/** Element nesting the structured walk follows; deeper content is kept as flat text. */
export const MAX_DEPTH = 256;

/** Where a block of text sits, so the main region can be picked after the walk (inner ranks higher). */
type Region = 0 | 1 | 2;
const Region = { Body: 0, Article: 1, Main: 2 } as const;

interface Block {
  text: string;
  region: Region;
  kind: "p" | "li" | "h" | "pre";
  /** A list item's marker, indented by its depth: `- `, `  2. `. */
  marker?: string;
}

interface Capture {
  text: string;
}

interface TableDraft {
  caption?: Capture;
  rows: string[][];
  headerRows: number;
  row?: string[];
  cell?: Capture;
  cellSpan: number;
  inHead: boolean;
  allTh: boolean;
  region: Region;
}

function isHidden(el: DomElement): boolean {
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true") return true;
  const style = el.getAttribute("style");
  return style !== null && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

function isBoilerplate(el: DomElement, name: string, region: Region): boolean {
  // A header inside an article or main is the article's own (its title): keep it.
  if (name === "header") return region === Region.Body;
  if (BOILERPLATE.has(name)) return true;
  const role = el.getAttribute("role");
  if (role !== null && BOILERPLATE_ROLES.has(role)) return !(role === "banner" && region !== Region.Body);
  const id = el.getAttribute("id");
  const cls = el.getAttribute("class");
  return (id !== null && BOILERPLATE_NAME.test(id)) || (cls !== null && BOILERPLATE_NAME.test(cls));
}

/** The document linkedom returns, as far as extraction reads it. */
interface ParsedDocument {
  childNodes: DomNode[];
  documentElement: DomElement | null;
  head: DomElement | null;
  getElementById(id: string): DomElement | null;
}

/** Extracts a page. `url` is where it came from (relative URLs resolve against it or its `<base>`). */
export function extractPage(html: string, url: string): PageExtract {
  // The parser's form pointer, which linkedom does not keep, marked on the forms and controls.
  const mark = `data-mcc-form-${crypto.randomUUID().slice(0, 8)}`;
  const { document } = parseHTML(markFormPointer(html, mark)) as unknown as { document: ParsedDocument };
  const pageUrl = new URL(url);
  const root = document.documentElement;
  // The head first: the base URL must be known before any link resolves.
  const head = readHead(root ? document.head : null, pageUrl); // linkedom's head getter throws on a document with no element
  const page = walkDocument(document, head, pageUrl, mark);
  return {
    url: pageUrl.href,
    ...mainContent(page, head, root),
    links: [...page.links].map(([href, text]) => ({ href, text })),
    forms: readForms(page.forms, document.childNodes, page.labelsFor, {
      base: head.base,
      page: pageUrl,
      headingBefore: page.headingBefore,
      byId: idIndex(document),
      mark,
    }),
  };
}

/** What the head says: the base URL links resolve against, the title and the description. */
interface HeadFacts {
  base: URL;
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
}

function readHead(head: DomElement | null, pageUrl: URL): HeadFacts {
  const facts: HeadFacts = { base: pageUrl, title: "", description: "", ogTitle: "", ogDescription: "" };
  for (let n = head?.firstChild ?? null; n; n = n.nextSibling) {
    if (n.nodeType !== ELEMENT) continue;
    const el = n as DomElement;
    if (el.localName === "base") {
      const href = absoluteUrl(el.getAttribute("href"), pageUrl);
      if (href) facts.base = new URL(href);
    } else if (el.localName === "title" && facts.title === "") {
      facts.title = squash(textOf(el));
    } else if (el.localName === "meta") {
      const key = (el.getAttribute("name") ?? el.getAttribute("property") ?? "").toLowerCase();
      const content = squash(el.getAttribute("content") ?? "");
      if (key === "description" && facts.description === "") facts.description = content;
      else if (key === "og:title" && facts.ogTitle === "") facts.ogTitle = content;
      else if (key === "og:description" && facts.ogDescription === "") facts.ogDescription = content;
    }
  }
  return facts;
}

/** The state of the one walk over the document: what it has collected, and where it is. */
interface PageWalk {
  /** The attribute that marks the parser's form pointer. */
  readonly mark: string;
  readonly base: URL;
  /** The page's own URL, which is no link. */
  readonly self: string | undefined;
  /** The head's title, else the first `<title>` met in the body. */
  title: string;
  readonly blocks: Block[];
  readonly headings: (HeadingSpec & { region: Region })[];
  readonly tables: TableDraft[];
  readonly images: (ImageSpec & { region: Region })[];
  readonly links: Map<string, string>;
  readonly forms: DomElement[];
  readonly labelsFor: Map<string, DomElement>;
  /** The heading text above each form, for its title. */
  readonly headingBefore: Map<DomElement, string>;
  lastHeading: string;
  /** Active captures (a link's, a heading's, a cell's text): every text node appends to each of them. */
  readonly captures: Capture[];
  /** The paragraph being read, its kind and its list marker. */
  block: Capture;
  blockKind: Block["kind"];
  marker: string | undefined;
  /** The tables being read, innermost first. */
  tableStack: TableDraft[];
  /** How many `<pre>` the walk is in. */
  pre: number;
  /** The lists the walk is in, innermost last, with the number of the last item. */
  readonly lists: { ordered: boolean; n: number }[];
  /** Element nesting, held under MAX_DEPTH. */
  depth: number;
}

function walkDocument(document: ParsedDocument, head: HeadFacts, pageUrl: URL, mark: string): PageWalk {
  const page: PageWalk = {
    mark,
    base: head.base,
    self: absoluteUrl(pageUrl.href, pageUrl),
    title: head.title,
    blocks: [],
    headings: [],
    tables: [],
    images: [],
    links: new Map(),
    forms: [],
    labelsFor: new Map(),
    headingBefore: new Map(),
    lastHeading: "",
    captures: [],
    block: { text: "" },
    blockKind: "p",
    marker: undefined,
    tableStack: [],
    pre: 0,
    lists: [],
    depth: 0,
  };
  // The whole document, not just <body>: linkedom does not move stray content into the body the
  // way browsers do, so text outside it (or a page without <html> and <body>) would be lost.
  // (At the document level linkedom answers only childNodes: firstChild.nextSibling stops at the doctype.)
  for (const n of document.childNodes) visit(page, n, Region.Body, true);
  flush(page, Region.Body);
  return page;
}

/** Ends the paragraph being read: it becomes a block when it has text. */
function flush(page: PageWalk, region: Region): void {
  const text = page.pre > 0 ? page.block.text.replace(/^\n+|\s+$/g, "") : squashLines(page.block.text);
  if (text !== "") {
    const kind = page.blockKind;
    page.blocks.push(
      page.marker === undefined ? { text, region, kind } : { text, region, kind, marker: page.marker },
    );
  }
  page.block = { text: "" };
  page.blockKind = "p";
  page.marker = undefined;
}

function walkChildren(page: PageWalk, parent: DomNode, region: Region, content: boolean): void {
  if (page.depth >= MAX_DEPTH) {
    // Deeper than any real page nests: the walk is recursive, so the rest of this subtree is read
    // as flat text instead of overflowing the stack.
    const flat = ` ${textOf(parent).replace(/\s+/g, " ")} `;
    if (content) page.block.text += flat;
    for (const c of page.captures) c.text += flat;
    return;
  }
  page.depth++;
  for (let n = parent.firstChild; n; n = n.nextSibling) visit(page, n, region, content);
  page.depth--;
}

function visit(page: PageWalk, n: DomNode, region: Region, content: boolean): void {
  const type = n.nodeType;
  if (type === TEXT || type === CDATA) {
    const data = (n as DomText).data;
    const piece = page.pre > 0 ? data : data.replace(/\s+/g, " ");
    if (content) page.block.text += piece;
    const captures = page.captures;
    for (let i = 0; i < captures.length; i++) captures[i].text += piece;
    return;
  }
  if (type !== ELEMENT) return;
  const el = n as DomElement;
  const name = el.localName;
  if (name === "form") {
    // A form tag the parser drops (met while a form is open) is no form.
    const pointer = el.getAttribute(page.mark);
    if (pointer === null ? !nestedForm(el) : pointer !== "") page.forms.push(el);
    page.headingBefore.set(el, page.lastHeading);
  } else if (name === "label" && el.hasAttribute("for")) {
    const id = el.getAttribute("for")!;
    if (!page.labelsFor.has(id)) page.labelsFor.set(id, el);
  }
  if (name === "a") {
    readLink(page, el, region, content);
    return;
  }
  if (name === "title") {
    if (page.title === "") page.title = squash(textOf(el));
    return;
  }
  if (SKIP.has(name) || isHidden(el)) return;
  if (name === "br") {
    if (content) page.block.text += "\n";
    for (const c of page.captures) c.text += " ";
    return;
  }
  if (name === "img") {
    if (content) readImage(page, el, region);
    // The alt text stands for the image in a link's or a cell's text.
    const alt = page.captures.length > 0 ? el.getAttribute("alt") : null;
    if (alt) { for (const c of page.captures) c.text += ` ${alt} `; }
    return;
  }
  let inner = region;
  if (name === "main" || el.getAttribute("role") === "main") inner = Region.Main;
  else if (name === "article" && region === Region.Body) inner = Region.Article;
  const innerContent = content && !isBoilerplate(el, name, inner);
  const heading = HEADING.exec(name);
  if (heading) {
    readHeading(page, el, Number(heading[1]), inner, innerContent);
    return;
  }
  if (
    name === "table" && el.getAttribute("role") !== "presentation" && el.getAttribute("role") !== "none"
  ) {
    readTable(page, el, inner, innerContent);
    return;
  }
  if (page.tableStack.length > 0 && readTablePart(page, el, name, inner)) return;
  readBlock(page, el, { region, content }, { region: inner, content: innerContent });
}

/** Any other element: a paragraph, a list or a list item, preformatted text, or inline text. */
function readBlock(
  page: PageWalk,
  el: DomElement,
  outer: { region: Region; content: boolean },
  { region: inner, content: innerContent }: { region: Region; content: boolean },
): void {
  const name = el.localName;
  const isBlock = BLOCKS.has(name);
  if (isBlock && outer.content) flush(page, outer.region);
  const list = innerContent && (name === "ul" || name === "ol");
  const lists = page.lists;
  if (list) lists.push({ ordered: name === "ol", n: Number(el.getAttribute("start")) - 1 || 0 });
  if (innerContent && (name === "li" || name === "dt" || name === "dd")) {
    page.blockKind = "li";
    const current = lists[lists.length - 1];
    const indent = "  ".repeat(Math.max(0, lists.length - 1));
    page.marker = indent + (current?.ordered && name === "li" ? `${++current.n}. ` : "- ");
  }
  if (name === "pre") page.pre++;
  walkChildren(page, el, inner, innerContent);
  if (list) lists.pop();
  if (name === "pre") {
    if (innerContent) {
      page.blockKind = "pre";
      flush(page, inner);
    }
    page.pre--;
  } else if (isBlock && innerContent) flush(page, inner);
}

/** A link: its text (or its label) kept by absolute URL, the first non-empty text winning. */
function readLink(page: PageWalk, el: DomElement, region: Region, content: boolean): void {
  const capture: Capture = { text: "" };
  page.captures.push(capture);
  walkChildren(page, el, region, content && !isHidden(el));
  page.captures.pop();
  const href = absoluteUrl(el.getAttribute("href"), page.base);
  if (href === undefined || href === page.self) return;
  const text = squash(capture.text) ||
    squash(el.getAttribute("aria-label") ?? el.getAttribute("title") ?? "");
  const known = page.links.get(href);
  if (known === undefined || (known === "" && text !== "")) page.links.set(href, text);
}

function readImage(page: PageWalk, el: DomElement, region: Region): void {
  const raw = el.getAttribute("src") ?? el.getAttribute("data-src") ??
    el.getAttribute("srcset")?.trim().split(/\s+/)[0] ?? null;
  const src = absoluteUrl(raw, page.base);
  if (src === undefined) return;
  if (el.getAttribute("width") === "1" || el.getAttribute("height") === "1") return; // tracking pixels
  page.images.push({ src, alt: clip(el.getAttribute("alt") ?? "", 300), region });
}

function readHeading(page: PageWalk, el: DomElement, level: number, region: Region, content: boolean): void {
  if (content) flush(page, region);
  const capture: Capture = { text: "" };
  page.captures.push(capture);
  walkChildren(page, el, region, false);
  page.captures.pop();
  const text = squash(capture.text);
  if (text !== "") page.lastHeading = text;
  if (!content || text === "") return;
  page.headings.push({ level, text, region });
  page.blocks.push({ text: "#".repeat(level) + " " + text, region, kind: "h" });
}

function readTable(page: PageWalk, el: DomElement, region: Region, content: boolean): void {
  if (content) flush(page, region);
  const draft: TableDraft = { rows: [], headerRows: 0, cellSpan: 1, inHead: false, allTh: true, region };
  const saved = page.tableStack;
  page.tableStack = [draft, ...saved];
  // A table's cells are not paragraphs: the walk inside collects cells only.
  walkChildren(page, el, region, false);
  endRow(draft);
  page.tableStack = saved;
  if (content && draft.rows.length > 0) {
    page.tables.push(draft);
    page.blocks.push({ text: `[Table ${page.tables.length}]`, region, kind: "p" });
  }
}

/** A caption, head, row or cell of the innermost table being read; false for any other element. */
function readTablePart(page: PageWalk, el: DomElement, name: string, region: Region): boolean {
  const draft = page.tableStack[0];
  if (name === "caption") {
    draft.caption = { text: "" };
    page.captures.push(draft.caption);
    walkChildren(page, el, region, false);
    page.captures.pop();
    return true;
  }
  if (name === "thead") {
    draft.inHead = true;
    walkChildren(page, el, region, false);
    endRow(draft);
    draft.inHead = false;
    return true;
  }
  if (name === "tr") {
    endRow(draft);
    draft.row = [];
    walkChildren(page, el, region, false);
    endRow(draft);
    return true;
  }
  if (name === "td" || name === "th") {
    if (!draft.row) draft.row = [];
    if (name === "td") draft.allTh = false;
    const cell: Capture = { text: "" };
    page.captures.push(cell);
    walkChildren(page, el, region, false);
    page.captures.pop();
    draft.row.push(clip(cell.text, 2_000)); // the table card's own cell limit
    const span = Math.min(Number(el.getAttribute("colspan")) || 1, 50);
    for (let i = 1; i < span; i++) draft.row.push("");
    return true;
  }
  return false;
}

function endRow(draft: TableDraft): void {
  const row = draft.row;
  draft.row = undefined;
  if (!row || row.every((c) => c === "")) {
    if (row) draft.allTh = true;
    return;
  }
  draft.rows.push(row);
  if (draft.inHead || (draft.rows.length === 1 && draft.allTh)) draft.headerRows = draft.rows.length;
  draft.allTh = true;
}

/** The main region's text, outline, tables and images, and the page's title, description and language. */
function mainContent(
  page: PageWalk,
  head: HeadFacts,
  root: DomElement | null,
): Omit<PageExtract, "url" | "links" | "forms"> {
  const { blocks, headings, tables, images } = page;
  // The main region: <main> (or role=main) if it has text, else the articles, else the body.
  const region = blocks.some((b) => b.region === Region.Main)
    ? Region.Main
    : blocks.some((b) => b.region === Region.Article)
    ? Region.Article
    : Region.Body;
  const inRegion = (r: Region) => r >= region;
  const firstH1 = headings.find((h) => h.level === 1)?.text ?? "";
  return {
    // Page-chosen lengths are capped where one string could crowd out the rest of a result.
    title: clip(page.title || head.ogTitle || firstH1, 300),
    description: clip(head.description || head.ogDescription, 1_000),
    ...(root?.getAttribute("lang") ? { lang: clip(root.getAttribute("lang")!, 35) } : {}),
    headings: headings.filter((h) => inRegion(h.region)).map(({ level, text }) => ({
      level,
      text: clip(text, 300),
    })),
    text: joinBlocks(blocks.filter((b) => inRegion(b.region)), tables, region),
    tables: tables.filter((t) => inRegion(t.region)).map(finishTable),
    images: dedupeImages(images.filter((i) => inRegion(i.region))),
  };
}

/**
 * `getElementById` for the form readers, from one pass over the document made on first use: the
 * first element of each id, in tree order, as the DOM answers. linkedom's own `getElementById`
 * walks the whole document on every call, and a page chooses how many `aria-labelledby`
 * references its controls make: one walk per reference made extraction quadratic in the page.
 */
function idIndex(document: ParsedDocument): (id: string) => DomElement | undefined {
  let index: Map<string, DomElement> | undefined;
  const build = () => {
    const map = new Map<string, DomElement>();
    const note = (n: DomNode) => {
      const id = (n as DomElement).getAttribute("id");
      if (id !== null && !map.has(id)) map.set(id, n as DomElement);
    };
    // Top-level nodes come from childNodes (linkedom's nextSibling is unreliable at that level).
    for (const top of document.childNodes) {
      if (top.nodeType !== ELEMENT) continue;
      note(top);
      const stack: (DomNode | null)[] = [top.firstChild];
      while (stack.length > 0) {
        const n = stack.pop();
        if (!n) continue;
        stack.push(n.nextSibling);
        if (n.nodeType !== ELEMENT) continue;
        note(n);
        stack.push(n.firstChild);
      }
    }
    return map;
  };
  return (id) => (index ??= build()).get(id);
}

/** Collapses spaces, keeps the line breaks `<br>` made. */
function squashLines(text: string): string {
  return text.split("\n").map((line) => line.replace(/\s+/g, " ").trim()).filter((l) => l !== "").join("\n");
}

function joinBlocks(blocks: Block[], tables: TableDraft[], region: Region): string {
  // Tables outside the region were left out of the list: renumber the placeholders to match.
  const kept = tables.filter((t) => t.region >= region);
  const renumber = new Map(tables.map((t, i) => [i + 1, kept.indexOf(t) + 1]));
  let out = "";
  let previous: Block["kind"] | undefined;
  for (const b of blocks) {
    let text = b.text;
    const placeholder = /^\[Table (\d+)\]$/.exec(text);
    if (placeholder) text = `[Table ${renumber.get(Number(placeholder[1]))}]`;
    if (out !== "") out += previous === "li" && b.kind === "li" ? "\n" : "\n\n";
    out += b.marker === undefined ? text : b.marker + text.replace(/\n/g, "\n" + " ".repeat(b.marker.length));
    previous = b.kind;
  }
  return out;
}

function finishTable(draft: TableDraft): TableSpec {
  const headers = draft.headerRows > 0 ? draft.rows[draft.headerRows - 1] : undefined;
  const caption = draft.caption ? clip(draft.caption.text, 300) : "";
  return {
    ...(caption ? { caption } : {}),
    ...(headers ? { headers } : {}),
    rows: draft.rows.slice(draft.headerRows),
  };
}

function dedupeImages(images: (ImageSpec & { region: Region })[]): ImageSpec[] {
  const seen = new Map<string, ImageSpec>();
  for (const { src, alt } of images) {
    const known = seen.get(src);
    if (!known) seen.set(src, { src, alt });
    else if (known.alt === "" && alt !== "") known.alt = alt;
  }
  return [...seen.values()];
}
