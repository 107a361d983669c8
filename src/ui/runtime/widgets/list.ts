/** Numbered outlines: their items are movable (move.ts); this draws the live preview. */
import { h } from "../dom.ts";
import { el, list, para, setText, sync, text } from "../preview.ts";
import type { Draw, Widget } from "./types.ts";

/** List items `depth` levels deep, updated in place so nested levels grow like the top one (at most 6, as the server). */
const item = (depth: number) =>
(
  it: Record<string, unknown>,
  _: number,
  li: Element = h("li", {}, el("span", "mcc-item"), para("", "mcc-item-detail")),
) => {
  li.firstChild!.textContent = text(it.text);
  setText(li.children[1] as HTMLElement, it.detail);
  if (it.children && depth < 6) {
    sync(li.children[2] ?? li.appendChild(h("ol")), list(it.children), item(depth + 1));
  }
  return li;
};

function preview(body: HTMLElement): Draw {
  const ol = h("ol");
  body.append(el("div", "mcc-list", ol));
  return (a) => sync(ol, list(a.items), item(1));
}

export const listWidget: Widget = { preview: { kind: "list", draw: preview } };
