/**
 * Slow and hostile clients cannot hold the HTTP server: deadlines on headers and bodies, a close
 * after an early answer, and a cap on open connections. First a real `deno run` process at the
 * documented figures (the Node build runs the same checks in tests/smoke/node_test.ts), then the
 * same behaviours in this process with short deadlines, edge by edge.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { denoRunArgs, startHttp } from "../smoke/targets.ts";
import { callBody, initializeBody, openSession, post, serveApp, sessionHeaders } from "./helpers.ts";
import { eventStreamHead, halfHead, postHead, rawConnect } from "./raw_socket.ts";
import { assertHoldsSlowClients, TEST_MAX_BODY, TEST_MAX_CONNECTIONS } from "./slow_clients.ts";

Deno.test("http under deno run: slow headers and bodies are cut with 408, a 413 closes, idle connections make room at the cap, busy ones get 503", async () => {
  const server = await startHttp(
    Deno.execPath(),
    denoRunArgs([
      "--http",
      "--port",
      "0",
      "--max-connections",
      String(TEST_MAX_CONNECTIONS),
      "--max-body",
      String(TEST_MAX_BODY),
    ]),
  );
  try {
    await assertHoldsSlowClients(server.url, server.stderr);
  } finally {
    assertEquals((await server.stop()).code, 0, server.stderr());
  }
});

Deno.test("http: half a request head is answered 408 and closed at the header deadline, not before", async () => {
  await using served = await serveApp({}, { headersTimeoutMs: 400 });
  await using half = await rawConnect(served.url);
  await half.write(halfHead(served.url));
  const outcome = await half.outcome(5_000);
  assertEquals(outcome.closed, true);
  assertEquals(outcome.status, 408, outcome.text);
  assertEquals(outcome.elapsedMs >= 300, true, `${outcome.elapsedMs}`);
});

Deno.test("http: a body that stops coming is answered 408 and closed at the request deadline; the app's read ends", async () => {
  await using served = await serveApp({}, { headersTimeoutMs: 400, requestTimeoutMs: 800 });
  const id = await openSession(served.url);
  await using stalled = await rawConnect(served.url);
  await stalled.write(
    postHead(served.url, 1_000).replace(
      "\r\n\r\n",
      `\r\nMcp-Session-Id: ${id}\r\nMcp-Protocol-Version: 2025-06-18\r\n\r\n`,
    ) +
      '{"jsonrpc":"2.0","id":1,',
  );
  const outcome = await stalled.outcome(5_000);
  assertEquals(outcome.closed, true);
  assertEquals(outcome.status, 408, outcome.text);
  // The session is untouched and the server answers at once.
  const ping = await post(served.url, { jsonrpc: "2.0", id: 2, method: "ping" }, sessionHeaders(id));
  assertEquals(ping.status, 200);
});

Deno.test("http: a body arriving slowly but within the deadline is served", async () => {
  await using served = await serveApp({}, { headersTimeoutMs: 400, requestTimeoutMs: 3_000 });
  const body = JSON.stringify(initializeBody());
  await using slow = await rawConnect(served.url);
  await slow.write(postHead(served.url, body.length));
  for (const piece of [body.slice(0, 10), body.slice(10, 40), body.slice(40)]) {
    await new Promise((resolve) => setTimeout(resolve, 250)); // longer than the header deadline apart
    await slow.write(piece);
  }
  const outcome = await slow.outcome(1_000); // keep-alive: the wait ends it, not the server
  assertEquals(outcome.status, 200, outcome.text);
  assertEquals(outcome.closed, false);
});

Deno.test("http: a declared body over the cap gets 413 and the connection closes at once (N and N+1)", async () => {
  await using served = await serveApp({ maxBody: 1_024 });
  for (const [length, status] of [[1_024, 400], [1_025, 413], [999_999_999, 413]] as const) {
    await using client = await rawConnect(served.url);
    await client.write(postHead(served.url, length) + "x".repeat(Math.min(length, 2_000)));
    const outcome = await client.outcome(length === 1_024 ? 1_000 : 5_000);
    assertEquals(outcome.status, status, `${length}: ${outcome.text}`);
    // 400 (the body is not JSON) was read whole: keep-alive. 413 was not: closed.
    assertEquals(outcome.closed, status === 413, `${length}`);
  }
});

Deno.test("http: any answer sent before the body was read closes the connection (foreign Host, unknown path)", async () => {
  await using served = await serveApp();
  for (
    const head of [
      postHead(served.url, 100_000).replace(`Host: ${served.url.host}`, "Host: evil.example"),
      postHead(served.url, 100_000).replace("POST /mcp", "POST /other"),
    ]
  ) {
    await using client = await rawConnect(served.url);
    await client.write(head + "{");
    const outcome = await client.outcome(5_000);
    assertEquals(outcome.closed, true, outcome.text);
    assertEquals([403, 404].includes(outcome.status!), true, outcome.text);
  }
});

/** A whole JSON-RPC POST written by hand on a new connection, with the session's headers when given. */
async function rawPost(url: URL, body: unknown, session?: string) {
  const text = JSON.stringify(body);
  const conn = await rawConnect(url);
  const head = postHead(url, new TextEncoder().encode(text).length);
  await conn.write(
    session === undefined ? head + text : head.replace(
      "\r\n\r\n",
      `\r\nMcp-Session-Id: ${session}\r\nMcp-Protocol-Version: 2025-06-18\r\n\r\n`,
    ) +
      text,
  );
  return conn;
}

Deno.test("http: at the connection cap a newcomer closes the connection idle longest, so held keep-alive connections never lock a live session out", async () => {
  const lines: string[] = [];
  await using served = await serveApp({ maxConnections: 8 }, { log: (line) => lines.push(line) });
  const id = await openSession(served.url);
  // Seven connections that each asked one cheap thing and now sit on keep-alive (65 s each).
  const held = [];
  for (let i = 0; i < 7; i++) {
    const conn = await rawConnect(served.url);
    await conn.write(`GET /healthz HTTP/1.1\r\nHost: ${served.url.host}\r\n\r\n`);
    held.push(conn);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The live session's next call comes on a new connection, as after its own went away.
  await using call = await rawPost(
    served.url,
    callBody(2, "create_table_card", { title: "T", headers: ["a"], rows: [["1"]] }),
    id,
  );
  const outcome = await call.outcome(2_000);
  assertEquals(outcome.status, 200, outcome.text.slice(0, 300));
  assertEquals(outcome.text.includes('"isError"'), false, outcome.text.slice(0, 300));
  assertDeep(lines, [
    "HTTP: 8 connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS): each new one closes the one idle longest",
  ]);
  for (const conn of held) await conn[Symbol.asyncDispose]();
});

Deno.test("http: past a cap of requests in progress a newcomer gets 503 with Retry-After, logged once, and never reaches the app", async () => {
  const lines: string[] = [];
  await using served = await serveApp({ maxConnections: 8 }, { log: (line) => lines.push(line) });
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push(await openSession(served.url));
  // Eight event streams: requests the server has in progress for as long as they stay open.
  const streams = [];
  for (const id of ids) {
    const stream = await rawConnect(served.url);
    await stream.write(eventStreamHead(served.url, id));
    streams.push(stream);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  lines.length = 0; // the test client's own idle connection made room for the last stream
  for (let i = 0; i < 2; i++) {
    // A whole request: it must not be served, or it would start a session.
    await using extra = await rawPost(served.url, initializeBody());
    const outcome = await extra.outcome(5_000);
    assertEquals(outcome.status, 503, outcome.text);
    assertEquals(outcome.closed, true);
  }
  assertEquals(served.app.sessionCount, 8);
  assertDeep(lines, [
    "HTTP: 8 connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS), each with a request in progress: new ones get 503 until some close",
  ]);
  for (const stream of streams) await stream[Symbol.asyncDispose]();
  await new Promise((resolve) => setTimeout(resolve, 100));
  assertEquals((await post(served.url, initializeBody())).status, 200);
});
