/**
 * Adversarial configuration: hostile variable and flag values are refused with one line naming
 * the setting, look-alike loopback addresses never skip the token, and a token or host name the
 * server accepts must be one clients can actually match.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { parseConfig } from "../../src/config.ts";
import { configRefusal, startable } from "../helpers.ts";
import { assertScalesLinearly } from "./probe.ts";
import { initializeBody, serveApp } from "../http/helpers.ts";

const REMOTE = ["--http", "--host", "0.0.0.0"];

Deno.test("adversarial config: hostile numbers, booleans and host lists are refused naming the setting", () => {
  const refused: [Record<string, string>, string][] = [
    [{ MCP_CHAT_CARDS_RESULT_LIMIT: "4e4" }, "MCP_CHAT_CARDS_RESULT_LIMIT must be a whole number"],
    [
      { MCP_CHAT_CARDS_RESULT_LIMIT: "\u0664\u0660\u0660\u0660\u0660" },
      "MCP_CHAT_CARDS_RESULT_LIMIT must be",
    ],
    [{ MCP_CHAT_CARDS_RESULT_LIMIT: "99999999999999999999999" }, "MCP_CHAT_CARDS_RESULT_LIMIT must be"],
    [{ MCP_CHAT_CARDS_RESULT_LIMIT: "0x9C40" }, "MCP_CHAT_CARDS_RESULT_LIMIT must be"],
    [{ MCP_CHAT_CARDS_RESULT_LIMIT: "-40000" }, "MCP_CHAT_CARDS_RESULT_LIMIT must be"],
    [{ MCP_CHAT_CARDS_CARD_BUDGET: "Infinity" }, "MCP_CHAT_CARDS_CARD_BUDGET must be"],
    [{ MCP_CHAT_CARDS_HTTP_MAX_BODY: "NaN" }, "MCP_CHAT_CARDS_HTTP_MAX_BODY must be"],
    [{ MCP_CHAT_CARDS_HTTP_MAX_BODY: "1023" }, "MCP_CHAT_CARDS_HTTP_MAX_BODY must be"],
    [{ MCP_CHAT_CARDS_EMBED_HTML: "maybe" }, "MCP_CHAT_CARDS_EMBED_HTML must be 1/true/yes/on"],
    [{ MCP_CHAT_CARDS_EMBED_HTML: "1\u0000" }, "MCP_CHAT_CARDS_EMBED_HTML must be"],
    [{ MCP_CHAT_CARDS_ALLOWED_HOSTS: "*" }, "MCP_CHAT_CARDS_ALLOWED_HOSTS must list host names"],
    [{ MCP_CHAT_CARDS_ALLOWED_HOSTS: "a.example:443" }, "MCP_CHAT_CARDS_ALLOWED_HOSTS must list"],
    [{ MCP_CHAT_CARDS_ALLOWED_HOSTS: "https://a.example" }, "MCP_CHAT_CARDS_ALLOWED_HOSTS must list"],
    [{ MCP_CHAT_CARDS_ALLOWED_HOSTS: "a.example/path" }, "MCP_CHAT_CARDS_ALLOWED_HOSTS must list"],
    [{ MCP_CHAT_CARDS_ALLOWED_HOSTS: "evil.example localhost" }, "MCP_CHAT_CARDS_ALLOWED_HOSTS must list"],
    [{ MCP_CHAT_CARDS_HTTP_TOKEN: "" }, "MCP_CHAT_CARDS_HTTP_TOKEN must be visible ASCII characters"],
    [{ MCP_CHAT_CARDS_FS_ROOT: "   " }, "MCP_CHAT_CARDS_FS_ROOT must be a directory path"],
  ];
  for (const [env, start] of refused) {
    const message = configRefusal([], env);
    assertEquals(message.startsWith(start), true, `${JSON.stringify(env)}: ${message}`);
    assertEquals(message.includes("\n"), false, message);
  }
  for (
    const args of [["--port", "65536"], ["--port", "-1"], ["--port", "\u0663\u0660\u0660\u0660"], [
      "--port",
      "--http",
    ]]
  ) {
    assertEquals(configRefusal(args).startsWith("--port must be 0 to 65535"), true, args.join(" "));
  }
  assertEquals(
    configRefusal(["--embed-html=1", "--embed-html", "no"]),
    'Unknown flag "no": run with --help for the list',
  );
  assertEquals(
    configRefusal(["--__proto__", "x"]),
    'Unknown flag "--__proto__": run with --help for the list',
  );
  assertEquals(
    configRefusal(["--constructor=x"]),
    'Unknown flag "--constructor": run with --help for the list',
  );
});

Deno.test("adversarial config: a near-ReDoS host list is judged in linear time", async () => {
  for (const unit of ["a-", "a."]) {
    await assertScalesLinearly(`"${unit}" host list`, (scale) => {
      const message = configRefusal([], { MCP_CHAT_CARDS_ALLOWED_HOSTS: unit.repeat(5_000 * scale) + "!" });
      assertEquals(message.startsWith("MCP_CHAT_CARDS_ALLOWED_HOSTS must list host names"), true);
      return Promise.resolve();
    });
  }
});

Deno.test("adversarial config: look-alike loopback binds still need a token", () => {
  for (
    const host of [
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "127.1",
      "0x7f.1",
      "2130706433",
      "0",
      "::",
      "[::]",
      "0.0.0.0 ",
    ]
  ) {
    const message = configRefusal(["--http", "--host", host]);
    assertEquals(message.includes("is not a loopback address"), true, `${host}: ${message}`);
  }
  for (
    const host of ["LOCALHOST", "localhost.", "[::1]", "::ffff:127.0.0.1", "127.255.255.254", " 127.0.0.1 "]
  ) {
    assertEquals(startable(["--http", "--host", host]).http, true, host);
  }
});

Deno.test({
  name: "adversarial config: a token no client can send is refused at start-up",
  // Regression: a token no Authorization header can carry (spaces, non-ASCII, a trailing CR) was
  // accepted, and the server then refused every client.
  fn() {
    for (
      const token of [
        "                ",
        "correct horse battery staple",
        "pässwörd-pässwörd-1",
        "0123456789abcdef\r",
      ]
    ) {
      const message = configRefusal(REMOTE, { MCP_CHAT_CARDS_HTTP_TOKEN: token });
      assertEquals(message.startsWith("MCP_CHAT_CARDS_HTTP_TOKEN"), true, message);
    }
  },
});

Deno.test({
  name: "adversarial config: an allowed host written with a trailing dot also admits its usual form",
  // Regression: an allowed host written with its trailing dot admitted nobody.

  async fn() {
    const config = parseConfig([], { MCP_CHAT_CARDS_ALLOWED_HOSTS: "cards.example.org." });
    await using served = await serveApp({ allowedHosts: config.allowedHosts });
    const { rawRequest, POST_HEADERS } = await import("../http/helpers.ts");
    const r = await rawRequest(served.url, {
      method: "POST",
      headers: { ...POST_HEADERS, Host: "cards.example.org" },
      body: JSON.stringify(initializeBody()),
    });
    assertEquals(r.status, 200);
  },
});
