/**
 * The budget: cards return natural blocks, and only this module decides how they are packed into
 * parts. Sizes are measured on rendered markup, since escaping can multiply a text's length. No
 * part exceeds the budget: a block over it is cut at line boundaries when the card made it from
 * lines (see {@link lineBlock}), and otherwise truncated with a visible notice.
 */
import { type Html, markup, raw } from "../html/html.ts";

/**
 * A block the packer may cut between lines: its source lines and how to render any run of them
 * (`from` is the index of the run's first line, for numbering and "continued" labels).
 */
export interface LineBlock {
  readonly lines: readonly string[];
  readonly render: (lines: readonly string[], from: number) => Html;
}

/** What a card's render step returns in its `blocks`. */
export type Block = Html | LineBlock;

/** Declares a block made of lines, so an oversize one can be split across parts. */
export function lineBlock(
  lines: readonly string[],
  render: (lines: readonly string[], from: number) => Html,
): LineBlock {
  return { lines, render };
}

/** The block's markup, rendered whole. */
export function renderBlock(block: Block): Html {
  return "lines" in block ? block.render(block.lines, 0) : block;
}

/** Rendered characters of markup. */
export function measure(block: Html): number {
  return block.value.length;
}

/**
 * Packs blocks, in order, into parts of at most `budget` rendered characters, counting the line
 * break that joins two blocks of a part (result.ts); a part holds at least one block. Oversize
 * blocks are first cut (line blocks) or truncated (the rest).
 */
export function packBlocks(blocks: readonly Block[], budget: number): Html[][] {
  const parts: Html[][] = [];
  let current: Html[] = [];
  let size = 0;
  for (const piece of blocks.flatMap((b) => fitBlock(b, budget))) {
    const cost = measure(piece);
    if (current.length > 0 && size + 1 + cost > budget) {
      parts.push(current);
      current = [];
      size = 0;
    }
    size += (current.length > 0 ? 1 : 0) + cost;
    current.push(piece);
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

/** A block as pieces that each fit the budget. */
export function fitBlock(block: Block, budget: number): Html[] {
  const whole = renderBlock(block);
  if (measure(whole) <= budget) return [whole];
  if (!("lines" in block) || block.lines.length === 0) return [truncateHtml(whole, budget)];
  return splitLines(block, budget, measure(whole) / block.lines.length);
}

/**
 * Cuts a line block into the longest runs of lines that fit, in order: each run is found by a
 * first guess from the block's average line cost (`perLine`), then galloping and bisecting from
 * there, so a part takes a handful of renders and the whole stays near linear in the block's
 * size. A single line that does not fit on its own is truncated.
 */
function splitLines(block: LineBlock, budget: number, perLine: number): Html[] {
  const n = block.lines.length;
  const run = (from: number, to: number) => block.render(block.lines.slice(from, to), from);
  const fits = (from: number, to: number) => measure(run(from, to)) <= budget;
  const pieces: Html[] = [];
  for (let from = 0; from < n;) {
    if (!fits(from, from + 1)) {
      pieces.push(truncateHtml(run(from, from + 1), budget));
      from++;
      continue;
    }
    let good = from + 1; // run(from, good) fits
    let bad = n + 1; // run(from, bad) does not (n + 1: unknown yet)
    const guess = Math.min(n, from + Math.floor((0.97 * budget) / Math.max(perLine, 1)));
    if (guess > good) {
      if (fits(from, guess)) good = guess;
      else bad = guess;
    }
    for (let step = Math.max(1, (good - from) >> 5); good < n && bad > n; step *= 2) {
      const next = Math.min(n, good + step);
      if (fits(from, next)) good = next;
      else bad = next;
    }
    while (bad <= n && bad - good > 1) {
      const middle = (good + bad) >> 1;
      if (fits(from, middle)) good = middle;
      else bad = middle;
    }
    pieces.push(run(from, good));
    from = good;
  }
  return pieces;
}

const VOID_ELEMENTS = new Set(
  ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"],
);

/** Tags and character references: the places markup must never be cut inside. */
const TOKEN = /<(\/?)([a-zA-Z][\w-]*)[^>]*>|&[#\w]+;/g;

/**
 * Cuts well-formed markup (the renderers' own) to at most `max` characters, a visible notice
 * included: the cut falls outside any tag or character reference, and the elements left open
 * are closed.
 */
export function truncateHtml(html: Html, max: number): Html {
  const notice =
    markup`<p class="mcc-notice" role="note">Truncated: this block is ${
      formatCount(measure(html))
    } characters rendered, more than a whole part may hold (MCP_CHAT_CARDS_CARD_BUDGET, ${
      formatCount(max)
    }).</p>`.value;
  const limit = max - notice.length;
  const text = html.value;
  const open: string[] = [];
  const closers = () => open.toReversed().map((name) => `</${name}>`).join("");
  let cut = 0;
  for (const token of text.matchAll(TOKEN)) {
    const room = limit - closers().length;
    if (token.index > room) return finish(text, safeCut(text, cut, room), closers(), notice);
    const [whole, slash, name] = token;
    const element = name?.toLowerCase();
    const opens = element && !slash && !VOID_ELEMENTS.has(element) && !whole.endsWith("/>");
    const after = opens ? [...open, element] : slash ? open.slice(0, open.lastIndexOf(element)) : open;
    const end = token.index + whole.length;
    if (end + after.reduce((n, e) => n + e.length + 3, 0) > limit) {
      return finish(text, token.index, closers(), notice);
    }
    open.splice(0, open.length, ...after);
    cut = end;
  }
  return finish(text, safeCut(text, cut, limit - closers().length), closers(), notice);
}

function finish(text: string, end: number, closers: string, notice: string): Html {
  return raw(text.slice(0, end) + closers + notice);
}

/** The largest end at most `to` (and not before `from`) that splits no surrogate pair. */
function safeCut(text: string, from: number, to: number): number {
  let end = Math.max(from, Math.min(to, text.length));
  if (end > from && /[\ud800-\udbff]/.test(text[end - 1])) end--;
  return end;
}

/** "40,000" in every locale, so messages read the same everywhere. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
