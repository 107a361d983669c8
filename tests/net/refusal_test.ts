/**
 * The refusal table: URL spellings and address forms the fetcher must refuse before it opens any
 * connection. Listeners on 127.0.0.1 (and ::1 where the machine has it) count connections; every
 * loopback spelling points at them, and at the end both have seen none.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ToolError } from "../../src/errors.ts";
import { createFetcher, type ResolvedAddress } from "../../src/net/fetch.ts";
import { hasIpv6Loopback, listen, page } from "./servers.ts";

const DNS: Record<string, ResolvedAddress[]> = {
  "loopback.test": [{ address: "127.0.0.1", family: 4 }],
  "127.0.0.1.nip.io": [{ address: "127.0.0.1", family: 4 }],
  "private.test": [{ address: "10.1.2.3", family: 4 }],
  "v6loop.test": [{ address: "::1", family: 6 }],
  "mapped.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "mixed.test": [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.5", family: 4 }],
  "mixed6.test": [{ address: "2606:4700::1", family: 6 }, { address: "fd00::1", family: 6 }],
  "metadata.test": [{ address: "169.254.169.254", family: 4 }],
  "nat64.test": [{ address: "64:ff9b::a9fe:a9fe", family: 6 }],
  "zero.test": [{ address: "0.0.0.0", family: 4 }],
  "cgnat.test": [{ address: "100.64.1.1", family: 4 }],
  "sixtofour.test": [{ address: "2002:c0a8:101::1", family: 6 }],
  "empty.test": [],
  // The name a failed lookup is checked against (CANARY): this resolver answers, so the machine is online.
  "example.com": [{ address: "93.184.216.34", family: 4 }],
};

function resolve(host: string): Promise<ResolvedAddress[]> {
  const answer = DNS[host];
  if (answer) return Promise.resolve(answer);
  return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
}

const LOOP = `"127.0.0.1" is a loopback address`;
const embeds = (v6: string, v4: string, what: string) => `"${v6}" embeds "${v4}", ${what}`;
const SCHEME = (s: string) => `only http and https URLs are fetched, not "${s}"`;
const CREDENTIALS = "URLs with a user name or password are refused";
const INVALID = "it is not a valid absolute URL";
const local = (h: string) => `"${h}" is a local host name`;

/** [url ($P = the IPv4 listener's port, $Q = the IPv6 listener's), the reason after "Cannot fetch "<url>": "] */
const TABLE: readonly [string, string][] = [
  // 127.0.0.1 in every spelling the URL parser accepts
  ["http://127.0.0.1:$P/", LOOP],
  ["http://127.1:$P/", LOOP],
  ["http://127.0.1:$P/", LOOP],
  ["http://2130706433:$P/", LOOP],
  ["http://0x7f000001:$P/", LOOP],
  ["http://0x7f.0.0.1:$P/", LOOP],
  ["http://0x7F.1:$P/", LOOP],
  ["http://0x7f.0x0.0x0.0x1:$P/", LOOP],
  ["http://0177.0.0.1:$P/", LOOP],
  ["http://0177.1:$P/", LOOP],
  ["http://017700000001:$P/", LOOP],
  ["http://127.000.000.001:$P/", LOOP],
  ["http://127.0.0.1.:$P/", LOOP],
  ["HTTP://127.0.0.1:$P/", LOOP],
  ["http://１２７.０.０.１:$P/", LOOP],
  ["http://127。0。0。1:$P/", LOOP],
  ["http://①②⑦.0.0.1:$P/", LOOP],
  ["  http://127.0.0.1:$P/  ", LOOP],
  ["http://127.0.0.1\t:$P/", LOOP],
  ["http://127.0.0.1:$P\\@example.com/", LOOP],
  ["http://127.0.0.1:$P#@example.com/", LOOP],
  ["http://127.0.0.2:$P/", `"127.0.0.2" is a loopback address`],
  ["http://127.255.255.254:$P/", `"127.255.255.254" is a loopback address`],
  // IPv6 loopback, and 127.0.0.1 inside IPv6
  ["http://[::1]:$Q/", `"::1" is a loopback address`],
  ["http://[0:0:0:0:0:0:0:1]:$Q/", `"::1" is a loopback address`],
  ["http://[::ffff:127.0.0.1]:$P/", embeds("::ffff:7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[::ffff:7f00:1]:$P/", embeds("::ffff:7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[0:0:0:0:0:ffff:127.0.0.1]:$P/", embeds("::ffff:7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[::127.0.0.1]:$P/", embeds("::7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[::7f00:1]:$P/", embeds("::7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[::ffff:0:127.0.0.1]:$P/", embeds("::ffff:0:7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[64:ff9b::127.0.0.1]:$P/", embeds("64:ff9b::7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[64:ff9b::7f00:1]:$P/", embeds("64:ff9b::7f00:1", "127.0.0.1", "a loopback address")],
  ["http://[2002:7f00:1::]:$P/", embeds("2002:7f00:1::", "127.0.0.1", "a loopback address")],
  ["http://[2002:7f00:1::1]:$P/", embeds("2002:7f00:1::1", "127.0.0.1", "a loopback address")],
  [
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:$P/",
    embeds("2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.1", "a loopback address"),
  ],
  // other IPv6 forms and ranges
  ["http://[::ffff:a00:1]/", embeds("::ffff:a00:1", "10.0.0.1", "a private address")],
  ["http://[::ffff:169.254.169.254]/", embeds("::ffff:a9fe:a9fe", "169.254.169.254", "a link-local address")],
  ["http://[64:ff9b::a9fe:a9fe]/", embeds("64:ff9b::a9fe:a9fe", "169.254.169.254", "a link-local address")],
  ["http://[2002:a9fe:a9fe::]/", embeds("2002:a9fe:a9fe::", "169.254.169.254", "a link-local address")],
  ["http://[64:ff9b:1::a00:1]/", `"64:ff9b:1::a00:1" is a reserved address`],
  ["http://[::]:$P/", `"::" is an unspecified address`],
  ["http://[fe80::1]/", `"fe80::1" is a link-local address`],
  ["http://[fc00::1]/", `"fc00::1" is a unique local address`],
  ["http://[fd00:ec2::254]/", `"fd00:ec2::254" is a unique local address`],
  ["http://[fec0::1]/", `"fec0::1" is a site-local address`],
  ["http://[ff02::1]/", `"ff02::1" is a multicast address`],
  ["http://[2001:db8::1]/", `"2001:db8::1" is a documentation address`],
  ["http://[100::1]/", `"100::1" is a reserved address`],
  ["http://[fe80::1%25eth0]/", INVALID],
  // IPv4 ranges
  ["http://0.0.0.0:$P/", `"0.0.0.0" is an unspecified address`],
  ["http://0:$P/", `"0.0.0.0" is an unspecified address`],
  ["http://0x0:$P/", `"0.0.0.0" is an unspecified address`],
  ["http://10.0.0.1/", `"10.0.0.1" is a private address`],
  ["http://10.255.255.255/", `"10.255.255.255" is a private address`],
  ["http://172.16.0.1/", `"172.16.0.1" is a private address`],
  ["http://172.31.255.255/", `"172.31.255.255" is a private address`],
  ["http://192.168.0.1/", `"192.168.0.1" is a private address`],
  ["http://192.168.1.1:8080/admin", `"192.168.1.1" is a private address`],
  ["https://10.0.0.1/", `"10.0.0.1" is a private address`],
  ["http://169.254.169.254/latest/meta-data/", `"169.254.169.254" is a link-local address`],
  ["http://0xa9fea9fe/", `"169.254.169.254" is a link-local address`],
  ["http://2852039166/", `"169.254.169.254" is a link-local address`],
  ["http://0251.0376.0251.0376/", `"169.254.169.254" is a link-local address`],
  ["http://100.64.0.1/", `"100.64.0.1" is a shared (carrier-grade NAT) address`],
  ["http://100.100.100.200/", `"100.100.100.200" is a shared (carrier-grade NAT) address`],
  ["http://192.0.0.192/", `"192.0.0.192" is a reserved address`],
  ["http://192.0.2.1/", `"192.0.2.1" is a documentation address`],
  ["http://198.51.100.1/", `"198.51.100.1" is a documentation address`],
  ["http://203.0.113.1/", `"203.0.113.1" is a documentation address`],
  ["http://198.18.0.1/", `"198.18.0.1" is a benchmarking address`],
  ["http://224.0.0.1/", `"224.0.0.1" is a multicast address`],
  ["http://239.255.255.250:1900/", `"239.255.255.250" is a multicast address`],
  ["http://255.255.255.255/", `"255.255.255.255" is the broadcast address`],
  ["http://240.0.0.1/", `"240.0.0.1" is a reserved address`],
  ["http://192.88.99.1/", `"192.88.99.1" is a reserved address`],
  // names only a local network knows, refused before any DNS query
  ["http://localhost:$P/", local("localhost")],
  ["http://LOCALHOST:$P/", local("localhost")],
  ["http://localhost.:$P/", local("localhost.")],
  ["http://app.localhost:$P/", local("app.localhost")],
  ["http://printer.local/", local("printer.local")],
  ["http://metadata.google.internal/", local("metadata.google.internal")],
  ["http://router.home.arpa/", local("router.home.arpa")],
  ["http://intranet/", local("intranet")],
  ["http://metadata/", local("metadata")],
  // names whose DNS answers are not (all) public
  ["http://loopback.test:$P/", `"loopback.test" resolves to "127.0.0.1", a loopback address`],
  ["http://127.0.0.1.nip.io:$P/", `"127.0.0.1.nip.io" resolves to "127.0.0.1", a loopback address`],
  ["http://private.test/", `"private.test" resolves to "10.1.2.3", a private address`],
  ["http://v6loop.test:$Q/", `"v6loop.test" resolves to "::1", a loopback address`],
  [
    "http://mapped.test:$P/",
    `"mapped.test" resolves to "::ffff:7f00:1", which embeds "127.0.0.1", a loopback address`,
  ],
  ["http://mixed.test/", `"mixed.test" resolves to "10.0.0.5", a private address`],
  ["http://mixed6.test/", `"mixed6.test" resolves to "fd00::1", a unique local address`],
  ["http://metadata.test/", `"metadata.test" resolves to "169.254.169.254", a link-local address`],
  [
    "http://nat64.test/",
    `"nat64.test" resolves to "64:ff9b::a9fe:a9fe", which embeds "169.254.169.254", a link-local address`,
  ],
  ["http://zero.test:$P/", `"zero.test" resolves to "0.0.0.0", an unspecified address`],
  ["http://cgnat.test/", `"cgnat.test" resolves to "100.64.1.1", a shared (carrier-grade NAT) address`],
  [
    "http://sixtofour.test/",
    `"sixtofour.test" resolves to "2002:c0a8:101::1", which embeds "192.168.1.1", a private address`,
  ],
  ["http://empty.test/", `"empty.test" does not resolve`],
  ["http://nowhere.test/", `"nowhere.test" does not resolve`],
  // schemes, credentials and malformed URLs
  ["file:///etc/passwd", SCHEME("file:")],
  ["ftp://example.com/", SCHEME("ftp:")],
  ["gopher://127.0.0.1:$P/_GET", SCHEME("gopher:")],
  ["dict://127.0.0.1:$P/", SCHEME("dict:")],
  ["ws://example.com/", SCHEME("ws:")],
  ["data:text/html,hello", SCHEME("data:")],
  ["javascript:alert(1)", SCHEME("javascript:")],
  ["http://user:pass@example.com/", CREDENTIALS],
  ["http://user@example.com/", CREDENTIALS],
  ["https://:secret@example.com/", CREDENTIALS],
  ["http://example.com@127.0.0.1:$P/", CREDENTIALS],
  ["", INVALID],
  ["/relative/path", INVALID],
  ["example.com", INVALID],
  ["http://", INVALID],
  ["http://[::1", INVALID],
  ["http://exa mple.com/", INVALID],
  ["http://256.0.0.1/", INVALID],
];

/** The URL as the message shows it: credentials masked. */
function shown(url: string): string {
  return url.replace(/^(\w+:\/\/)[^@/]*@(?=[^/]*$|[^/]*\/)/, "$1***@");
}

Deno.test("the refusal table: every spelling refused with its exact error, and not one connection", async () => {
  const v4 = await listen(page("<p>must not be reached</p>"));
  const v6 = (await hasIpv6Loopback()) ? await listen(page("<p>must not be reached</p>"), "::1") : undefined;
  try {
    const fetcher = createFetcher({ allowPrivate: false }, { resolve });
    let count = 0;
    for (const [template, reason] of TABLE) {
      const url = template.replaceAll("$P", String(v4.port)).replaceAll("$Q", String(v6?.port ?? v4.port));
      let error: unknown;
      try {
        await fetcher.fetch({ url });
      } catch (e) {
        error = e;
      }
      if (!(error instanceof ToolError)) throw new Error(`not refused: ${JSON.stringify(url)} (${error})`);
      const expected = `Cannot fetch ${
        JSON.stringify(url.includes("@") && !url.includes("\\@") && !url.includes("#@") ? shown(url) : url)
      }: ${reason}`;
      assertEquals(error.message, expected, `refusal of ${JSON.stringify(url)}`);
      count++;
    }
    assertEquals(count >= 80, true);
    assertEquals(v4.connections(), 0, "connections to 127.0.0.1");
    assertEquals(v6?.connections() ?? 0, 0, "connections to ::1");
  } finally {
    await v4.close();
    await v6?.close();
  }
});

Deno.test("refusals carry a code and a hint that says what to do", async () => {
  const fetcher = createFetcher({ allowPrivate: false }, { resolve });
  const refusal = async (url: string) => {
    try {
      await fetcher.fetch({ url });
    } catch (e) {
      return e as ToolError;
    }
    throw new Error(`not refused: ${url}`);
  };
  const cases: [string, string, string][] = [
    [
      "http://10.0.0.1/",
      "forbidden",
      "Only public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks",
    ],
    [
      "http://localhost/",
      "forbidden",
      "Only public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks",
    ],
    ["http://0.0.0.0/", "forbidden", "Only public unicast addresses are fetched"],
    ["http://[ff02::1]/", "forbidden", "Only public unicast addresses are fetched"],
    ["file:///etc/passwd", "forbidden", "Pass an absolute http:// or https:// URL"],
    ["nope", "invalid_input", "Pass an absolute http:// or https:// URL"],
    [
      "http://a:b@example.com/",
      "forbidden",
      "Remove the user name and password: pages behind a login cannot be fetched",
    ],
    ["http://nowhere.test/", "fetch_failed", "Check the host name"],
  ];
  for (const [url, code, hint] of cases) {
    const error = await refusal(url);
    assertEquals(error.code, code, url);
    assertEquals(error.hint, hint, url);
  }
  // The password never reaches the message.
  assertEquals(
    (await refusal("http://alice:hunter2@example.com/x")).message,
    `Cannot fetch "http://***@example.com/x": URLs with a user name or password are refused`,
  );
});

Deno.test("MCP_CHAT_CARDS_ALLOW_PRIVATE opens private addresses but never unspecified, multicast or credentials", async () => {
  await using server = await listen(page("<title>Intranet</title>"));
  const fetcher = createFetcher({ allowPrivate: true }, { resolve });
  const ok = await fetcher.fetch({ url: `http://127.0.0.1:${server.port}/` });
  assertEquals(ok.text, "<title>Intranet</title>");
  const viaName = await fetcher.fetch({ url: `http://loopback.test:${server.port}/` });
  assertEquals(viaName.status, 200);
  for (
    const [url, reason] of [
      [`http://0.0.0.0:${server.port}/`, `"0.0.0.0" is an unspecified address`],
      [`http://zero.test:${server.port}/`, `"zero.test" resolves to "0.0.0.0", an unspecified address`],
      ["http://224.0.0.1/", `"224.0.0.1" is a multicast address`],
      [`http://u:p@127.0.0.1:${server.port}/`, CREDENTIALS],
    ]
  ) {
    let message = "";
    try {
      await fetcher.fetch({ url });
    } catch (e) {
      message = (e as Error).message;
    }
    assertEquals(message, `Cannot fetch "${shown(url)}": ${reason}`);
  }
  assertEquals(server.connections(), 2);
});

Deno.test("MCP_CHAT_CARDS_ALLOW_PRIVATE covers localhost as it covers 127.0.0.1: the system resolver's answer is checked like any", async () => {
  await using server = await listen(page("<title>Dev server</title><p>local</p>"));
  // The real resolver: "localhost" comes from the system (hosts file), as it would in production.
  const open = createFetcher({ allowPrivate: true });
  const viaName = await open.fetch({ url: `http://localhost:${server.port}/` });
  assertEquals(viaName.text, "<title>Dev server</title><p>local</p>");
  // The refusal without the setting names that very setting, and now it is true.
  let refused: ToolError | undefined;
  try {
    await createFetcher({ allowPrivate: false }).fetch({ url: `http://localhost:${server.port}/` });
  } catch (e) {
    refused = e as ToolError;
  }
  assertEquals(
    refused?.message,
    `Cannot fetch "http://localhost:${server.port}/": "localhost" is a local host name`,
  );
  assertEquals(
    refused?.hint,
    "Only public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks",
  );
  // A local name whose answer is never fetchable stays refused by its address.
  const seam = createFetcher({ allowPrivate: true }, {
    resolve: (host) =>
      host === "intranet" ? Promise.resolve([{ address: "0.0.0.0", family: 4 }]) : resolve(host),
  });
  let zero = "";
  try {
    await seam.fetch({ url: `http://intranet:${server.port}/` });
  } catch (e) {
    zero = (e as Error).message;
  }
  assertEquals(
    zero,
    `Cannot fetch "http://intranet:${server.port}/": "intranet" resolves to "0.0.0.0", an unspecified address`,
  );
  assertEquals(server.connections(), 1);
});

Deno.test("a machine whose resolver answers nothing hears that it has no network, not to check the host name", async () => {
  let asked: string[] = [];
  const offline = createFetcher({ allowPrivate: false }, {
    resolve: (host) => {
      asked.push(host);
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
    },
  });
  const message = async (url: string) => {
    try {
      await offline.fetch({ url });
    } catch (e) {
      return e as ToolError;
    }
    throw new Error(`not refused: ${url}`);
  };
  const first = await message("https://docs.example.org/guide");
  assertEquals(
    first.message,
    `Cannot fetch "https://docs.example.org/guide": "docs.example.org" does not resolve, and neither does example.com: the machine running this server seems to have no network (or no DNS)`,
  );
  assertEquals(first.code, "fetch_failed");
  assertEquals(
    first.hint,
    "Check the network connection and DNS of the machine running this server, then try again",
  );
  // The answer about example.com is kept for a while: a second failure asks only for its own name.
  asked = [];
  await message("https://news.example.net/");
  assertDeep(asked, ["news.example.net"]);
  // A resolver that answers: only the unknown name is blamed.
  const online = createFetcher({ allowPrivate: false }, { resolve });
  let unknown: ToolError | undefined;
  try {
    await online.fetch({ url: "http://nowhere.test/" });
  } catch (e) {
    unknown = e as ToolError;
  }
  assertEquals(unknown?.message, `Cannot fetch "http://nowhere.test/": "nowhere.test" does not resolve`);
  assertEquals(unknown?.hint, "Check the host name");
});
