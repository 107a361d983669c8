/**
 * The HTTP endpoint refuses what it must, with exact status codes and messages, and keeps serving:
 * DNS rebinding (Host, Origin), the bearer token, body size, bad JSON-RPC, sessions.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import {
  callBody,
  errorMessage,
  httpClient,
  initializeBody,
  openSession,
  post,
  POST_HEADERS,
  rawRequest,
  serveApp,
  sessionHeaders,
} from "./helpers.ts";
import { TEMPLATE_URIS } from "../helpers.ts";
import { hostOfHeader, refuseHost, refuseOrigin, refuseToken } from "../../src/http/guard.ts";
import { bearerTokenChecker } from "../../src/http/token.ts";
import { badRequest } from "../../src/http/responses.ts";

const TABLE = { title: "T", headers: ["a", "b"], rows: [["1", "2"]] };

Deno.test("http: a Host that is not loopback or allowed is refused with 403 before anything else", async () => {
  await using served = await serveApp();
  const refused = await rawRequest(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Host: "attacker.example:8080" },
    body: JSON.stringify(initializeBody()),
  });
  assertEquals(refused.status, 403);
  assertEquals(
    errorMessage(JSON.parse(refused.body)),
    `Forbidden: Host "attacker.example:8080" is not allowed; add its name to MCP_CHAT_CARDS_ALLOWED_HOSTS if clients really use it`,
  );
  for (const host of ["localhost", `127.0.0.1:${served.url.port}`, `[::1]:${served.url.port}`]) {
    const ok = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Host: host },
      body: JSON.stringify(initializeBody()),
    });
    assertEquals(ok.status, 200, host);
  }
});

Deno.test("http: MCP_CHAT_CARDS_ALLOWED_HOSTS extends the Host and Origin lists", async () => {
  await using served = await serveApp({ allowedHosts: ["cards.example.org"] });
  const ok = await rawRequest(served.url, {
    method: "POST",
    headers: { ...POST_HEADERS, Host: "cards.example.org", Origin: "https://cards.example.org" },
    body: JSON.stringify(initializeBody()),
  });
  assertEquals(ok.status, 200);
});

Deno.test("http: a foreign Origin is refused with 403; loopback origins and no Origin pass", async () => {
  await using served = await serveApp();
  const refused = await post(served.url, initializeBody(), { Origin: "https://evil.example" });
  assertEquals(refused.status, 403);
  assertEquals(
    errorMessage(refused.json),
    `Forbidden: Origin "https://evil.example" is not allowed; add its host name to MCP_CHAT_CARDS_ALLOWED_HOSTS to trust it`,
  );
  assertEquals((await post(served.url, initializeBody(), { Origin: "null" })).status, 403);
  assertEquals((await post(served.url, initializeBody(), { Origin: "http://localhost:5173" })).status, 200);
  assertEquals((await post(served.url, initializeBody())).status, 200);
});

Deno.test("http: a body over the cap gets 413 naming the limit, and the server keeps serving", async () => {
  await using served = await serveApp({ maxBody: 65_536 });
  const id = await openSession(served.url);
  const huge = callBody(2, "create_table_card", { title: "x", rawText: "a,b\n".repeat(20_000) });
  const refused = await post(served.url, huge, sessionHeaders(id));
  assertEquals(refused.status, 413);
  assertEquals(
    errorMessage(refused.json),
    "Payload Too Large: the request body is over the 65536-byte limit (MCP_CHAT_CARDS_HTTP_MAX_BODY)",
  );
  const after = await post(served.url, callBody(3, "create_table_card", TABLE), sessionHeaders(id));
  assertEquals(after.status, 200);
  assertEquals((after.json?.result as { isError?: boolean }).isError, undefined);
});

Deno.test("http: malformed bodies get JSON-RPC errors with 400 and 415", async () => {
  await using served = await serveApp();
  const id = await openSession(served.url);
  const cases: [string, Record<string, string>, number, number, string][] = [
    ["{not json", {}, 400, -32700, "Parse error: the request body is not valid JSON"],
    ['{"hello":"world"}', {}, 400, -32600, "Invalid Request: the body is not a JSON-RPC 2.0 message"],
    ["[]", {}, 400, -32600, "Invalid Request: the body is not a JSON-RPC 2.0 message"],
    [
      '{"jsonrpc":"1.0","id":1,"method":"ping"}',
      {},
      400,
      -32600,
      "Invalid Request: the body is not a JSON-RPC 2.0 message",
    ],
    [
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      { "Content-Type": "text/plain" },
      415,
      -32000,
      "Unsupported Media Type: send Content-Type: application/json",
    ],
  ];
  for (const [body, headers, status, code, message] of cases) {
    const response = await post(served.url, body, { ...sessionHeaders(id), ...headers });
    assertEquals(response.status, status, body);
    assertDeep(response.json, { jsonrpc: "2.0", error: { code, message }, id: null }, body);
  }
  const stillUp = await post(served.url, { jsonrpc: "2.0", id: 9, method: "ping" }, sessionHeaders(id));
  assertDeep(stillUp.json, { jsonrpc: "2.0", id: 9, result: {} });
});

Deno.test("http: unknown, missing and ended sessions get 404 and 400", async () => {
  await using served = await serveApp();
  const unknown = await post(
    served.url,
    { jsonrpc: "2.0", id: 1, method: "tools/list" },
    sessionHeaders("nope"),
  );
  assertEquals(unknown.status, 404);
  assertEquals(
    errorMessage(unknown.json),
    "Session not found: it ended or expired; send initialize without Mcp-Session-Id to start a new one",
  );
  const missing = await post(served.url, { jsonrpc: "2.0", id: 1, method: "tools/list" });
  assertEquals(missing.status, 400);
  assertEquals(
    errorMessage(missing.json),
    "Bad Request: send initialize first, or the Mcp-Session-Id header of an open session",
  );
  const id = await openSession(served.url);
  assertEquals(served.app.sessionCount, 1);
  const ended = await fetch(served.url, { method: "DELETE", headers: sessionHeaders(id) });
  assertEquals(ended.status, 200);
  await ended.body?.cancel();
  assertEquals(served.app.sessionCount, 0);
  const after = await post(served.url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, sessionHeaders(id));
  assertEquals(after.status, 404);
});

Deno.test("http: other paths are 404 and other methods 405", async () => {
  await using served = await serveApp();
  const other = await fetch(new URL("/other", served.url));
  assertEquals(other.status, 404);
  assertEquals(errorMessage(await other.json()), "Not found: the MCP endpoint is /mcp");
  const put = await fetch(served.url, { method: "PUT", body: "{}" });
  assertEquals(put.status, 405);
  assertEquals(put.headers.get("allow"), "GET, POST, DELETE");
  assertEquals(errorMessage(await put.json()), "Method PUT is not allowed: use POST, GET or DELETE");
  // No CORS on the MCP endpoint: a browser preflight from any origin finds no Allow-Origin.
  const preflight = await fetch(served.url, {
    method: "OPTIONS",
    headers: { Origin: "http://localhost:5173" },
  });
  assertEquals(preflight.headers.get("access-control-allow-origin"), null);
  await preflight.body?.cancel();
});

Deno.test("http: a card rendered in one session cannot be read from another", async () => {
  await using served = await serveApp();
  await using alice = await httpClient(served.url);
  await using bob = await httpClient(served.url);
  const result = await alice.callTool({ name: "create_table_card", arguments: TABLE });
  const link = (result.content as { type: string; uri?: string }[]).find((c) => c.type === "resource_link")!;
  const mine = await alice.readResource({ uri: link.uri! });
  assertEquals((mine.contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);
  const id = link.uri!.slice(link.uri!.lastIndexOf("/") + 1);
  let refusal = "";
  await bob.readResource({ uri: link.uri! }).catch((e: Error) => (refusal = e.message));
  assertEquals(refusal.includes(`Card "${id}" is not available`), true, refusal);
  assertDeep((await bob.listResources()).resources.map((r) => r.uri), TEMPLATE_URIS);
});

Deno.test("http: 2026-07-28 clients are served statelessly; card ids work without being listed", async () => {
  await using served = await serveApp();
  await using modern = await httpClient(served.url, { pin: "2026-07-28" });
  assertEquals(modern.getServerVersion()?.name, "mcp-chat-cards");
  const result = await modern.callTool({ name: "create_table_card", arguments: TABLE });
  assertEquals(result.isError, undefined);
  const link = (result.content as { type: string; uri?: string }[]).find((c) => c.type === "resource_link")!;
  const doc = await modern.readResource({ uri: link.uri! });
  assertEquals((doc.contents[0] as { text: string }).text.includes("<table"), true);
  assertEquals(/^ui:\/\/mcp-chat-cards\/html\/[0-9a-f-]{36}$/.test(link.uri!), true, link.uri);
  const listed = (await modern.listResources()).resources.map((r) => r.uri);
  assertDeep(listed, TEMPLATE_URIS);
  assertEquals(served.app.sessionCount, 0);
});

Deno.test("http: at the session cap (N) a new session gets 503 with Retry-After; the open ones keep working", async () => {
  await using served = await serveApp({ maxSessions: 2 });
  const first = await openSession(served.url);
  const second = await openSession(served.url); // N = 2: admitted
  const refused = await post(served.url, initializeBody()); // N + 1
  assertEquals(refused.status, 503);
  assertEquals(refused.headers.get("retry-after"), "300");
  assertEquals(
    errorMessage(refused.json),
    "Service Unavailable: 2 sessions are open, the most this server keeps (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), and each was used in the last 5 minutes; retry in 300 seconds",
  );
  assertEquals(served.app.sessionCount, 2);
  for (const id of [first, second]) {
    const ping = await post(served.url, { jsonrpc: "2.0", id: 2, method: "ping" }, sessionHeaders(id));
    assertEquals(ping.status, 200);
  }
  // Ending one makes room at once.
  const ended = await fetch(served.url, { method: "DELETE", headers: sessionHeaders(first) });
  await ended.body?.cancel();
  assertEquals((await post(served.url, initializeBody())).status, 200);
});

/** Host spellings that must be refused: each names another host, or is not plain host[:port]. */
const HOSTILE_HOSTS = [
  "localhost\\@evil.com",
  "localhost\\evil.com",
  "evil.com@localhost",
  "user:pass@localhost",
  "localhost:80@evil.com",
  "localhost/evil.com",
  "localhost/",
  "localhost?evil.com",
  "localhost#evil.com",
  "localhost:",
  "localhost:99999",
  "localhost:80:80",
  "localhost:8o",
  "localhost%2f",
  "local host",
  "localhost.evil.com",
  "127.0.0.1.nip.io",
  "0x7f.0.0.1",
  "127.1",
  "2130706433",
  "[::1",
  "::1",
  "[::1]evil",
  "[::1]@evil.com",
  "[localhost]",
  "",
];

Deno.test("http: a Host with userinfo, a backslash or anything but host[:port] is refused, each spelling", async () => {
  await using served = await serveApp();
  for (const host of HOSTILE_HOSTS) {
    const refused = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Host: host },
      body: JSON.stringify(initializeBody()),
    });
    // Not host[:port] at all: no URL can be read from it (400). A well-formed foreign name: 403.
    const malformed = hostOfHeader(host) === undefined;
    assertEquals(refused.status, malformed ? 400 : 403, `Host ${JSON.stringify(host)}: ${refused.body}`);
    assertEquals(
      errorMessage(JSON.parse(refused.body)),
      malformed
        ? "Bad Request: the request could not be read (check the Host header and the body)"
        : `Forbidden: Host "${host}" is not allowed; add its name to MCP_CHAT_CARDS_ALLOWED_HOSTS if clients really use it`,
    );
  }
  assertEquals(served.app.sessionCount, 0);
  for (const host of ["LocalHost", "localhost.", `localhost.:${served.url.port}`, "[0:0:0:0:0:0:0:1]"]) {
    const ok = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Host: host },
      body: JSON.stringify(initializeBody()),
    });
    assertEquals(ok.status, 200, host);
  }
});

/** Origin spellings that must be refused: userinfo, backslashes, paths, other schemes. */
const HOSTILE_ORIGINS = [
  "http://evil.com@localhost",
  "http://user:pass@localhost",
  "http://localhost\\@evil.com",
  "http://localhost\\evil.com",
  "http:\\\\localhost",
  "http://localhost/",
  "http://localhost/path",
  "http://localhost?x",
  "http://localhost#x",
  "http://localhost:",
  "http://localhost:99999",
  "http:/localhost",
  "http:localhost",
  "//localhost",
  "localhost",
  "ftp://localhost",
  "file://localhost",
  "javascript://localhost",
  "http://localhost.evil.com",
  "http://0x7f.0.0.1",
  "http://[::1",
  "null",
];

Deno.test("http: an Origin with userinfo, a backslash, a path or another scheme is refused, each spelling", async () => {
  await using served = await serveApp();
  for (const origin of HOSTILE_ORIGINS) {
    const refused = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Origin: origin },
      body: JSON.stringify(initializeBody()),
    });
    assertEquals(refused.status, 403, `Origin ${JSON.stringify(origin)}: ${refused.body}`);
    assertEquals(
      errorMessage(JSON.parse(refused.body)),
      `Forbidden: Origin "${origin}" is not allowed; add its host name to MCP_CHAT_CARDS_ALLOWED_HOSTS to trust it`,
    );
  }
  for (
    const origin of ["http://localhost", "HTTP://LOCALHOST:5173", "https://127.0.0.1:1", "http://[::1]:80"]
  ) {
    const ok = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Origin: origin },
      body: JSON.stringify(initializeBody()),
    });
    assertEquals(ok.status, 200, origin);
  }
});

Deno.test("guard: each refusal's exact status, JSON-RPC error body and headers; what passes gets nothing", async () => {
  const hosts = ["localhost", "127.0.0.1", "[::1]"];
  const request = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:3000/mcp", { method: "POST", headers });
  const shown = async (response: Response | undefined) =>
    response && {
      status: response.status,
      body: await response.json(),
      authenticate: response.headers.get("www-authenticate"),
    };
  const error = (message: string) => ({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  assertDeep(await shown(refuseHost(request({ host: "evil.example" }), hosts)), {
    status: 403,
    body: error(
      'Forbidden: Host "evil.example" is not allowed; add its name to MCP_CHAT_CARDS_ALLOWED_HOSTS if clients really use it',
    ),
    authenticate: null,
  });
  assertEquals(refuseHost(request({ host: "localhost:3000" }), hosts), undefined);
  for (const origin of ["https://evil.example", "null", "not a url"]) {
    assertDeep(await shown(refuseOrigin(request({ origin }), hosts)), {
      status: 403,
      body: error(
        `Forbidden: Origin "${origin}" is not allowed; add its host name to MCP_CHAT_CARDS_ALLOWED_HOSTS to trust it`,
      ),
      authenticate: null,
    });
  }
  assertEquals(refuseOrigin(request({ origin: "http://localhost:5173" }), hosts), undefined);
  assertEquals(refuseOrigin(request({}), hosts), undefined);
  const token = "correct-horse-battery-staple";
  const matches = bearerTokenChecker(token);
  assertDeep(await shown(await refuseToken(request({}), matches)), {
    status: 401,
    body: error(
      "Unauthorized: send the header Authorization: Bearer <token> with the server's MCP_CHAT_CARDS_HTTP_TOKEN",
    ),
    authenticate: 'Bearer realm="mcp-chat-cards"',
  });
  assertDeep(await shown(await refuseToken(request({ authorization: `Bearer ${token}x` }), matches)), {
    status: 401,
    body: error("Unauthorized: the bearer token does not match the server's MCP_CHAT_CARDS_HTTP_TOKEN"),
    authenticate: 'Bearer realm="mcp-chat-cards", error="invalid_token"',
  });
  assertEquals(await refuseToken(request({ authorization: `Bearer ${token}` }), matches), undefined);
  assertEquals(await refuseToken(request({}), undefined), undefined);
});

Deno.test("responses: an unreadable request gets 400 with a JSON-RPC error and a closed connection", async () => {
  const response = badRequest();
  assertDeep([response.status, response.headers.get("connection"), await response.json()], [400, "close", {
    jsonrpc: "2.0",
    error: {
      code: -32000,
      message: "Bad Request: the request could not be read (check the Host header and the body)",
    },
    id: null,
  }]);
});
