/**
 * Generated mutants (scripts/mutants_generate.ts) that no test can tell from the code they
 * mutate, with the reason (and the few that only a race could tell, marked NOT equivalent): `deno task mutants` lists them and does not run or count them, so the
 * same equivalent is not reported twice. An entry whose id the current code no longer generates
 * is stale (the code changed): `deno task mutants --list` says so, and it is re-examined or removed.
 */
export interface Equivalent {
  /** The generated id (`g-` and 10 hex digits), as the survivor report prints it. */
  id: string;
  file: string;
  /** The mutation as the report describes it, for the reader. */
  mutation: string;
  /** Why no behaviour can tell it apart. */
  reason: string;
}

export const EQUIVALENT: readonly Equivalent[] = [
  {
    id: "g-c1ec2249a9",
    file: "src/fs/text.ts",
    mutation: "decodeText: bytes.length >= 4 → >= 3 (UTF-32 mark)",
    reason:
      "the same test reads bytes[3] === 0, which is undefined in a three-byte array: the length check only repeats it",
  },
  {
    id: "g-6af3b5a285",
    file: "src/fs/text.ts",
    mutation: "decodeText: bytes.length >= 2 → >= 1 (UTF-16 LE mark)",
    reason: "bytes[1] === 0xfe is false on a one-byte array (undefined): the length check only repeats it",
  },
  {
    id: "g-69f3b40f71",
    file: "src/fs/text.ts",
    mutation: "decodeText: bytes.length >= 2 → >= 1 (UTF-16 BE mark)",
    reason: "bytes[1] === 0xff is false on a one-byte array (undefined): the length check only repeats it",
  },
  {
    id: "g-4cc6d9141b",
    file: "src/fs/text.ts",
    mutation: "looksBinary: the loop starts at -1",
    reason: "bytes[-1] is undefined: not NUL, not below 32, not 127, so the extra turn counts nothing",
  },
  {
    id: "g-c42045bd69",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: i < bytes.length → <=",
    reason:
      "the extra turn reads undefined at bytes.length, classes it as no lead byte and returns i, which is bytes.length: what the loop's end returns",
  },
  {
    id: "g-ccff768fb8",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: two-byte leads from 0xC1 instead of 0xC2",
    reason:
      "0xC1 then starts a two-byte sequence that the fatal decoder refuses, so the offset is the same i: the decoder is the second check behind every lead range",
  },
  {
    id: "g-439013311f",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: three-byte leads from 0xDF instead of 0xE0",
    reason: "0xDF is taken by the two-byte range tested first; the ranges are otherwise unchanged",
  },
  {
    id: "g-5540a0e9dd",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: four-byte leads from 0xEF instead of 0xF0",
    reason: "0xEF is taken by the three-byte range tested first; the ranges are otherwise unchanged",
  },
  {
    id: "g-7c6d4b3645",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: four-byte leads up to 0xF5 instead of 0xF4",
    reason: "0xF5 then starts a four-byte sequence the fatal decoder refuses: the offset is the same i",
  },
  {
    id: "g-d4525c4615",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: b >= 0xf0 && b <= 0xf4 → ||",
    reason:
      "every byte that reaches this test (0x80-0xC1, 0xF0-0xFF) is then a four-byte lead the decoder refuses or a too-short tail: both return i, as the -1 class does",
  },
  {
    id: "g-fe655b6247",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: need -1 → -2",
    reason: "only need < 0 is read",
  },
  {
    id: "g-af1c1df9cf",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: i + need >= bytes.length → >",
    reason:
      "a sequence cut short by exactly the end is then handed to the fatal decoder, which refuses it: the same i is returned",
  },
  {
    id: "g-fa9ca885ad",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: need > 0 → >= 0",
    reason: "an ASCII byte is then decoded on its own, which always succeeds: nothing changes",
  },
  {
    id: "g-deda79214a",
    file: "src/fs/text.ts",
    mutation: "firstInvalidUtf8: need > 0 → > -1",
    reason: "the same as need >= 0: an ASCII byte decodes on its own",
  },
  {
    id: "g-aa293bcde7",
    file: "src/fs/read.ts",
    mutation: "readLocalBytes: a buffer of size + 1 → size",
    reason:
      "NOT equivalent, but only a race tells: the extra byte sees a file that grows between stat and read, and no test can place a write in that gap deterministically (the kernel's pseudo-files whose stat size is 0 are refused by name before they are read)",
  },
  {
    id: "g-fee1812ec5",
    file: "src/fs/read.ts",
    mutation: "checkAgainstRoot: the `real === root` shortcut removed",
    reason: "without it the same path is checked again against the same root, fails the same way, and " +
      "the first error is thrown: the shortcut only saves that repeat",
  },
  {
    id: "g-46021f1425",
    file: "src/fs/zip.ts",
    mutation: "inflateEntries: inflate slices of 16,383 bytes instead of 16,384",
    reason:
      "the slice is how much compressed input is handed to the inflater at a time; every check runs on the output, which is the same for any slice size",
  },
  {
    id: "g-fcbffc7b52",
    file: "src/html/sanitize.ts",
    mutation: "sanitize: allowedSchemesAppliedToAttributes emptied",
    reason:
      "defence in depth: an href still passes safeUrl in transformTags (http, https, mailto only), an img src still has to be a data:image URL (exclusiveFilter), and cite is no allowed attribute; each layer alone refuses what the list refuses, and no input reaches sanitize-html with the other layers off",
  },
  {
    id: "g-34e974f9de",
    file: "src/html/sanitize.ts",
    mutation: "sanitize: src left out of allowedSchemesAppliedToAttributes",
    reason:
      "img is the only tag with src, and exclusiveFilter drops every img whose src is not a data:image/png, gif, jpeg or webp URL",
  },
  {
    id: "g-4ab7fd407f",
    file: "src/http/cors.ts",
    mutation: "listedOrigin: the missing-Origin guard removed",
    reason: 'new URL(null) and new URL("") throw, and the catch answers undefined: the guard only skips that',
  },
  {
    id: "g-2c0116170e",
    file: "src/http/guard.ts",
    mutation: 'allowedHostnames: bind === "localhost" || isLoopbackHost(bind) → &&',
    reason:
      '"localhost" is already in LOCALHOST_NAMES, so adding it again for a loopback bind changes no list',
  },
  {
    id: "g-995433b7a7",
    file: "src/net/deno_tls.ts",
    mutation: "tlsStream: a read buffer of 16,383 bytes instead of 16,384",
    reason:
      "the buffer only sizes each read from the TLS connection; the stream pushes whatever each read returns, so the bytes delivered are the same for any size",
  },
  {
    id: "g-9c30d7aada",
    file: "src/mcp/stdio.ts",
    mutation: "serveStdio: the SDK's buffer cap MAX_STDIO_LINE + 3 instead of + 2",
    reason:
      "filterLines hands the SDK only lines within MAX_STDIO_LINE (tested at N and N+1), so the SDK's own cap never trips at either value",
  },
  {
    id: "g-f625271085",
    file: "src/net/deno_tls.ts",
    mutation: "denoTlsAgent: maxSockets 0 instead of 1",
    reason:
      "the agent is made for one request and its only socket is the one TLS stream createConnection returns; node:http's Agent (in Deno's node layer) takes 0 as no limit, and one request opens one socket either way",
  },
  {
    id: "g-89440d4e43",
    file: "src/net/fetch.ts",
    mutation: "exchange: the timer's delay floored at -1 instead of 0",
    reason:
      "setTimeout treats every delay below 1 ms as 0 ms: a deadline already passed fires at once either way",
  },
  {
    id: "g-8054a5863c",
    file: "src/net/redis.ts",
    mutation: "connectRedis: the longest reconnect delay 999 ms instead of 1,000",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-b4db9c7fe4",
    file: "src/net/redis.ts",
    mutation: "connectRedis: the longest reconnect delay 1,001 ms instead of 1,000",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-92bc1f4f22",
    file: "src/net/redis.ts",
    mutation: "reconnectStrategy: a first delay of 51 ms instead of 50",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-a2a3bf6244",
    file: "src/net/redis.ts",
    mutation: "reconnectStrategy: a first delay of 49 ms instead of 50",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-5aa8a40544",
    file: "src/net/redis.ts",
    mutation: "reconnectStrategy: delays tripling instead of doubling",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-3058800ff7",
    file: "src/net/redis.ts",
    mutation: "reconnectStrategy: delays constant instead of doubling",
    reason:
      "timing only: the reconnect backoff decides when Redis is tried again, never what is answered; tests assert no times (STYLE: speed is measured in benchmarks), and the recovery test waits for reachability however long the backoff",
  },
  {
    id: "g-716a5add14",
    file: "src/net/fetch.ts",
    mutation: "onResponse: a missing status read as 1 instead of 0",
    reason:
      "node:http always sets statusCode on a response (the parser rejects a reply without one before this event), so the fallback is never read",
  },
  {
    id: "g-6605c120f5",
    file: "src/output/budget.ts",
    mutation: "splitItems: the galloping search starts with a step of (good - from) >> 4 instead of >> 5",
    reason:
      "only the search's first step changes: the gallop and the bisection after it still find the longest run of items that fits, so the pieces are the same (budget_test's split tests pin them)",
  },
  {
    id: "g-e9e8815b4c",
    file: "src/tools/_charset.ts",
    mutation: "table: the lead bytes skipped default to [] instead of [0, -1]",
    reason:
      "from and to are then undefined, and lead >= undefined is false for every lead byte: nothing is skipped, exactly as with the empty range 0..-1",
  },
  {
    id: "g-87e2165148",
    file: "src/net/deno_tls.ts",
    mutation: "tlsStream: a read buffer of 16,385 bytes instead of 16,384",
    reason:
      "the buffer only sizes each read from the TLS connection; the stream pushes whatever each read returns, so the bytes delivered are the same for any size",
  },
  {
    id: "g-3088ebee34",
    file: "src/net/deno_tls.ts",
    mutation: "denoTlsAgent: maxSockets 2 instead of 1",
    reason:
      "the agent is made for one request and createConnection returns its one TLS stream: a second socket is never asked for",
  },
  {
    id: "g-dac156159a",
    file: "src/net/fetch.ts",
    mutation: "check: an IPv4 literal's family 3 instead of 4",
    reason:
      "only family === 6 is read (to bracket the socket address); node:net takes the pinned lookup's answer for any family other than 6 as IPv4, so the connection is the same",
  },
  {
    id: "g-8ebb097579",
    file: "src/store/redis_store.ts",
    mutation: "session.list: i + 2 < flat.length → <=",
    reason:
      "the listing script returns id, title and title signature triples, so the list's length is a multiple of 3 and i (0, 3, 6...) reaches the same last triple under either test",
  },
  {
    id: "g-4b95175955",
    file: "src/web/extract_forms.ts",
    mutation: "formControls: the skip of non-element children removed",
    reason:
      "a text or comment node then walked as an element has no localName (no control, no fieldset, no form) and no children: the walk adds nothing for it",
  },
  {
    id: "g-69d26399bd",
    file: "src/output/budget.ts",
    mutation: "packBlocks: current.length > 0 → > -1 at the end",
    reason:
      "after the loop current is empty only when there were no blocks at all, and then parts is empty too, so the other half of the test already pushes it: one part either way (budget_test pins packBlocks([]) to [[]])",
  },
];
