/**
 * Two server processes (`deno run` with the binary's exact flags) sharing a real redis-server,
 * behind a small round-robin forwarder that routes 2025-era sessions back to their replica by the
 * prefix of Mcp-Session-Id (what the README's nginx and Caddy snippets do). Cards cross replicas,
 * sessions stay apart, cards expire, a Redis outage keeps card calls working with a retryable
 * error on reads, and Redis coming back is picked up without restarting anything.
 */
import { Client } from "@modelcontextprotocol/client";
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connectRedis } from "../../src/net/redis.ts";
import { denoRunArgs, type HttpTarget, runCommand, startHttp, stdioTransport } from "../smoke/targets.ts";
import { announceRedis, freePort, redisSkipReason, sharedRedis, startRedis } from "../store/redis_server.ts";
import { httpClient, post, sessionHeaders } from "./helpers.ts";
import { TEMPLATE_URIS, textOf } from "../helpers.ts";
import { site } from "../tools/web_fixtures.ts";
import { templateUri } from "../../src/ui/shared/protocol.ts";
import { TEMPLATE_KINDS } from "../../src/ui/template.ts";

announceRedis("replicas_test");
const ignore = redisSkipReason !== undefined;

/** Every replica signs stored cards with the same secret. */
const STORE_SECRET = "replicas-test-store-secret-0123456789";

const TABLE = {
  title: "Replicas",
  headers: ["Replica", "Role"],
  rows: [["a", "renders"], ["b", "reads"]],
};

/** One forwarded request: which replica served it, its JSON-RPC method and session. */
interface Hop {
  replica: string;
  method?: string;
  session?: string;
}

/** The test's load balancer: round robin, and Mcp-Session-Id "<replica>.<uuid>" back to its replica. */
interface Forwarder extends AsyncDisposable {
  url: URL;
  hops: Hop[];
}

function forwarder(replicas: Record<string, HttpTarget>): Forwarder {
  const names = Object.keys(replicas);
  const hops: Hop[] = [];
  let next = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    // The optional standalone SSE stream is not proxied (405 is the spec's "not offered"): the
    // tests need none, and an idle stream would keep this forwarder from shutting down.
    if (request.method === "GET") {
      return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });
    }
    const session = request.headers.get("mcp-session-id") ?? undefined;
    const pinned = session?.slice(0, session.indexOf("."));
    const replica = pinned !== undefined && pinned in replicas ? pinned : names[next++ % names.length];
    const body = request.method === "POST" ? await request.text() : undefined;
    let method: string | undefined;
    try {
      method = body ? JSON.parse(body).method : undefined;
    } catch {
      method = undefined;
    }
    hops.push({ replica, method, session });
    const headers = new Headers(request.headers);
    headers.delete("host");
    const target = new URL(new URL(request.url).pathname, replicas[replica].url);
    const response = await fetch(target, { method: request.method, headers, body });
    return new Response(response.body, { status: response.status, headers: response.headers });
  });
  return {
    url: new URL(`http://127.0.0.1:${server.addr.port}/mcp`),
    hops,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** Two replicas, a and b, on the Redis at `url`; stopped (and checked for a clean exit) on dispose. */
async function replicas(
  url: string,
  extra: string[] = [],
): Promise<{ a: HttpTarget; b: HttpTarget } & AsyncDisposable> {
  const start = (name: string) =>
    startHttp(
      Deno.execPath(),
      denoRunArgs([
        "--http",
        "--port",
        "0",
        "--store",
        url,
        "--store-secret",
        STORE_SECRET,
        "--replica",
        name,
        ...extra,
      ]),
    );
  const [a, b] = await Promise.all([start("a"), start("b")]);
  return {
    a,
    b,
    [Symbol.asyncDispose]: async () => {
      for (const replica of [a, b]) {
        const status = await replica.stop();
        assertEquals(status.code, 0, replica.stderr());
      }
    },
  };
}

type Content = { type: string; uri?: string; text?: string }[];
const linkOf = (result: { content?: unknown }) =>
  (result.content as Content).find((c) => c.type === "resource_link")!.uri!;
const idOf = (uri: string) => uri.slice(uri.lastIndexOf("/") + 1);

async function readError(
  read: () => Promise<unknown>,
): Promise<{ message: string; code?: number; data?: unknown }> {
  try {
    await read();
  } catch (error) {
    const { message, code, data } = error as { message: string; code?: number; data?: unknown };
    return { message, code, data };
  }
  throw new Error("the read succeeded");
}

const healthz = async (target: HttpTarget) => {
  const response = await fetch(new URL("/healthz", target.url));
  return { status: response.status, body: await response.json() };
};

Deno.test({
  name: "replicas: a card rendered through replica A is read through replica B (2026-07-28, stateless)",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    await using servers = await replicas(redis.url);
    await using lb = forwarder({ a: servers.a, b: servers.b });
    await using client = await httpClient(lb.url, { pin: "2026-07-28" });
    const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
    const uri = linkOf(result);
    const document = await client.readResource({ uri });
    const text = (document.contents[0] as { text: string }).text;
    assertEquals(text.startsWith("<!doctype html>"), true);
    assertEquals(text.includes("<title>Replicas</title>"), true, text.slice(0, 400));
    const call = lb.hops.find((h) => h.method === "tools/call")!;
    const read = lb.hops.find((h) => h.method === "resources/read")!;
    assertEquals(call.replica !== read.replica, true, JSON.stringify(lb.hops));

    // Straight to each replica, by id alone: any replica reads any stateless card.
    for (const target of [servers.a, servers.b]) {
      await using direct = await httpClient(target.url, { pin: "2026-07-28" });
      const again = await direct.readResource({ uri });
      assertEquals((again.contents[0] as { text: string }).text, text);
    }
    assertDeep(await healthz(servers.a), { status: 200, body: { status: "ok", store: "redis" } });
  },
});

Deno.test({
  name:
    "replicas: part 2 of a card split on replica A is read by its id through replica B, from the stored render",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    await using servers = await replicas(redis.url);
    await using lb = forwarder({ a: servers.a, b: servers.b });
    await using client = await httpClient(lb.url, { pin: "2026-07-28" });
    const rows = Array.from({ length: 2_000 }, (_, i) => [`Row ${i + 1}`, `${i * 7}`]);
    const first = await client.callTool({ name: "create_table_card", arguments: { ...TABLE, rows } });
    const { card, parts } = first.structuredContent as {
      card: { config: { id: string } };
      parts: { total: number };
    };
    assertEquals(parts.total > 1, true);
    const second = await client.callTool({ name: "get_card", arguments: { id: card.config.id, part: 2 } });
    assertEquals(second.isError, undefined, JSON.stringify(second.content));
    const shown = second.structuredContent as { card: { config: { title: string } }; parts: unknown };
    assertEquals(shown.card.config.title, `Replicas (part 2 of ${parts.total})`);
    assertDeep(shown.parts, { current: 2, total: parts.total, hasMore: parts.total > 2 });
    assertEquals(linkOf(second), `ui://mcp-chat-cards/html/${card.config.id}/2`);
    const calls = lb.hops.filter((h) => h.method === "tools/call").map((h) => h.replica);
    assertEquals(calls.length, 2);
    assertEquals(calls[0] !== calls[1], true, "rendered on one replica, read on the other");
  },
});

Deno.test({
  name: "replicas: 2025-era sessions stay on their replica, and no session reads another's card",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    await using servers = await replicas(redis.url);
    await using lb = forwarder({ a: servers.a, b: servers.b });
    await using alice = await httpClient(lb.url);
    await using bob = await httpClient(lb.url); // the next replica
    await using carol = await httpClient(lb.url); // alice's replica again
    const result = await alice.callTool({ name: "create_table_card", arguments: TABLE });
    const uri = linkOf(result);
    const mine = await alice.readResource({ uri });
    assertEquals((mine.contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);

    const sessions = [...new Set(lb.hops.filter((h) => h.session).map((h) => h.session!))];
    assertEquals(sessions.length, 3);
    for (const session of sessions) {
      const served = new Set(lb.hops.filter((h) => h.session === session).map((h) => h.replica));
      assertDeep([...served], [session.slice(0, 1)], `${session} moved between replicas`);
      assertEquals(/^[ab]\.[0-9a-f-]{36}$/.test(session), true, session);
    }
    assertEquals(new Set(sessions.map((s) => s[0])).size, 2, "both replicas hold sessions");

    for (const other of [bob, carol]) {
      const refused = await readError(() => other.readResource({ uri }));
      assertEquals(
        refused.message.endsWith(
          `Card "${idOf(uri)}" is not available: only the last 24 cards are kept; render it again`,
        ),
        true,
        refused.message,
      );
      assertDeep((await other.listResources()).resources.map((r) => r.uri), TEMPLATE_URIS);
    }
    assertDeep((await alice.listResources()).resources.map((r) => [r.uri, r.name]), [
      ...TEMPLATE_KINDS.map((kind) => [templateUri(kind), `card-template-${kind}`]),
      [uri, "Replicas"],
    ]);

    // Why the balancer needs affinity: the other replica does not know the session.
    const aliceSession = sessions.find((s) =>
      lb.hops.some((h) => h.session === s && h.method === "tools/call")
    )!;
    const elsewhere = aliceSession.startsWith("a.") ? servers.b : servers.a;
    const lost = await post(
      elsewhere.url,
      { jsonrpc: "2.0", id: 9, method: "ping" },
      sessionHeaders(aliceSession),
    );
    assertEquals(lost.status, 404);
  },
});

Deno.test({
  name: "replicas: stateless cards carry the 10-minute expiry and are gone once it passes",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    await using servers = await replicas(redis.url);
    const connection = await connectRedis(redis.url, { log: () => {} });
    try {
      await using a = await httpClient(servers.a.url, { pin: "2026-07-28" });
      await using b = await httpClient(servers.b.url, { pin: "2026-07-28" });
      const uri = linkOf(await a.callTool({ name: "create_table_card", arguments: TABLE }));
      const key = `mcc:card:${idOf(uri)}`;
      const ttl = Number(await connection.command(["PTTL", key]));
      assertEquals(ttl > 590_000 && ttl <= 600_000, true, `PTTL ${ttl}`);
      await b.readResource({ uri });
      await connection.command(["PEXPIRE", key, "1"]); // ten minutes later
      await new Promise((resolve) => setTimeout(resolve, 20));
      const gone = await readError(() => b.readResource({ uri }));
      assertEquals(
        gone.message.endsWith(
          `Card "${idOf(uri)}" is not available: cards are kept 10 minutes; render it again`,
        ),
        true,
        gone.message,
      );
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name:
    "replicas: with Redis down, card calls succeed, reads get the retryable error, one log line; it recovers",
  ignore,
  fn: async () => {
    await using redis = await startRedis(); // our own: this test kills it
    await using servers = await replicas(redis.url);
    await using lb = forwarder({ a: servers.a, b: servers.b });
    await using modern = await httpClient(lb.url, { pin: "2026-07-28" });
    await using session = await httpClient(lb.url);
    await modern.callTool({ name: "create_table_card", arguments: TABLE });

    await redis.kill();
    const uris: string[] = [];
    for (let i = 0; i < 4; i++) { // both replicas, both eras
      for (const client of [modern, session]) {
        const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
        assertEquals(result.isError, undefined, JSON.stringify(result));
        assertEquals((result.content as Content)[0].text!.length > 0, true);
        const { card, parts } = result.structuredContent as {
          card: { config: { kind: string; title: string } };
          parts: { total: number };
        };
        assertDeep([card.config.kind, card.config.title, parts.total], ["table", "Replicas", 1]);
        uris.push(linkOf(result));
      }
    }
    for (const [client, uri] of [[modern, uris[0]], [session, uris[1]]] as const) {
      const refused = await readError(() => client.readResource({ uri }));
      assertEquals(
        refused.message.endsWith(
          `Card "${
            idOf(uri)
          }" cannot be read right now: the card store is unreachable; retry in a few seconds`,
        ),
        true,
        refused.message,
      );
      assertEquals(refused.code, -32603);
      assertDeep(refused.data, { uri, retryable: true, retryAfterSeconds: 5 });
    }
    const listing = await session.listResources(); // hosts list on connect: the template stays
    assertDeep(listing.resources.map((r) => r.uri), TEMPLATE_URIS);
    for (const target of [servers.a, servers.b]) {
      assertDeep(await healthz(target), {
        status: 503,
        body: { status: "unavailable", store: "redis", problem: "the card store is unreachable" },
      });
      const outages = target.stderr().split("\n").filter((line) => line.includes("is unreachable"));
      assertDeep(outages, [
        `[mcp-chat-cards] Card store: Redis at ${redis.url} is unreachable (${
          outages[0]?.split("is unreachable (")[1]?.split("):")[0]
        }): cards still render, stored documents cannot be read until it is back`,
      ]);
    }

    await redis.restart();
    for (const target of [servers.a, servers.b]) {
      const deadline = Date.now() + 15_000;
      while ((await healthz(target)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`not healthy again:\n${target.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const uri = linkOf(await modern.callTool({ name: "create_table_card", arguments: TABLE }));
    const document = await modern.readResource({ uri }); // the next replica
    assertEquals((document.contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);
    for (const target of [servers.a, servers.b]) {
      const back = target.stderr().split("\n").filter((line) => line.includes("reachable again"));
      assertDeep(back, [`[mcp-chat-cards] Card store: Redis at ${redis.url} is reachable again`]);
    }
  },
});

const FORM_PAGE = `<title>Join</title><main><h2>Join the list</h2><form action="/join" method="post">
  <label for="e">Email</label><input id="e" type="email" name="email" required>
  <input type="hidden" name="list" value="weekly"><button>Join</button></form></main>`;

Deno.test({
  name:
    "replicas: a form mirrored through replica A is submitted through replica B; a form altered in Redis is refused",
  ignore,
  fn: async () => {
    await using web = await site({
      "/": FORM_PAGE,
      "/join": "<title>Welcome</title><main><p>You are on the list.</p></main>",
    });
    await using redis = await sharedRedis();
    await using servers = await replicas(redis.url, ["--allow-private"]); // the site is on loopback
    await using lb = forwarder({ a: servers.a, b: servers.b });
    await using client = await httpClient(lb.url, { pin: "2026-07-28" });
    const values = { email: "ada@example.org" };
    const posts = () =>
      web.requests.filter((r) => r.method === "POST").map((r) => new TextDecoder().decode(r.body));

    const mirrored = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/` } });
    const formId = (mirrored.structuredContent as { form: { id: string } }).form.id;
    const sent = await client.callTool({ name: "submit_web_form", arguments: { formId, values } });
    assertEquals(sent.isError, undefined, textOf(sent));
    assertDeep(posts(), ["email=ada%40example.org&list=weekly"]);
    const mirror = lb.hops.find((h) => h.method === "tools/call")!;
    const submit = lb.hops.findLast((h) => h.method === "tools/call")!;
    assertEquals(mirror.replica !== submit.replica, true, JSON.stringify(lb.hops));

    // Kept with the stateless cards' expiry, signed: an action pointed elsewhere is refused.
    const connection = await connectRedis(redis.url, { log: () => {} });
    try {
      const key = `mcc:form:${formId}`;
      const ttl = Number(await connection.command(["PTTL", key]));
      assertEquals(ttl > 590_000 && ttl <= 600_000, true, `PTTL ${ttl}`);
      const stored = JSON.parse(String(await connection.command(["GET", key])));
      const data = JSON.parse(stored.data);
      data.form.action = "http://127.0.0.1:9/steal";
      data.form.hidden.push({ name: "planted", value: "yes" });
      await connection.command([
        "SET",
        key,
        JSON.stringify({ ...stored, data: JSON.stringify(data) }),
        "KEEPTTL",
      ]);
    } finally {
      await connection.close();
    }
    for (let i = 0; i < 2; i++) { // through both replicas
      const refused = await client.callTool({ name: "submit_web_form", arguments: { formId, values } });
      assertEquals(refused.isError, true, textOf(refused));
      assertEquals(textOf(refused).includes("is not known"), true, textOf(refused));
    }
    assertEquals(posts().length, 1);

    // 2025 sessions keep their forms to themselves, on every replica.
    await using alice = await httpClient(lb.url);
    await using bob = await httpClient(lb.url);
    const own = await alice.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/` } });
    const ownId = (own.structuredContent as { form: { id: string } }).form.id;
    const stranger = await bob.callTool({ name: "submit_web_form", arguments: { formId: ownId, values } });
    assertEquals(stranger.isError, true);
    const mine = await alice.callTool({ name: "submit_web_form", arguments: { formId: ownId, values } });
    assertEquals(mine.isError, undefined, textOf(mine));
    assertEquals(posts().length, 2);
  },
});

Deno.test("replicas: an unreachable Redis at start is refused with one line, over HTTP and stdio", async () => {
  const port = freePort(); // nothing listens there
  const store = `redis://:hunter2@127.0.0.1:${port}`;
  for (const mode of [["--http", "--port", "0"], []]) {
    const { code, stderr } = await runCommand(
      Deno.execPath(),
      denoRunArgs([...mode, "--store", store, "--store-secret", STORE_SECRET]),
    );
    assertEquals(code, 1, stderr);
    assertEquals(
      stderr,
      `[mcp-chat-cards] Cannot start: the card store at redis://***@127.0.0.1:${port} is unreachable: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  }
});

Deno.test({
  name: "stdio with the Redis store: one session of its own, listed and read back like in memory",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const client = new Client({ name: "stdio-redis", version: "1.0.0" });
    await client.connect(stdioTransport(Deno.execPath(), denoRunArgs(["--store", redis.url])));
    try {
      const uri = linkOf(await client.callTool({ name: "create_table_card", arguments: TABLE }));
      const document = await client.readResource({ uri });
      assertEquals((document.contents[0] as { text: string }).text.includes("<title>Replicas</title>"), true);
      assertDeep((await client.listResources()).resources.map((r) => r.uri), [...TEMPLATE_URIS, uri]);
    } finally {
      await client.close();
    }
  },
});
