/**
 * Abuse the issue did not list, found by attacking the finished listener and session table:
 * request targets in absolute form, oversized heads, a head that keeps trickling, pipelined
 * requests, and an initialize flood racing a session that keeps working.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { httpClient, initializeBody, post, serveApp } from "./helpers.ts";
import { rawConnect } from "./raw_socket.ts";

const INIT = JSON.stringify(initializeBody());

function request(host: string, target: string, extra = ""): string {
  return `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\n${extra}Content-Length: ${INIT.length}\r\n\r\n${INIT}`;
}

Deno.test("abuse: an absolute-form target is served only when it names the Host header's authority; //host/path is a path", async () => {
  await using served = await serveApp();
  const host = served.url.host;
  // [what, request, status, closed (undefined: either; a small body may or may not be read by then)]
  const cases: [string, string, number, boolean | undefined][] = [
    ["same authority", request(host, `http://${host}/mcp`), 200, false],
    ["another host", request(host, "http://evil.example/mcp"), 400, true],
    ["another port", request(host, `http://127.0.0.1:1/mcp`), 400, true],
    ["another scheme", request(host, `ftp://${host}/mcp`), 400, true],
    ["asterisk", `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400, true],
    ["a path that looks like an authority", request(host, "//evil.example/mcp"), 404, undefined],
  ];
  for (const [what, text, status, closed] of cases) {
    await using client = await rawConnect(served.url);
    await client.write(text);
    const outcome = await client.outcome(1_000);
    assertDeep([outcome.status, closed ?? outcome.closed], [status, outcome.closed], what);
  }
});

Deno.test("abuse: 100 KB of request headers get 431 and the connection closes", async () => {
  await using served = await serveApp();
  await using client = await rawConnect(served.url);
  await client.write(request(served.url.host, "/mcp", `X-Pad: ${"a".repeat(100_000)}\r\n`));
  const outcome = await client.outcome(5_000);
  assertDeep([outcome.status, outcome.closed], [431, true]);
  assertEquals(served.app.sessionCount, 0);
});

Deno.test("abuse: a head that keeps trickling bytes is still cut at the header deadline", async () => {
  await using served = await serveApp({}, { headersTimeoutMs: 600 });
  await using client = await rawConnect(served.url);
  await client.write(`POST /mcp HTTP/1.1\r\nHost: ${served.url.host}\r\n`);
  let writing = true;
  const trickle = (async () => {
    for (let i = 0; writing && i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.write(`X-${i}: y\r\n`).catch(() => (writing = false));
    }
  })();
  const outcome = await client.outcome(5_000);
  writing = false;
  await trickle;
  assertDeep([outcome.status, outcome.closed], [408, true]);
});

Deno.test("abuse: pipelined requests on one connection are each answered, in order", async () => {
  await using served = await serveApp();
  await using client = await rawConnect(served.url);
  await client.write(request(served.url.host, "/mcp").repeat(3));
  const outcome = await client.outcome(1_500);
  assertEquals(outcome.text.match(/HTTP\/1\.1 200 OK\r\n/g)?.length, 3, outcome.text.slice(0, 300));
  assertEquals(served.app.sessionCount, 3);
});

Deno.test("abuse: a session keeps working while 60 initializes race for the remaining room", async () => {
  await using served = await serveApp({ maxSessions: 8 });
  await using live = await httpClient(served.url);
  const table = { title: "Live", headers: ["n"], rows: [["1"]] };
  let flooding = true;
  const failures: string[] = [];
  const calls = (async () => {
    let n = 0;
    while (flooding || n < 5) {
      const result = await live.callTool({ name: "create_table_card", arguments: table });
      if (result.isError) failures.push(JSON.stringify(result));
      n++;
    }
    return n;
  })();
  const statuses = await Promise.all(
    Array.from({ length: 60 }, async () => (await post(served.url, initializeBody())).status),
  );
  flooding = false;
  const made = await calls;
  assertDeep(failures, []);
  assertEquals(made >= 5, true);
  assertEquals(statuses.filter((s) => s === 200).length, 7); // the cap less the live session
  assertEquals(statuses.filter((s) => s === 503).length, 53);
  assertEquals(served.app.sessionCount, 8);
  const ping = await live.ping();
  assertDeep(ping, {});
});
