/**
 * Stored documents are signed: whoever can write to Redis still cannot make resources/read serve
 * card HTML, or resources/list show a card, that this deployment did not render. Real server
 * processes on a real redis-server of their own, real MCP clients over HTTP, and the attacker
 * writing to Redis directly: a planted card, an altered one, a genuine one moved to another id or
 * another session, one signed with another deployment's secret. Then the start-up rule: a
 * serving process with a Redis store needs a secret every replica shares.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connectRedis, type RedisConnection } from "../../src/net/redis.ts";
import { denoRunArgs, type HttpTarget, runCommand, startHttp } from "../smoke/targets.ts";
import { httpClient } from "../http/helpers.ts";
import { TEMPLATE_URIS } from "../helpers.ts";
import { announceRedis, redisSkipReason, startRedis } from "./redis_server.ts";

announceRedis("signing_test");
const ignore = redisSkipReason !== undefined;

const SECRET = "a-deployment-secret-of-32-chars-x";
const OTHER_SECRET = "another-deployment-secret-32-chars";
const TABLE = { title: "Genuine", headers: ["k", "v"], rows: [["signed", "yes"]] };
const PLANTED =
  '<article class="mcc-card"><p>PLANTED</p><a href="https://evil.example">Sign in</a></article>';

type Content = { type: string; uri?: string }[];
const linkOf = (result: { content?: unknown }) =>
  (result.content as Content).find((c) => c.type === "resource_link")!.uri!;
const idOf = (uri: string) => uri.slice(uri.lastIndexOf("/") + 1);

async function serve(redisUrl: string, env: Record<string, string>): Promise<HttpTarget> {
  return await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0", "--store", redisUrl]), {
    env,
  });
}

async function readFails(read: () => Promise<unknown>): Promise<string> {
  try {
    const result = await read();
    return `served: ${JSON.stringify(result).slice(0, 300)}`;
  } catch (error) {
    return (error as Error).message;
  }
}

const notAvailable = (uri: string, retention: string) =>
  `Card "${idOf(uri)}" is not available: ${retention}; render it again`;

Deno.test({
  name: "signed store: a card planted, altered or moved in Redis is never served, through a real client",
  ignore,
  fn: async () => {
    await using redis = await startRedis();
    const server = await serve(redis.url, { MCP_CHAT_CARDS_STORE_SECRET: SECRET });
    const redisClient: RedisConnection = await connectRedis(redis.url, { log: () => {} });
    try {
      await using client = await httpClient(server.url, { pin: "2026-07-28" });
      const uri = linkOf(await client.callTool({ name: "create_table_card", arguments: TABLE }));
      const key = `mcc:card:${idOf(uri)}`;
      const genuine = String(await redisClient.command(["GET", key]));
      const readText = async (u: string) =>
        ((await client.readResource({ uri: u })).contents[0] as { text: string }).text;
      assertEquals((await readText(uri)).includes("<title>Genuine</title>"), true);

      // Planted: a card nobody signed, under a fresh id.
      const plantedId = crypto.randomUUID();
      const plantedUri = uri.replace(idOf(uri), plantedId);
      await redisClient.command([
        "SET",
        `mcc:card:${plantedId}`,
        JSON.stringify({ kind: "table", title: "Planted", articleHtml: PLANTED }),
        "PX",
        "600000",
      ]);
      assertEquals(
        (await readFails(() => readText(plantedUri))).endsWith(
          notAvailable(plantedUri, "cards are kept 10 minutes"),
        ),
        true,
      );

      // Altered: the genuine card's signature kept, its HTML replaced.
      const altered = { ...JSON.parse(genuine), articleHtml: PLANTED };
      await redisClient.command(["SET", key, JSON.stringify(altered), "KEEPTTL"]);
      assertEquals(
        (await readFails(() => readText(uri))).endsWith(notAvailable(uri, "cards are kept 10 minutes")),
        true,
      );

      // Moved: the genuine value, unchanged, under another id.
      await redisClient.command(["SET", key, genuine, "KEEPTTL"]);
      assertEquals((await readText(uri)).includes("<title>Genuine</title>"), true);
      const movedId = crypto.randomUUID();
      const movedUri = uri.replace(idOf(uri), movedId);
      await redisClient.command(["SET", `mcc:card:${movedId}`, genuine, "PX", "600000"]);
      assertEquals(
        (await readFails(() => readText(movedUri))).endsWith(
          notAvailable(movedUri, "cards are kept 10 minutes"),
        ),
        true,
      );

      // A session's listing and reads: a planted entry is neither listed nor read; another
      // session's genuine card copied in is not read either.
      await using alice = await httpClient(server.url);
      await using bob = await httpClient(server.url);
      const aliceUri = linkOf(await alice.callTool({ name: "create_table_card", arguments: TABLE }));
      const bobUri = linkOf(await bob.callTool({ name: "create_table_card", arguments: TABLE }));
      const hashes = (await redisClient.command(["KEYS", "mcc:s:*:cards"])) as string[];
      const aliceHash = (await Promise.all(
        hashes.map(async (h) => [h, await redisClient.command(["HEXISTS", h, idOf(aliceUri)])] as const),
      )).find(([, has]) => has === 1)![0];
      const bobHash = hashes.find((h) => h !== aliceHash)!;
      const aliceOrder = aliceHash.replace(/:cards$/, ":order");
      const bobValue = String(await redisClient.command(["HGET", bobHash, idOf(bobUri)]));
      await redisClient.command(["HSET", aliceHash, idOf(bobUri), bobValue]);
      await redisClient.command(["LPUSH", aliceOrder, idOf(bobUri)]);
      const plantedSessionId = crypto.randomUUID();
      await redisClient.command([
        "HSET",
        aliceHash,
        plantedSessionId,
        JSON.stringify({ kind: "table", title: "Planted", articleHtml: PLANTED, titleSig: "AAAA" }),
      ]);
      await redisClient.command(["LPUSH", aliceOrder, plantedSessionId]);
      await redisClient.command(["HSET", aliceHash, "junk", "not json at all"]);
      await redisClient.command(["LPUSH", aliceOrder, "junk"]);
      assertDeep((await alice.listResources()).resources.map((r) => r.uri), [...TEMPLATE_URIS, aliceUri]);
      for (const stolen of [bobUri, uri.replace(idOf(uri), plantedSessionId)]) {
        assertEquals(
          (await readFails(() => alice.readResource({ uri: stolen }))).endsWith(
            notAvailable(stolen, "only the last 24 cards are kept"),
          ),
          true,
          stolen,
        );
      }
      assertEquals(
        ((await alice.readResource({ uri: aliceUri })).contents[0] as { text: string }).text.includes(
          "Genuine",
        ),
        true,
      );
    } finally {
      await redisClient.close();
      assertEquals((await server.stop()).code, 0, server.stderr());
    }
    const refusals = server.stderr().split("\n").filter((line) => line.includes("signature does not match"));
    assertEquals(refusals.length, 1, server.stderr());
    assertEquals(
      /^\[mcp-chat-cards\] Card store: refused a stored document at mcc:card:[0-9a-f-]{36} whose signature does not match: something other than this deployment wrote to Redis, or replicas run with different secrets \(MCP_CHAT_CARDS_STORE_SECRET\); further refusals are not logged$/
        .test(refusals[0]),
      true,
      refusals[0],
    );
  },
});

Deno.test({
  name:
    "signed store: replicas read each other's cards with the same secret (or token), not with another one",
  ignore,
  fn: async () => {
    await using redis = await startRedis();
    const token = "a-shared-http-token-0123456789";
    const servers = await Promise.all([
      serve(redis.url, { MCP_CHAT_CARDS_STORE_SECRET: SECRET }),
      serve(redis.url, { MCP_CHAT_CARDS_STORE_SECRET: SECRET }),
      serve(redis.url, { MCP_CHAT_CARDS_STORE_SECRET: OTHER_SECRET }),
      serve(redis.url, { MCP_CHAT_CARDS_HTTP_TOKEN: token }),
      serve(redis.url, { MCP_CHAT_CARDS_HTTP_TOKEN: token }),
    ]);
    try {
      const [a, b, other, t1, t2] = servers;
      const auth = { headers: { Authorization: `Bearer ${token}` }, pin: "2026-07-28" };
      await using onA = await httpClient(a.url, { pin: "2026-07-28" });
      await using onB = await httpClient(b.url, { pin: "2026-07-28" });
      await using onOther = await httpClient(other.url, { pin: "2026-07-28" });
      await using onT1 = await httpClient(t1.url, auth);
      await using onT2 = await httpClient(t2.url, auth);
      const uri = linkOf(await onA.callTool({ name: "create_table_card", arguments: TABLE }));
      assertEquals(
        ((await onB.readResource({ uri })).contents[0] as { text: string }).text.includes("Genuine"),
        true,
      );
      assertEquals(
        (await readFails(() => onOther.readResource({ uri }))).endsWith(
          notAvailable(uri, "cards are kept 10 minutes"),
        ),
        true,
      );
      const tokenUri = linkOf(await onT1.callTool({ name: "create_table_card", arguments: TABLE }));
      assertEquals(
        ((await onT2.readResource({ uri: tokenUri })).contents[0] as { text: string }).text.includes(
          "Genuine",
        ),
        true,
      );
    } finally {
      for (const server of servers) assertEquals((await server.stop()).code, 0, server.stderr());
    }
  },
});

Deno.test("signed store: HTTP with a Redis store and neither secret nor token refuses to start in one line", async () => {
  const run = await runCommand(
    Deno.execPath(),
    denoRunArgs(["--http", "--port", "0", "--store", "redis://127.0.0.1:6379"]),
  );
  assertEquals(run.code, 2);
  assertEquals(
    run.stderr,
    "[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_STORE (--store) needs a secret to sign stored cards and forms with, the same on every replica: set MCP_CHAT_CARDS_STORE_SECRET (--store-secret, 32+ characters) or MCP_CHAT_CARDS_HTTP_TOKEN\n",
  );
  const short = await runCommand(
    Deno.execPath(),
    denoRunArgs([
      "--http",
      "--port",
      "0",
      "--store",
      "redis://127.0.0.1:6379",
      "--store-secret",
      "x".repeat(31),
    ]),
  );
  assertEquals(short.code, 2);
  assertEquals(
    short.stderr,
    "[mcp-chat-cards] Cannot start: --store-secret must be at least 32 visible ASCII characters without spaces (openssl rand -hex 32 makes one), got 31 characters\n",
  );
});
