/**
 * What keeps HTTP memory bounded without timers: stateless cards expire and are never listed,
 * idle sessions are closed when the next one starts.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ExpiringCardStore } from "../../src/store/expiring_store.ts";
import { SESSION_ACTIVE_MS, SessionRouter } from "../../src/mcp/http/sessions.ts";
import { createServer } from "../../mod.ts";
import { initializeBody, POST_HEADERS } from "./helpers.ts";

const card = (id: string) => ({ id, kind: "table", title: id, articleHtml: "<article></article>" });

Deno.test("stateless card store: cards expire after the TTL, the LRU still evicts, ids are never listed", async () => {
  let now = 0;
  const store = new ExpiringCardStore(2, 1_000, () => now);
  await store.put(card("a"));
  now = 999;
  assertEquals((await store.get("a"))?.id, "a");
  now = 1_001;
  assertEquals(await store.get("a"), undefined);
  await store.put(card("b"));
  await store.put(card("c"));
  assertEquals((await store.get("b"))?.id, "b"); // read: "c" is now the least recently used
  await store.put(card("d")); // capacity 2: "c" goes
  assertEquals(await store.get("c"), undefined);
  assertEquals((await store.get("b"))?.id, "b");
  assertEquals((await store.get("d"))?.id, "d");
  assertDeep(await store.list(), []);
  assertEquals(store.retention, "only the last 2 cards are kept");
});

Deno.test("sessions: one idle past the limit is closed when a new session starts", async () => {
  let now = 0;
  const router = new SessionRouter(() => createServer(), {
    maxSessions: 10,
    idleMs: 60_000,
    maxBody: 65_536,
    now: () => now,
  });
  const start = async () => {
    const response = await router.handle(
      new Request("http://127.0.0.1/mcp", { method: "POST", headers: POST_HEADERS }),
      initializeBody(),
    );
    await response.text();
    return response.headers.get("mcp-session-id")!;
  };
  const idle = await start();
  now = 30_000;
  const active = await start();
  now = 61_000;
  await start(); // sweeps: `idle` was last used at 0, `active` at 30 s
  assertEquals(router.size, 2);
  const ping = (id: string) =>
    router.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { ...POST_HEADERS, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
      }),
      { jsonrpc: "2.0", id: 1, method: "ping" },
    );
  assertEquals((await ping(idle)).status, 404);
  assertEquals((await ping(active)).status, 200);
  await router.closeAll();
  assertEquals(router.size, 0);
});

/** A router on a fake clock, and helpers that start, ping and count its sessions. */
function clockedRouter(maxSessions: number) {
  let now = 0;
  const lines: string[] = [];
  const router = new SessionRouter(() => createServer(), {
    maxSessions,
    idleMs: 30 * 60_000,
    maxBody: 65_536,
    now: () => now,
    log: (line) => lines.push(line),
  });
  const start = async () => {
    const response = await router.handle(
      new Request("http://127.0.0.1/mcp", { method: "POST", headers: POST_HEADERS }),
      initializeBody(),
    );
    await response.text();
    return {
      status: response.status,
      id: response.headers.get("mcp-session-id"),
      retry: response.headers.get("retry-after"),
    };
  };
  const ping = async (id: string) => {
    const response = await router.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { ...POST_HEADERS, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
      }),
      { jsonrpc: "2.0", id: 1, method: "ping" },
    );
    await response.text();
    return response.status;
  };
  return { router, start, ping, lines, at: (ms: number) => (now = ms) };
}

Deno.test("sessions at the cap: the quietest goes only once quiet 5 minutes (N-1 ms kept, N ms closed)", async () => {
  const { router, start, ping, lines, at } = clockedRouter(2);
  const quiet = (await start()).id!;
  at(60_000);
  const busy = (await start()).id!;
  at(SESSION_ACTIVE_MS - 1); // `quiet` was used 1 ms less than 5 minutes ago
  const refused = await start();
  assertDeep([refused.status, refused.retry], [503, "1"]);
  assertEquals(await ping(quiet), 200); // refreshed: now the most recently used
  at(SESSION_ACTIVE_MS + 60_000); // `busy` quiet exactly 5 minutes, `quiet` 60_001 ms
  const admitted = await start();
  assertEquals(admitted.status, 200);
  assertEquals(await ping(busy), 404);
  assertEquals(await ping(quiet), 200);
  assertEquals(router.size, 2);
  assertEquals(lines.length, 1);
  await router.closeAll();
});

Deno.test("sessions at the cap: the refusal names the wait until the quietest may go, and is logged once per burst", async () => {
  const { router, start, lines, at } = clockedRouter(1);
  await start();
  at(100_000);
  const waits = [];
  for (let i = 0; i < 3; i++) waits.push((await start()).retry);
  assertDeep(waits, ["200", "200", "200"]);
  at(SESSION_ACTIVE_MS);
  assertEquals((await start()).status, 200); // the burst ends
  at(SESSION_ACTIVE_MS + 1);
  assertEquals((await start()).status, 503); // a new burst: logged again
  assertDeep(lines, [
    "HTTP: 1 session is open (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), each used in the last 5 minutes: new sessions get 503 until one is quiet",
    "HTTP: 1 session is open (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), each used in the last 5 minutes: new sessions get 503 until one is quiet",
  ]);
  await router.closeAll();
});

Deno.test("sessions at the cap: concurrent handshakes never push the table past it", async () => {
  const { router, start } = clockedRouter(4);
  const results = await Promise.all(Array.from({ length: 12 }, () => start()));
  assertDeep(results.map((r) => r.status).sort(), [
    200,
    200,
    200,
    200,
    503,
    503,
    503,
    503,
    503,
    503,
    503,
    503,
  ]);
  assertEquals(router.size, 4);
  await router.closeAll();
});
