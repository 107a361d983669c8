import { strictEqual as assertEquals } from "node:assert/strict";
import { isLoopbackHost } from "../../src/net/loopback.ts";
import { bearerTokenChecker } from "../../src/http/token.ts";

Deno.test("isLoopbackHost: 127.0.0.0/8, ::1 and localhost are loopback; wildcards and the rest are not", () => {
  const table: [string, boolean][] = [
    ["127.0.0.1", true],
    ["127.0.0.2", true],
    ["127.255.255.254", true],
    ["::1", true],
    ["[::1]", true],
    ["0:0:0:0:0:0:0:1", true],
    ["::ffff:127.0.0.1", true],
    ["localhost", true],
    ["LOCALHOST", true],
    ["localhost.", true],
    ["0.0.0.0", false],
    ["::", false],
    ["[::]", false],
    ["10.0.0.1", false],
    ["192.168.1.20", false],
    ["128.0.0.1", false],
    ["126.255.255.255", false],
    ["127.256.0.1", false],
    ["::2", false],
    ["::ffff:10.0.0.1", false],
    ["example.com", false],
    ["localhost.example.com", false],
    ["127.0.0.1.nip.io", false],
    ["", false],
    ["not an address", false],
  ];
  for (const [host, expected] of table) assertEquals(isLoopbackHost(host), expected, host);
});

Deno.test("bearer token check: only the exact token after Bearer passes", async () => {
  const token = "correct-horse-battery-staple";
  const table: [string | null, boolean][] = [
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true],
    [`Bearer  ${token} `, true],
    [null, false],
    ["", false],
    [token, false],
    [`Basic ${token}`, false],
    [`Bearer ${token}x`, false],
    [`Bearer ${token.slice(0, -1)}`, false],
    [`Bearer ${token} extra`, false],
    ["Bearer ", false],
  ];
  const matches = bearerTokenChecker(token);
  for (const [header, expected] of table) assertEquals(await matches(header), expected, String(header));
});
