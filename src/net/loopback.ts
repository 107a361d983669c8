/**
 * Whether a bind address is loopback, the one fact that decides if the HTTP server may listen
 * without a bearer token. Pure and table-tested: a wrong answer here exposes the server.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** True for 127.0.0.0/8, ::1 (also IPv4-mapped 127/8) and `localhost`; false for wildcards and the rest. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name === "localhost.") return true;
  if (IPV4.test(name)) return isLoopbackIpv4(name);
  if (!name.includes(":")) return false;
  const canonical = canonicalIpv6(name);
  if (canonical === undefined) return false;
  if (canonical === "::1") return true;
  // IPv4-mapped (::ffff:127.x.y.z): the URL parser writes the tail as two hex groups.
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(canonical);
  return mapped !== null && parseInt(mapped[1], 16) >> 8 === 127;
}

function isLoopbackIpv4(address: string): boolean {
  const octets = IPV4.exec(address)!.slice(1).map(Number);
  return octets.every((n) => n <= 255) && octets[0] === 127;
}

/** The WHATWG URL parser's canonical (compressed, lower-case) form, or undefined when invalid. */
function canonicalIpv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}
