/**
 * The HTTP endpoint's gatekeeping before any MCP handling: the Host and Origin checks that stop
 * DNS rebinding (a web page on another origin must not reach a server on loopback), and the
 * bearer token. Each refusal says what to change.
 */
import type { Config } from "../config.ts";
import { isLoopbackHost } from "../net/loopback.ts";
import { badRequest, jsonRpcError } from "./responses.ts";

/** Loopback names any local client may use. */
const LOCALHOST_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** Host names always accepted in Host and Origin, plus the configured ones and a specific bind address. */
export function allowedHostnames(config: Config): string[] {
  const names = new Set([...LOCALHOST_NAMES, ...config.allowedHosts]);
  const bind = config.host.toLowerCase();
  if (bind !== "0.0.0.0" && bind !== "::") names.add(bind.includes(":") ? `[${bind}]` : bind);
  if (bind === "localhost" || isLoopbackHost(bind)) names.add("localhost");
  return [...names];
}

/**
 * The host name of a Host header (`host[:port]`), lower-cased, IPv6 in brackets, or undefined
 * unless it is exactly that: a DNS name or dotted address, or a bracketed IPv6 address, then an
 * optional port. No userinfo, backslash, path, query, percent-escape or space, so the name checked
 * is the one every URL parser would see (the WHATWG parser reads `localhost\@evil.com` as host
 * `localhost` with a path, and `evil.com@localhost` as userinfo then `localhost`).
 */
export function hostOfHeader(value: string): string | undefined {
  const match = /^(?:([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.?|\[([0-9a-f:.]+)\])(?::(\d{1,5}))?$/i.exec(value);
  if (!match || (match[3] !== undefined && Number(match[3]) > 65535)) return undefined;
  if (match[1] !== undefined) return match[1].toLowerCase();
  try {
    return new URL(`http://[${match[2]}]/`).hostname; // canonical form: [0:0::1] is [::1]
  } catch {
    return undefined;
  }
}

/** The host name of an Origin header (`http(s)://host[:port]`, nothing more), or undefined. */
export function hostOfOrigin(value: string): string | undefined {
  const match = /^https?:\/\/(.*)$/i.exec(value);
  return match ? hostOfHeader(match[1]) : undefined;
}

/** A browser's Origin header is allowed when absent or naming an allowed host. */
function originAllowed(origin: string | null, hosts: string[]): boolean {
  if (origin === null || origin === "") return true;
  const name = hostOfOrigin(origin);
  return name !== undefined && hosts.includes(name);
}

/**
 * A 400 when the Host header is not `host[:port]` (no URL can be read from it), else a 403 unless
 * it names an allowed host.
 */
export function refuseHost(request: Request, hosts: string[]): Response | undefined {
  const host = request.headers.get("host");
  const name = host === null ? undefined : hostOfHeader(host);
  if (name === undefined) return badRequest();
  if (hosts.includes(name)) return undefined;
  return jsonRpcError(
    403,
    -32000,
    `Forbidden: Host "${
      host ?? ""
    }" is not allowed; add its name to MCP_CHAT_CARDS_ALLOWED_HOSTS if clients really use it`,
  );
}

/** A 403 when a browser Origin names a host that is not allowed. */
export function refuseOrigin(request: Request, hosts: string[]): Response | undefined {
  const origin = request.headers.get("origin");
  if (originAllowed(origin, hosts)) return undefined;
  return jsonRpcError(
    403,
    -32000,
    `Forbidden: Origin "${origin}" is not allowed; add its host name to MCP_CHAT_CARDS_ALLOWED_HOSTS to trust it`,
  );
}

/** A 401 when a token is configured and the request does not carry it. */
export async function refuseToken(
  request: Request,
  tokenMatches: ((header: string | null) => Promise<boolean>) | undefined,
): Promise<Response | undefined> {
  if (tokenMatches === undefined) return undefined;
  const header = request.headers.get("authorization");
  if (await tokenMatches(header)) return undefined;
  const missing = header === null;
  return jsonRpcError(
    401,
    -32000,
    missing
      ? "Unauthorized: send the header Authorization: Bearer <token> with the server's MCP_CHAT_CARDS_HTTP_TOKEN"
      : "Unauthorized: the bearer token does not match the server's MCP_CHAT_CARDS_HTTP_TOKEN",
    { "WWW-Authenticate": `Bearer realm="mcp-chat-cards"${missing ? "" : ', error="invalid_token"'}` },
  );
}
