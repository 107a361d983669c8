// deno-lint-ignore-file no-console -- reports the memory figures it asserts on
/**
 * A flood against a real server process: 1,000 requests from 32 concurrent clients, each client
 * opening sessions, rendering cards, sending a malformed body and an unknown session, and ending
 * its sessions. Every status code must be the right one, the process must survive, and its
 * resident memory must come back near the level it had after a warm-up of the same traffic.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { denoRunArgs, type HttpTarget, startHttp } from "../smoke/targets.ts";
import { callBody, errorMessage, httpClient, initializeBody, post, sessionHeaders } from "./helpers.ts";

const CLIENTS = 32;
const FLOOD_REQUESTS = 1_000;
const TABLE = {
  title: "Flood",
  headers: ["n", "square", "note"],
  rows: Array.from({ length: 10 }, (_, i) => [i, i * i, `row ${i}`]),
};

/** Resident set size of a process in KiB (Linux), or undefined elsewhere. */
async function rssKiB(pid: number): Promise<number | undefined> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  } catch {
    return undefined;
  }
}

/** Counts statuses by kind of request; any unexpected one is recorded with its kind. */
class Tally {
  sent = 0;
  unexpected: string[] = [];
  check(kind: string, status: number, expected: number) {
    this.sent++;
    if (status !== expected) this.unexpected.push(`${kind}: ${status}, expected ${expected}`);
  }
}

/** One session's worth of traffic: 10 requests. */
async function sessionRound(url: URL, tally: Tally): Promise<void> {
  const init = await post(url, initializeBody());
  tally.check("initialize", init.status, 200);
  const id = init.headers.get("mcp-session-id") ?? "missing";
  const headers = sessionHeaders(id);
  const ack = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
  tally.check("initialized", ack.status, 202);
  for (let i = 0; i < 5; i++) {
    const call = await post(url, callBody(10 + i, "create_table_card", TABLE), headers);
    tally.check("tools/call", call.status, 200);
    if ((call.json?.result as { isError?: boolean } | undefined)?.isError) {
      tally.unexpected.push("tools/call isError");
    }
  }
  tally.check("malformed", (await post(url, "{oops", headers)).status, 400);
  tally.check(
    "unknown session",
    (await post(url, callBody(20, "create_table_card", TABLE), sessionHeaders(`${id}-x`))).status,
    404,
  );
  const end = await fetch(url, { method: "DELETE", headers });
  await end.body?.cancel();
  tally.check("delete", end.status, 200);
}

/** Runs rounds from `CLIENTS` workers until `requests` requests were sent. */
async function flood(url: URL, requests: number): Promise<Tally> {
  const tally = new Tally();
  let rounds = Math.ceil(requests / 10);
  const worker = async () => {
    while (rounds-- > 0) await sessionRound(url, tally);
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  return tally;
}

Deno.test("http flood: 1,000 requests from 32 clients get the right statuses and memory settles", async () => {
  const server: HttpTarget = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0"]));
  try {
    // The same traffic once first: V8 grows its heap to a working size and keeps it.
    const warm = await flood(server.url, FLOOD_REQUESTS);
    assertEquals(warm.unexpected.join("\n"), "");
    const baseline = await rssKiB(server.process.pid);
    const tally = await flood(server.url, FLOOD_REQUESTS);
    assertEquals(tally.sent, FLOOD_REQUESTS);
    assertEquals(tally.unexpected.join("\n"), "");
    const after = await rssKiB(server.process.pid);
    // Still serving after the flood.
    const ping = await post(server.url, initializeBody());
    assertEquals(ping.status, 200);
    if (baseline !== undefined && after !== undefined) {
      console.error(`flood: RSS after warm-up ${baseline} KiB, after 1,000 more requests ${after} KiB`);
      assertEquals(after <= baseline * 1.5, true, `RSS grew from ${baseline} to ${after} KiB`);
    } else {
      console.error("flood: no /proc on this OS, so the memory check is skipped (status codes were checked)");
    }
  } finally {
    assertEquals((await server.stop()).code, 0, server.stderr());
  }
});

Deno.test("http flood: 300 initializes never evict a live session; past the cap they get 503 with Retry-After, logged once", async () => {
  const server: HttpTarget = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0"]));
  try {
    await using live = await httpClient(server.url);
    const first = await live.callTool({ name: "create_table_card", arguments: TABLE });
    const uri = (first.content as { type: string; uri?: string }[]).find((c) => c.type === "resource_link")!
      .uri!;

    const statuses: number[] = [];
    const refusals = new Set<string>();
    const retryAfter: number[] = [];
    let left = 300;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (left-- > 0) {
        const init = await post(server.url, initializeBody());
        statuses.push(init.status);
        if (init.status === 503) {
          refusals.add(errorMessage(init.json)!.replace(/retry in \d+ seconds$/, "retry in N seconds"));
          retryAfter.push(Number(init.headers.get("retry-after")));
        }
      }
    }));
    // 256 sessions at most: the live one and 255 of the flood; the rest are refused.
    assertEquals(statuses.filter((s) => s === 200).length, 255);
    assertEquals(statuses.filter((s) => s === 503).length, 45);
    assertDeep([...refusals], [
      "Service Unavailable: 256 sessions are open, the most this server keeps (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), and each was used in the last 5 minutes; retry in N seconds",
    ]);
    assertEquals(retryAfter.every((s) => s >= 1 && s <= 300), true, retryAfter.join(","));

    // The live session still works, its card still reads.
    const again = await live.callTool({ name: "create_table_card", arguments: TABLE });
    assertEquals(again.isError, undefined);
    const document = await live.readResource({ uri });
    assertEquals((document.contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);
    const lines = server.stderr().split("\n").filter((line) => line.includes("sessions are open"));
    assertDeep(lines, [
      "[mcp-chat-cards] HTTP: 256 sessions are open (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), each used in the last 5 minutes: new sessions get 503 until one is quiet",
    ]);
  } finally {
    assertEquals((await server.stop()).code, 0, server.stderr());
  }
});
