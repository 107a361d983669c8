/**
 * The budget: cards return natural blocks, and only this module decides how they are packed into
 * parts. Sizes are measured on rendered markup, since escaping can multiply a text's length.
 */
import type { Html } from "../html/html.ts";

/** Rendered characters of a block. */
export function measure(block: Html): number {
  return block.value.length;
}

/**
 * Packs blocks, in order, into parts of at most `budget` rendered characters. A block larger than
 * the budget gets a part of its own; the card that made it is expected to have truncated it.
 */
export function packBlocks(blocks: readonly Html[], budget: number): Html[][] {
  const parts: Html[][] = [];
  let current: Html[] = [];
  let size = 0;
  for (const block of blocks) {
    const cost = measure(block);
    if (current.length > 0 && size + cost > budget) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(block);
    size += cost;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

/** "40,000" in every locale, so messages read the same everywhere. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
