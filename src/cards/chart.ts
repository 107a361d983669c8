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
    "Chart kind; every kind reads the same labels + series. pie and donut show the first series; scatter plots values against x (or labels)",
  ),
  labels: z.array(z.string().max(200)).max(MAX_POINTS).optional().describe(
    "One category or x label per value, plain text (e.g. months)",
  ),
  series: z.array(z.object({
    name: plainLine(100, "Series name, shown in the legend, tooltips and table"),
    values: z.array(
      z.union([z.number(), z.null().describe("No value")], {
        error: "expected a number, or null for no value",
      }),
    ).max(MAX_POINTS).describe("One number per label; null for none"),
  })).min(1).max(MAX_SERIES).describe(`Up to ${MAX_SERIES} series`),
  x: z.array(z.number()).max(MAX_POINTS).optional().describe("scatter only: a numeric x per label"),
  xTitle: z.string().max(100).optional().describe("Axis title under the x axis"),
  yTitle: z.string().max(100).optional().describe("Axis title beside the value axis"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe(
    "How values read: number (default), percent (25 means 25%), currency, compact (1.2K)",
  ),
  currency: z.string().max(3).optional().describe("ISO code for valueStyle currency (default USD)"),
  digits: z.number().int().min(0).max(10).optional().describe("Fixed fraction digits for values"),
  locale: z.string().max(35).optional().describe(
    "BCP 47 locale for numbers (default en-US); the card switches to the host's locale when it knows one",
  ),
  description: z.string().max(1000).optional().describe(
    "What the chart shows, for screen readers (default: the text summary)",
  ),
});

export default defineCard({
  name: "create_chart_card",
  kind: "chart",
  title: "Chart card",
  description:
    "Render an accessible SVG chart: bar, horizontal_bar, grouped_bar, stacked_bar, line, area, stacked_area, pie, donut or scatter, from labels + series (same data for every kind). Hover/focus tooltips, keyboard navigation, a data table; long line series are downsampled. Text is plain: never pre-escape.",
  input,
  render(inp) {
    const chart = renderChart(inp);
    return { title: inp.title, summary: `Chart card "${inp.title}": ${chart.summary}`, blocks: [chart.html] };
  },
});
