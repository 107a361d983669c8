/**
 * The slow-client checks a real server process must pass, under `deno run` and under the Node
 * build alike (tests/http/slow_clients_test.ts, tests/smoke/node_test.ts): half a header and a
 * stalled body are cut with 408 at the documented deadlines, a declared body over the cap gets 413
 * and the connection closes at once, and connections past the cap get 503 with Retry-After (one
 * log line), while the server keeps serving once the slow ones are gone.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "../../src/http/listener.ts";
import { initializeBody, post } from "./helpers.ts";
import { halfHead, postHead, rawConnect, type RawOutcome } from "./raw_socket.ts";

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

  // Half a header and a stalled body, plus enough silent connections to fill the cap.
  await using half = await rawConnect(url);
  await half.write(halfHead(url));
  await using stalled = await rawConnect(url);
  await stalled.write(postHead(url, 100) + '{"jsonrpc":');
  const fillers = await Promise.all(
    Array.from({ length: TEST_MAX_CONNECTIONS - 2 }, async () => {
      const filler = await rawConnect(url);
      await filler.write(halfHead(url));
      return filler;
    }),
  );
  const halfOutcome = half.outcome(HEADERS_TIMEOUT_MS + SLACK_MS);
  const stalledOutcome = stalled.outcome(REQUEST_TIMEOUT_MS + SLACK_MS);

  // Past the cap: 503 with Retry-After, closed at once, logged once for the burst.
  for (let i = 0; i < 3; i++) {
    await using extra = await rawConnect(url);
    await extra.write(halfHead(url) + "\r\n");
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
  const capLines = stderr().split("\n").filter((line) => line.includes("connections are open"));
  assertEquals(
    capLines.join("\n"),
    `[mcp-chat-cards] HTTP: ${TEST_MAX_CONNECTIONS} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS): new ones get 503 until some close`,
  );

  assertCut(await halfOutcome, 408, HEADERS_TIMEOUT_MS, "half a header");
  for (const filler of fillers) {
    assertCut(await filler.outcome(SLACK_MS), 408, 0, "a silent filler");
    await filler[Symbol.asyncDispose]();
  }
  // The slow ones are gone: a client is served again.
  assertEquals((await post(url, initializeBody())).status, 200);
  assertCut(await stalledOutcome, 408, REQUEST_TIMEOUT_MS, "a stalled body");
}
