/**
 * The Redis card stores against a real redis-server: keys, expiry, the per-session LRU and its
 * isolation, and what an outage looks like (fast failures, one log line each way, recovery
 * without a new connection).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connectRedis, type RedisConnection, RedisUnavailableError } from "../../src/net/redis.ts";
import { KEY_PREFIX, redisStores } from "../../src/store/redis_store.ts";
import { createSigner } from "../../src/store/signing.ts";
import { StoreUnavailableError } from "../../src/store/card_store.ts";
import { announceRedis, freePort, redisSkipReason, sharedRedis, startRedis } from "./redis_server.ts";

announceRedis("redis_store_test");
const ignore = redisSkipReason !== undefined;
const signer = await createSigner("redis store test secret, 32+ chars long");

const card = (id: string) => ({
  id,
  kind: "table",
  title: `Card ${id}`,
  articleHtml: `<article>${id}</article>`,
});
const form = (id: string) => ({
  id,
  page: "https://example.org/join",
  form: {
    index: 1,
    title: `Form ${id}`,
    action: "https://example.org/join",
    method: "POST" as const,
    enctype: "application/x-www-form-urlencoded" as const,
    fields: [],
    hidden: [{ name: "list", value: "weekly" }],
    submit: { label: "Join" },
    notes: [],
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (or gives up after `ms`): recovery takes a reconnect or two. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

async function quietConnection(url: string, lines: string[] = []): Promise<RedisConnection> {
  return await connectRedis(url, {
    log: (line) => lines.push(line),
    commandTimeoutMs: 1_000,
    maxRetryDelayMs: 200,
  });
}

Deno.test({
  name: "redis store: stateless cards are one key with the 10-minute expiry, readable by id, never listed",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      const id = crypto.randomUUID();
      await stores.stateless.put(card(id));
      assertDeep(await stores.stateless.get(id), card(id));
      const ttl = Number(await connection.command(["PTTL", `${KEY_PREFIX}card:${id}`]));
      assertEquals(ttl > 590_000 && ttl <= 600_000, true, `PTTL ${ttl}`);
      assertDeep(await stores.stateless.list(), []);
      assertEquals(await stores.stateless.get(crypto.randomUUID()), undefined);
      assertEquals(await stores.stateless.get("x".repeat(129)), undefined);
      assertEquals(stores.stateless.retention, "cards are kept 10 minutes");
      assertDeep(await stores.health(), { store: "redis", reachable: true });
    } finally {
      await connection.close();
    }
  },
});

/** Parts 1..n of one split card, as the output stage stores them. */
const parts = (id: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...card(id),
    title: `Card ${id} (part ${i + 1} of ${n})`,
    articleHtml: `<article>${id} part ${i + 1}</article>`,
    tool: "create_table_card",
    part: i + 1,
    total: n,
  }));

Deno.test({
  name: "redis store: a split card keeps every part, each read by id and number, with the card's expiry",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      const id = crypto.randomUUID();
      const [first, ...more] = parts(id, 3);
      await stores.stateless.put(first, more);
      for (const part of [1, 2, 3]) assertDeep(await stores.stateless.get(id, part), parts(id, 3)[part - 1]);
      assertDeep(await stores.stateless.get(id), first);
      assertEquals(await stores.stateless.get(id, 4), undefined);
      for (const key of [`${KEY_PREFIX}card:${id}`, `${KEY_PREFIX}card:${id}#3`]) {
        const ttl = Number(await connection.command(["PTTL", key]));
        assertEquals(ttl > 590_000 && ttl <= 600_000, true, `${key}: PTTL ${ttl}`);
      }
      // Another replica's store on its own connection reads the same parts.
      const other = await quietConnection(redis.url);
      try {
        assertDeep(
          await redisStores(other, { signer, sessionTtlMs: 60_000 }).stateless.get(id, 2),
          parts(id, 3)[1],
        );
      } finally {
        await other.close();
      }
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name:
    "redis store: an id naming another card's part (<id>#2) or part count (<id>#parts) is a miss: no false tamper alarm, no phantom card",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const lines: string[] = [];
      const stores = redisStores(connection, {
        signer,
        sessionTtlMs: 60_000,
        log: (line) => lines.push(line),
      });
      const mine = stores.session(crypto.randomUUID());
      const id = crypto.randomUUID();
      const [first, ...more] = parts(id, 3);
      await mine.put(first, more);
      await stores.stateless.put(first, more);
      for (const store of [mine, stores.stateless]) {
        for (const crafted of [`${id}#2`, `${id}#3`, `${id}#parts`, `${id}#`]) {
          assertEquals(await store.get(crafted), undefined, crafted);
        }
      }
      assertDeep(await mine.list(), [{ id, title: `Card ${id} (part 1 of 3)` }]);
      // The alarm stays armed for a value something else really wrote.
      assertDeep(lines, []);
      await connection.command(["HSET", `${KEY_PREFIX}s:{planted}:cards`, "x", "{}"]);
      assertEquals(await stores.session("planted").get("x"), undefined);
      assertEquals(lines.length, 1, lines.join("\n"));
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name:
    "redis store: in a session a split card is one card: reading a part refreshes it, eviction drops every part",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000, capacity: 2 });
      const session = crypto.randomUUID();
      const mine = stores.session(session);
      const hash = `${KEY_PREFIX}s:{${session}}:cards`;
      const [a1, ...aMore] = parts("a", 3);
      await mine.put(a1, aMore);
      await mine.put(card("b"));
      assertDeep((await connection.command(["HKEYS", hash]) as string[]).sort(), [
        "a",
        "a#2",
        "a#3",
        "a#parts",
        "b",
      ]);
      assertDeep(await mine.get("a", 3), parts("a", 3)[2]); // refreshed: "b" is now the oldest
      assertEquals(await mine.get("a", 4), undefined);
      await mine.put(card("c"));
      assertEquals(await mine.get("b"), undefined);
      assertDeep(await mine.list(), [{ id: "c", title: "Card c" }, {
        id: "a",
        title: "Card a (part 1 of 3)",
      }]);
      await mine.put(card("d")); // "a" goes, with all of its parts
      assertDeep((await connection.command(["HKEYS", hash]) as string[]).sort(), ["c", "d"]);
      // Storing an id again replaces its parts: none of the old ones are left behind.
      const [e1, ...eMore] = parts("e", 4);
      await mine.put(e1, eMore);
      const [e1b, ...eMoreB] = parts("e", 2);
      await mine.put(e1b, eMoreB);
      assertEquals(await mine.get("e", 3), undefined);
      assertDeep(await mine.get("e", 2), parts("e", 2)[1]);
      // Each part is signed with its place: part 2 copied over part 1 of a card is not served.
      await connection.command(["HSET", hash, "e", String(await connection.command(["HGET", hash, "e#2"]))]);
      assertEquals(await mine.get("e", 1), undefined);
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: an id of 128 characters is looked up, one of 129 never is, in either store",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      const session = stores.session(crypto.randomUUID());
      const prefix = crypto.randomUUID();
      const longest = prefix + "x".repeat(128 - prefix.length);
      const over = longest + "x";
      for (const store of [stores.stateless, session]) {
        await store.put(card(longest));
        await store.put(card(over)); // written, but an id that long is never looked up
        assertDeep([(await store.get(longest))?.id, await store.get(over)], [longest, undefined]);
      }
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: a stateless card is gone once its expiry passes",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000, statelessTtlMs: 200 });
      const id = crypto.randomUUID();
      await stores.stateless.put(card(id));
      assertEquals((await stores.stateless.get(id))?.id, id);
      await sleep(400);
      assertEquals(await stores.stateless.get(id), undefined);
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: a session keeps its last N cards, reading refreshes one, other sessions see none",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000, capacity: 3 });
      const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
      const mine = stores.session(one);
      const theirs = stores.session(two);
      for (const id of ["a", "b", "c"]) await mine.put(card(id));
      assertEquals((await mine.get("a"))?.title, "Card a"); // refreshed: "b" is now the oldest
      await mine.put(card("d"));
      assertEquals(await mine.get("b"), undefined);
      assertDeep(await mine.list(), [
        { id: "d", title: "Card d" },
        { id: "a", title: "Card a" },
        { id: "c", title: "Card c" },
      ]);
      assertEquals(await theirs.get("a"), undefined);
      assertDeep(await theirs.list(), []);
      assertEquals(await stores.stateless.get("a"), undefined); // session cards are not capabilities
      const hash = `${KEY_PREFIX}s:{${one}}:cards`;
      assertDeep((await connection.command(["HKEYS", hash]) as string[]).sort(), ["a", "c", "d"]);
      const ttl = Number(await connection.command(["PTTL", hash]));
      assertEquals(ttl > 50_000 && ttl <= 60_000, true, `PTTL ${ttl}`);
      assertEquals(mine.retention, "only the last 3 cards are kept");
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: an outage fails calls fast with a retryable error, logs once, and recovers by itself",
  ignore,
  fn: async () => {
    await using redis = await startRedis();
    const lines: string[] = [];
    const connection = await quietConnection(redis.url, lines);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      const session = stores.session(crypto.randomUUID());
      await session.put(card("before"));
      await redis.kill();
      for (let i = 0; i < 5; i++) {
        const failures = await Promise.allSettled([
          session.put(card(`during-${i}`)),
          session.get("before"),
          session.list(),
          stores.stateless.get("x"),
        ]);
        for (const failure of failures) {
          assertEquals(failure.status, "rejected");
          const reason = (failure as PromiseRejectedResult).reason;
          assertEquals(reason instanceof StoreUnavailableError, true, String(reason));
          assertEquals(reason.message, "the card store is unreachable");
        }
      }
      assertDeep(await stores.health(), { store: "redis", reachable: false });
      assertEquals(lines.length, 1, lines.join("\n"));
      assertEquals(
        lines[0].startsWith(`Card store: Redis at ${redis.url} is unreachable (`),
        true,
        lines[0],
      );
      assertEquals(
        lines[0].endsWith("): cards still render, stored documents cannot be read until it is back"),
        true,
        lines[0],
      );

      await redis.restart(); // empty: no persistence
      await eventually(async () => (await stores.health()).reachable);
      await session.put(card("after"));
      assertEquals((await session.get("after"))?.id, "after");
      assertDeep(lines.slice(1), [`Card store: Redis at ${redis.url} is reachable again`]);
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name:
    "redis store: a Redis that hangs fails calls after the command timeout, then recovers when it answers",
  ignore,
  fn: async () => {
    await using redis = await startRedis();
    const lines: string[] = [];
    // The default command timeout (1.5 s), which the log line names.
    const connection = await connectRedis(redis.url, {
      log: (line) => lines.push(line),
      maxRetryDelayMs: 200,
    });
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      await stores.stateless.put(card("kept"));
      await stores.session("s").put(card("mine"));
      await stores.sessionForms("s").put(form("wf-kept"));
      redis.pause(); // frozen in the middle of signed reads and writes
      const stalled = await Promise.allSettled([
        stores.stateless.get("kept"),
        stores.stateless.put(card("x")),
        stores.session("s").list(),
      ]);
      for (const result of stalled) {
        assertEquals(result.status, "rejected");
        assertEquals((result as PromiseRejectedResult).reason instanceof StoreUnavailableError, true);
      }
      const frozenForm = await stores.sessionForms("s").get("wf-kept").then(() => undefined, (e) => e);
      assertEquals(frozenForm?.message, "Cannot look up the mirrored form: the card store is unreachable");
      assertEquals(lines.length, 1, lines.join("\n"));
      assertEquals(lines[0].includes(" is unreachable (no answer within 1500 ms)"), true, lines[0]);
      redis.resume();
      await eventually(async () => (await stores.health()).reachable);
      assertDeep(await stores.stateless.get("kept"), card("kept")); // late replies matched no other call
      assertDeep(await stores.session("s").get("mine"), card("mine"));
      assertDeep(await stores.sessionForms("s").get("wf-kept"), form("wf-kept"));
      assertDeep(lines.slice(1), [`Card store: Redis at ${redis.url} is reachable again`]);
    } finally {
      await connection.close();
    }
  },
});

Deno.test("redis connection: an unreachable Redis is refused at once with one line; passwords are masked", async () => {
  const port = freePort(); // nothing listens there
  let message = "";
  await connectRedis(`redis://:s3cret@127.0.0.1:${port}/2`, { log: () => {} }).catch((error) => {
    assertEquals(error instanceof RedisUnavailableError, true);
    message = error.message;
  });
  assertEquals(
    message,
    `the card store at redis://***@127.0.0.1:${port}/2 is unreachable: connect ECONNREFUSED 127.0.0.1:${port}`,
  );
});

Deno.test("redis connection: a listener that never answers the handshake is refused after the connect timeout", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) held.push(conn); // accepted, never answered
  })();
  try {
    let message = "";
    await connectRedis(`redis://127.0.0.1:${port}`, { log: () => {}, connectTimeoutMs: 300 }).catch(
      (error) => {
        message = error.message;
      },
    );
    assertEquals(
      message,
      `the card store at redis://127.0.0.1:${port} is unreachable: no answer within 300 ms`,
    );
    // The default: three seconds.
    await connectRedis(`redis://127.0.0.1:${port}`, { log: () => {} }).catch((error) => {
      message = error.message;
    });
    assertEquals(
      message,
      `the card store at redis://127.0.0.1:${port} is unreachable: no answer within 3000 ms`,
    );
  } finally {
    listener.close();
    for (const conn of held) conn.close();
    await accepting.catch(() => {});
  }
});

Deno.test({
  name:
    "redis store: a form copied into another session's hash is refused there (its signature binds its place)",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
      await stores.sessionForms(alice).put(form("wf-moved"));
      const genuine = await connection.command(["HGET", `${KEY_PREFIX}s:{${alice}}:forms`, "wf-moved"]);
      await connection.command(["HSET", `${KEY_PREFIX}s:{${bob}}:forms`, "wf-moved", String(genuine)]);
      assertDeep(await stores.sessionForms(alice).get("wf-moved"), form("wf-moved"));
      assertEquals(await stores.sessionForms(bob).get("wf-moved"), undefined);
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: forms are kept like cards: per session, the last 32, usable an hour (N and N+1 ms)",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    let now = 1_000_000;
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000, now: () => now });
      const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
      await stores.sessionForms(alice).put(form("wf-1"));
      assertDeep(await stores.sessionForms(alice).get("wf-1"), form("wf-1"));
      assertEquals(await stores.sessionForms(bob).get("wf-1"), undefined);
      assertEquals(await stores.statelessForms.get("wf-1"), undefined);
      now += 60 * 60_000; // exactly an hour: still usable
      assertDeep(await stores.sessionForms(alice).get("wf-1"), form("wf-1"));
      now += 1;
      assertEquals(await stores.sessionForms(alice).get("wf-1"), undefined);
      const ttl = Number(await connection.command(["PTTL", `${KEY_PREFIX}s:{${alice}}:forms`]));
      assertEquals(ttl > 3_590_000 && ttl <= 3_600_000, true, `PTTL ${ttl}`);

      for (let i = 0; i < 33; i++) await stores.sessionForms(bob).put(form(`wf-${i}`));
      assertEquals(await stores.sessionForms(bob).get("wf-0"), undefined); // the 33rd pushed out the 1st
      assertDeep(await stores.sessionForms(bob).get("wf-1"), form("wf-1"));

      await stores.statelessForms.put(form("wf-s"));
      assertDeep(await stores.statelessForms.get("wf-s"), form("wf-s"));
      const statelessTtl = Number(await connection.command(["PTTL", `${KEY_PREFIX}form:wf-s`]));
      assertEquals(statelessTtl > 590_000 && statelessTtl <= 600_000, true, `PTTL ${statelessTtl}`);
      now += 10 * 60_000 + 1;
      assertEquals(await stores.statelessForms.get("wf-s"), undefined);
    } finally {
      await connection.close();
    }
  },
});

Deno.test({
  name: "redis store: a form whose store is unreachable is a refusal the model can act on",
  ignore,
  fn: async () => {
    await using redis = await startRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { signer, sessionTtlMs: 60_000 });
      await redis.kill();
      for (
        const attempt of [
          () => stores.statelessForms.put(form("wf-x")),
          () => stores.sessionForms("s").get("wf-x"),
        ]
      ) {
        const error = await attempt().then(() => undefined, (e) => e);
        assertEquals(error?.name, "ToolError");
        assertEquals(
          error.toText(),
          error.message.startsWith("Cannot keep")
            ? "Cannot keep the mirrored form: the card store is unreachable\nRetry in a few seconds"
            : "Cannot look up the mirrored form: the card store is unreachable\nRetry in a few seconds",
        );
      }
    } finally {
      await connection.close();
    }
  },
});
