/**
 * Tabs (WAI-ARIA tabs pattern, selection follows focus), reveal sections (show all / hide all over
 * native details) and arrow-key movement inside the header toolbar. The server renders a complete
 * first state; these only respond to clicks and keys.
 */

const NEXT_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Moves focus among `items` for an arrow/Home/End key; returns the newly focused item. */
function rove(items: HTMLElement[], current: HTMLElement, key: string): HTMLElement | undefined {
  const step = NEXT_KEYS[key];
  const i = items.indexOf(current);
  if (!step || i < 0) return undefined;
  const next = items[step(i, items.length)];
  next.focus();
  return next;
}

function tabsOf(tab: Element): HTMLElement[] {
  const list = tab.closest('[role="tablist"]');
  return list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
}

/** Selects a tab and shows its panel; panels are looked up inside the same tab box. */
export function selectTab(tab: HTMLElement): void {
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
export function tabKey(tab: HTMLElement, key: string): boolean {
  const next = rove(tabsOf(tab), tab, key);
  if (next) selectTab(next);
  return next !== undefined;
}

/** Left/Right/Home/End inside the header toolbar; every button also stays a Tab stop. */
export function toolbarKey(button: HTMLElement, key: string): boolean {
  if (key === "ArrowUp" || key === "ArrowDown") return false;
  const bar = button.closest('[role="toolbar"]');
  const buttons = bar ? [...bar.querySelectorAll<HTMLElement>("button")] : [];
  return rove(buttons, button, key) !== undefined;
}

/** Opens or closes every reveal section of the box holding `button`. */
export function revealAll(button: Element, open: boolean): void {
  const box = button.closest("[data-mcc-reveals]");
  box?.querySelectorAll<HTMLDetailsElement>("details.mcc-reveal").forEach((d) => (d.open = open));
}
