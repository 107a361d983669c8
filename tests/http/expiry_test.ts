/**
 * What keeps HTTP memory bounded without timers: stateless cards expire and are never listed,
 * idle sessions are closed when the next one starts.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ExpiringCardStore } from "../../src/output/expiring_store.ts";
import { SessionRouter } from "../../src/mcp/http_sessions.ts";
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
