import { strictEqual as assertEquals } from "node:assert/strict";
import { type AddressKind, classifyAddress, describeVerdict } from "../../src/net/address.ts";

// [input, kind, embedded IPv4 when an IPv6 form decided the kind]
const TABLE: readonly [string, AddressKind, string?][] = [
  // IPv4: every special-purpose range, its edges, and its neighbours
  ["0.0.0.0", "unspecified"],
  ["0.255.255.255", "unspecified"],
  ["1.0.0.0", "public"],
  ["9.255.255.255", "public"],
  ["10.0.0.0", "private"],
  ["10.255.255.255", "private"],
  ["11.0.0.0", "public"],
  ["100.63.255.255", "public"],
  ["100.64.0.0", "shared"],
  ["100.127.255.255", "shared"],
  ["100.128.0.0", "public"],
  ["126.255.255.255", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["128.0.0.0", "public"],
  ["169.254.169.254", "linkLocal"],
  ["169.253.255.255", "public"],
  ["169.255.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.16.0.0", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.0", "public"],
  ["192.0.0.8", "reserved"],
  ["192.0.1.0", "public"],
  ["192.0.2.1", "documentation"],
  ["192.88.99.1", "reserved"],
  ["192.167.255.255", "public"],
  ["192.168.0.1", "private"],
  ["192.169.0.0", "public"],
  ["198.17.255.255", "public"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["198.20.0.0", "public"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["223.255.255.255", "public"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.254", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["8.8.8.8", "public"],
  ["93.184.216.34", "public"],
  // IPv4 spellings ipaddr.js reads (the URL parser normalises these before we see them)
  ["0x7f.1", "loopback"],
  ["2130706433", "loopback"],
  ["0177.0.0.1", "loopback"],
  // IPv6 ranges
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["fe80::1", "linkLocal"],
  ["fe80::1%eth0", "linkLocal"],
  ["febf:ffff::1", "linkLocal"],
  ["fec0::1", "siteLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456::1", "uniqueLocal"],
  ["ff02::1", "multicast"],
  ["ff05::1:3", "multicast"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001:2::1", "benchmarking"],
  ["2001:10::1", "reserved"],
  ["2001:20::1", "reserved"],
  ["100::1", "reserved"],
  ["100:0:0:1::1", "reserved"],
  ["5f00::1", "reserved"],
  ["64:ff9b:1::a00:1", "reserved"],
  ["64:ff9b:1:ffff::1", "reserved"],
  ["1::1", "reserved"],
  ["4000::1", "reserved"],
  ["2606:4700:4700::1111", "public"],
  ["2a00:1450:4001::200e", "public"],
  // IPv4 inside IPv6: mapped, translated, compatible, NAT64, 6to4, Teredo
  ["::ffff:127.0.0.1", "loopback", "127.0.0.1"],
  ["::ffff:7f00:1", "loopback", "127.0.0.1"],
  ["0:0:0:0:0:ffff:7f00:0001", "loopback", "127.0.0.1"],
  ["::ffff:10.1.2.3", "private", "10.1.2.3"],
  ["::ffff:169.254.169.254", "linkLocal", "169.254.169.254"],
  ["::ffff:0.0.0.0", "unspecified", "0.0.0.0"],
  ["::ffff:8.8.8.8", "public"],
  ["::ffff:0:127.0.0.1", "loopback", "127.0.0.1"],
  ["::ffff:0:c0a8:101", "private", "192.168.1.1"],
  ["::127.0.0.1", "loopback", "127.0.0.1"],
  ["::7f00:1", "loopback", "127.0.0.1"],
  ["::a9fe:a9fe", "linkLocal", "169.254.169.254"],
  ["::2", "unspecified", "0.0.0.2"],
  ["::808:808", "public"],
  ["64:ff9b::127.0.0.1", "loopback", "127.0.0.1"],
  ["64:ff9b::a00:1", "private", "10.0.0.1"],
  ["64:ff9b::6440:1", "shared", "100.64.0.1"],
  ["64:ff9b::808:808", "public"],
  ["2002:7f00:1::", "loopback", "127.0.0.1"],
  ["2002:a9fe:a9fe::1", "linkLocal", "169.254.169.254"],
  ["2002:c0a8:101:1::1", "private", "192.168.1.1"],
  ["2002:808:808::1", "public"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback", "127.0.0.1"],
  ["2001:0:7f00:1:8000:63bf:3fff:fdd2", "loopback", "127.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "private", "10.0.0.1"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "documentation", "192.0.2.45"],
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "reserved"],
  // Near misses of each embedded form, one group off: no IPv4 is read out of them.
  ["1::ffff:7f00:1", "reserved"],
  ["0:1::ffff:7f00:1", "reserved"],
  ["0:0:1::ffff:7f00:1", "reserved"],
  ["0:0:0:1::ffff:7f00:1", "reserved"],
  ["0:0:0:0:1:ffff:7f00:1", "reserved"],
  ["1::ffff:0:7f00:1", "reserved"],
  ["0:0:0:1:ffff:0:7f00:1", "reserved"],
  ["::ffff:1:7f00:1", "reserved"],
  ["1::7f00:1", "reserved"],
  ["0:0:0:0:0:1:7f00:1", "reserved"],
  ["::0.0.0.2", "unspecified", "0.0.0.2"],
  ["64:ff9b:1::7f00:1", "reserved"],
  ["64:ff9b:0:0:0:1:7f00:1", "reserved"],
  ["65:ff9b::7f00:1", "reserved"],
  ["64:ff9a::7f00:1", "reserved"],
  ["2003:7f00:1::", "public"],
  ["2001:1:4136:e378:8000:63bf:80ff:fffe", "reserved"],
];

Deno.test("classifyAddress: every special-purpose range, its edges and embedded IPv4 forms", () => {
  for (const [input, kind, embedded] of TABLE) {
    const verdict = classifyAddress(input);
    assertEquals(verdict?.kind, kind, `kind of ${input}`);
    assertEquals(verdict?.embedded, embedded, `embedded in ${input}`);
  }
});

Deno.test("classifyAddress: host names and junk are not addresses", () => {
  for (const input of ["example.com", "localhost", "", "1.2.3.4.5", "::g", "[::1", "1.2.3.256", "12:34"]) {
    assertEquals(classifyAddress(input), undefined, input);
  }
});

Deno.test("describeVerdict: the words the refusals use", () => {
  assertEquals(describeVerdict(classifyAddress("10.0.0.1")!), `"10.0.0.1" is a private address`);
  assertEquals(
    describeVerdict(classifyAddress("::ffff:127.0.0.1")!),
    `"::ffff:7f00:1" embeds "127.0.0.1", a loopback address`,
  );
  assertEquals(
    describeVerdict(classifyAddress("100.64.0.1")!),
    `"100.64.0.1" is a shared (carrier-grade NAT) address`,
  );
  assertEquals(describeVerdict(classifyAddress("0177.0.0.1")!), `"127.0.0.1" is a loopback address`);
});
