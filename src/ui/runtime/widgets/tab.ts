/**
 * Tab cards, in the WAI-ARIA tabs pattern with selection following focus. The server renders the
 * complete first state; this only responds to clicks and keys.
 */
import { rove } from "../dom.ts";
import type { Widget } from "./types.ts";

function tabsOf(tab: Element): HTMLElement[] {
  const list = tab.closest('[role="tablist"]');
  return list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
}

/** Selects a tab and shows its panel; panels are looked up inside the same tab box. */
function selectTab(tab: HTMLElement): void {
  const box = tab.closest("[data-mcc-tabs]");
  if (!box) return;
  for (const other of tabsOf(tab)) {
    const selected = other === tab;
    other.setAttribute("aria-selected", String(selected));
    other.tabIndex = selected ? 0 : -1;
    const id = other.getAttribute("aria-controls");
    const panel = id ? box.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
    if (panel) panel.hidden = !selected;
  }
}

/** Arrow keys, Home and End on a tab: move and select. */
function tabKey(tab: HTMLElement, key: string): boolean {
  const next = rove(tabsOf(tab), tab, key);
  if (next) selectTab(next);
  return next !== undefined;
}

export const tabWidget: Widget = {
  click: { selector: '[role="tab"]', handle: selectTab },
  keys: { selector: '[role="tab"]', handle: tabKey },
};
