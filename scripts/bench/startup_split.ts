/**
 * One cold start, split into its steps, in a fresh process (scripts/bench_summary.ts runs it many
 * times): importing the SDK, importing the project's server (what main.ts loads for stdio; Deno
 * prepares the module graph of everything those modules can import, literal dynamic imports
 * included, at this step), creating the server and answering `initialize`, the first `tools/list`,
 * and a second one (what every later session or request pays). Prints one JSON line of milliseconds.
 *
 *   deno run -A scripts/bench/startup_split.ts [project root, default this one]
 *   deno run -A scripts/bench/startup_split.ts --floor   the same steps for a do-nothing SDK server
 *
 * The requests are raw JSON-RPC over the SDK's in-memory transport: an SDK client would add its own
 * work (it compiles a validator for every output schema on `tools/list`), so only the server's side
 * is timed, as over stdio.
 */
const floor = Deno.args.includes("--floor");
const rootArg = Deno.args.find((a) => !a.startsWith("--"));
const root = new URL(rootArg ? `file://${rootArg.replace(/\/?$/, "/")}` : "../../", import.meta.url);

/** The do-nothing server of scripts/bench/noop_server.mjs: one tool, no project code. */
async function floorServer() {
  const { McpServer } = await import("@modelcontextprotocol/server");
  return () => {
    const server = new McpServer({ name: "noop", version: "1.0.0" });
    server.registerTool(
      "noop",
      { description: "Does nothing" },
      () => ({ content: [{ type: "text", text: "ok" }] }),
    );
    return server;
  };
}

/** The project's server, imported as main.ts imports it for stdio. */
async function projectServer() {
  const [{ createServer }] = await Promise.all([
    import(new URL("src/mcp/server.ts", root).href),
    import(new URL("src/mcp/stdio.ts", root).href),
    import(new URL("src/store/open.ts", root).href),
  ]);
  return createServer as () => { connect(transport: unknown): Promise<void> };
}

const t0 = performance.now();
const { InMemoryTransport } = await import("@modelcontextprotocol/server");
await import("@modelcontextprotocol/server/stdio");
const t1 = performance.now();
const build = floor ? await floorServer() : await projectServer();
const t2 = performance.now();
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await build().connect(serverSide);
const answers = new Map<number, (message: unknown) => void>();
clientSide.onmessage = (message) => answers.get((message as { id?: number }).id ?? -1)?.(message);
await clientSide.start();
let lastId = 0;
const ask = (method: string, params: Record<string, unknown> = {}) =>
  new Promise((resolve) => {
    answers.set(++lastId, resolve);
    clientSide.send({ jsonrpc: "2.0", id: lastId, method, params });
  });
await ask("initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "bench", version: "1.0.0" },
});
await clientSide.send({ jsonrpc: "2.0", method: "notifications/initialized" });
const t3 = performance.now();
await ask("tools/list");
const t4 = performance.now();
await ask("tools/list");
const t5 = performance.now();
await clientSide.close();
// deno-lint-ignore no-console -- the one line the summary reads
console.log(JSON.stringify({
  sdk: t1 - t0,
  project: t2 - t1,
  connect: t3 - t2,
  firstList: t4 - t3,
  secondList: t5 - t4,
}));
