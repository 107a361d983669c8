/**
 * Browser hosts (a web chat client, the MCP Inspector's UI) call /mcp from their own origin: the
 * browser sends a CORS preflight without the token, then reads Mcp-Session-Id from the answer.
 * Raw requests pin the exact headers; Chromium proves a real page can hold a session.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { openBrowser, skipReason } from "../browser/harness.ts";
import { errorMessage, initializeBody, POST_HEADERS, rawRequest, serveApp } from "./helpers.ts";
import { preflightResponse } from "../../src/http/cors.ts";

const TOKEN = "0123456789abcdef0123";

function preflight(origin: string, requestHeaders: string): RequestInit {
  return {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": requestHeaders,
    },
  };
}

Deno.test("cors: a preflight's header list is echoed only when every name is a plain token, checked from both ends", () => {
  const DEFAULTS = "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID";
  const allowed = (asked: string) =>
    preflightResponse(
      new Request("http://127.0.0.1/mcp", preflight("https://cards.example.org", asked)),
      ["cards.example.org"],
    )?.headers.get("access-control-allow-headers");
  assertEquals(allowed("content-type"), "content-type");
  assertEquals(allowed("a , b,c"), "a , b,c");
  for (const bad of ["x y, content-type", "content-type, x y", "content-type;", "(x), content-type", ""]) {
    assertDeep([bad, allowed(bad)], [bad, DEFAULTS]);
  }
});

Deno.test("cors: a listed origin's preflight gets 204 without the token, naming what it may send", async () => {
  await using served = await serveApp({ httpToken: TOKEN, allowedHosts: ["cards.example.org"] });
  const response = await fetch(
    served.url,
    preflight("https://cards.example.org", "authorization,content-type,mcp-protocol-version,mcp-param-name"),
  );
  assertEquals(response.status, 204);
  assertEquals(await response.text(), "");
  // The listener's own headers (date, keep-alive) are transport, not CORS.
  const transport = ["date", "connection", "keep-alive"];
  assertDeep(Object.fromEntries([...response.headers].filter(([name]) => !transport.includes(name))), {
    "access-control-allow-headers": "authorization,content-type,mcp-protocol-version,mcp-param-name",
    "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
    "access-control-allow-origin": "https://cards.example.org",
    "access-control-max-age": "600",
    vary: "Origin",
  });
});

Deno.test("cors: a foreign origin's preflight is refused with 403 and no CORS headers", async () => {
  await using served = await serveApp({ httpToken: TOKEN });
  const response = await fetch(served.url, preflight("https://evil.example", "authorization"));
  assertEquals(response.status, 403);
  assertEquals(response.headers.get("access-control-allow-origin"), null);
  assertEquals(
    errorMessage(await response.json()),
    `Forbidden: Origin "https://evil.example" is not allowed; add its host name to MCP_CHAT_CARDS_ALLOWED_HOSTS to trust it`,
  );
});

Deno.test("cors: a loopback page gets no CORS unless MCP_CHAT_CARDS_ALLOWED_HOSTS lists localhost", async () => {
  await using served = await serveApp();
  const response = await fetch(served.url, preflight("http://localhost:5173", "content-type"));
  await response.body?.cancel();
  assertEquals(response.status, 405);
  assertEquals(response.headers.get("access-control-allow-origin"), null);
  const post = await fetch(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Origin: "http://localhost:5173" },
    body: JSON.stringify(initializeBody()),
  });
  await post.body?.cancel();
  assertEquals(post.status, 200);
  assertEquals(post.headers.get("access-control-allow-origin"), null);
});

Deno.test("cors: answers to a listed origin expose the session id; a missing token's 401 is readable", async () => {
  await using served = await serveApp({ httpToken: TOKEN, allowedHosts: ["localhost"] });
  const origin = `http://localhost:${served.url.port}`;
  const ok = await fetch(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Origin: origin, Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(initializeBody()),
  });
  await ok.body?.cancel();
  assertEquals(ok.status, 200);
  assertEquals(ok.headers.get("access-control-allow-origin"), origin);
  assertEquals(
    ok.headers.get("access-control-expose-headers"),
    "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate",
  );
  assertEquals(ok.headers.get("vary"), "Origin");
  const unauthorized = await fetch(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Origin: origin },
    body: JSON.stringify(initializeBody()),
  });
  await unauthorized.body?.cancel();
  assertEquals(unauthorized.status, 401);
  assertEquals(unauthorized.headers.get("access-control-allow-origin"), origin);
  // Without an Origin (desktop clients, curl) nothing changes.
  const plain = await rawRequest(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(initializeBody()),
  });
  assertEquals(plain.status, 200);
  assertEquals(plain.headers.get("access-control-allow-origin"), null);
});

Deno.test({
  name: "cors: a page on another origin in Chromium initializes, lists tools and renders a card",
  ignore: skipReason() !== undefined,
  fn: async () => {
    await using served = await serveApp({ httpToken: TOKEN, allowedHosts: ["localhost"] });
    const page = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response("<!doctype html><title>host</title>", { headers: { "content-type": "text/html" } }),
    );
    const { browser, close } = await openBrowser();
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(`http://localhost:${page.addr.port}/`);
      const seen = await tab.evaluate(async ({ url, token }) => {
        let id = 0;
        let session = "";
        const rpc = async (method: string, params: unknown, notify = false) => {
          const headers: Record<string, string> = {
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
            Authorization: `Bearer ${token}`,
            "Mcp-Protocol-Version": "2025-06-18",
          };
          if (session) headers["Mcp-Session-Id"] = session;
          const body = notify
            ? { jsonrpc: "2.0", method, params }
            : { jsonrpc: "2.0", id: ++id, method, params };
          const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
          session ||= response.headers.get("mcp-session-id") ?? "";
          const text = await response.text();
          const json = text.startsWith("{")
            ? text
            : text.split("\n").find((l) => l.startsWith("data: "))?.slice(6);
          return json ? JSON.parse(json) : response.status;
        };
        const init = await rpc("initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "page", version: "1" },
        });
        await rpc("notifications/initialized", {}, true);
        const tools = await rpc("tools/list", {});
        const call = await rpc("tools/call", {
          name: "create_tab_card",
          arguments: { title: "Hi", tabs: [{ label: "A", text: "one" }, { label: "B", text: "two" }] },
        });
        return {
          server: init.result.serverInfo.name,
          session: session.length > 0,
          hasTab: tools.result.tools.some((t: { name: string }) => t.name === "create_tab_card"),
          summary: call.result.content[0].text,
        };
      }, { url: served.url.href, token: TOKEN });
      assertDeep(seen, {
        server: "mcp-chat-cards",
        session: true,
        hasTab: true,
        summary: 'Tab card "Hi" with 2 tabs:\n- A: one\n- B: two',
      });
    } finally {
      await context.close();
      await close();
      await page.shutdown();
    }
  },
});

Deno.test("cors: an Origin that only mentions a listed host is never echoed, each spelling", async () => {
  await using served = await serveApp({ allowedHosts: ["localhost", "cards.example.org"] });
  const spellings = [
    "http://evil.com@localhost",
    "http://evil.com@cards.example.org",
    "https://cards.example.org\\@evil.com",
    "https://cards.example.org/",
    "https://user@cards.example.org",
    "https://cards.example.org:443@evil.com",
  ];
  for (const origin of spellings) {
    for (const method of ["OPTIONS", "POST"]) {
      const answer = await rawRequest(served.url, {
        method,
        headers: {
          ...POST_HEADERS,
          Origin: origin,
          "Access-Control-Request-Method": "POST",
        },
        body: method === "POST" ? JSON.stringify(initializeBody()) : "",
      });
      assertEquals(answer.status, 403, `${method} ${origin}`);
      assertEquals(answer.headers.get("access-control-allow-origin"), null, `${method} ${origin}`);
    }
  }
  const listed = await rawRequest(served.url, {
    method: "OPTIONS",
    headers: { Origin: "https://cards.example.org", "Access-Control-Request-Method": "POST" },
  });
  assertEquals(listed.status, 204);
  assertEquals(listed.headers.get("access-control-allow-origin"), "https://cards.example.org");
});
