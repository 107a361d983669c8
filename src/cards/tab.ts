/**
 * create_tab_card: one subject seen from several sides (per language, per OS, per level), one tab
 * each. Markup follows the WAI-ARIA tabs pattern; the runtime adds clicks and arrow keys.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { join, markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { renderBlockContent } from "../render/content.ts";
import { newBudget } from "../render/math.ts";
import { contentSummary, plural, withinBudget } from "../render/summary.ts";
import { assertBlocks, cardTitle, contentFields, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_TABS = 20;

const input = z.object({
  title: cardTitle,
  tabs: z.array(
    z.object({
      label: plainLine(80),
      ...contentFields,
    }),
  ).min(1).max(MAX_TABS).describe("Each needs text, html or code"),
  selected: z.number().int().min(0).optional().describe("Index shown first"),
});

export default defineCard({
  name: "create_tab_card",
  kind: "tab",
  view: { widgets: ["tab"], styles: ["content", "math", "tab", "highlight"] },
  tutorAndActions: true,
  title: "Tab card",
  description: "Tabs: one subject from several sides (per language, OS, level, option).",
  input,
  async render(inp) {
    assertBlocks(inp.tabs, "tabs", "tab");
    const selected = inp.selected ?? 0;
    if (selected >= inp.tabs.length) {
      throw invalidInput(
        "selected",
        `must be from 0 to ${inp.tabs.length - 1} (a tab index), got ${selected}`,
      );
    }
    const id = idMaker("tab\n" + inp.title);
    const ids = inp.tabs.map(() => ({ tab: id("tab"), panel: id("panel") }));
    const tabs = inp.tabs.map((t, i) => {
      const on = i === selected;
      return markup`<button type="button" role="tab" class="mcc-tab" id="${ids[i].tab}" aria-controls="${
        ids[i].panel
      }" aria-selected="${on ? "true" : "false"}" tabindex="${on ? 0 : -1}">${t.label}</button>`;
    });
    const mathBudget = newBudget(); // one for the card: its blocks share it
    const rendered = await Promise.all(
      inp.tabs.map((t, i) => renderBlockContent(t, `tabs[${i}].html`, mathBudget)),
    );
    const panels = rendered.map(({ html }, i) => {
      const hidden = i === selected ? "" : markup` hidden`;
      return markup`<section class="mcc-tabpanel" role="tabpanel" id="${ids[i].panel}" aria-labelledby="${
        ids[i].tab
      }" tabindex="0"${hidden}>${html}</section>`;
    });
    const body =
      markup`<div class="mcc-tabs" data-mcc-tabs><div class="mcc-tablist" role="tablist" aria-label="${inp.title}">${tabs}</div>
${join(panels, "\n")}
</div>`;
    const lines = inp.tabs.map((t, i) =>
      `- ${t.label}${i === selected && selected > 0 ? " (shown first)" : ""}: ${
        contentSummary({ ...t, htmlText: rendered[i].htmlText })
      }`
    );
    return {
      title: inp.title,
      summary: withinBudget(
        [`Tab card ${quoteTitle(inp.title)} with ${plural(inp.tabs.length, "tab")}:`],
        lines,
        (n) => `(${plural(n, "more tab")} in the card)`,
      ),
      blocks: [body],
    };
  },
});
