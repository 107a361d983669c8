import { strictEqual as assertEquals } from "node:assert/strict";
import { origin } from "../../src/http/listener.ts";
import { isLoopbackHost } from "../../src/net/loopback.ts";
import { bearerTokenChecker, constantTimeEqual } from "../../src/http/token.ts";

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
    [`xBearer ${token}`, false],
    [`Token Bearer ${token}`, false],
    [`Bearer\t${token}\t`, true],
    ["Bearer ", false],
  ];
  const matches = bearerTokenChecker(token);
  for (const [header, expected] of table) assertEquals(await matches(header), expected, String(header));
});

/** A byte array that records which indexes were read. */
function recorded(bytes: number[]): { array: Uint8Array; reads: Set<number> } {
  const reads = new Set<number>();
  const array = new Proxy(new Uint8Array(bytes), {
    get(target, key) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads.add(Number(key));
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { array, reads };
}

Deno.test("constant-time comparison reads every byte whether the first byte, the last or the length differs", () => {
  const expected = Array.from({ length: 32 }, (_, i) => i);
  const cases: [string, number[], boolean][] = [
    ["equal", [...expected], true],
    ["first byte differs", [255, ...expected.slice(1)], false],
    ["last byte differs", [...expected.slice(0, 31), 255], false],
    ["shorter", expected.slice(0, 31), false],
    ["longer", [...expected, 0], false],
  ];
  for (const [name, presented, equal] of cases) {
    const a = recorded(presented);
    const b = recorded(expected);
    assertEquals(constantTimeEqual(a.array, b.array), equal, name);
    const shorter = Math.min(presented.length, expected.length);
    assertEquals(a.reads.size, shorter, `${name}: read ${a.reads.size} of ${shorter} presented bytes`);
    assertEquals(b.reads.size, shorter, `${name}: read ${b.reads.size} of ${shorter} expected bytes`);
  }
});

Deno.test("bearer token check hashes whatever is presented, so no header skips the digest", async () => {
  const subtle = crypto.subtle;
  const original = subtle.digest;
  const hashed: number[] = [];
  subtle.digest = ((algorithm: AlgorithmIdentifier, data: BufferSource) => {
    hashed.push((data as Uint8Array).byteLength);
    return original.call(subtle, algorithm, data);
  }) as typeof subtle.digest;
  try {
    const matches = bearerTokenChecker("correct-horse-battery-staple");
    await matches("Bearer warm-up"); // the token's own digest is computed once, up front
    for (const header of [null, "", "Basic x", "Bearer x", "Bearer " + "y".repeat(500)]) {
      hashed.length = 0;
      assertEquals(await matches(header), false, String(header));
      assertEquals(hashed.length, 1, `${header}: hashed ${hashed.length} times`);
    }
  } finally {
    subtle.digest = original;
  }
});

Deno.test("origin writes the address clients can use: IPv6 in brackets", () => {
  assertEquals(origin("127.0.0.1", 3000), "http://127.0.0.1:3000");
  assertEquals(origin("::1", 3000), "http://[::1]:3000");
  assertEquals(origin("localhost", 0), "http://localhost:0");
});
