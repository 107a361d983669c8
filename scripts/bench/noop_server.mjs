/**
 * The do-nothing baseline for scripts/bench_server.ts: an MCP server on the same SDK with one
 * no-op tool, started the same ways as ours (stdio, or --http with one transport per session on
 * Deno.serve, or node:http under Node). Plain JavaScript so Deno and Node run the very same file.
 */
import { McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);

function build() {
  const server = new McpServer({ name: "noop", version: "1.0.0" });
  server.registerTool(
    "noop",
    { description: "Does nothing" },
    () => ({ content: [{ type: "text", text: "ok" }] }),
  );
  return server;
}

async function handle(sessions, request) {
  const id = request.headers.get("mcp-session-id");
  if (id) {
    const transport = sessions.get(id);
    return transport ? transport.handleRequest(request) : new Response("unknown session", { status: 404 });
  }
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (sid) => sessions.set(sid, transport),
    onsessionclosed: (sid) => sessions.delete(sid),
  });
  await build().connect(transport);
  return transport.handleRequest(request);
}

function announce(port) {
  const line = `Listening on http://127.0.0.1:${port}/mcp\n`;
  if (globalThis.Deno) globalThis.Deno.stderr.writeSync(new TextEncoder().encode(line));
  else globalThis.process.stderr.write(line);
}

if (!args.includes("--http")) {
  await build().connect(new StdioServerTransport());
} else {
  const sessions = new Map();
  const fetch = (request) => handle(sessions, request);
  if (globalThis.Deno) {
    const server = globalThis.Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, fetch);
    announce(server.addr.port);
  } else {
    // The smallest node:http bridge: the whole body, then the whole answer.
    const { createServer } = await import("node:http");
    const server = createServer(async (req, res) => {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const body = chunks.length ? new Blob(chunks) : undefined;
      const answer = await fetch(
        new Request(`http://localhost${req.url}`, { method: req.method, headers, body }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(new Uint8Array(await answer.arrayBuffer()));
    });
    server.listen(0, "127.0.0.1", () => announce(server.address().port));
  }
}
