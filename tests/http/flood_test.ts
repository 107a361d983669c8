// deno-lint-ignore-file no-console -- reports the memory figures it asserts on
/**
 * A flood against a real server process: 1,000 requests from 32 concurrent clients, each client
 * opening sessions, rendering cards, sending a malformed body and an unknown session, and ending
 * its sessions. Every status code must be the right one, the process must survive, and its
 * resident memory must come back near the level it had after a warm-up of the same traffic.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { denoRunArgs, type HttpTarget, startHttp } from "../smoke/targets.ts";
import { callBody, initializeBody, post, sessionHeaders } from "./helpers.ts";

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
