/**
 * Card speed against floors measured in the same run (`deno task bench`):
 * - a 1,000 x 6 table card, rendered and serialized, against escaping and joining the same cells
 *   into a bare <table> string (target: within 3x);
 * - a 10-row table card call through a real in-memory MCP client, against a no-op tool call on
 *   the same SDK (target: within 1.5x), with a tool returning a prebuilt result of the same size
 *   and shape to show what the SDK's transport and validation cost for those bytes alone.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DEFAULT_CONFIG } from "../src/config.ts";
import { CARD_OUTPUT_SCHEMA } from "../src/card.ts";
import { escape } from "../src/html/html.ts";
import { TOOLS } from "../src/registry.ts";
import { CardStore } from "../src/store/card_store.ts";
import type { ToolContext } from "../src/tool.ts";
import { connect } from "../tests/helpers.ts";

/** Rows shaped like real reference data: an id, a name, a sentence with markup characters, a link. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `${i + 1}`,
    `Array.prototype.method${i}`,
    `Transforms each item & returns a <new> array of "results" (${i})`,
    `https://developer.example.org/docs/array/${i}`,
    i % 2 ? "ES2015" : "ES5",
    `${(i * 1.37).toFixed(2)} ms`,
  ]);
const headers = ["#", "Method", "Purpose", "Reference", "Since", "Cost"];
const big = { title: "Benchmark", headers, rows: rows(1_000) };
const small = { title: "Benchmark", headers, rows: rows(10) };

const table = TOOLS.find((t) => t.name === "create_table_card")!;
const context = {
  config: { ...DEFAULT_CONFIG, resultLimit: 20_000_000 },
  store: new CardStore(),
  apps: true,
  newId: () => "bench",
  progress: () => Promise.resolve(),
} as unknown as ToolContext; // a card's handler reads none of the web tools' context

Deno.bench("bare <table>: escape and join 1,000 x 6 cells", { group: "table-1000", baseline: true }, () => {
  const body = big.rows.map((r) => "<tr>" + r.map((c) => "<td>" + escape(c) + "</td>").join("") + "</tr>")
    .join("");
  JSON.stringify({ html: "<table>" + body + "</table>" });
});

Deno.bench("create_table_card: 1,000 x 6, rendered and serialized", { group: "table-1000" }, async () => {
  JSON.stringify(await table.handler(big, context));
});

const noopServer = new McpServer({ name: "noop", version: "1.0.0" });
noopServer.registerTool("noop", { description: "does nothing", inputSchema: z.object({}) }, () => ({
  content: [{ type: "text", text: "ok" }],
}));
// The same SDK carrying a prebuilt result of the card's size and shape: what bytes alone cost.
const prebuilt = await table.handler(small, context);
noopServer.registerTool(
  "echo_card",
  {
    description: "returns a prebuilt card result",
    inputSchema: z.object({}),
    outputSchema: CARD_OUTPUT_SCHEMA,
  },
  () => prebuilt as never,
);
const [noopClientSide, noopServerSide] = InMemoryTransport.createLinkedPair();
await noopServer.connect(noopServerSide);
const noopClient = new Client({ name: "bench", version: "1.0.0" });
await noopClient.connect(noopClientSide);
const cardClient = await connect({ resultLimit: 20_000_000 });

Deno.bench("no-op tool call, in-memory client", { group: "call", baseline: true }, async () => {
  await noopClient.callTool({ name: "noop", arguments: {} });
});

Deno.bench("prebuilt 10-row card result, in-memory client", { group: "call" }, async () => {
  await noopClient.callTool({ name: "echo_card", arguments: {} });
});

Deno.bench("create_table_card 10 rows, in-memory client", { group: "call" }, async () => {
  await cardClient.callTool({ name: "create_table_card", arguments: small });
});
