/**
 * Measurements for scripts/bench_server.ts, each on a real process: cold start to the first
 * `tools/list` answer (stdio and HTTP), HTTP throughput with concurrent clients, peak RSS.
 *
 * Clients speak raw JSON-RPC: an SDK client would add its own work to the figures (it compiles
 * every output schema on `tools/list`, which the no-op baseline does not have), and the load
 * generator shares the machine with the server, so it must stay as light as possible.
 */

/** How to start one server. */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "bench", version: "1.0.0" },
  },
};
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };
const TOOLS_LIST = { jsonrpc: "2.0", id: 1, method: "tools/list" };
const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** Milliseconds from spawning a stdio server to its first `tools/list` answer. */
export async function coldStartStdio(launch: Launch): Promise<number> {
  return (await coldStartStdioCpu(launch)).wall;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build Deno supports). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user and system, every thread) a process and its descendants spent so far,
 * children already waited for included, read from /proc; undefined where there is no /proc. On a
 * shared machine this moves far less with the load than wall time: other processes take the
 * cores, not the work.
 */
export async function treeCpuMs(pid: number): Promise<number | undefined> {
  const stats: { pid: number; ppid: number; ticks: number }[] = [];
  try {
    for await (const entry of Deno.readDir("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      const text = await Deno.readTextFile(`/proc/${entry.name}/stat`).catch(() => "");
      // The command name (field 2) may hold spaces: the fields after it start past its ")".
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      if (fields.length < 15) continue;
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      stats.push({
        pid: Number(entry.name),
        ppid: Number(fields[1]),
        ticks: utime + stime + cutime + cstime,
      });
    }
  } catch {
    return undefined;
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (tree.has(s.ppid) && !tree.has(s.pid)) {
        tree.add(s.pid);
        grew = true;
      }
    }
  }
  const ticks = stats.filter((s) => tree.has(s.pid)).reduce((n, s) => n + s.ticks, 0);
  return stats.some((s) => s.pid === pid) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}

/**
 * A cold start to the first `tools/list` answer: its wall milliseconds, and the CPU milliseconds the
 * server's process tree spent by then (Linux; see {@link treeCpuMs}).
 */
export async function coldStartStdioCpu(launch: Launch): Promise<{ wall: number; cpu?: number }> {
  const started = performance.now();
  const child = new Deno.Command(launch.command, {
    args: launch.args,
    cwd: launch.cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const handshake = [INITIALIZE, INITIALIZED, TOOLS_LIST].map((m) => JSON.stringify(m) + "\n").join("");
  await writer.write(new TextEncoder().encode(handshake));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/"id":1[,}]/.test(text)) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`${launch.command} ${launch.args.join(" ")} exited before answering tools/list`);
    }
    text += value;
  }
  const elapsed = performance.now() - started;
  const cpu = await treeCpuMs(child.pid);
  await writer.close(); // end of input: the server exits
  await reader.cancel();
  await child.status;
  return { wall: elapsed, cpu };
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

/** Opens a 2025-era session; returns the headers its requests carry. */
async function rawSession(url: URL): Promise<Record<string, string>> {
  const init = await fetch(url, { method: "POST", headers: POST_HEADERS, body: JSON.stringify(INITIALIZE) });
  await init.text();
  const headers = {
    ...POST_HEADERS,
    "mcp-session-id": init.headers.get("mcp-session-id") ?? "",
    "mcp-protocol-version": "2025-06-18",
  };
  const ack = await fetch(url, { method: "POST", headers, body: JSON.stringify(INITIALIZED) });
  await ack.text();
  return headers;
}

/** Milliseconds from spawning an HTTP server to its first `tools/list` answer over HTTP. */
export async function coldStartHttp(launch: Launch): Promise<number> {
  const started = performance.now();
  const server = await startHttp(launch);
  const headers = await rawSession(server.url);
  const response = await fetch(server.url, { method: "POST", headers, body: JSON.stringify(TOOLS_LIST) });
  const text = await response.text();
  const elapsed = performance.now() - started;
  await server.stop();
  if (!text.includes('"tools"')) throw new Error(`tools/list failed: ${text.slice(0, 200)}`);
  return elapsed;
}

/** A tool call to repeat. */
export interface Call {
  name: string;
  arguments: Record<string, unknown>;
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

/** Milliseconds of each of `n` calls made one after another on one session (after one warm-up call). */
export async function roundTrips(url: URL, call: Call, n: number): Promise<number[]> {
  const headers = await rawSession(url);
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: call });
  const times: number[] = [];
  for (let i = 0; i <= n; i++) {
    const t = performance.now();
    const response = await fetch(url, { method: "POST", headers, body });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"isError":true')) {
      throw new Error(`${call.name} failed: ${response.status} ${text.slice(0, 300)}`);
    }
    if (i > 0) times.push(performance.now() - t);
  }
  return times;
}
