/**
 * The budget: cards return natural blocks, and only this module decides how they are packed into
 * parts. Sizes are measured on rendered markup, since escaping can multiply a text's length. No
 * part exceeds the budget: a block over it is cut between its items when the card made it from
 * items (see {@link itemsBlock}), and otherwise truncated with a visible notice.
 */
import { type Html, markup, raw } from "../html/html.ts";
import { formatCount } from "../render/summary.ts";

/**
 * A block the packer may cut between items (lines, rows, records): its items and how to render any
 * run of them, given the index of the run's first item (for numbering and "rows 245–488" labels).
 */
export interface ItemsBlock<T = unknown> {
  readonly items: readonly T[];
  render(items: readonly T[], start: number): Html;
  /**
   * What each item adds to a run's rendered characters, when the card measured it (a table row's
   * markup and its line break): the cut then takes one or two renders per part.
   */
  readonly sizes?: readonly number[];
}

/** What a card's render step returns in its `blocks`. */
export type Block = Html | ItemsBlock;

/** Declares a block made of items, so an oversize one can be split across parts between items. */
export function itemsBlock<T>(
  items: readonly T[],
  render: (items: readonly T[], start: number) => Html,
  sizes?: readonly number[],
): ItemsBlock<T> {
  return sizes ? { items, render, sizes } : { items, render };
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
 * Packs blocks, in order, into parts of at most `budget` rendered characters, counting the line
 * break that joins two blocks of a part (result.ts); a part holds at least one block. Oversize
 * blocks are first cut (line blocks) or truncated (the rest). `rendered` is each block rendered
 * whole, when the caller has it already.
 */
export function packBlocks(
  blocks: readonly Block[],
  budget: number,
  rendered: readonly Html[] = blocks.map(renderBlock),
): Html[][] {
  const parts: Html[][] = [];
  let current: Html[] = [];
  let size = 0;
  for (const piece of blocks.flatMap((b, i) => fitBlock(b, budget, rendered[i]))) {
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

/** A block as pieces that each fit the budget (`whole`: the block rendered whole, when known). */
export function fitBlock(block: Block, budget: number, whole: Html = renderBlock(block)): Html[] {
  if (measure(whole) <= budget) return [whole];
  if (!("items" in block) || block.items.length === 0) return [truncateHtml(whole, budget)];
  return block.sizes
    ? splitBySizes(block, block.sizes, budget)
    : splitItems(block, budget, measure(whole) / block.items.length);
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

/**
 * Cuts an items block whose items' sizes are measured into the longest runs that fit, in order.
 * Each run is measured from running totals: its first item rendered alone gives the run's frame
 * (wrapper, caption), then items are added while their sizes fit, and the run is rendered once to
 * check it, stepping back by the sizes when the frame grew (a longer range caption). A part costs
 * one or two renders of itself, so the whole stays linear in the block's size. A single item that
 * does not fit on its own is truncated.
 */
function splitBySizes(block: ItemsBlock, sizes: readonly number[], budget: number): Html[] {
  const n = block.items.length;
  const run = (from: number, to: number) => block.render(block.items.slice(from, to), from);
  const pieces: Html[] = [];
  for (let from = 0; from < n;) {
    const first = run(from, from + 1);
    let total = measure(first);
    if (total > budget) {
      pieces.push(truncateHtml(first, budget));
      from++;
      continue;
    }
    let to = from + 1;
    while (to < n && total + sizes[to] <= budget) total += sizes[to++];
    let piece = to === from + 1 ? first : run(from, to);
    for (let over = measure(piece) - budget; over > 0; over = measure(piece) - budget) {
      while (over > 0 && to > from + 1) over -= sizes[--to];
      piece = run(from, to);
      if (to === from + 1) break; // the first item alone fits: it was measured
    }
    pieces.push(piece);
    from = to;
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
 * are closed. One pass, linear however deep the nesting: the open elements are a stack, and the
 * characters their closing tags take are kept as a running total.
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
  const opened = new Map<string, number>(); // how many of each element are open: a stray closer costs no scan
  let closing = 0; // characters the closing tags of `open` take
  const closeChars = (name: string) => name.length + 3; // </name>
  let cut = 0;
  for (const token of text.matchAll(TOKEN)) {
    const room = limit - closing;
    if (token.index > room) return finish(text, safeCut(text, cut, room), open, notice);
    const [whole, slash, name] = token;
    const element = name?.toLowerCase();
    const opens = element && !slash && !VOID_ELEMENTS.has(element) && !whole.endsWith("/>");
    // The stack after this token: one element more, or down to (and without) the one it closes.
    let depth = open.length;
    let after = closing;
    if (opens) after += closeChars(element);
    else if (slash && opened.get(element)) {
      const at = open.lastIndexOf(element); // what it scans, it pops: linear in all
      for (; depth > at; depth--) after -= closeChars(open[depth - 1]);
    }
    const end = token.index + whole.length;
    if (end + after > limit) return finish(text, token.index, open, notice);
    if (opens) {
      open.push(element);
      opened.set(element, (opened.get(element) ?? 0) + 1);
    } else {
      for (const gone of open.splice(depth)) opened.set(gone, opened.get(gone)! - 1);
    }
    closing = after;
    cut = end;
  }
  return finish(text, safeCut(text, cut, limit - closing), open, notice);
}

function finish(text: string, end: number, open: readonly string[], notice: string): Html {
  const closers = open.toReversed().map((name) => `</${name}>`).join("");
  return raw(text.slice(0, end) + closers + notice);
}

/** The largest end at most `to` (and not before `from`) that splits no surrogate pair. */
function safeCut(text: string, from: number, to: number): number {
  let end = Math.max(from, Math.min(to, text.length));
  if (end > from && /[\ud800-\udbff]/.test(text[end - 1])) end--;
  return end;
}

export { formatCount } from "../render/summary.ts";
