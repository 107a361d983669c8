/**
 * The budget: cards return natural blocks, and only this module decides how they are packed into
 * parts. Sizes are measured on rendered markup, since escaping can multiply a text's length. No
 * part exceeds the budget: a block over it is cut between its items when the card made it from
 * items (see {@link itemsBlock}), and otherwise truncated with a visible notice.
 */
import { type Html, markup, raw } from "../html/html.ts";

/**
 * A block the packer may cut between items (lines, rows, records): its items and how to render any
 * run of them, given the index of the run's first item (for numbering and "rows 245–488" labels).
 */
export interface ItemsBlock<T = unknown> {
  readonly items: readonly T[];
  render(items: readonly T[], start: number): Html;
}

/** What a card's render step returns in its `blocks`. */
export type Block = Html | ItemsBlock;

/** Declares a block made of items, so an oversize one can be split across parts between items. */
export function itemsBlock<T>(
  items: readonly T[],
  render: (items: readonly T[], start: number) => Html,
): ItemsBlock<T> {
  return { items, render };
}

/**
 * An ordered list the packer may cut between items: every part's `<ol>` starts at its first item's
 * number, so the numbering carries on across parts with nothing for the card to do.
 */
export function orderedListBlock<T>(
  items: readonly T[],
  item: (item: T, index: number) => Html,
  className?: string,
): ItemsBlock<T> {
  return itemsBlock(
    items,
    (run, start) =>
      markup`<ol${className ? markup` class="${className}"` : ""}${
        start ? markup` start="${start + 1}"` : ""
      }>${run.map((it, i) => markup`<li>${item(it, start + i)}</li>`)}</ol>`,
  );
}

/** The block's markup, rendered whole. */
export function renderBlock(block: Block): Html {
  return "items" in block ? block.render(block.items, 0) : block;
}

/** Rendered characters of markup. */
export function measure(block: Html): number {
  return block.value.length;
}

/**
 * Packs blocks, in order, into parts of at most `budget` rendered characters; a part holds at
 * least one block. Oversize blocks are first cut (line blocks) or truncated (the rest).
 */
export function packBlocks(blocks: readonly Block[], budget: number): Html[][] {
  const parts: Html[][] = [];
  let current: Html[] = [];
  let size = 0;
  for (const piece of blocks.flatMap((b) => fitBlock(b, budget))) {
    const cost = measure(piece);
    if (current.length > 0 && size + cost > budget) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(piece);
    size += cost;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

/** A block as pieces that each fit the budget. */
export function fitBlock(block: Block, budget: number): Html[] {
  const whole = renderBlock(block);
  if (measure(whole) <= budget) return [whole];
  if (!("items" in block) || block.items.length === 0) return [truncateHtml(whole, budget)];
  return splitItems(block, budget, measure(whole) / block.items.length);
}

/**
 * Cuts an items block into the longest runs of items that fit, in order: each run is found by a
 * first guess from the block's average item cost (`perLine`), then galloping and bisecting from
 * there, so a part takes a handful of renders and the whole stays near linear in the block's
 * size. A single item that does not fit on its own is truncated.
 */
function splitItems(block: ItemsBlock, budget: number, perLine: number): Html[] {
  const n = block.items.length;
  const run = (from: number, to: number) => block.render(block.items.slice(from, to), from);
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
