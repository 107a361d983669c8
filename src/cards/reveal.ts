/**
 * create_reveal_card: collapsible show/hide sections with show-all and hide-all. Sections are
 * native details elements, so they open and close by keyboard and without the runtime.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { join, markup } from "../html/html.ts";
import { renderBlockContent } from "../render/content.ts";
import { newBudget } from "../render/math.ts";
import { brief, contentSummary, plural, withinBudget } from "../render/summary.ts";
import { ACTION } from "../ui/shared/protocol.ts";
import { assertBlocks, cardTitle, contentFields, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_SECTIONS = 50;

const input = z.object({
  title: cardTitle,
  intro: z.string().max(2_000).optional().describe("Intro"),
  sections: z.array(
    z.object({
      title: plainLine(200),
      ...contentFields,
      open: z.boolean().optional(),
    }),
  ).min(1).max(MAX_SECTIONS).describe("Each needs text, html or code"),
});

export default defineCard({
  name: "create_reveal_card",
  kind: "reveal",
  view: { widgets: ["reveal"], styles: ["content", "math", "reveal", "highlight"], movable: true },
  tutorAndActions: true,
  title: "Show/hide card",
  description: "Show/hide sections: FAQs, answers to reveal, optional detail.",
  input,
  async render(inp) {
    assertBlocks(inp.sections, "sections", "section");
    const mathBudget = newBudget(); // one for the card: its blocks share it
    const rendered = await Promise.all(
      inp.sections.map((s, i) => renderBlockContent(s, `sections[${i}].html`, mathBudget)),
    );
    const sections = inp.sections.map((s, i) => {
      const open = s.open ? markup` open` : "";
      return markup`<details class="mcc-reveal"${open}><summary class="mcc-reveal-title">${s.title}</summary><div class="mcc-reveal-body">${
        rendered[i].html
      }</div></details>`;
    });
    const intro = inp.intro ? markup`<p class="mcc-text">${inp.intro}</p>` : "";
    const bar =
      markup`<div class="mcc-reveal-bar"><button type="button" class="mcc-tool" data-mcc-action="${ACTION.showAll}">Show all</button><button type="button" class="mcc-tool" data-mcc-action="${ACTION.hideAll}">Hide all</button></div>`;
    const body = markup`<div class="mcc-reveals" data-mcc-reveals>${intro}${bar}
<div data-mcc-movable>
${join(sections, "\n")}
</div>
</div>`;
    const lines = inp.sections.map((s, i) =>
      `- ${s.title}: ${contentSummary({ ...s, htmlText: rendered[i].htmlText })}`
    );
    const head = [`Show/hide card ${quoteTitle(inp.title)} with ${plural(inp.sections.length, "section")}:`];
    if (inp.intro?.trim()) head.push(brief(inp.intro, 1_000));
    return {
      title: inp.title,
      summary: withinBudget(head, lines, (n) => `(${plural(n, "more section")} in the card)`),
      blocks: [body],
    };
  },
});
