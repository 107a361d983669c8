/**
 * create_list_card: a nested ordered outline numbered 1., 1.1., 1.1.1. by CSS counters. The
 * schema is unrolled to MAX_DEPTH levels, so depth is enforced where it is declared.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { type Html, markup } from "../html/html.ts";
import { plural } from "../render/summary.ts";
import { cardTitle, plainLine } from "./_fields.ts";

export const MAX_DEPTH = 6;
export const MAX_ITEMS = 1_000;

/** One outline item as the renderer sees it. */
export interface ListItem {
  text: string;
  detail?: string;
  children?: ListItem[];
}

function itemSchema(level: number): z.ZodType<ListItem> {
  const children = level < MAX_DEPTH
    ? z.array(itemSchema(level + 1)).max(200).optional().describe(
      `Sub-items (level ${level + 1} of at most ${MAX_DEPTH})`,
    )
    : z.array(z.never()).max(0, { error: `lists nest at most ${MAX_DEPTH} levels deep` }).optional()
      .describe(`Level ${MAX_DEPTH} is the deepest: no children here`);
  return z.object({
    text: plainLine(1_000, "The item, plain text"),
    detail: z.string().max(4_000).optional().describe("A note under the item, plain text"),
    children,
  }) as z.ZodType<ListItem>;
}

const input = z.object({
  title: cardTitle,
  intro: z.string().max(2_000).optional().describe("A line of plain text above the outline"),
  items: z.array(itemSchema(1)).min(1).max(200).describe(
    `Top-level items; each may have children, nested up to ${MAX_DEPTH} levels (numbered 1., 1.1., 1.1.1., ...)`,
  ),
});

function count(items: ListItem[]): number {
  return items.reduce((n, item) => n + 1 + count(item.children ?? []), 0);
}

function renderItems(items: ListItem[]): Html {
  return markup`<ol>${items.map(renderItem)}</ol>`;
}

function renderItem(item: ListItem): Html {
  const detail = item.detail ? markup`<p class="mcc-item-detail">${item.detail}</p>` : "";
  const children = item.children?.length ? renderItems(item.children) : "";
  return markup`<li><span class="mcc-item">${item.text}</span>${detail}${children}</li>`;
}

function outlineText(items: ListItem[], prefix = ""): string[] {
  return items.flatMap((item, i) => {
    const number = `${prefix}${i + 1}.`;
    return [
      `${"  ".repeat(prefix.split(".").length - 1)}${number} ${item.text}`,
      ...outlineText(item.children ?? [], number),
    ];
  });
}

export default defineCard({
  name: "create_list_card",
  kind: "list",
  title: "Sequential list card",
  description:
    `Render a nested ordered outline numbered 1., 1.1., 1.1.1. (up to ${MAX_DEPTH} levels): procedures, curricula, agendas, step-by-step plans, document structures. Items are {text, detail?, children?}. Text is plain: never pre-escape.`,
  input,
  render(inp) {
    const total = count(inp.items);
    if (total > MAX_ITEMS) throw invalidInput("items", `${total} items in all, the limit is ${MAX_ITEMS}`);
    const intro = inp.intro ? markup`<p class="mcc-text">${inp.intro}</p>` : "";
    const body = markup`${intro}<div class="mcc-list">${renderItems(inp.items)}</div>`;
    const lines = outlineText(inp.items);
    const shown = lines.slice(0, 40);
    return {
      title: inp.title,
      summary: [`Outline card "${inp.title}" with ${plural(total, "item")}:`, ...shown].join("\n") +
        (lines.length > shown.length ? `\n(${lines.length - shown.length} more items in the card)` : ""),
      blocks: [body],
    };
  },
});
