/**
 * create_map_card: a choropleth of countries or US states and pins or bubbles by latitude and
 * longitude, drawn as SVG on the server from the atlases' TopoJSON (no tile server, no CDN). The
 * geometry travels in the result, so the card draws at the finest detail level that fits under
 * the result ceiling, and says so when it had to coarsen.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import type { Config } from "../config.ts";
import { baseMap, DETAIL_LEVELS, MAP_NAMES } from "../render/geo/atlas.ts";
import { checkMap, type MapSpec, MAX_MAP_ROWS, MAX_PINS, renderMap } from "../render/geo/map.ts";
import { documentShellChars } from "../ui/standalone.ts";
import { cardTitle } from "./_fields.ts";

const input = z.object({
  title: cardTitle,
  map: z.enum(MAP_NAMES).optional().describe("Base map (default world)"),
  data: z.array(z.object({
    key: z.string().max(100).describe("ISO 3166 code or country name; us-states: name, postal or FIPS code"),
    value: z.number().nullable().optional(),
    category: z.string().max(60).optional().describe("Instead of value"),
  })).max(MAX_MAP_ROWS).optional().describe("Regions to colour"),
  pins: z.array(z.object({
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    label: z.string().max(100),
    value: z.number().optional().describe("Bubble size"),
    group: z.string().max(60).optional(),
  })).max(MAX_PINS).optional(),
  valueName: z.string().max(100).optional().describe("What value measures"),
  midpoint: z.number().optional().describe("Diverging colours around it (e.g. 0)"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional(),
  currency: z.string().max(3).optional(),
  description: z.string().max(1000).optional().describe("For screen readers (default: the summary)"),
});

/** Room a result needs besides the article: the summary, title, config and links. */
const RESULT_OVERHEAD = 1_500;

/** The article's share of the result ceiling, as JSON counts it (escaped quotes included). */
function fits(html: string, summary: string, title: string, config: Config, embedded: boolean): boolean {
  const shell = embedded ? documentShellChars("map") : 0;
  return JSON.stringify(html).length + JSON.stringify(summary).length + 3 * JSON.stringify(title).length +
      shell + RESULT_OVERHEAD <= config.resultLimit;
}

export default defineCard({
  name: "create_map_card",
  kind: "map",
  title: "Map card",
  description:
    "Render a map as accessible SVG: countries (world, europe) or US states coloured by value or category, and pins or bubbles by lat/lon. Legend, tooltips, keyboard and a data table; unmatched keys are named.",
  input,
  async render(inp, ctx) {
    const spec: MapSpec = { ...inp, map: inp.map ?? "world" };
    const { format } = checkMap(spec);
    const embedded = !ctx.apps && ctx.config.embedHtml;
    let out;
    for (const [n, level] of DETAIL_LEVELS.entries()) {
      out = renderMap(spec, await baseMap(spec.map, level), format, n > 0);
      if (fits(out.html.value, out.summary, inp.title, ctx.config, embedded)) break;
    }
    return { title: inp.title, summary: `Map card "${inp.title}": ${out!.summary}`, blocks: [out!.html] };
  },
});
