/**
 * The budget: cards return natural blocks, and only this module decides how they are packed into
 * parts. Sizes are measured on rendered markup, since escaping can multiply a text's length. No
 * part exceeds the budget: a block over it is cut at line boundaries when the card made it from
 * lines (see {@link lineBlock}), and otherwise truncated with a visible notice.
 */
import { type Html, markup, raw } from "../html/html.ts";
import { formatCount } from "../render/summary.ts";

/**
 * A block the packer may cut between lines: its source lines, how to render any run of them
 * (`from` is the index of the run's first line, for numbering and "continued" labels), and what
 * each line adds to a run's rendered characters, measured once (separator included).
 */
export interface LineBlock {
  readonly lines: readonly string[];
  readonly render: (lines: readonly string[], from: number) => Html;
  readonly sizes: readonly number[];
}

/** What a card's render step returns in its `blocks`. */
export type Block = Html | LineBlock;

/**
 * Declares a block made of lines, so an oversize one can be split across parts. `sizes` gives
 * the rendered characters each line adds to a run (a table row's markup and its line break); by
 * default each line's own length and a separator, which the cut then corrects by measuring.
 */
export function lineBlock(
  lines: readonly string[],
  render: (lines: readonly string[], from: number) => Html,
  sizes: readonly number[] = lines.map((line) => line.length + 1),
): LineBlock {
  return { lines, render, sizes };
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
  if (!("lines" in block) || block.lines.length === 0) return [truncateHtml(whole, budget)];
  return splitLines(block, budget);
}

/**
 * Cuts a line block into the longest runs of lines that fit, in order. Each run is measured from
 * running totals: its first line rendered alone gives the run's frame (wrapper, caption), then
 * lines are added while their sizes fit, and the run is rendered once to check it, stepping back
 * by the sizes when the frame grew (a longer range caption) or the sizes were estimates. A part
 * costs one or two renders of itself, so the whole stays linear in the block's size. A single
 * line that does not fit on its own is truncated.
 */
function splitLines(block: LineBlock, budget: number): Html[] {
  const { lines, sizes } = block;
  const run = (from: number, to: number) => block.render(lines.slice(from, to), from);
  const pieces: Html[] = [];
  for (let from = 0; from < lines.length;) {
    const first = run(from, from + 1);
    let total = measure(first);
    if (total > budget) {
      pieces.push(truncateHtml(first, budget));
      from++;
      continue;
    }
    let to = from + 1;
    while (to < lines.length && total + sizes[to] <= budget) total += sizes[to++];
    let piece = to === from + 1 ? first : run(from, to);
    for (let over = measure(piece) - budget; over > 0; over = measure(piece) - budget) {
      while (over > 0 && to > from + 1) over -= sizes[--to];
      piece = run(from, to);
      if (to === from + 1) break; // the first line alone fits: it was measured
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
