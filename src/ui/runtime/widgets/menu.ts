/**
 * The card context menu (WAI-ARIA menu pattern): the model's actions from the frame's
 * `data-mcc-actions` (JSON `[{ label, prompt }]`), then "Generate Efficient Verbose Prompt" and
 * "Copy card". Opened by right-click, the ContextMenu key or Shift+F10; arrows, Home and End move,
 * Enter or Space runs an item, Escape or Tab closes and focus goes back where it was. Right-click
 * in a text field, or with Shift held, keeps the browser's own menu.
 */
import { cleanSelection } from "../../shared/prompt.ts";
import { sendPrompt } from "../actions.ts";
import { h, rove } from "../dom.ts";
import { copyCard } from "../header.ts";
import type { Host } from "../host.ts";
import { type CardAction, type MenuItem, menuItems } from "../menu_model.ts";
import { makeRoom, place } from "./float.ts";
import type { Widget } from "./types.ts";

/** What running an item needs from the card runtime. */
export interface MenuRunner {
  prompt(text: string, article: Element): void;
  copyCard(article: Element): void;
}

let current: { menu: HTMLElement; back: HTMLElement | null; done: () => void } | undefined;

function readActions(article: Element): CardAction[] {
  try {
    const data = JSON.parse(article.getAttribute("data-mcc-actions") ?? "[]");
    return Array.isArray(data)
      ? data.filter((a) => typeof a?.label === "string" && typeof a?.prompt === "string")
      : [];
  } catch {
    return [];
  }
}

/** The selected text, when the selection lies inside `article`. */
function selectionIn(article: Element): string {
  const selection = getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount) return "";
  const range = selection.getRangeAt(0);
  return article.contains(range.commonAncestorContainer) ? cleanSelection(selection.toString()) : "";
}

/** Closes the open menu; focus goes back to where it was unless `refocus` is false. */
export function closeMenu(refocus = true): void {
  if (!current) return;
  const { menu, back, done } = current;
  current = undefined;
  menu.remove();
  done();
  if (refocus) back?.focus();
}

function items(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

function run(item: MenuItem, article: Element, runner?: MenuRunner): void {
  if (item.disabled) return;
  closeMenu();
  if (item.run) item.run();
  else if (item.kind === "copy") runner?.copyCard(article);
  else if (item.prompt) runner?.prompt(item.prompt, article);
}

/** A menu of the caller's own items (the header's More menu): its name, and a hook on close. */
export interface OwnMenu {
  items: MenuItem[];
  label: string;
  closed(): void;
}

/**
 * Opens the menu of `article` at a point (right-click) or under an element (keyboard); with `own`,
 * a menu of those items instead, with the same look and keys.
 */
export function openMenu(
  article: Element,
  at: { left: number; top: number; bottom: number },
  runner?: MenuRunner,
  own?: OwnMenu,
): void {
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  closeMenu(false);
  const title = article.querySelector(".mcc-title")?.textContent ?? "";
  const list = own?.items ?? menuItems(readActions(article), title, selectionIn(article));
  const menu = h("ul", { class: "mcc-menu", role: "menu", "aria-label": own?.label ?? "Card actions" });
  list.forEach((item, i) => {
    if (item.kind === "efficient" && i > 0) menu.append(h("li", { role: "separator" }));
    const li = h("li", { role: "menuitem", tabindex: "-1" }, item.label);
    if (item.disabled) {
      li.setAttribute("aria-disabled", "true");
      li.append(h("span", { class: "mcc-sr" }, `: ${item.disabled}`));
      li.title = item.disabled;
    }
    li.addEventListener("click", () => run(item, article, runner));
    li.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      run(item, article, runner);
    });
    menu.append(li);
  });
  menu.addEventListener("keydown", (e) => menuKey(e, menu));
  menu.addEventListener("focusout", (e) => {
    if (!menu.contains(e.relatedTarget as Node | null)) closeMenu(false);
  });
  article.append(menu); // inside the card (fixed, so never clipped), and inside the page's landmark
  place(menu, at);
  const room = makeRoom(menu);
  current = {
    menu,
    back,
    done() {
      room();
      own?.closed();
    },
  };
  items(menu).find((li) => !li.hasAttribute("aria-disabled"))?.focus();
}

function menuKey(e: KeyboardEvent, menu: HTMLElement): void {
  if (e.key === "Escape" || e.key === "Tab") closeMenu();
  else if (
    !/^(ArrowUp|ArrowDown|Home|End)$/.test(e.key) ||
    !rove(items(menu), document.activeElement as HTMLElement, e.key)
  ) return;
  e.preventDefault();
}

const NATIVE = "input, textarea, select, [contenteditable]";

/** Right-click on a card: our menu, unless the user wants the browser's (Shift, text fields). */
export function onContextMenu(e: MouseEvent, runner: MenuRunner): void {
  const target = e.target as Element;
  const article = target.closest(".mcc-card");
  if (!article || e.shiftKey || target.closest(`${NATIVE}, .mcc-menu`)) return;
  e.preventDefault();
  // A keyboard-opened menu (ContextMenu key) reports no pointer position: open under the focus.
  const at = e.clientX || e.clientY
    ? { left: e.clientX, top: e.clientY, bottom: e.clientY }
    : (target as HTMLElement).getBoundingClientRect();
  openMenu(article, at, runner);
}

/** The ContextMenu key or Shift+F10 on a focused element inside a card. */
export function menuShortcut(e: KeyboardEvent, runner: MenuRunner): boolean {
  if (e.key !== "ContextMenu" && !(e.key === "F10" && e.shiftKey)) return false;
  const target = e.target as HTMLElement;
  const article = target.closest(".mcc-card");
  if (!article || target.closest(`${NATIVE}, .mcc-menu`)) return false;
  openMenu(article, target.getBoundingClientRect(), runner);
  return true;
}

/** Runs menu items through the host: prompts as messages (the fallback shows under the header), copy as Copy card. */
function runner(host: Host): MenuRunner {
  const head = (article: Element) => article.querySelector(".mcc-head") ?? article;
  return {
    prompt: (text, article) => void sendPrompt(text, host, head(article)),
    copyCard: (article) => void copyCard(article, host),
  };
}

export const menuWidget: Widget = {
  contextMenu: (event, host) => onContextMenu(event, runner(host)),
  anyKey: (event, host) => menuShortcut(event, runner(host)),
};
