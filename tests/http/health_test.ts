/**
 * GET /healthz of the HTTP app with the in-memory store: what a load balancer or a container
 * health check sees. It answers probes that carry the balancer's own address as Host and no
 * token, and says nothing but up or down.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { rawRequest, serveApp } from "./helpers.ts";
import { healthResponse } from "../../src/http/health.ts";

const TOKEN = "health-token-0123456789";

Deno.test("healthz: 200 with the store's kind; HEAD has no body; other methods get 405", async () => {
  await using served = await serveApp();
  const url = new URL("/healthz", served.url);
  const ok = await fetch(url);
  assertEquals(ok.status, 200);
  assertEquals(ok.headers.get("cache-control"), "no-store");
  assertDeep(await ok.json(), { status: "ok", store: "memory" });
  const head = await fetch(url, { method: "HEAD" });
  assertEquals(head.status, 200);
  assertEquals(await head.text(), "");
  const post = await fetch(url, { method: "POST", body: "{}" });
  assertEquals(post.status, 405);
  assertEquals(post.headers.get("allow"), "GET, HEAD");
  assertDeep(await post.json(), { status: "error", problem: "Method POST is not allowed: use GET" });
});

Deno.test("healthz: answers a balancer's probe (its own address as Host, no token) but nothing else does", async () => {
  await using served = await serveApp({ httpToken: TOKEN });
  const probe = await rawRequest(new URL("/healthz", served.url), { headers: { Host: "10.0.3.7:3000" } });
  assertEquals(probe.status, 200);
  assertDeep(JSON.parse(probe.body), { status: "ok", store: "memory" });
  const mcp = await rawRequest(served.url, { method: "POST", headers: { Host: "10.0.3.7:3000" } });
  assertEquals(mcp.status, 403);
  const noToken = await fetch(served.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
  });
  assertEquals(noToken.status, 401);
  await noToken.body?.cancel();
});

Deno.test("healthz: an unreachable store answers 503 to GET and HEAD, a reachable one 200", async () => {
  const down = () => Promise.resolve({ store: "redis" as const, reachable: false });
  const up = () => Promise.resolve({ store: "redis" as const, reachable: true });
  const url = "http://127.0.0.1:3000/healthz";
  const get = await healthResponse(new Request(url), down);
  assertDeep([get.status, await get.json()], [
    503,
    { status: "unavailable", store: "redis", problem: "the card store is unreachable" },
  ]);
  const head = await healthResponse(new Request(url, { method: "HEAD" }), down);
  assertDeep([head.status, await head.text(), head.headers.get("cache-control")], [503, "", "no-store"]);
  const ok = await healthResponse(new Request(url), up);
  assertDeep([ok.status, await ok.json()], [200, { status: "ok", store: "redis" }]);
  for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
    const refused = await healthResponse(new Request(url, { method }), up);
    assertDeep([method, refused.status, refused.headers.get("allow")], [method, 405, "GET, HEAD"]);
    await refused.body?.cancel();
  }
});
