/**
 * Point at something: a table row, a chart point or legend entry, or a tutor term is selected by
 * click, Enter or Space (again to let go), and a plain-text description of it goes to the model
 * through the host's `updateModelContext` (each update replaces the last; letting go sends an empty
 * one). Never a chat message. Without the capability the selection only shows.
 */
import { jsonText } from "../shared/json.ts";
import { state } from "./debug.ts";
import { cap, rove } from "./dom.ts";
import { setStatus } from "./header.ts";
import type { Host } from "./host.ts";
import { WIDGETS } from "./widgets/in_use.ts";
import type { About, Widget } from "./widgets/types.ts";

/** The one selected element of the view, if any. */
export let picked: Element | undefined;

const SELECTABLE = ".mcc-table tbody tr, .mcc-legend li, .mcc-pt";

/** Text on one line, capped at 500 UTF-16 units with an ellipsis (never inside an emoji). */
export const line = (text?: string | null) => cap((text ?? "").replace(/\s+/g, " ").trim(), 500);

/**
 * What `el` is (`row 3 of`), its detail, and its fields in the structured selection (view_tools.ts
 * too): a table row or a tutor term here, a chart's point or legend entry by the chart widget's `about`.
 */
export function about(el: Element): About {
  for (const widget of WIDGETS) {
    const own = widget.about?.(el);
    if (own) return own;
  }
  if (el instanceof HTMLTableRowElement) {
    const head = el.closest("table")!.tHead?.rows[0]?.cells;
    const cells = [...el.cells].map((c, i) => {
      return [line(head?.[i]?.textContent) || `Column ${i + 1}`, line(c.textContent)];
    });
    const row = +(el.dataset.mccRow ?? el.sectionRowIndex + 1); // its place in the table, however sorted
    return [`row ${row} of`, cells.map((c) => c.map(jsonText).join(": ")).join("; "), {
      row,
      cells: Object.fromEntries(cells),
    }];
  }
  // a tutor term: what PICKS leaves
  const term = line(el.textContent);
  const tip = line(document.getElementById(el.getAttribute("aria-describedby")!)?.lastChild?.textContent);
  return [`term ${jsonText(term)} in`, tip && jsonText(tip), { term, tip }];
}

/** What memory.ts may show selected again: everything `pick` takes. */
export const PICKS = `${SELECTABLE}, .mcc-term`;

/** Shows `el` (or nothing) as the selection, without a word to the host (memory.ts restores it so). */
export function show(el?: Element): void {
  const mark = (on: boolean) =>
    picked?.setAttribute(picked.matches("tr, li") ? "aria-selected" : "aria-pressed", `${on}`);
  mark(false);
  picked = el;
  mark(true);
}

/** Selects `el`, or lets it go when it is the selection, and tells the host. True when now selected. */
export function pick(el: Element, host: Host): boolean {
  const on = picked !== el;
  show(on ? el : undefined);
  const article = el.closest(".mcc-card")!;
  const title = line(article.querySelector(".mcc-title")?.textContent);
  const [what, detail, fields] = about(el);
  // every name and value from the card (the title here, labels and terms in `what`, cells, values and
  // tips in `detail`) is a JSON string: a quote or a "; Name:" in one cannot pass for our words
  host.updateContext?.(
    on ? line(`Selected ${what} ${jsonText(title)}${detail && ": " + detail}`) : "",
    on ? { selection: { card: state.cardId, title, kind: what.split(" ")[0], ...fields } } : undefined,
  ).then((ok) => ok && setStatus(article, on ? "Selection shared with the assistant" : ""));
  return on;
}

const ROVING = ".mcc-table tbody tr, .mcc-legend li";

export const selectionWidget: Widget = {
  enhance(article) {
    // a legend is a listbox of its entries; one row or entry of each is in the tab order
    for (const el of article.querySelectorAll<HTMLElement>(`.mcc-legend, .mcc-pt, ${ROVING}`)) {
      if (el.matches("ul")) Object.assign(el, { role: "listbox", ariaLabel: "Legend" });
      else if (el.matches("li, tr")) {
        Object.assign(
          el,
          // a grid's rows already have theirs (the first shown row is the tab stop: grid.ts)
          !el.hasAttribute("tabindex") && { tabIndex: el.previousElementSibling ? -1 : 0 },
          el.matches("li") && { role: "option" },
        );
      } else Object.assign(el, { role: "button", ariaPressed: "false" });
    }
  },
  // A click on a line chart's plot selects the point under the tooltip; a drag that selected text, nothing.
  click: {
    selector: `${SELECTABLE}, .mcc-ov > svg`,
    handle(el, host) {
      const hit = el.matches("svg") ? el.querySelector(".mcc-on") : el;
      if (hit && getSelection()?.isCollapsed) pick(hit, host);
    },
  },
  anyKey: (e, host) =>
    (e.key === "Enter" || e.key === " ") && (e.target as Element).matches(SELECTABLE) &&
    (pick(e.target as Element, host) || true),
  keys: {
    selector: ROVING,
    handle: (el, key) =>
      !!rove(
        [...el.parentElement!.children].filter((e) => !(e as HTMLElement).hidden) as HTMLElement[],
        el,
        key,
      ),
  },
};
