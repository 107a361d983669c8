// deno-lint-ignore-file no-console -- a benchmark prints its report
/**
 * What the shared card store costs, each figure against one replica with the in-memory store
 * measured in the same run (real processes: `deno run` with the binary's flags, a real
 * redis-server on loopback, raw JSON-RPC clients like scripts/bench_server.ts):
 *
 * - HTTP throughput of the 10-row table card, 16 concurrent 2025-era sessions: one replica with the
 *   Redis store, and two replicas sharing it (sessions spread evenly, as a balancer with affinity
 *   would), against one replica in memory. Alternating bursts, medians.
 * - the latency of reading a stored card document (`resources/read`) from Redis against memory,
 *   one client, sequential: the added latency is the difference of the medians.
 *
 *   deno task bench:replicas [--calls N] [--bursts N] [--reads N]
 *
 * Everything shares this machine's cores: the load generator, the replicas and Redis. Two replicas
 * cannot beat one when one already keeps the cores busy; the figure shows what the store costs,
 * not how far replicas scale on machines of their own.
 */
import { ENTRY, permissionFlags } from "./compile.ts";
import { median, startHttp } from "./bench/measure.ts";

const root = decodeURIComponent(new URL("../", import.meta.url).pathname);
const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

const TABLE_CALL = {
  name: "create_table_card",
  arguments: {
    title: "Ten rows",
    headers: ["#", "Item", "Qty", "Price"],
    rows: Array.from(
      { length: 10 },
      (_, i) => [i + 1, `Item ${i + 1}`, (i * 7) % 13, `${(i * 3.5).toFixed(2)}`],
    ),
  },
};

function flag(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
}

async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const child = new Deno.Command("redis-server", {
    args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("Ready to accept connections")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`redis-server exited:\n${text}`);
    text += value;
  }
  (async () => {
    while (!(await reader.read()).done);
  })();
  const version = /version=([\d.]+)/.exec(text)?.[1] ?? "?";
  console.error(`bench: redis-server ${version} on 127.0.0.1:${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

const server = (extra: string[]) =>
  startHttp({
    command: Deno.execPath(),
    args: ["run", ...permissionFlags(), ENTRY, "--http", "--port", "0", ...extra],
    cwd: root,
  });

async function post(url: URL, headers: Record<string, string>, body: unknown): Promise<Response> {
  return await fetch(url, {
    method: "POST",
    headers: { ...POST_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

/** Opens a 2025-era session (no Apps capability: results link the stored document). */
async function session(url: URL): Promise<Record<string, string>> {
  const init = await post(url, {}, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  });
  await init.text();
  const headers = {
    "mcp-session-id": init.headers.get("mcp-session-id")!,
    "mcp-protocol-version": "2025-06-18",
  };
  await (await post(url, headers, { jsonrpc: "2.0", method: "notifications/initialized" })).text();
  return headers;
}

/** `clients` sessions spread evenly over the replicas; `run(n)` makes n card calls, returns calls/s. */
async function pool(urls: URL[], clients: number) {
  const sessions = await Promise.all(
    Array.from(
      { length: clients },
      async (_, i) => ({ url: urls[i % urls.length], headers: await session(urls[i % urls.length]) }),
    ),
  );
  const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: TABLE_CALL };
  return {
    run: async (calls: number) => {
      let left = calls;
      const started = performance.now();
      await Promise.all(sessions.map(async ({ url, headers }) => {
        while (left-- > 0) {
          const response = await post(url, headers, body);
          const text = await response.text();
          if (response.status !== 200 || text.includes('"isError":true')) {
            throw new Error(`card call failed: ${response.status} ${text.slice(0, 200)}`);
          }
        }
      }));
      return calls / ((performance.now() - started) / 1000);
    },
  };
}

/** Renders one card in a fresh session, then times `reads` sequential reads of its document (ms each). */
async function readLatencies(url: URL, reads: number): Promise<number[]> {
  const headers = await session(url);
  const call = await post(url, headers, { jsonrpc: "2.0", id: 1, method: "tools/call", params: TABLE_CALL });
  const uri = /"uri":"(ui:\/\/mcp-chat-cards\/html\/[^"]+)"/.exec(await call.text())![1];
  const body = { jsonrpc: "2.0", id: 2, method: "resources/read", params: { uri } };
  const times: number[] = [];
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    const response = await post(url, headers, body);
    const text = await response.text();
    times.push(performance.now() - started);
    if (!text.includes("<!doctype html>")) throw new Error(`read failed: ${text.slice(0, 200)}`);
  }
  return times;
}

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.floor(p * (samples.length - 1))];

const calls = flag("--calls", 1_000);
const bursts = flag("--bursts", 5);
const reads = flag("--reads", 500);
const clients = 16;
const warmup = flag("--warmup", 1_000);

const redis = await startRedis();
const memory = await server([]);
const secret = ["--store-secret", "bench-replicas-store-secret-0123456789"];
const single = await server(["--store", redis.url, ...secret, "--replica", "s"]);
const [a, b] = await Promise.all([
  server(["--store", redis.url, ...secret, "--replica", "a"]),
  server(["--store", redis.url, ...secret, "--replica", "b"]),
]);
try {
  const configs = {
    "1 replica, memory": await pool([memory.url], clients),
    "1 replica, Redis": await pool([single.url], clients),
    "2 replicas, Redis": await pool([a.url, b.url], clients),
  };
  for (const p of Object.values(configs)) await p.run(warmup); // JIT (each replica), connections, script cache
  const rates: Record<string, number[]> = Object.fromEntries(Object.keys(configs).map((k) => [k, []]));
  for (let i = 0; i < bursts; i++) {
    for (const [name, p] of Object.entries(configs)) rates[name].push(await p.run(calls));
  }
  // Each round runs the three back to back: the ratio within a round cancels slow drift in the
  // background load; the table gives the median of those ratios.
  const memoryRates = rates["1 replica, memory"];
  const rows = Object.entries(rates).map(([name, r]) => {
    const ratio = median(r.map((rate, i) => rate / memoryRates[i]));
    return `| ${name} | ${median(r).toFixed(0)} calls/s | ${ratio.toFixed(2)}x | ${
      Math.min(...r).toFixed(0)
    }-${Math.max(...r).toFixed(0)} |`;
  });

  // Read latency: alternate memory and Redis in slices so background load hits both alike.
  const latency = { memory: [] as number[], redis: [] as number[] };
  await readLatencies(memory.url, 50);
  await readLatencies(a.url, 50);
  for (let i = 0; i < 5; i++) {
    latency.memory.push(...await readLatencies(memory.url, reads / 5));
    latency.redis.push(...await readLatencies(a.url, reads / 5));
  }
  const [mm, mr] = [median(latency.memory), median(latency.redis)];

  console.log(
    `| configuration (16 sessions, 10-row table card) | throughput | vs memory | range over rounds |`,
  );
  console.log(`| --- | --- | --- | --- |`);
  console.log(rows.join("\n"));
  console.log();
  console.log(`| resources/read of a stored card | median | p90 |`);
  console.log(`| --- | --- | --- |`);
  console.log(
    `| memory | ${mm.toFixed(2)} ms | ${percentile(latency.memory, 0.9).toFixed(2)} ms |`,
  );
  console.log(`| Redis | ${mr.toFixed(2)} ms | ${percentile(latency.redis, 0.9).toFixed(2)} ms |`);
  console.log(`| added by Redis | ${(mr - mm).toFixed(2)} ms (${(mr / mm).toFixed(2)}x) | |`);
  console.log(
    `\n(${bursts} rounds of ${calls} calls per configuration after ${warmup} warm-up calls; ratios are medians of per-round ratios; ${reads} reads each; ${navigator.hardwareConcurrency} cores shared by the load generator, ${
      Object.keys(configs).length + 1
    } server processes and Redis; Deno ${Deno.version.deno})`,
  );
} finally {
  for (const s of [memory, single, a, b]) await s.stop();
  await redis.stop();
}
