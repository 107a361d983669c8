/**
 * Measurements for scripts/bench_server.ts, each on a real process: cold start to the first
 * `tools/list` answer (stdio and HTTP), HTTP throughput with concurrent clients, peak RSS.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** How to start one server. */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
}

function newClient(): Client {
  return new Client({ name: "bench", version: "1.0.0" });
}

/** Milliseconds from spawning a stdio server to its first `tools/list` answer. */
export async function coldStartStdio(launch: Launch): Promise<number> {
  const started = performance.now();
  const client = newClient();
  await client.connect(new StdioClientTransport({ ...launch, env: Deno.env.toObject(), stderr: "ignore" }));
  await client.listTools();
  const elapsed = performance.now() - started;
  await client.close();
  return elapsed;
}

/** A running HTTP server process. */
export interface HttpServer {
  url: URL;
  pid: number;
  stop(): Promise<void>;
}

/** Spawns an HTTP server and resolves once it printed its "Listening on" line. */
export async function startHttp(launch: Launch): Promise<HttpServer> {
  const child = new Deno.Command(launch.command, {
    args: launch.args,
    cwd: launch.cwd,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${launch.command} ${launch.args.join(" ")} exited before listening:\n${text}`);
    text += value;
    const match = /Listening on (http:\/\/\S+\/mcp)/.exec(text);
    if (match) {
      const drain = (async () => {
        while (!(await reader.read()).done);
      })();
      return {
        url: new URL(match[1]),
        pid: child.pid,
        stop: async () => {
          child.kill("SIGTERM");
          await child.status;
          await drain;
        },
      };
    }
  }
}

async function connectHttp(url: URL): Promise<Client> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** Milliseconds from spawning an HTTP server to the first `tools/list` answer over HTTP. */
export async function coldStartHttp(launch: Launch): Promise<number> {
  const started = performance.now();
  const server = await startHttp(launch);
  const client = await connectHttp(server.url);
  await client.listTools();
  const elapsed = performance.now() - started;
  await client.close();
  await server.stop();
  return elapsed;
}

/** A tool call to repeat. */
export interface Call {
  name: string;
  arguments: Record<string, unknown>;
}

const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/**
 * One load-generating client: a 2025-era session driven with raw JSON-RPC POSTs, so the
 * generator (sharing the machine) spends as little CPU as possible and the server is measured.
 */
async function rawSession(url: URL): Promise<Record<string, string>> {
  const init = await fetch(url, {
    method: "POST",
    headers: POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "1.0.0" },
      },
    }),
  });
  await init.text();
  const headers = {
    ...POST_HEADERS,
    "mcp-session-id": init.headers.get("mcp-session-id") ?? "",
    "mcp-protocol-version": "2025-06-18",
  };
  const ack = await fetch(url, {
    method: "POST",
    headers,
    body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  });
  await ack.text();
  return headers;
}

/** A pool of concurrent clients against one server. */
export interface LoadPool {
  /** Makes `calls` calls spread over the clients; resolves with calls per second. */
  run(calls: number): Promise<number>;
}

/** Opens `clients` sessions that repeat one call. */
export async function loadPool(url: URL, call: Call, clients: number): Promise<LoadPool> {
  const sessions = await Promise.all(Array.from({ length: clients }, () => rawSession(url)));
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: call });
  return {
    run: async (calls) => {
      let left = calls;
      const started = performance.now();
      await Promise.all(sessions.map(async (headers) => {
        while (left-- > 0) {
          const response = await fetch(url, { method: "POST", headers, body });
          const text = await response.text();
          if (response.status !== 200 || text.includes('"isError":true')) {
            throw new Error(`${call.name} failed: ${response.status} ${text.slice(0, 300)}`);
          }
        }
      }));
      return calls / ((performance.now() - started) / 1000);
    },
  };
}

/** Peak resident set size of a process in MiB (Linux /proc), or NaN elsewhere. */
export async function peakRssMiB(pid: number): Promise<number> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** The median of some samples. */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
