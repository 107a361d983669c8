/**
 * The header's More menu: the card actions a reader needs now and then, kept out of the header row
 * so the title keeps its room at chat width. Show (or hide) the card's own HTML, Copy card, and one
 * Download item per format the card offers (export.ts). It is the card menu's look and keys
 * (widgets/menu.ts): arrows, Home and End move, Enter runs, Escape closes and focus goes back.
 */
import { ACTION } from "../shared/protocol.ts";
import { downloadItems } from "./export.ts";
import { copyCard, toggleSource } from "./header.ts";
import type { Host } from "./host.ts";
import type { MenuItem } from "./menu_model.ts";
import { openMenu } from "./widgets/menu.ts";
import type { Widget } from "./widgets/types.ts";

/** What the menu holds for `article`, in order. */
function moreItems(article: Element, host: Host): MenuItem[] {
  const open = article.querySelector(".mcc-body > .mcc-source");
  return [
    {
      label: open ? "Hide the card's HTML" : "Show the card's HTML",
      kind: "action",
      run: () => toggleSource(article),
    },
    { label: "Copy card", kind: "action", run: () => void copyCard(article, host) },
    ...downloadItems(article, host),
  ];
}

function openMore(button: HTMLElement, article: Element, host: Host): void {
  openMenu(article, button.getBoundingClientRect(), undefined, {
    label: "More card actions",
    items: moreItems(article, host),
    closed: () => button.setAttribute("aria-expanded", "false"),
  });
  button.setAttribute("aria-expanded", "true");
}

export const moreWidget: Widget = { actions: { [ACTION.more]: openMore } };
