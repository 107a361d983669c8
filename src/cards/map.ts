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
import { quoteTitle } from "../quote.ts";

const input = z.object({
  title: cardTitle,
  data: z.array(z.object({
    key: z.string().max(100).describe("ISO code or name; US: postal, FIPS"),
    value: z.union([z.number(), z.string().max(60), z.null()]),
  })).max(MAX_MAP_ROWS).optional().describe("Regions"),
  pins: z.array(z.object({
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    label: z.string().max(100),
    value: z.number().optional().describe("Bubble size"),
    group: z.string().max(60).optional(),
  })).max(MAX_PINS).optional().describe("Pins"),
  map: z.enum(MAP_NAMES).optional().describe("Default world"),
  valueName: z.string().max(100).optional().describe("Legend title"),
  midpoint: z.number().optional().describe("Diverge colours around it"),
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
  description: "Choropleth of countries or US states, with pins or bubbles by lat/lon.",
  input,
  view: { widgets: ["map"], styles: ["chart", "chart_card", "map", "table"] },
  async render(inp, ctx) {
    const data = inp.data?.map((
      { key, value },
    ) => (typeof value === "string" ? { key, category: value } : { key, value }));
    const spec: MapSpec = { ...inp, map: inp.map ?? "world", data };
    const { format } = checkMap(spec);
    const embedded = !ctx.apps && ctx.config.embedHtml;
    let out;
    for (const [n, level] of DETAIL_LEVELS.entries()) {
      out = renderMap(spec, await baseMap(spec.map, level), format, n > 0);
      if (fits(out.html.value, out.summary, inp.title, ctx.config, embedded)) break;
    }
    return {
      title: inp.title,
      summary: `Map card ${quoteTitle(inp.title)}: ${out!.summary}`,
      blocks: [out!.html],
    };
  },
});
