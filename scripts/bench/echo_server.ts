/**
 * The HTTP floor for scripts/bench_summary.ts: the same SDK, serving the same tools with the same
 * schemas (our guard validates every call as ours does), where create_table_card answers with a
 * result prebuilt once instead of rendering. Sessions are kept per client (Mcp-Session-Id), as
 * ours does for 2025-era clients. What ours costs beyond it is rendering, storing the card and
 * the HTTP app's own checks.
 *
 * With `--node-http` it listens through the server's own listener (src/http/listener.ts: node:http
 * with deadlines and a connection cap) instead of `Deno.serve`, so a run can tell what the listener
 * costs from what the rest of the server does.
 *
 *   deno run -A scripts/bench/echo_server.ts [--node-http]   (prints "Listening on http://127.0.0.1:<port>/mcp")
 */
import { McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG } from "../../src/config.ts";
import { listen } from "../../src/http/listener.ts";
import { toolInputSchema, toolOutputSchema } from "../../src/mcp/input_schema.ts";
import { CardStore } from "../../src/store/card_store.ts";
import { TOOLS } from "../../src/registry.ts";
import type { ToolContext } from "../../src/tool.ts";
import { TABLE_CALL } from "./calls.ts";

/** The table card's result for a client without MCP Apps (the load generator declares none). */
const table = TOOLS.find((t) => t.name === TABLE_CALL.name)!;
const prebuilt = await table.handler(table.input.parse(TABLE_CALL.arguments) as Record<string, unknown>, {
  config: DEFAULT_CONFIG,
  store: new CardStore(),
  apps: false,
  newId: () => "echo",
  progress: () => Promise.resolve(),
} as unknown as ToolContext);

function build(): McpServer {
  const server = new McpServer({ name: "echo", version: "1.0.0" });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: toolInputSchema(tool.input),
        outputSchema: tool.output && toolOutputSchema(tool.output),
        annotations: tool.annotations,
        _meta: tool.meta,
      },
      // deno-lint-ignore no-explicit-any -- the prebuilt result is a CallToolResult
      () => prebuilt as any,
    );
  }
  return server;
}

const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

async function handle(request: Request): Promise<Response> {
  // The body read once and parsed, as ours does (src/mcp/http/app.ts), not through the SDK's capped reader.
  const parsedBody = request.method === "POST" ? JSON.parse(await request.text()) : undefined;
  const id = request.headers.get("mcp-session-id");
  if (id) {
    const transport = sessions.get(id);
    return transport
      ? transport.handleRequest(request, { parsedBody })
      : new Response("unknown session", { status: 404 });
  }
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (sid) => void sessions.set(sid, transport),
    onsessionclosed: (sid) => void sessions.delete(sid),
  });
  await build().connect(transport);
  return transport.handleRequest(request, { parsedBody });
}

const port = Deno.args.includes("--node-http")
  ? (await listen(handle, { hostname: "127.0.0.1", port: 0, maxConnections: DEFAULT_CONFIG.maxConnections }))
    .port
  : Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handle).addr.port;
Deno.stderr.writeSync(new TextEncoder().encode(`Listening on http://127.0.0.1:${port}/mcp\n`));
