/**
 * Adversarial HTTP: Host and Origin forms, duplicated and conflicting framing headers, chunked
 * bodies over the cap, JSON nesting and batches, a stalled partial body, session reuse after
 * DELETE, and card documents read across sessions and protocol eras with hostile ids.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
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
} from "../http/helpers.ts";
import { denoRunArgs, startHttp } from "../smoke/targets.ts";

const INIT = JSON.stringify(initializeBody());
const TABLE = { title: "T", rows: [["a"]] };

/** Reads the first response off a connection, up to its declared Content-Length (not to EOF). */
async function readResponse(conn: Deno.Conn): Promise<{ status: number; body: string }> {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(65_536);
  let response = "";
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    response += decoder.decode(buf.subarray(0, n), { stream: true });
    const at = response.indexOf("\r\n\r\n");
    if (at < 0) continue;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(response.slice(0, at))?.[1] ?? 0);
    if (response.length - at - 4 >= length) break;
  }
  const at = response.indexOf("\r\n\r\n");
  return { status: Number(response.split(" ")[1]), body: response.slice(at + 4) };
}

/**
 * Writes bytes on a fresh connection and returns the first response. After a refusal Deno keeps
 * the socket open until the declared body has arrived (whatever the response's Connection: close
 * says), so waiting for EOF would hang.
 */
async function rawExchange(port: string, text: string): Promise<{ status: number; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
  try {
    await conn.write(new TextEncoder().encode(text));
    return await readResponse(conn);
  } finally {
    conn.close();
  }
}

function postHead(extra: string, body: string, framing = `Content-Length: ${body.length}\r\n`): string {
  return `POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${extra}Connection: close\r\n${framing}\r\n${body}`;
}

Deno.test("adversarial http: Host forms resolve to the loopback allowlist or are refused", async () => {
  await using served = await serveApp({ allowedHosts: ["cards.example.org"] });
  const port = served.url.port;
  const cases: [string, number][] = [
    ["LOCALHOST", 200],
    [`LocalHost:${port}`, 200],
    ["[::1]", 200],
    ["[0:0:0:0:0:0:0:1]", 200],
    ["127.0.0.1.", 200],
    ["CARDS.EXAMPLE.ORG", 200],
    ["localhost.", 200], // the fully qualified spelling of the same name, as configured names are read
    ["evil.localhost", 403],
    ["localhost.evil.example", 403],
    ["127.0.0.1.nip.io", 403],
    ["localhost:80@evil.example", 400],
    ["evil.example#@localhost", 400],
    ["[::ffff:127.0.0.1]", 403],
    ["cards.example.org.evil.example", 403],
    ["", 400],
  ];
  for (const [host, status] of cases) {
    const r = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Host: host },
      body: INIT,
    });
    assertEquals(r.status, status, `Host ${JSON.stringify(host)}`);
  }
  // HTTP/1.0 without any Host header.
  const noHost = await rawExchange(
    port,
    `POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${INIT.length}\r\n\r\n${INIT}`,
  );
  assertEquals(noHost.status, 400);
  // Two Host headers, either order: refused before the app.
  assertEquals(
    (await rawExchange(port, postHead("Host: localhost\r\nHost: evil.example\r\n", INIT))).status,
    400,
  );
  assertEquals(
    (await rawExchange(port, postHead("Host: evil.example\r\nHost: localhost\r\n", INIT))).status,
    400,
  );
});

Deno.test({
  name: "adversarial http: a syntactically bad Host gets a clean 400, not a 500",
  // Regression: a Host header that makes no valid URL crashed the request (500 and a stack trace).

  async fn() {
    await using served = await serveApp({ allowedHosts: ["cards.example.org"] });
    const BAD = "Bad Request: the request could not be read (check the Host header and the body)";
    const cases: [string, number, string][] = [
      ["localhost evil", 400, BAD],
      ["localhost:abc", 400, BAD],
      ["cards.example.org:99999", 400, BAD],
      ["[::1", 400, BAD],
      ["[zz]", 400, BAD],
      ["%", 400, BAD],
      ["a/b", 400, BAD],
    ];
    for (const [host, status, message] of cases) {
      const r = await rawRequest(served.url, {
        method: "POST",
        headers: { ...POST_HEADERS, Host: host },
        body: INIT,
      });
      assertEquals(r.status, status, `Host ${JSON.stringify(host)} got ${r.status}`);
      assertEquals(errorMessage(JSON.parse(r.body)), message, `Host ${JSON.stringify(host)}`);
    }
  },
});

Deno.test("adversarial http: Origin null, opaque, look-alike and duplicated are refused", async () => {
  await using served = await serveApp({ allowedHosts: ["cards.example.org"] });
  for (
    const origin of [
      "null",
      "file://",
      "chrome-extension://abcdef",
      "http://127.0.0.1.evil.example",
      "http://localhost.evil.example",
      "https://cards.example.org.evil.example",
      "http://evil.example, http://localhost",
    ]
  ) {
    assertEquals((await post(served.url, initializeBody(), { Origin: origin })).status, 403, origin);
  }
  for (
    const origin of [
      "http://localhost",
      "http://LOCALHOST:1",
      "http://[::1]:5173",
      "https://cards.example.org",
    ]
  ) {
    assertEquals((await post(served.url, initializeBody(), { Origin: origin })).status, 200, origin);
  }
  const twice = await rawExchange(
    served.url.port,
    postHead("Host: localhost\r\nOrigin: http://localhost\r\nOrigin: https://evil.example\r\n", INIT),
  );
  assertEquals(twice.status, 403);
});

Deno.test("adversarial http: framing tricks and bodies over the cap are refused; the server keeps serving", async () => {
  await using served = await serveApp({ maxBody: 10_000 });
  const port = served.url.port;
  const big = JSON.stringify(callBody(1, "create_table_card", { title: "t", rawText: "x".repeat(20_000) }));
  const chunked = `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`;
  const overChunked = await rawExchange(
    port,
    postHead("Host: localhost\r\n", chunked, "Transfer-Encoding: chunked\r\n"),
  );
  assertEquals(overChunked.status, 413);
  assertEquals(
    errorMessage(JSON.parse(overChunked.body)),
    "Payload Too Large: the request body is over the 10000-byte limit (MCP_CHAT_CARDS_HTTP_MAX_BODY)",
  );
  // Many small chunks adding up past the cap.
  const small = Array.from({ length: 200 }, () => `64\r\n${" ".repeat(100)}\r\n`).join("") + "0\r\n\r\n";
  assertEquals(
    (await rawExchange(port, postHead("Host: localhost\r\n", small, "Transfer-Encoding: chunked\r\n")))
      .status,
    413,
  );
  for (
    const framing of [
      "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
      `Content-Length: 5\r\nContent-Length: ${INIT.length}\r\n`,
      `Content-Length: +${INIT.length}\r\n`,
      `Content-Length: -1\r\n`,
    ]
  ) {
    const r = await rawExchange(port, postHead("Host: localhost\r\n", INIT, framing));
    assertEquals(r.status, 400, framing);
  }
  const declaredHuge = await rawExchange(
    port,
    postHead("Host: localhost\r\n", "{}", "Content-Length: 99999999999\r\n"),
  );
  assertEquals([400, 413].includes(declaredHuge.status), true, `declared huge got ${declaredHuge.status}`);
  assertEquals((await post(served.url, initializeBody())).status, 200);
});

Deno.test("adversarial http: deep JSON and batches get JSON-RPC answers, never a crash", async () => {
  await using served = await serveApp();
  const deep = await post(served.url, "[".repeat(100_000) + "]".repeat(100_000));
  assertEquals(deep.status, 400);
  const deepObject = await post(served.url, '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000));
  assertEquals(deepObject.status, 400);
  const twoInits = await post(served.url, [initializeBody(1), initializeBody(2)]);
  assertEquals(twoInits.status, 400);
  assertEquals(served.app.sessionCount, 0);
  const id = await openSession(served.url);
  const batch = await post(
    served.url,
    Array.from(
      { length: 50 },
      (_, i) => callBody(i + 1, "create_table_card", { title: `t${i}`, rows: [["<b>"]] }),
    ),
    sessionHeaders(id),
  );
  assertEquals(batch.status, 200);
  const answers = batch.json as unknown as { id: number; result: { isError?: boolean } }[];
  assertEquals(answers.length, 50);
  assertEquals(answers.every((a) => a.result && a.result.isError === undefined), true);
  const nestedArgs =
    `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_table_card","arguments":{"title":${
      "[".repeat(40_000)
    }${"]".repeat(40_000)}}}}`;
  const nested = await post(served.url, nestedArgs, sessionHeaders(id));
  assertEquals(nested.status, 200);
  assertEquals((nested.json?.result as { isError?: boolean }).isError, true);
  const alive = await post(served.url, { jsonrpc: "2.0", id: 9, method: "ping" }, sessionHeaders(id));
  assertEquals(alive.status, 200);
});

Deno.test("adversarial http: a stalled partial body does not block other clients", async () => {
  await using served = await serveApp();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(served.url.port) });
  try {
    const head = '{"jsonrpc":"2.0",';
    const rest = '"id":1,"method":"ping"}';
    await conn.write(
      new TextEncoder().encode(postHead("Host: localhost\r\n", head, "Content-Length: 5000\r\n")),
    );
    // Were the staller blocking the server, these would wait for it forever: the deadline only
    // turns that hang into a failure, and is generous enough for any loaded machine.
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const others = await Promise.race([
      Promise.all(Array.from({ length: 5 }, () => post(served.url, initializeBody()))),
      new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new Error("a stalled body blocked other clients")), 20_000);
      }),
    ]).finally(() => clearTimeout(deadline));
    assertEquals(others.every((r) => r.status === 200), true);
    // The staller finally finishes: it gets an ordinary answer (ping without a session).
    await conn.write(new TextEncoder().encode(rest.padEnd(5000 - head.length, " ")));
    assertEquals((await readResponse(conn)).status, 400);
  } finally {
    conn.close();
  }
  assertEquals((await post(served.url, initializeBody())).status, 200);
});

Deno.test("adversarial http: a deleted session id stays dead, and a second DELETE is not an error page", async () => {
  await using served = await serveApp();
  const id = await openSession(served.url);
  const del = await fetch(served.url, { method: "DELETE", headers: sessionHeaders(id) });
  await del.body?.cancel();
  assertEquals(del.status, 200);
  const again = await fetch(served.url, { method: "DELETE", headers: sessionHeaders(id) });
  await again.body?.cancel();
  assertEquals(again.status, 404);
  const reuse = await post(served.url, callBody(1, "create_table_card", TABLE), sessionHeaders(id));
  assertEquals(reuse.status, 404);
  // Re-initializing with the dead id in the header must not resurrect it.
  const reinit = await post(served.url, initializeBody(), sessionHeaders(id));
  assertEquals(reinit.status, 404);
  assertEquals(served.app.sessionCount, 0);
});

Deno.test("adversarial http: card documents cannot be read across sessions or eras, nor with hostile ids", async () => {
  await using served = await serveApp();
  await using alice = await httpClient(served.url);
  await using bob = await httpClient(served.url);
  await using modern = await httpClient(served.url, { pin: "2026-07-28" });
  const aliceCard = await alice.callTool({ name: "create_table_card", arguments: TABLE });
  const aliceId = (aliceCard.structuredContent as { card: { config: { id: string } } }).card.config.id;
  const modernCard = await modern.callTool({ name: "create_table_card", arguments: TABLE });
  const modernId = (modernCard.structuredContent as { card: { config: { id: string } } }).card.config.id;
  /** "read", or the message of the refusal (any other failure fails the test). */
  const read = async (client: typeof alice, id: string): Promise<string> => {
    try {
      const { contents } = await client.readResource({ uri: "ui://mcp-chat-cards/html/" + id });
      assertEquals((contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);
      return "read";
    } catch (error) {
      return (error as Error).message;
    }
  };
  const notAvailable = (id: string, kept: number) =>
    `Card "${id}" is not available: only the last ${kept} cards are kept; render it again`;
  assertEquals(await read(alice, aliceId), "read");
  assertEquals(await read(bob, aliceId), notAvailable(aliceId, 24)); // another session's store
  assertEquals(await read(modern, aliceId), notAvailable(aliceId, 256)); // the stateless store
  assertEquals(await read(alice, modernId), notAvailable(modernId, 24));
  assertEquals(await read(modern, modernId), "read");
  for (
    const id of [
      aliceId.toUpperCase(),
      ` ${aliceId}`,
      `${aliceId}%00`,
      encodeURIComponent(aliceId).replaceAll("-", "%2D"),
      `..%2F${aliceId}`,
      "x".repeat(100_000),
      "__proto__",
      "%3Cscript%3E",
    ]
  ) {
    const refusal = await read(bob, id);
    assertEquals(
      /^Card "[^"]+" is not available: only the last 24 cards are kept; render it again$/.test(refusal),
      true,
      `${id.slice(0, 60)}: ${refusal.slice(0, 200)}`,
    );
  }
  const { resources } = await modern.listResources();
  assertEquals(resources.some((r) => r.uri.includes("/html/")), false, "stateless ids were listed");
  assertEquals(await read(alice, aliceId), "read", "alice lost her card");
});

Deno.test({
  name: "adversarial http: clients that hang up mid-body or send a bad Host leave no stack traces in the log",
  // Regression: a client hanging up mid-body left an uncaught error and a stack trace.

  async fn() {
    const server = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0"]));
    try {
      for (let i = 0; i < 3; i++) {
        const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(server.url.port) });
        await conn.write(
          new TextEncoder().encode(
            postHead("Host: localhost\r\n", '{"jsonrpc":', "Content-Length: 5000\r\n"),
          ),
        );
        await new Promise((done) => setTimeout(done, 50));
        conn.close();
      }
      await rawExchange(server.url.port, postHead("Host: localhost:abc\r\n", INIT));
      await new Promise((done) => setTimeout(done, 200));
      assertEquals((await post(server.url, initializeBody())).status, 200);
    } finally {
      await server.stop();
    }
    const log = server.stderr();
    assertEquals(/\n\s+at /.test(log), false, log);
  },
});
