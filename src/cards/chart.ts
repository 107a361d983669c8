/**
 * create_chart_card: an SVG chart drawn on the server (no chart library in the browser) from one
 * input shape for every kind, with a legend or direct labels, a screen-reader title and
 * description, and a collapsible table of the exact values. The runtime adds tooltips, keyboard
 * movement between points and number formatting in the host's locale.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { CHART_TYPES } from "../render/svg/model.ts";
import { MAX_POINTS, renderChart } from "../render/svg/chart.ts";
import { MAX_SERIES } from "../render/svg/palette.ts";
import { cardTitle, plainLine } from "./_fields.ts";

const input = z.object({
  title: cardTitle,
  type: z.enum(CHART_TYPES).describe(
    "pie/donut/funnel/waterfall: 1st series; histogram: raw values; waterfall null: subtotal",
  ),
  labels: z.array(z.string().max(200)).max(MAX_POINTS).optional().describe(
    "One per value",
  ),
  series: z.array(z.object({
    name: plainLine(100),
    values: z.array(
      z.union([z.number(), z.null()], {
        error: "expected a number, or null for no value",
      }),
    )
      .max(MAX_POINTS).describe("Per label"),
  })).min(1).max(MAX_SERIES).describe("Up to 8"),
  x: z.array(z.number()).max(MAX_POINTS).optional().describe("scatter: x per label"),
  xTitle: z.string().max(100).optional().describe("x title"),
  yTitle: z.string().max(100).optional().describe("y title"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe(
    "percent: 25 = 25%",
  ),
  currency: z.string().max(3).optional().describe("ISO code"),
  digits: z.number().int().min(0).max(10).optional().describe("Decimals"),
  locale: z.string().max(35).optional().describe(
    "e.g. en-US",
  ),
  description: z.string().max(1000).optional().describe(
    "Alt text",
  ),
});

export default defineCard({
  name: "create_chart_card",
  kind: "chart",
  view: { widgets: ["chart"], styles: ["chart", "chart_card", "table"] },
  title: "Chart card",
  description: "A chart from labels + series, with tooltips and a data table.",
  input,
  render(inp) {
    const chart = renderChart(inp);
    return { title: inp.title, summary: `Chart card "${inp.title}": ${chart.summary}`, blocks: [chart.html] };
  },
});
