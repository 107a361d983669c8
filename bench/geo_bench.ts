// deno-lint-ignore-file no-console -- the sizes and first-call times are the point: printed on stderr
/**
 * Maps and diagrams against a chart card in the same run (`deno bench -A bench/geo_bench.ts`): a warm
 * world map, US-states map and world map with 200 bubbles, a flowchart and a sequence diagram, each
 * rendered and serialized through the card's handler, against the chart card's example. Before the
 * runs it prints what each map's result weighs (the result ceiling is 40,000 characters) and what
 * the first call costs (loading d3-geo, the atlas and dagre, and simplifying the atlas once).
 */
import { DEFAULT_CONFIG } from "../src/config.ts";
import { CardStore } from "../src/store/card_store.ts";
import { TOOLS } from "../src/registry.ts";
import type { ToolContext } from "../src/tool.ts";

const context = {
  config: DEFAULT_CONFIG,
  store: new CardStore(),
  apps: true,
  newId: () => "bench",
  progress: () => Promise.resolve(),
} as unknown as ToolContext; // a card's handler reads none of the web tools' context

const tool = (name: string) => TOOLS.find((t) => t.name === name)!;
const golden = (kind: string, name: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../tests/cards/${kind}/${name}.json`, import.meta.url)));

const cases = {
  chart: [tool("create_chart_card"), golden("chart", "example")],
  world: [tool("create_map_card"), golden("map", "example")],
  states: [tool("create_map_card"), golden("map", "us_states_diverging")],
  europe: [tool("create_map_card"), golden("map", "europe_categories")],
  bubbles: [tool("create_map_card"), golden("map", "world_bubbles_200")],
  flowchart: [tool("create_diagram_card"), golden("diagram", "example")],
  sequence: [tool("create_diagram_card"), golden("diagram", "sequence")],
} as const;

const run = async (name: keyof typeof cases) =>
  JSON.stringify(await cases[name][0].handler(cases[name][1], context));

for (const name of Object.keys(cases) as (keyof typeof cases)[]) {
  const start = performance.now();
  const size = (await run(name)).length;
  console.error(
    `[geo] ${name.padEnd(10)} result ${size} characters; first call ${
      Math.round(performance.now() - start)
    } ms`,
  );
}

Deno.bench("chart card (example)", { group: "cards", baseline: true }, async () => void await run("chart"));
Deno.bench("map card: world, 24 countries", { group: "cards" }, async () => void await run("world"));
Deno.bench("map card: US states, diverging", { group: "cards" }, async () => void await run("states"));
Deno.bench("map card: Europe, categories", { group: "cards" }, async () => void await run("europe"));
Deno.bench("map card: world, 200 bubbles", { group: "cards" }, async () => void await run("bubbles"));
Deno.bench("diagram card: flowchart, 8 nodes", { group: "cards" }, async () => void await run("flowchart"));
Deno.bench("diagram card: sequence, 6 messages", { group: "cards" }, async () => void await run("sequence"));
