/**
 * Asking for the next part of the same input against rendering it in the first place
 * (`deno bench -A bench/parts_bench.ts`): a code tour of the 19-language corpus, split into parts
 * by a small budget, through a real in-memory MCP client. The floor is a call whose input is new
 * each time (read, highlight, pack); the repeat asks for part 2 of one input (the cached render
 * is packed again). Target: the repeat well under the first render.
 */
import { connect } from "../tests/helpers.ts";

const corpus = new URL("./corpus/", import.meta.url);
const files = [...Deno.readDirSync(corpus)].map((e) => e.name).sort().map((name) => ({
  path: `src/${name}`,
  content: Deno.readTextFileSync(new URL(name, corpus)),
}));
const client = await connect({ cardBudget: 8_000 });
let n = 0;

Deno.bench({
  name: "part 1 of a new input (render + pack), floor",
  group: "parts",
  baseline: true,
  fn: async () =>
    void await client.callTool({ name: "create_code_tour_card", arguments: { title: `Tour ${++n}`, files } }),
});
Deno.bench({
  name: "part 2 of the same input (cached render)",
  group: "parts",
  fn: async () =>
    void await client.callTool({
      name: "create_code_tour_card",
      arguments: { title: "Tour", files, part: 2 },
    }),
});
