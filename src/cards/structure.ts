/**
 * create_structure_card: charts of structure rather than series (hierarchies, flows, schedules),
 * drawn on the server as SVG into the chart figure, so the chart widget's tooltips, keyboard
 * movement, data table and locale formatting work as they do on a chart card. Each kind takes the
 * input shape that fits it; src/render/svg/structure.ts refuses the other, naming the right one.
 */
import { z } from "zod";
import { defineCard, unadvertised } from "../card.ts";
import { renderStructure, STRUCTURE_TYPES } from "../render/svg/structure.ts";
import { cardTitle, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

/** Most links or tasks the schema takes; each kind has its own lower limit. */
const MAX_ITEMS = 2_000;

const input = z.object({
  title: cardTitle,
  type: z.enum(STRUCTURE_TYPES).describe("type"),
  links: unadvertised(
    z.array(z.object({
      from: plainLine(200, "e.g. A"),
      to: plainLine(200, "e.g. B"),
      value: z.number().optional(),
    })),
    MAX_ITEMS,
  ).optional().describe("treemap, sunburst: parent→child, leaf values; sankey: flows"),
  description: z.string().max(1000).optional().describe("Alt text"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe("percent: 5=5%"),
  currency: z.string().max(3).optional().describe("ISO code"),
  digits: unadvertised(z.number().int(), 10, 0).optional().describe("digits"),
  tasks: unadvertised(
    z.array(z.object({
      name: plainLine(80),
      start: plainLine(40, "e.g. 2024-03-05"),
      end: plainLine(40),
      group: plainLine(40).optional(),
    })),
    MAX_ITEMS,
  ).optional().describe("gantt: ISO dates"),
});

export default defineCard({
  name: "create_structure_card",
  kind: "structure",
  view: { widgets: ["chart"], styles: ["chart", "chart_card", "structure", "table"] },
  title: "Structure card",
  description: "Treemap, sunburst, sankey or gantt chart.",
  input,
  render(inp) {
    const chart = renderStructure(inp);
    return {
      title: inp.title,
      summary: `Structure card ${quoteTitle(inp.title)}: ${chart.summary}`,
      blocks: [chart.html],
    };
  },
});
