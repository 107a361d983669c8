/**
 * create_chart_card: an SVG chart drawn on the server (no chart library in the browser) from one
 * input shape for every kind, with a legend or direct labels, a screen-reader title and
 * description, and a collapsible table of the exact values. The runtime adds tooltips, keyboard
 * movement between points and number formatting in the host's locale.
 */
import { z } from "zod";
import { defineCard, unadvertised } from "../card.ts";
import { CHART_TYPES } from "../render/svg/model.ts";
import { MAX_POINTS, renderChart } from "../render/svg/chart.ts";
import { cardTitle, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

const input = z.object({
  title: cardTitle,
  type: z.enum(CHART_TYPES).describe(
    "waterfall null=subtotal; histogram, box: raw values (or labels min,q1,median,q3,max); heatmap: series=rows; candlestick: series o,h,l,c; bar_line: bars, then right-axis lines; bubble: series y,size pairs; bullet, gauge: series value, target, band tops",
  ),
  labels: unadvertised(z.array(z.string().max(200)), MAX_POINTS).optional().describe("1 per value"),
  series: z.array(z.object({
    name: plainLine(100),
    values: unadvertised(
      z.array(z.union([z.number(), z.null()], { error: "expected a number, or null for no value" })),
      MAX_POINTS,
    ),
  })).describe("Up to 8"),
  x: unadvertised(z.array(z.number()), MAX_POINTS).optional().describe("scatter, bubble: x per label"),
  // described by their names alone: hosts list no description that only repeats the name
  xTitle: z.string().max(100).optional().describe("xTitle"),
  yTitle: z.string().max(100).optional().describe("yTitle"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe("percent: 25=25%"),
  currency: z.string().max(3).optional().describe("ISO code"),
  digits: unadvertised(z.number().int(), 10, 0).optional().describe("Digits"),
  locale: z.string().max(35).optional().describe("e.g. en-US"),
  description: z.string().max(1000).optional().describe("Alt text"),
});

export default defineCard({
  name: "create_chart_card",
  kind: "chart",
  view: { widgets: ["chart"], styles: ["chart", "chart_card", "table"] },
  title: "Chart card",
  description: "A chart from labels + series.",
  input,
  render(inp) {
    const chart = renderChart(inp);
    return {
      title: inp.title,
      summary: `Chart card ${quoteTitle(inp.title)}: ${chart.summary}`,
      blocks: [chart.html],
    };
  },
});
