/**
 * Every spelling of a Redis credential in MCP_CHAT_CARDS_STORE (--store), and what the server
 * prints of it: never the secret, raw, percent-encoded or decoded, in a start-up refusal, a log
 * line or a /healthz answer; a URL the Redis client cannot parse (a malformed "%" escape) is
 * refused in one line, never with a stack trace. A table first (masking and the config refusal),
 * then real server processes against a real redis-server that requires the secret.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ConfigError, parseConfig } from "../../src/config.ts";
import { maskStoreUrl, scrubCredentials } from "../../src/net/store_url.ts";
import { denoRunArgs, runCommand, startHttp } from "../smoke/targets.ts";
import { announceRedis, freePort, redisSkipReason, startRedis } from "./redis_server.ts";

announceRedis("credentials_test");

/** The secret, with every character a URL treats specially. */
const SECRET = "hunter2/Zq?#@%x";
const ENCODED = encodeURIComponent(SECRET); // hunter2%2FZq%3F%23%40%25x

/** Every spelling the secret may take in what is printed. */
const SPELLINGS = [SECRET, ENCODED, "hunter2", "Zq?#", "%2FZq"];

function assertNoSecret(text: string, where: string): void {
  for (const spelling of SPELLINGS) {
    assertEquals(text.includes(spelling), false, `${where} shows "${spelling}":\n${text}`);
  }
}

const BAD_URL =
  'must be "memory" or a Redis URL like redis://127.0.0.1:6379 (rediss:// for TLS; write "/", "?", "#", "@" and "%" in a password as %2F, %3F, %23, %40 and %25)';
const BAD_ESCAPE = 'has a malformed percent-escape in its user name or password: write "%" as %25';
const NO_QUERY =
  "takes no query or fragment (the Redis client ignores them): give a password as redis://:password@host:6379";
const NO_PATH = "must have no path but a database number, such as redis://host:6379/2";

/** [store URL with PORT for the Redis port, how it is masked, the refusal (undefined: accepted)]. */
const FORMS: [string, string, string | undefined][] = [
  [`redis://:${ENCODED}@127.0.0.1:PORT`, "redis://***@127.0.0.1:PORT", undefined],
  [`redis://default:${ENCODED}@127.0.0.1:PORT/0`, "redis://***@127.0.0.1:PORT/0", undefined],
  [`redis://${ENCODED}@127.0.0.1:PORT`, "redis://***@127.0.0.1:PORT", undefined], // the user slot
  [`rediss://:${ENCODED}@127.0.0.1:PORT`, "rediss://***@127.0.0.1:PORT", undefined],
  [`redis://:${SECRET}@127.0.0.1:PORT`, "redis://***", BAD_URL], // raw / ? # @ %
  ["redis://:hunter2/slash@127.0.0.1:PORT", "redis://***", BAD_URL],
  ["redis://user:hunter2/slash@127.0.0.1:PORT", "redis://***", BAD_URL],
  ["redis://user:2/hunter2@127.0.0.1:PORT", "redis://***", NO_PATH], // parses as host "user", port 2
  ["redis://:hunter2%zz@127.0.0.1:PORT", "redis://***@127.0.0.1:PORT", BAD_ESCAPE],
  ["redis://:hunter2%@127.0.0.1:PORT", "redis://***@127.0.0.1:PORT", BAD_ESCAPE],
  ["redis://hunter2%E0%A4%A@127.0.0.1:PORT", "redis://***@127.0.0.1:PORT", BAD_ESCAPE],
  [`redis://127.0.0.1:PORT/0?password=${ENCODED}`, "redis://127.0.0.1:PORT/0?password=***", NO_QUERY],
  [`redis://127.0.0.1:PORT?password=${SECRET}`, "redis://***", NO_QUERY], // an "@" past the host
  [`redis://127.0.0.1:PORT?${ENCODED}`, "redis://127.0.0.1:PORT?***", NO_QUERY],
  [`redis://:${ENCODED}@127.0.0.1:PORT#${ENCODED}`, "redis://***@127.0.0.1:PORT#***", NO_QUERY],
  [`redis://127.0.0.1:PORT/${ENCODED}`, "redis://127.0.0.1:PORT/***", NO_PATH],
  ["redis://127.0.0.1:hunter2", "redis://***", BAD_URL], // the password where the port goes
  ["redis://:hunter2", "redis://***", BAD_URL], // no host at all
  [`http://user:${ENCODED}@127.0.0.1:PORT`, "http://***@127.0.0.1:PORT/", BAD_URL],
  [`:${ENCODED}@127.0.0.1:PORT`, "***", BAD_URL], // no scheme
];

const filled = (text: string, port: number) => text.replaceAll("PORT", String(port));

Deno.test("store URL: each credential form is masked, and refused in one masked line when unusable", () => {
  for (const [form, masked, problem] of FORMS) {
    const url = filled(form, 6379);
    const shown = maskStoreUrl(url);
    assertEquals(shown, filled(masked, 6379), form);
    assertNoSecret(shown, `mask of ${form}`);
    for (
      const [args, env, source] of [[["--store", url], {}, "--store"], [
        [],
        { MCP_CHAT_CARDS_STORE: url },
        "MCP_CHAT_CARDS_STORE",
      ]] as const
    ) {
      let refusal: string | undefined;
      try {
        parseConfig([...args], env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error; // a crash, not a refusal
        refusal = error.message;
      }
      if (problem === undefined) {
        assertEquals(refusal, undefined, form);
      } else {
        assertEquals(refusal, `${source} ${problem}, got "${shown}"`, form);
      }
    }
  }
});

Deno.test("store URL: what a library says about a failure loses every credential the URL holds", () => {
  const url = `redis://default:${ENCODED}@cache:6379`;
  assertEquals(
    scrubCredentials(`Invalid URL: ${url}; auth as default with ${SECRET} (${ENCODED}) failed`, url),
    "Invalid URL: redis://***@cache:6379; auth as *** with *** (***) failed", // the user name too
  );
});

Deno.test({
  name: "store URL: real processes never print a credential at start-up, in an outage line or in /healthz",
  ignore: redisSkipReason !== undefined,
  fn: async () => {
    await using redis = await startRedis(); // requires the secret from here on
    const admin = await new Deno.Command("redis-cli", {
      args: ["-p", String(redis.port), "CONFIG", "SET", "requirepass", SECRET],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(new TextDecoder().decode(admin.stdout).trim(), "OK");

    for (const [form, masked, problem] of FORMS) {
      const url = filled(form, redis.port);
      const shown = filled(masked, redis.port);
      const secretEnv = { MCP_CHAT_CARDS_STORE_SECRET: "s".repeat(32) };
      if (problem !== undefined) {
        const run = await runCommand(
          Deno.execPath(),
          denoRunArgs(["--http", "--port", "0", "--store", url]),
          {
            env: secretEnv,
          },
        );
        assertEquals(run.code, 2, run.stderr);
        assertEquals(run.stderr, `[mcp-chat-cards] Cannot start: --store ${problem}, got "${shown}"\n`);
        assertNoSecret(run.stderr, form);
        continue;
      }
      const authenticates = form.includes(":" + ENCODED) && form.startsWith("redis:");
      if (!authenticates) {
        // The user slot (no password sent) and TLS to a plain Redis: refused in one masked line.
        const run = await runCommand(
          Deno.execPath(),
          denoRunArgs(["--http", "--port", "0", "--store", url]),
          {
            env: secretEnv,
          },
        );
        assertEquals(run.code, 1, run.stderr);
        assertEquals(
          run.stderr.startsWith(`[mcp-chat-cards] Cannot start: the card store at ${shown} is unreachable: `),
          true,
          run.stderr,
        );
        assertEquals(run.stderr.split("\n").length, 2, run.stderr);
        assertNoSecret(run.stderr, form);
        continue;
      }
      const server = await startHttp(
        Deno.execPath(),
        denoRunArgs(["--http", "--port", "0", "--store", url]),
        {
          env: secretEnv,
        },
      );
      try {
        const health = await fetch(new URL("/healthz", server.url));
        const text = await health.text();
        assertDeep([health.status, JSON.parse(text)], [200, { status: "ok", store: "redis" }]);
        assertNoSecret(text, `${form}: /healthz`);
      } finally {
        assertEquals((await server.stop()).code, 0, server.stderr());
      }
      assertNoSecret(server.stderr(), `${form}: log`);
    }

    // An outage while serving: the line names the store masked; /healthz says nothing more.
    const url = `redis://:${ENCODED}@127.0.0.1:${redis.port}`;
    const server = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0", "--store", url]), {
      env: { MCP_CHAT_CARDS_STORE_SECRET: "s".repeat(32) },
    });
    try {
      await redis.kill();
      const deadline = Date.now() + 10_000;
      let health: Response;
      while ((health = await fetch(new URL("/healthz", server.url))).status !== 503) {
        await health.body?.cancel();
        if (Date.now() > deadline) throw new Error(`still healthy:\n${server.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const text = await health.text();
      assertDeep(JSON.parse(text), {
        status: "unavailable",
        store: "redis",
        problem: "the card store is unreachable",
      });
      assertNoSecret(text, "/healthz in an outage");
    } finally {
      assertEquals((await server.stop()).code, 0, server.stderr());
    }
    const outage = server.stderr().split("\n").filter((line) => line.includes("is unreachable"));
    assertEquals(outage.length, 1, server.stderr());
    assertEquals(
      outage[0].startsWith(
        `[mcp-chat-cards] Card store: Redis at redis://***@127.0.0.1:${redis.port} is unreachable (`,
      ),
      true,
      outage[0],
    );
    assertNoSecret(server.stderr(), "outage log");
  },
});

Deno.test("store URL: an unreachable store with a credential is refused masked (no Redis needed)", async () => {
  const port = freePort();
  const run = await runCommand(
    Deno.execPath(),
    denoRunArgs(["--store", `redis://default:${ENCODED}@127.0.0.1:${port}`]),
    { env: { MCP_CHAT_CARDS_STORE_SECRET: "s".repeat(32) } },
  );
  assertEquals(run.code, 1);
  assertEquals(
    run.stderr,
    `[mcp-chat-cards] Cannot start: the card store at redis://***@127.0.0.1:${port} is unreachable: connect ECONNREFUSED 127.0.0.1:${port}\n`,
  );
});

Deno.test("store URL: odd spellings are accepted or refused in one line, never crash, never show the password", () => {
  const password = "pw1234";
  // [URL, accepted by config]: the Redis client's own parser decides what is usable.
  const odd: [string, boolean][] = [
    [`redis://user:${password}@[::1]:6379/3`, true],
    [`REDIS://:${password}@HOST:6379`, true],
    [` redis://:${password}@host `, true],
    [`redis://:${password}@hÖst`, true],
    [`redis://:${password}@host:6379/1`, true],
    [`redis://:${password}@@host`, true], // the first @ is part of the password
    [`redis://:${password}@host:65536`, false],
    [`redis://:${password}@host:6379/ 2`, false],
    [`redis://:${password}@host:6379/-1`, false],
    [`redis://:${password}@host:6379/0/`, false],
    [`redis://:${password}@host\\evil`, false],
    [`redis:${password}@host`, false],
    [`redis:/:${password}@host`, false],
    [`unix:///tmp/redis.sock?password=${password}`, false],
    [`redis+sentinel://:${password}@host`, false],
    [`redis://${"a".repeat(5_000)}:${password}@host`, true],
  ];
  for (const [url, accepted] of odd) {
    let refusal: string | undefined;
    try {
      parseConfig(["--store", url], {});
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      refusal = error.message;
    }
    assertEquals(refusal === undefined, accepted, `${url.slice(0, 60)}: ${refusal}`);
    assertEquals(refusal?.includes("\n") ?? false, false);
    assertEquals(refusal?.includes(password) ?? false, false, refusal);
    assertEquals(maskStoreUrl(url).includes(password), false, maskStoreUrl(url));
  }
});
