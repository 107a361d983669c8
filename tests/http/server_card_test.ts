/**
 * The Server Card over a real loopback socket: schema shape, media type, CORS, caching and
 * conditional requests, and what it says about auth.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { REGISTRY_NAME } from "../../src/http/server_card.ts";
import { VERSION } from "../../src/version.ts";
import { SERVER_CARD } from "../smoke/card_schema.ts";
import { rawRequest, serveApp } from "./helpers.ts";

const TOKEN = "a-token-of-at-least-16-chars";

Deno.test("server card: GET returns a valid card with CORS, caching and an ETag", async () => {
  await using served = await serveApp();
  const cardUrl = new URL("mcp/server-card", served.url.origin + "/");
  const response = await fetch(cardUrl);
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "application/mcp-server-card+json");
  assertEquals(response.headers.get("access-control-allow-origin"), "*");
  assertEquals(response.headers.get("cache-control"), "public, max-age=3600");
  const etag = response.headers.get("etag")!;
  assertEquals(/^"[0-9a-f]{64}"$/.test(etag), true, etag);
  const card = await response.json();
  const parsed = SERVER_CARD.safeParse(card);
  assertEquals(parsed.success, true, JSON.stringify(parsed.error?.issues));
  assertEquals(card.$schema, "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json");
  assertEquals(card.name, REGISTRY_NAME);
  assertEquals(card.version, VERSION);
  assertEquals(card.description.length <= 100, true);
  assertDeep(card.remotes, [{
    type: "streamable-http",
    url: served.url.href,
    supportedProtocolVersions: ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS],
  }]);
});

Deno.test("server card: If-None-Match with the ETag gets 304 without a body; a stale tag gets 200", async () => {
  await using served = await serveApp();
  const cardUrl = `${served.url.href}/server-card`;
  const first = await fetch(cardUrl);
  const etag = first.headers.get("etag")!;
  await first.body?.cancel();
  const fresh = await fetch(cardUrl, { headers: { "If-None-Match": `W/"other", ${etag}` } });
  assertEquals(fresh.status, 304);
  assertEquals(fresh.headers.get("etag"), etag);
  assertEquals(fresh.headers.get("access-control-allow-origin"), "*");
  assertEquals(await fresh.text(), "");
  const stale = await fetch(cardUrl, { headers: { "If-None-Match": '"0000"' } });
  assertEquals(stale.status, 200);
  await stale.body?.cancel();
  // Weak comparison drops a leading W/ only: the same tag weak matches, one with W/ inside does not.
  const statuses: number[] = [];
  for (
    const header of [`W/${etag}`, " * ", `${etag.slice(0, 10)}W/${etag.slice(10)}`, `x${etag}`, `${etag}x`]
  ) {
    const response = await fetch(cardUrl, { headers: { "If-None-Match": header } });
    statuses.push(response.status);
    await response.body?.cancel();
  }
  assertDeep(statuses, [304, 304, 200, 200, 200]);
});

Deno.test("server card: HEAD has headers only; OPTIONS is a CORS preflight; POST is refused", async () => {
  await using served = await serveApp();
  const cardUrl = `${served.url.href}/server-card`;
  const head = await fetch(cardUrl, { method: "HEAD" });
  assertEquals(head.status, 200);
  assertEquals(head.headers.get("content-type"), "application/mcp-server-card+json");
  assertEquals(await head.text(), "");
  const preflight = await fetch(cardUrl, {
    method: "OPTIONS",
    headers: { Origin: "https://catalog.example", "Access-Control-Request-Method": "GET" },
  });
  assertEquals(preflight.status, 204);
  assertEquals(preflight.headers.get("access-control-allow-origin"), "*");
  assertEquals(preflight.headers.get("access-control-allow-methods"), "GET, HEAD, OPTIONS");
  await preflight.body?.cancel();
  const post = await fetch(cardUrl, { method: "POST", body: "{}" });
  assertEquals(post.status, 405);
  assertEquals(post.headers.get("allow"), "GET, HEAD, OPTIONS");
  assertDeep(await post.json(), { error: "Method POST is not allowed on the Server Card: use GET" });
});

Deno.test("server card: readable cross-origin and without the token, and it describes the auth header", async () => {
  await using served = await serveApp({ httpToken: TOKEN });
  const response = await fetch(`${served.url.href}/server-card`, {
    headers: { Origin: "https://catalog.example" },
  });
  assertEquals(response.status, 200);
  const card = await response.json();
  assertEquals(SERVER_CARD.safeParse(card).success, true);
  assertDeep(card.remotes[0].headers, [{
    name: "Authorization",
    description: "Bearer token: the value of the server's MCP_CHAT_CARDS_HTTP_TOKEN",
    isRequired: true,
    isSecret: true,
    value: "Bearer {token}",
    variables: { token: { description: "The server's bearer token", isRequired: true, isSecret: true } },
  }]);
});

Deno.test("server card: behind a TLS proxy the URL says https; a foreign Host is still refused", async () => {
  await using served = await serveApp({ allowedHosts: ["cards.example.org"] });
  const cardUrl = new URL(`${served.url.href}/server-card`);
  const proxied = await rawRequest(cardUrl, {
    headers: { Host: "cards.example.org", "X-Forwarded-Proto": "https" },
  });
  assertEquals(proxied.status, 200);
  assertEquals(JSON.parse(proxied.body).remotes[0].url, "https://cards.example.org/mcp");
  const foreign = await rawRequest(cardUrl, { headers: { Host: "evil.example" } });
  assertEquals(foreign.status, 403);
});
