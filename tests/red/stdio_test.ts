/**
 * Red team, protocol over stdio: the server as users start it (`deno task start`'s exact flags) in a
 * child process, fed raw lines. Every malformed line that a client could be waiting on gets a
 * JSON-RPC answer (as the HTTP transport gives), an over-long line is refused instead of closing the
 * transport, and the server keeps serving: each case ends with a ping that must be answered.
 */
import { deepStrictEqual as assertDeep } from "node:assert/strict";
import { taskWords } from "../../scripts/read_permission.ts";
import { MAX_STDIO_LINE } from "../../src/mcp/stdio.ts";

const root = new URL("../../", import.meta.url);

/** The server in a child process, with a line reader on its stdout. */
async function startServer() {
  const denoJson = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const args = taskWords(denoJson.tasks.start as string).slice(1);
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: root.pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const enc = new TextEncoder();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    /** Writes raw text (add the newline yourself). */
    write: (text: string | Uint8Array) => writer.write(typeof text === "string" ? enc.encode(text) : text),
    /** The next line the server writes, parsed. */
    async next(): Promise<Record<string, unknown>> {
      while (!buffered.includes("\n")) {
        // A guard against waiting forever on a dropped message (the bug), not a timing assert.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const silence = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("no answer within 60 s")), 60_000);
        });
        const { value, done } = await Promise.race([reader.read(), silence]).finally(() =>
          clearTimeout(timer)
        );
        if (done) throw new Error("the server closed stdout");
        buffered += value;
      }
      const at = buffered.indexOf("\n");
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      return JSON.parse(line);
    },
    async [Symbol.asyncDispose]() {
      try {
        child.kill();
      } catch { /* already gone */ }
      await writer.close().catch(() => {});
      await reader.cancel().catch(() => {});
      await child.status;
    },
  };
}

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "red", version: "1" } },
});

const PARSE_ERROR = {
  jsonrpc: "2.0",
  id: null,
  error: { code: -32700, message: "Parse error: the line is not valid JSON" },
};

function invalid(id: string | number | null) {
  return {
    jsonrpc: "2.0",
    id,
    error: { code: -32600, message: "Invalid Request: the line is not a JSON-RPC 2.0 message" },
  };
}

Deno.test("red stdio: malformed lines get JSON-RPC errors, and the server keeps serving", async () => {
  await using server = await startServer();
  await server.write(INIT + "\n");
  assertDeep((await server.next()).id, 0);
  await server.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  const cases: [string, unknown][] = [
    ["{", PARSE_ERROR],
    ['{"jsonrpc":"2.0","id":1,', PARSE_ERROR],
    ["\u0000\u0001", PARSE_ERROR],
    ["null", invalid(null)],
    ["[]", invalid(null)],
    ['"text"', invalid(null)],
    ["42", invalid(null)],
    ['{"jsonrpc":"1.0","id":2,"method":"tools/list"}', invalid(2)],
    ['{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"x"}', invalid(3)],
    ['{"jsonrpc":"2.0","id":"four","method":7}', invalid("four")],
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', invalid(null)],
    [
      '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"create_list_card","arguments":{},"_meta":{"progressToken":{"x":1}}}}',
      invalid(5),
    ],
    [
      '[{"jsonrpc":"2.0","id":6,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"ping"}]',
      invalid(null),
    ],
  ];
  let ping = 100;
  for (const [line, expected] of cases) {
    await server.write(line + "\n");
    assertDeep(await server.next(), expected, line);
    await server.write(JSON.stringify({ jsonrpc: "2.0", id: ++ping, method: "ping" }) + "\n");
    assertDeep(await server.next(), { jsonrpc: "2.0", id: ping, result: {} }, `ping after ${line}`);
  }
});

Deno.test("red stdio: a line over the limit is refused and skipped, not the end of the server", async () => {
  await using server = await startServer();
  await server.write(INIT + "\n");
  assertDeep((await server.next()).id, 0);
  await server.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  // A request one byte over the limit, sent in pieces, then a ping on the same write as its end.
  const head =
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_list_card","arguments":{"title":"';
  const tail = '","items":[{"text":"a"}]}}}';
  const filler = MAX_STDIO_LINE + 1 - head.length - tail.length;
  await server.write(head);
  for (let left = filler; left > 0; left -= 1_000_000) {
    await server.write("a".repeat(Math.min(left, 1_000_000)));
  }
  await server.write(tail + "\n" + JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) + "\n");
  assertDeep(await server.next(), {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -32600,
      message: `Request Too Large: the line is over the ${MAX_STDIO_LINE}-byte limit of one stdio message`,
    },
  });
  assertDeep(await server.next(), { jsonrpc: "2.0", id: 2, result: {} });
  // Exactly at the limit passes the framing (the title is then refused by its own limit, by name).
  await server.write(head);
  for (let left = filler - 1; left > 0; left -= 1_000_000) {
    await server.write("a".repeat(Math.min(left, 1_000_000)));
  }
  await server.write(tail + "\n");
  const answer = await server.next() as {
    id: number;
    result: { isError: boolean; content: { text: string }[] };
  };
  assertDeep([answer.id, answer.result.isError], [1, true]);
  assertDeep(answer.result.content[0].text.startsWith("Input validation error"), true);
});
