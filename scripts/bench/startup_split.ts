/**
 * One cold start, split into its steps, in a fresh process (scripts/bench_summary.ts runs it many
 * times): importing the SDK, importing the project's server (what main.ts loads for stdio),
 * creating the server and connecting it to a client, the first `tools/list`, and a second one
 * (what every later session or request pays). Prints one JSON line of milliseconds.
 *
 *   deno run -A scripts/bench/startup_split.ts [project root, default this one]
 *
 * The client is loaded before the clock starts: only the server's side is timed.
 */
import { Client } from "@modelcontextprotocol/client";

const root = new URL(
  Deno.args[0] ? `file://${Deno.args[0].replace(/\/?$/, "/")}` : "../../",
  import.meta.url,
);
const t0 = performance.now();
const { InMemoryTransport } = await import("@modelcontextprotocol/server");
const t1 = performance.now();
const [{ createServer }] = await Promise.all([
  import(new URL("src/mcp/server.ts", root).href),
  import(new URL("src/mcp/stdio.ts", root).href),
  import(new URL("src/store/open.ts", root).href),
]);
const t2 = performance.now();
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createServer().connect(serverSide);
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(clientSide);
const t3 = performance.now();
await client.listTools();
const t4 = performance.now();
await client.listTools();
const t5 = performance.now();
await client.close();
// deno-lint-ignore no-console -- the one line the summary reads
console.log(JSON.stringify({
  sdk: t1 - t0,
  project: t2 - t1,
  connect: t3 - t2,
  firstList: t4 - t3,
  secondList: t5 - t4,
}));
