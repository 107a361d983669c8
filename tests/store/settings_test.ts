/**
 * The two settings of a replicated deployment, as start-up reads them: MCP_CHAT_CARDS_STORE
 * (--store) and MCP_CHAT_CARDS_REPLICA (--replica), with the one-line refusals of bad values.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { ConfigError, parseConfig } from "../../src/config.ts";

const refusal = (args: string[], env: Record<string, string> = {}) => {
  try {
    parseConfig(args, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("accepted");
};

Deno.test("store setting: memory by default and by name; a redis:// or rediss:// URL; the flag wins", () => {
  assertEquals(parseConfig([], {}).storeUrl, undefined);
  assertEquals(parseConfig([], { MCP_CHAT_CARDS_STORE: "memory" }).storeUrl, undefined);
  assertEquals(
    parseConfig([], { MCP_CHAT_CARDS_STORE: " redis://cache:6379/1 " }).storeUrl,
    "redis://cache:6379/1",
  );
  assertEquals(
    parseConfig(["--store", "rediss://u:p@cache.example.org:6380"], { MCP_CHAT_CARDS_STORE: "memory" })
      .storeUrl,
    "rediss://u:p@cache.example.org:6380",
  );
  assertEquals(parseConfig(["--store=memory"], { MCP_CHAT_CARDS_STORE: "redis://x" }).storeUrl, undefined);
});

Deno.test("store setting: anything else stops start-up with one line that never echoes a password", () => {
  const refused = (source: string, shown: string) =>
    `${source} must be "memory" or a Redis URL like redis://127.0.0.1:6379 (rediss:// for TLS; write "/", "?", "#", "@" and "%" in a password as %2F, %3F, %23, %40 and %25), got "${shown}"`;
  assertEquals(
    refusal([], { MCP_CHAT_CARDS_STORE: "http://user:hunter2@cache:6379" }),
    refused("MCP_CHAT_CARDS_STORE", "http://***@cache:6379/"),
  );
  assertEquals(refusal(["--store", "127.0.0.1:6379"]), refused("--store", "***"));
  assertEquals(refusal(["--store", "redis://"]), refused("--store", "redis://***"));
});

Deno.test("replica setting: a short lower-case name, or a one-line refusal", () => {
  assertEquals(parseConfig(["--replica", "a"], {}).replica, "a");
  assertEquals(parseConfig([], { MCP_CHAT_CARDS_REPLICA: "cards-2" }).replica, "cards-2");
  assertEquals(parseConfig([], {}).replica, undefined);
  for (const bad of ["", "A", "-a", "a.b", "x".repeat(33)]) {
    assertEquals(
      refusal(["--replica", bad]),
      `--replica must be 1 to 32 lower-case letters, digits or hyphens, starting with a letter or digit, got "${bad}"`,
    );
  }
});
