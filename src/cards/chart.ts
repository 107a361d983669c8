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
    "All kinds read labels + series (pie/donut/funnel/waterfall: first series; scatter: values against x or labels; histogram: raw values, no labels; waterfall: signed steps, null = subtotal)",
  ),
  labels: z.array(z.string().max(200)).max(MAX_POINTS).optional().describe(
    "One label per value (e.g. months)",
  ),
  series: z.array(z.object({
    name: plainLine(100, "Series name"),
    values: z.array(
      z.union([z.number(), z.null().describe("No value")], {
        error: "expected a number, or null for no value",
      }),
    )
      .max(MAX_POINTS).describe("One number per label"),
  })).min(1).max(MAX_SERIES).describe(`Up to ${MAX_SERIES} series`),
  x: z.array(z.number()).max(MAX_POINTS).optional().describe("scatter: numeric x per label"),
  xTitle: z.string().max(100).optional().describe("x axis title"),
  yTitle: z.string().max(100).optional().describe("Value axis title"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe(
    "number (default), percent (25 = 25%), currency, compact (1.2K)",
  ),
  currency: z.string().max(3).optional().describe("ISO code (default USD)"),
  digits: z.number().int().min(0).max(10).optional().describe("Fixed fraction digits"),
  locale: z.string().max(35).optional().describe(
    "Number locale (default en-US; the host's wins in the browser)",
  ),
  description: z.string().max(1000).optional().describe(
    "What it shows, for screen readers (default: the summary)",
  ),
});

export default defineCard({
  name: "create_chart_card",
  kind: "chart",
  title: "Chart card",
  description:
    "Render an accessible SVG chart from labels + series (same data for every type): bars, lines, areas, pie/donut, scatter, histogram, funnel, waterfall. Tooltips, keyboard navigation and a data table; long lines are downsampled. Text is plain: never pre-escape.",
  input,
  render(inp) {
    const chart = renderChart(inp);
    return { title: inp.title, summary: `Chart card "${inp.title}": ${chart.summary}`, blocks: [chart.html] };
  },
});
