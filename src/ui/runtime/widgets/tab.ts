/**
 * Tab cards, in the WAI-ARIA tabs pattern with selection following focus. The server renders the
 * complete first state; this only responds to clicks and keys.
 */
import { codeFigure, h, rove } from "../dom.ts";
import { el, list, num, para, paras, sync, text } from "../preview.ts";
import type { Draw, Widget } from "./types.ts";

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

/** A tab's content so far: its text and its code (html waits for the result). */
const content = (c: Record<string, unknown>) => [
  ...paras(c.text).map((p) => para(`${p}`)),
  c.code == null ? "" : codeFigure(text(c.language), text(c.code)),
];

/** The preview: the tabs as they come, with the selected tab's content. */
function preview(body: HTMLElement): Draw {
  const tabs = h("div", { class: "mcc-tablist", role: "tablist" });
  const panel = el("section", "mcc-tabpanel");
  body.append(el("div", "mcc-tabs", tabs, panel));
  return (a) => {
    const on = num(a.selected) || 0;
    sync(
      tabs,
      list(a.tabs),
      (t, i) =>
        h(
          "button",
          { type: "button", role: "tab", class: "mcc-tab", "aria-selected": `${i == on}` },
          text(t.label),
        ),
    );
    panel.replaceChildren(...content(list(a.tabs)[on] ?? {})); // only the shown tab's content
  };
}

export const tabWidget: Widget = {
  click: { selector: '[role="tab"]', handle: selectTab },
  keys: { selector: '[role="tab"]', handle: tabKey },
  preview: { kind: "tab", draw: preview },
};
