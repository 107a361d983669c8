/**
 * Address classification for outbound requests: is this IP address one the public internet can
 * route to, and if not, what is it? Pure: no I/O. ipaddr.js parses; the ranges and the unwrapping
 * of IPv4 addresses embedded in IPv6 ones are ours, because ipaddr.js calls forms such as the
 * IPv4-compatible `::7f00:1` plain unicast (it would let 127.0.0.1 through in IPv6 clothing).
 *
 * Sources: the IANA IPv4 and IPv6 special-purpose address registries (RFC 6890 and later),
 * RFC 6052 / 8215 (NAT64), RFC 3056 (6to4), RFC 4380 (Teredo), RFC 9637 (3fff::/20).
 */
import ipaddr from "ipaddr.js";

/** What an address is, for the purpose of fetching. Only `public` may be fetched by default. */
export type AddressKind =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "shared"
  | "linkLocal"
  | "uniqueLocal"
  | "siteLocal"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved";

/** The verdict on one address. */
export interface AddressVerdict {
  /** The address in canonical form (IPv6 without brackets, zone kept). */
  readonly address: string;
  readonly kind: AddressKind;
  /** The IPv4 address an IPv6 form carries (mapped, compatible, NAT64, 6to4, Teredo) when it decided the kind. */
  readonly embedded?: string;
}

/** Kinds that no setting makes fetchable: they never name one reachable web server. */
export const NEVER_FETCHED: ReadonlySet<AddressKind> = new Set(["unspecified", "multicast", "broadcast"]);

const PHRASES: Record<AddressKind, string> = {
  public: "a public address",
  unspecified: "an unspecified address",
  loopback: "a loopback address",
  private: "a private address",
  shared: "a shared (carrier-grade NAT) address",
  linkLocal: "a link-local address",
  uniqueLocal: "a unique local address",
  siteLocal: "a site-local address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  documentation: "a documentation address",
  benchmarking: "a benchmarking address",
  reserved: "a reserved address",
};

/** Words for a verdict: `"10.0.0.1" is a private address`, or what an IPv6 form embeds. */
export function describeVerdict(verdict: AddressVerdict): string {
  const what = PHRASES[verdict.kind];
  return verdict.embedded === undefined
    ? `"${verdict.address}" is ${what}`
    : `"${verdict.address}" embeds "${verdict.embedded}", ${what}`;
}

/** Words for a resolved address: `"10.0.0.1", a private address` (for "host resolves to ..."). */
export function nameVerdict(verdict: AddressVerdict): string {
  const what = PHRASES[verdict.kind];
  return verdict.embedded === undefined
    ? `"${verdict.address}", ${what}`
    : `"${verdict.address}", which embeds "${verdict.embedded}", ${what}`;
}

type Range = readonly [string, AddressKind];

// First match wins, so narrower ranges come before the ranges that contain them.
const IPV4_RANGES: readonly Range[] = [
  ["0.0.0.0/8", "unspecified"], // "this network": 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "shared"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "linkLocal"], // includes cloud metadata at 169.254.169.254
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"], // the deprecated 6to4 relay anycast
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
];

const IPV6_RANGES: readonly Range[] = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["64:ff9b:1::/48", "reserved"], // local-use NAT64 (RFC 8215): the IPv4 position depends on a local prefix length
  ["100::/64", "reserved"], // discard-only
  ["100:0:0:1::/64", "reserved"], // dummy prefix
  ["2001:db8::/32", "documentation"],
  ["2001:2::/48", "benchmarking"],
  ["2001::/23", "reserved"], // IETF protocol assignments (Teredo, 2001::/32, is unwrapped before this table)
  ["3fff::/20", "documentation"],
  ["5f00::/16", "reserved"], // SRv6 segment identifiers
  ["fc00::/7", "uniqueLocal"],
  ["fe80::/10", "linkLocal"],
  ["fec0::/10", "siteLocal"],
  ["ff00::/8", "multicast"],
];

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

function compile(ranges: readonly Range[]): [Cidr, AddressKind][] {
  return ranges.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind]);
}

const V4 = compile(IPV4_RANGES);
const V6 = compile(IPV6_RANGES);
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

function v4Kind(address: ipaddr.IPv4): AddressKind {
  for (const [cidr, kind] of V4) if (address.match(cidr as [ipaddr.IPv4, number])) return kind;
  return "public";
}

function v4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address carries, in every form that routes to them. `direct` forms
 * (mapped, translated, compatible, NAT64) reach exactly that IPv4 host, so they take its kind;
 * tunnel forms (6to4, Teredo) keep their own IPv6 kind once every embedded address is public.
 */
function embeddedV4(address: ipaddr.IPv6): { inner: ipaddr.IPv4[]; direct: boolean } {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  const direct = (hi: number, lo: number) => ({ inner: [v4From(hi, lo)], direct: true });
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT translated), ::a.b.c.d (compatible, except :: and ::1)
  if (zeros(0, 5) && p[5] === 0xffff) return direct(p[6], p[7]);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return direct(p[6], p[7]);
  if (zeros(0, 6) && !(p[6] === 0 && p[7] <= 1)) return direct(p[6], p[7]);
  // 64:ff9b::a.b.c.d (the well-known NAT64 prefix)
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return direct(p[6], p[7]);
  // 2002:aabb:ccdd::/48 (6to4)
  if (p[0] === 0x2002) return { inner: [v4From(p[1], p[2])], direct: false };
  // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC (Teredo): the server, and the client with its bits inverted
  if (p[0] === 0x2001 && p[1] === 0) {
    return { inner: [v4From(p[2], p[3]), v4From(p[6] ^ 0xffff, p[7] ^ 0xffff)], direct: false };
  }
  return { inner: [], direct: false };
}

function v6Kind(address: ipaddr.IPv6): AddressKind {
  for (const [cidr, kind] of V6) if (address.match(cidr as [ipaddr.IPv6, number])) return kind;
  return address.match(GLOBAL_UNICAST as [ipaddr.IPv6, number]) ? "public" : "reserved";
}

/**
 * Classifies an IP address (IPv4 in any form ipaddr.js reads, IPv6 with or without brackets and
 * zone). Returns undefined for text that is not an IP address (a host name).
 */
export function classifyAddress(text: string): AddressVerdict | undefined {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return undefined;
  const parsed = ipaddr.parse(bare);
  const address = parsed.toString();
  if (parsed.kind() === "ipv4") return { address, kind: v4Kind(parsed as ipaddr.IPv4) };
  const v6 = parsed as ipaddr.IPv6;
  const { inner, direct } = embeddedV4(v6);
  for (const v4 of inner) {
    const kind = v4Kind(v4);
    if (kind !== "public") return { address, kind, embedded: v4.toString() };
  }
  return { address, kind: direct ? "public" : v6Kind(v6) };
}
