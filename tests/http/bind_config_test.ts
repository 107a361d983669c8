import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { parseConfig } from "../../src/config.ts";
import { configRefusal } from "../helpers.ts";
import { allowedHostnames } from "../../src/http/guard.ts";

const TOKEN = "0123456789abcdef";

Deno.test("bind: a non-loopback --host needs a token of at least 16 characters", () => {
  assertEquals(
    configRefusal(["--http", "--host", "0.0.0.0"]),
    `--host "0.0.0.0" is not a loopback address: set MCP_CHAT_CARDS_HTTP_TOKEN (at least 16 characters) so clients must authenticate`,
  );
  assertEquals(
    configRefusal(["--http", "--host", "::"], { MCP_CHAT_CARDS_HTTP_TOKEN: "short" }),
    `MCP_CHAT_CARDS_HTTP_TOKEN must be at least 16 characters to listen on "::", got 5`,
  );
  assertEquals(
    parseConfig(["--http", "--host", "0.0.0.0"], { MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN }).host,
    "0.0.0.0",
  );
  assertEquals(parseConfig(["--http", "--host=192.168.1.5", "--http-token", TOKEN], {}).httpToken, TOKEN);
});

Deno.test("bind: loopback needs no token, and the check only applies with --http", () => {
  for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"]) {
    assertEquals(parseConfig(["--http", "--host", host], {}).http, true, host);
  }
  assertEquals(parseConfig(["--host", "[::1]"], {}).host, "::1");
  assertEquals(parseConfig(["--host", "0.0.0.0"], {}).http, false);
});

Deno.test("bind: allowed hosts are parsed, lower-cased and validated", () => {
  assertDeep(
    parseConfig([], { MCP_CHAT_CARDS_ALLOWED_HOSTS: " Cards.Example.org, ,[2001:db8::1],box " }).allowedHosts,
    ["cards.example.org", "[2001:db8::1]", "box"],
  );
  assertEquals(
    configRefusal(["--allowed-hosts", "https://cards.example.org"]),
    `--allowed-hosts must list host names without scheme, port or path (IPv6 in brackets), got "https://cards.example.org"`,
  );
  assertEquals(
    configRefusal([], { MCP_CHAT_CARDS_ALLOWED_HOSTS: "cards.example.org:443" }),
    `MCP_CHAT_CARDS_ALLOWED_HOSTS must list host names without scheme, port or path (IPv6 in brackets), got "cards.example.org:443"`,
  );
});

Deno.test("bind: the body cap has bounds", () => {
  assertEquals(parseConfig([], {}).maxBody, 4_194_304);
  assertEquals(parseConfig(["--max-body", "65536"], {}).maxBody, 65_536);
  assertEquals(
    configRefusal([], { MCP_CHAT_CARDS_HTTP_MAX_BODY: "12" }),
    `MCP_CHAT_CARDS_HTTP_MAX_BODY must be a whole number from 1024 to 67108864, got "12"`,
  );
});

Deno.test("bind: Host/Origin allow loopback names, a specific bind address and the configured names", () => {
  const base = parseConfig([], {});
  assertDeep(allowedHostnames(base).sort(), ["127.0.0.1", "[::1]", "localhost"]);
  const wildcard = parseConfig(["--http", "--host", "0.0.0.0", "--allowed-hosts", "cards.example.org"], {
    MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN,
  });
  assertDeep(allowedHostnames(wildcard).sort(), ["127.0.0.1", "[::1]", "cards.example.org", "localhost"]);
  const lan = parseConfig(["--http", "--host", "192.168.1.5"], { MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN });
  assertDeep(allowedHostnames(lan).sort(), ["127.0.0.1", "192.168.1.5", "[::1]", "localhost"]);
  // Neither wildcard is a name a client sends.
  const v6Wildcard = parseConfig(["--http", "--host", "::"], { MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN });
  assertDeep(allowedHostnames(v6Wildcard).sort(), ["127.0.0.1", "[::1]", "localhost"]);
  const v6 = parseConfig(["--http", "--host", "fd00::5"], { MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN });
  assertEquals(allowedHostnames(v6).includes("[fd00::5]"), true);
});
