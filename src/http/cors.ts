/**
 * CORS for browser hosts on /mcp. A page whose origin's host name is listed in
 * MCP_CHAT_CARDS_ALLOWED_HOSTS (an explicit opt-in: loopback pages pass the Origin check but get
 * no CORS unless "localhost" is listed) sends a preflight without the token, then must be able to
 * read Mcp-Session-Id from the answers. Every other origin gets no CORS headers.
 */
import { hostOfOrigin } from "./guard.ts";

/** Header names a preflight may ask for (MCP's own include dynamic Mcp-Param-* names). */
const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

const DEFAULT_HEADERS =
  "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID";

/** The request's Origin when its host name is one the operator listed, else undefined. */
function listedOrigin(request: Request, listed: readonly string[]): string | undefined {
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  const name = hostOfOrigin(origin);
  return name !== undefined && listed.includes(name) ? origin : undefined;
}

/** The 204 answer to a listed origin's preflight, or undefined for any other request. */
export function preflightResponse(request: Request, listed: readonly string[]): Response | undefined {
  const origin = listedOrigin(request, listed);
  if (request.method !== "OPTIONS" || !origin || !request.headers.has("access-control-request-method")) {
    return undefined;
  }
  const asked = request.headers.get("access-control-request-headers") ?? "";
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": HEADER_LIST.test(asked) ? asked : DEFAULT_HEADERS,
      "Access-Control-Max-Age": "600",
      Vary: "Origin",
    },
  });
}

/** The response with CORS headers for a listed Origin; unchanged for any other request. */
export function withCors(request: Request, response: Response, listed: readonly string[]): Response {
  const origin = listedOrigin(request, listed);
  if (!origin) return response;
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate");
  headers.append("Vary", "Origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
