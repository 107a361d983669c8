/**
 * The Redis card stores against a real redis-server: keys, expiry, the per-session LRU and its
 * isolation, and what an outage looks like (fast failures, one log line each way, recovery
 * without a new connection).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connectRedis, maskUrl, type RedisConnection, RedisUnavailableError } from "../../src/net/redis.ts";
import { KEY_PREFIX, redisStores } from "../../src/output/redis_store.ts";
import { StoreUnavailableError } from "../../src/output/store.ts";
import { announceRedis, freePort, redisSkipReason, sharedRedis, startRedis } from "./redis_server.ts";

announceRedis("redis_store_test");
const ignore = redisSkipReason !== undefined;

const card = (id: string) => ({
  id,
  kind: "table",
  title: `Card ${id}`,
  articleHtml: `<article>${id}</article>`,
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
      const stores = redisStores(connection, { sessionTtlMs: 60_000 });
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
      const stores = redisStores(connection, { sessionTtlMs: 60_000 });
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
        assertDeep(await redisStores(other, { sessionTtlMs: 60_000 }).stateless.get(id, 2), parts(id, 3)[1]);
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
    "redis store: in a session a split card is one card: reading a part refreshes it, eviction drops every part",
  ignore,
  fn: async () => {
    await using redis = await sharedRedis();
    const connection = await quietConnection(redis.url);
    try {
      const stores = redisStores(connection, { sessionTtlMs: 60_000, capacity: 2 });
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
      const stores = redisStores(connection, { sessionTtlMs: 60_000, statelessTtlMs: 200 });
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
      const stores = redisStores(connection, { sessionTtlMs: 60_000, capacity: 3 });
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
      const stores = redisStores(connection, { sessionTtlMs: 60_000 });
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
    const connection = await quietConnection(redis.url, lines); // 1 s command timeout
    try {
      const stores = redisStores(connection, { sessionTtlMs: 60_000 });
      await stores.stateless.put(card("kept"));
      redis.pause();
      const stalled = await Promise.allSettled([
        stores.stateless.get("kept"),
        stores.stateless.put(card("x")),
      ]);
      for (const result of stalled) {
        assertEquals(result.status, "rejected");
        assertEquals((result as PromiseRejectedResult).reason instanceof StoreUnavailableError, true);
      }
      assertEquals(lines.length, 1, lines.join("\n"));
      assertEquals(lines[0].includes(" is unreachable ("), true, lines[0]);
      redis.resume();
      await eventually(async () => (await stores.health()).reachable);
      assertEquals((await stores.stateless.get("kept"))?.id, "kept");
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
    `the card store at redis://:***@127.0.0.1:${port}/2 is unreachable: connect ECONNREFUSED 127.0.0.1:${port}`,
  );
  assertEquals(
    maskUrl("rediss://user:pw@cache.example.org:6380"),
    "rediss://user:***@cache.example.org:6380",
  );
  assertEquals(maskUrl("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
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
  } finally {
    listener.close();
    for (const conn of held) conn.close();
    await accepting.catch(() => {});
  }
});
