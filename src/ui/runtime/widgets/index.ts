/**
 * The widgets of this template: the ones every card has around the ones of its card kind. Each
 * kind's template is its own bundle (scripts/build_ui.ts, src/ui/kinds.ts), so a table's template
 * carries no chart code; the bundle's entry calls `useWidgets` before anything paints.
 */
import { coreWidget } from "../header.ts";
import { moreWidget } from "../more.ts";
import { selectionWidget } from "../selection.ts";
import { WIDGETS } from "./in_use.ts";
import { menuWidget } from "./menu.ts";
import type { Widget } from "./types.ts";

/**
 * Sets the widgets in the order they enhance a card: the header tools and their More menu first, then the
 * kind's own, selection, then `late` ones (tutor terms, then move handles: they wrap blocks after terms
 * are marked), and the context menu last.
 */
export function useWidgets(kind: Widget[], late: Widget[] = []): void {
  WIDGETS.splice(
    0,
    WIDGETS.length,
    coreWidget,
    moreWidget,
    ...kind,
    selectionWidget,
    ...late,
    menuWidget,
  );
}
