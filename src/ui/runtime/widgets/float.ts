/**
 * Floating things (tutor tips, the context menu) inside a frame that is only as tall as the card:
 * placed below their anchor (above when there is more room there), kept inside the viewport, and
 * given room by padding the page while they are open, so the host grows the frame rather than
 * clipping them.
 */

import { sizeNow } from "../size.ts";

const GAP = 6;
const EDGE = 8;

/** Places a `position: fixed` element by the anchor rectangle. */
export function place(el: HTMLElement, anchor: { left: number; top: number; bottom: number }): void {
  el.style.left = "0px";
  el.style.top = "0px";
  const { width, height } = el.getBoundingClientRect();
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - height;
  const fitsBelow = below + height <= innerHeight - EDGE;
  const top = fitsBelow || above < EDGE ? below : above;
  el.style.left = `${Math.max(EDGE, Math.min(anchor.left, innerWidth - width - EDGE))}px`;
  el.style.top = `${Math.max(EDGE, top)}px`;
}

/**
 * Pads the page so `el` fits, and reports the new height at once: the host grows the frame before
 * a pointer reaches the items (a collapsed card's frame is only header-tall). Returns the undo.
 */
export function makeRoom(el: HTMLElement): () => void {
  const need = Math.ceil(el.getBoundingClientRect().bottom + EDGE - document.documentElement.scrollHeight);
  if (need <= 0) return () => {};
  const body = document.body;
  const before = body.style.paddingBottom;
  body.style.paddingBottom = `${need}px`;
  sizeNow();
  return () => {
    body.style.paddingBottom = before;
    sizeNow();
  };
}
