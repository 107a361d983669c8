/**
 * Movable blocks: the children of an element the server marked `data-mcc-movable` (a card body of
 * several blocks, list items, reveal sections) each get a handle. Drag the handle to reorder inside its container,
 * or focus it and press ArrowUp/ArrowDown; the new place is announced. Dragging a block anywhere
 * carries its HTML and its text (as the server rendered them, without the runtime's additions), so
 * it can be dropped into an editor that accepts either.
 */
import { h, tool } from "../dom.ts";
import { setStatus } from "../header.ts";
import type { Widget } from "./types.ts";

/** Runtime additions that never travel with a dragged block. */
const ADDED = ".mcc-move, .mcc-tip, .mcc-prompt-fallback, .mcc-manual";

/** Blocks that may take the handle button as their first child; others are wrapped. */
const HOLDS_BUTTON = /^(DIV|P|SECTION|FIGURE|LI|BLOCKQUOTE|H[1-6]|FORM|ARTICLE|ASIDE|FIELDSET)$/;

let dragged: HTMLElement | undefined;

function blocksOf(container: Element): HTMLElement[] {
  return [...container.children].filter((c): c is HTMLElement =>
    c instanceof HTMLElement && !c.matches(".mcc-source, .mcc-prompt-fallback, .mcc-manual, .mcc-tip")
  );
}

function label(handle: Element, block: HTMLElement): void {
  const all = blocksOf(block.parentElement!);
  handle.setAttribute("aria-label", `Move block ${all.indexOf(block) + 1} of ${all.length}`);
}

function relabel(container: Element): void {
  for (const block of blocksOf(container)) {
    const handle = block.querySelector(":scope > .mcc-move");
    if (handle) label(handle, block);
  }
}

/** Puts `block` before or after `target`, renumbers the handles and announces the new place. */
function moveBlock(
  block: HTMLElement,
  target: HTMLElement,
  before: boolean,
  announce: (text: string) => void,
): void {
  if (before) target.before(block);
  else target.after(block);
  const all = blocksOf(block.parentElement!);
  relabel(block.parentElement!);
  announce(`Moved to position ${all.indexOf(block) + 1} of ${all.length}`);
}

/** The block as it travels: runtime additions dropped, tutor terms back to plain text. */
export function blockPayload(block: HTMLElement): { html: string; text: string } {
  const copy = block.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(ADDED).forEach((e) => e.remove());
  copy.querySelectorAll(".mcc-term").forEach((e) => e.replaceWith(e.textContent ?? ""));
  copy.classList.remove("mcc-dragging", "mcc-drop-before", "mcc-drop-after");
  if (!copy.classList.length) copy.removeAttribute("class");
  copy.normalize();
  // innerText needs layout; the copy is not in the document, so take its text content.
  return {
    html: copy.matches(".mcc-block") ? copy.innerHTML : copy.outerHTML,
    text: (copy.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim(),
  };
}

function handleFor(block: HTMLElement, announce: (text: string) => void): HTMLElement {
  const handle = tool({
    class: "mcc-move",
    draggable: "true",
    title: "Drag to move, or press the up and down arrow keys",
  }, h("span", { "aria-hidden": "true" }, "⠿"));
  handle.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    const container = block.parentElement!;
    const all = blocksOf(container);
    const i = all.indexOf(block);
    const j = e.key === "ArrowUp" ? i - 1 : i + 1;
    if (j < 0 || j >= all.length) return announce(`Already ${j < 0 ? "first" : "last"}`);
    moveBlock(block, all[j], j < i, announce);
    handle.focus();
  });
  handle.addEventListener("dragstart", (e) => {
    const { html, text } = blockPayload(block);
    e.dataTransfer?.setData("text/html", html);
    e.dataTransfer?.setData("text/plain", text);
    if (e.dataTransfer) e.dataTransfer.effectAllowed = "copyMove";
    e.dataTransfer?.setDragImage(block, 12, 12);
    dragged = block;
    block.classList.add("mcc-dragging");
  });
  handle.addEventListener("dragend", () => {
    block.classList.remove("mcc-dragging");
    dragged = undefined;
    clearMarks(block.parentElement);
  });
  return handle;
}

function clearMarks(container: Element | null): void {
  container?.querySelectorAll(".mcc-drop-before, .mcc-drop-after")
    .forEach((e) => e.classList.remove("mcc-drop-before", "mcc-drop-after"));
}

/** Where a drop over `target` would put the dragged block: before or after it. */
function side(e: DragEvent, target: HTMLElement): "before" | "after" {
  const r = target.getBoundingClientRect();
  return e.clientY < r.top + r.height / 2 ? "before" : "after";
}

function wireContainer(container: HTMLElement, announce: (text: string) => void): void {
  const blockAt = (e: DragEvent) => {
    const block = (e.target as Element).closest?.(".mcc-movable > *");
    return block instanceof HTMLElement && block.parentElement === container ? block : undefined;
  };
  container.addEventListener("dragover", (e) => {
    const block = blockAt(e);
    if (!dragged || dragged.parentElement !== container || !block) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "move";
    clearMarks(container);
    if (block !== dragged) block.classList.add(`mcc-drop-${side(e, block)}`);
  });
  container.addEventListener("dragleave", (e) => {
    if (!container.contains(e.relatedTarget as Node | null)) clearMarks(container);
  });
  container.addEventListener("drop", (e) => {
    const block = blockAt(e);
    if (!dragged || dragged.parentElement !== container || !block) return;
    e.preventDefault();
    clearMarks(container);
    dragged.classList.remove("mcc-dragging"); // dragend does not always follow a moved node
    if (block !== dragged) moveBlock(dragged, block, side(e, block) === "before", announce);
  });
}

/** Adds handles to the card's movable blocks. Safe to call again. */
export function enhanceMove(article: Element, announce: (text: string) => void): void {
  for (const container of article.querySelectorAll<HTMLElement>("[data-mcc-movable]")) {
    if (container.classList.contains("mcc-movable")) continue;
    const blocks = blocksOf(container);
    if (blocks.length < 2) continue;
    container.classList.add("mcc-movable");
    for (let block of blocks) {
      if (!HOLDS_BUTTON.test(block.tagName)) {
        // A list, table or details cannot hold a button as its first child: move a wrapper instead.
        const wrap = h("div", { class: "mcc-block" });
        block.replaceWith(wrap);
        wrap.append(block);
        block = wrap;
      }
      const handle = handleFor(block, announce);
      block.prepend(handle);
      label(handle, block);
    }
    wireContainer(container, announce);
  }
}

export const moveWidget: Widget = {
  enhance: (article) => enhanceMove(article, (text) => setStatus(article, text)),
};
