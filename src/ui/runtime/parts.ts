/**
 * A card split into parts (a long table, document or code tour) downloads whole: the title says
 * "(part k of N)", every part comes from `get_card` (host.part: the stored render), and they are
 * joined into one detached article that Download's formats then read. A table's rows go into
 * one table; other kinds' bodies follow each other. If any part does not come, the part on
 * screen is what there is.
 */
import { h } from "./dom.ts";
import { setStatus } from "./header.ts";
import type { Host } from "./host.ts";
import type { Widget } from "./widgets/types.ts";

export async function whole(article: Element, host: Host): Promise<Element> {
  const n =
    +(/ \(part \d+ of (\d+)\)$/.exec(article.querySelector(".mcc-title")?.textContent ?? "")?.[1] ?? 0);
  if (n < 2 || !host.part) return article;
  setStatus(article, `Gathering ${n} parts…`);
  const parts = [];
  for (let i = 1; i <= n; i++) {
    const html = await host.part(i);
    if (!html) return article;
    parts.push(html);
  }
  const t = h("template") as HTMLTemplateElement;
  t.innerHTML = parts.join("");
  const [first, ...rest] = t.content.children;
  const title = first.querySelector(".mcc-title")!;
  title.textContent = title.textContent!.replace(/ \(part \d+ of \d+\)$/, "");
  const rows = first.matches("[data-mcc-kind=table]") && first.querySelector("tbody");
  for (const part of rest) {
    if (rows) rows.append(...part.querySelectorAll("tbody tr"));
    else first.querySelector(".mcc-body")!.append(...part.querySelector(".mcc-body")!.childNodes);
  }
  if (rows) {
    first.querySelector("caption")?.remove(),
      first.querySelector("[aria-label]")?.removeAttribute("aria-label");
  }
  return first;
}

/** In the templates of the kinds that split into parts (src/ui/kinds.ts `parts`). */
export const partsWidget: Widget = { whole };
