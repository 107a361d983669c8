/**
 * create_list_card: a nested ordered outline numbered 1., 1.1., 1.1.1. by CSS counters. The
 * schema is recursive (one shared definition in the JSON Schema); depth is checked as it is validated.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { type Html, markup } from "../html/html.ts";
import { brief, plural, withinBudget } from "../render/summary.ts";
import { cardTitle, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_DEPTH = 6;
export const MAX_ITEMS = 1_000;

/** One outline item as the renderer sees it. */
export interface ListItem {
  text: string;
  detail?: string;
  children?: ListItem[];
}

const item: z.ZodType<ListItem> = z.object({
  text: plainLine(1_000),
  detail: z.string().max(4_000).optional().describe("Note under it"),
  get children() {
    return z.array(item).max(200).optional();
  },
});

/** The path (under `items`) to the first `children` that nests deeper than MAX_DEPTH levels. */
function tooDeep(
  items: ListItem[],
  level = 1,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  for (const [i, it] of items.entries()) {
    if (!it.children?.length) continue;
    if (level >= MAX_DEPTH) return [...path, i, "children"];
    const deeper = tooDeep(it.children, level + 1, [...path, i, "children"]);
    if (deeper) return deeper;
  }
  return undefined;
}

const input = z.object({
  title: cardTitle,
  intro: z.string().max(2_000).optional().describe("Intro"),
  items: z.array(item).min(1).max(200).superRefine((items, ctx) => {
    const path = tooDeep(items);
    if (path) ctx.addIssue({ code: "custom", message: `lists nest at most ${MAX_DEPTH} levels deep`, path });
  }).describe(`Nested up to ${MAX_DEPTH} levels`),
});

function count(items: ListItem[]): number {
  return items.reduce((n, item) => n + 1 + count(item.children ?? []), 0);
}

function renderItems(items: ListItem[], top = false): Html {
  // Top-level items may be reordered by the reader (the runtime adds move handles).
  return markup`<ol${top ? markup` data-mcc-movable` : ""}>${items.map(renderItem)}</ol>`;
}

function renderItem(item: ListItem): Html {
  const detail = item.detail ? markup`<p class="mcc-item-detail">${item.detail}</p>` : "";
  const children = item.children?.length ? renderItems(item.children) : "";
  return markup`<li><span class="mcc-item">${item.text}</span>${detail}${children}</li>`;
}

/** The outline as numbered lines, each item's detail on the line under it. */
function outlineText(items: ListItem[], prefix = ""): string[] {
  return items.flatMap((item, i) => {
    const number = `${prefix}${i + 1}.`;
    const indent = "  ".repeat(prefix.split(".").length - 1);
    return [
      `${indent}${number} ${brief(item.text, 300)}`,
      ...(item.detail?.trim() ? [`${indent}   ${brief(item.detail, 300)}`] : []),
      ...outlineText(item.children ?? [], number),
    ];
  });
}

export default defineCard({
  name: "create_list_card",
  kind: "list",
  view: { widgets: ["list"], styles: ["list"], movable: true },
  tutorAndActions: true,
  title: "Sequential list card",
  description: "A numbered outline (1., 1.1.): procedures, curricula, agendas, plans.",
  input,
  render(inp) {
    const total = count(inp.items);
    if (total > MAX_ITEMS) throw invalidInput("items", `${total} items in all, the limit is ${MAX_ITEMS}`);
    const intro = inp.intro ? markup`<p class="mcc-text">${inp.intro}</p>` : "";
    const body = markup`${intro}<div class="mcc-list">${renderItems(inp.items, true)}</div>`;
    const head = [`Outline card ${quoteTitle(inp.title)} with ${plural(total, "item")}:`];
    if (inp.intro?.trim()) head.push(brief(inp.intro, 1_000));
    return {
      title: inp.title,
      summary: withinBudget(head, outlineText(inp.items), (n) => `(${plural(n, "more line")} in the card)`),
      blocks: [body],
    };
  },
});
