/**
 * The slow-client checks a real server process must pass, under `deno run` and under the Node
 * build alike (tests/http/slow_clients_test.ts, tests/smoke/node_test.ts): half a header and a
 * stalled body are cut with 408 at the documented deadlines, a declared body over the cap gets 413
 * and the connection closes at once, idle and slow connections at the cap make room for newcomers,
 * and connections past a cap of requests in progress get 503 with Retry-After (one
 * log line), while the server keeps serving once the slow ones are gone.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "../../src/http/listener.ts";
import { initializeBody, openSession, post } from "./helpers.ts";
import {
  eventStreamHead,
  halfHead,
  postHead,
  rawConnect,
  type RawConnection,
  type RawOutcome,
} from "./raw_socket.ts";

/** Slack on each deadline: the server checks deadlines once a second, and the machine is shared. */
const SLACK_MS = 5_000;

/** The connection cap the process under test was started with (`--max-connections`). */
export const TEST_MAX_CONNECTIONS = 8;

/** `--max-body` of the process under test. */
export const TEST_MAX_BODY = 65_536;

function assertCut(outcome: RawOutcome, status: number, deadlineMs: number, what: string): void {
  assertEquals(outcome.closed, true, `${what}: still open after ${Math.round(outcome.elapsedMs)} ms`);
  assertEquals(outcome.status, status, `${what}: ${outcome.text.slice(0, 200)}`);
  assertEquals(
    outcome.elapsedMs >= deadlineMs - 1_000,
    true,
    `${what}: cut after ${Math.round(outcome.elapsedMs)} ms, before its ${deadlineMs} ms deadline`,
  );
}

/** Runs every check against the server at `url` (started with the two test settings above). */
export async function assertHoldsSlowClients(url: URL, stderr: () => string): Promise<void> {
  // A declared body over the cap: 413 at once, and the server closes the connection.
  {
    await using lying = await rawConnect(url);
    await lying.write(postHead(url, 999_999_999) + '{"jsonrpc":"2.0"');
    const outcome = await lying.outcome(SLACK_MS);
    assertEquals(outcome.closed, true, `413: still open after ${SLACK_MS} ms`);
    assertEquals(outcome.status, 413, outcome.text);
    assertEquals(
      outcome.text.includes(
        `"Payload Too Large: the request body is over the ${TEST_MAX_BODY}-byte limit (MCP_CHAT_CARDS_HTTP_MAX_BODY)"},"id":null}`,
      ),
      true,
      outcome.text,
    );
  }

  await assertCapClosesIdlest(url, stderr);

  // Half a header and a stalled body, with room to spare: cut at their deadlines.
  await using half = await rawConnect(url);
  await half.write(halfHead(url));
  await using stalled = await rawConnect(url);
  await stalled.write(postHead(url, 100) + '{"jsonrpc":');
  const halfOutcome = half.outcome(HEADERS_TIMEOUT_MS + SLACK_MS);
  const stalledOutcome = stalled.outcome(REQUEST_TIMEOUT_MS + SLACK_MS);
  assertCut(await halfOutcome, 408, HEADERS_TIMEOUT_MS, "half a header");
  // The slow ones are gone: a client is served again.
  assertEquals((await post(url, initializeBody())).status, 200);
  assertCut(await stalledOutcome, 408, REQUEST_TIMEOUT_MS, "a stalled body");
}

/** The lines of the server's log about the connection cap. */
function capLines(stderr: () => string): string[] {
  return stderr().split("\n").filter((line) => line.includes("connections are open"));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At the cap, idle and slow connections make room: each newcomer closes the one that has gone
 * longest without a request in progress, and is served. Only requests in progress (here, the
 * event streams of open sessions) hold the cap: then a newcomer gets 503 with Retry-After before
 * a byte of it is read. `stderr` is the server's log so far.
 */
export async function assertCapClosesIdlest(url: URL, stderr: () => string): Promise<void> {
  const held: RawConnection[] = [];
  // Four connections answered and idle on keep-alive (in this order), then four sending their head slowly.
  for (let i = 0; i < TEST_MAX_CONNECTIONS; i++) {
    const conn = await rawConnect(url);
    const answered = i < TEST_MAX_CONNECTIONS / 2;
    await conn.write(answered ? `GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n` : halfHead(url));
    held.push(conn);
    if (answered) await pause(300); // answered before the next one opens
  }
  const newcomers: RawConnection[] = [];
  for (let i = 0; i < 3; i++) {
    const conn = await rawConnect(url);
    const body = JSON.stringify(initializeBody());
    await conn.write(postHead(url, body.length) + body);
    newcomers.push(conn);
    await pause(300); // served, and idle from then on
  }
  for (const [i, outcome] of (await Promise.all(newcomers.map((c) => c.outcome(1_000)))).entries()) {
    assertEquals(outcome.status, 200, `newcomer ${i + 1}: ${outcome.text.slice(0, 200)}`);
  }
  // The three idle longest were closed at once; the rest (half heads within their deadline) wait.
  for (const [i, conn] of held.entries()) {
    const outcome = await conn.outcome(i < 3 ? SLACK_MS : 300);
    assertEquals(outcome.closed, i < 3, `held connection ${i + 1}: ${outcome.text.slice(0, 100)}`);
    assertEquals(/ 408 /.test(outcome.text), false, outcome.text);
  }
  assertEquals(
    capLines(stderr).join("\n"),
    `[mcp-chat-cards] HTTP: ${TEST_MAX_CONNECTIONS} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS): each new one closes the one idle longest`,
  );
  for (const conn of [...held, ...newcomers]) await conn[Symbol.asyncDispose]();
  await pause(200);

  // Every connection busy with a request in progress: a newcomer is refused, logged once.
  const ids: string[] = [];
  for (let i = 0; i < TEST_MAX_CONNECTIONS; i++) ids.push(await openSession(url));
  const streams: RawConnection[] = [];
  for (const id of ids) {
    const stream = await rawConnect(url);
    await stream.write(eventStreamHead(url, id));
    streams.push(stream);
  }
  await pause(300); // every stream is open
  for (let i = 0; i < 3; i++) {
    await using extra = await rawConnect(url);
    await extra.write(
      postHead(url, JSON.stringify(initializeBody()).length) + JSON.stringify(initializeBody()),
    );
    const outcome = await extra.outcome(SLACK_MS);
    assertEquals(outcome.status, 503, outcome.text);
    assertEquals(outcome.closed, true);
    assertEquals(
      /\r\nretry-after: (\d+)\r\n/i.exec(outcome.text)?.[1],
      "5", // as the README's Security table says
    );
    assertEquals(
      outcome.text.includes(
        `"Service Unavailable: ${TEST_MAX_CONNECTIONS} connections are open, the most this server takes (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS); retry in 5 seconds"},"id":null}`,
      ),
      true,
      outcome.text,
    );
  }
  // The client's own pooled connection was idle: the last stream closed it (a second "closes" line).
  assertDeep(capLines(stderr).slice(1), [
    `[mcp-chat-cards] HTTP: ${TEST_MAX_CONNECTIONS} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS): each new one closes the one idle longest`,
    `[mcp-chat-cards] HTTP: ${TEST_MAX_CONNECTIONS} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS), each with a request in progress: new ones get 503 until some close`,
  ]);
  for (const stream of streams) await stream[Symbol.asyncDispose]();
  await pause(200);
}
