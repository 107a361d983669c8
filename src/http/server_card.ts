/**
 * The Server Card served at `GET <mcp-url>/server-card`: what a client needs to find and connect to
 * this server before any MCP exchange (identity, the Streamable HTTP URL, protocol versions, the
 * auth header when a token is set). Public by design: discovery happens before authentication,
 * and the card says nothing a `tools/list` would not.
 */
import { VERSION } from "../version.ts";

/** `$schema` of every card we serve. */
export const SERVER_CARD_SCHEMA_URL =
  "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/** Media type of the card. */
export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";

/** Reverse-DNS name shared by the card, server.json, package.json `mcpName` and the mcpb manifest. */
export const REGISTRY_NAME = "io.github.mcp-chat-cards/mcp-chat-cards";

/** One-line description (at most 100 characters), shared with the registry metadata. */
export const SERVER_DESCRIPTION =
  "Renders tables, tabs, outlines and more as interactive HTML cards inline in chat (MCP Apps)";

/** Path of the card below the MCP endpoint. */
export const SERVER_CARD_SUFFIX = "/server-card";

/** What varies between cards: where the server is reached and how. */
export interface ServerCardFacts {
  mcpUrl: string;
  protocolVersions: readonly string[];
  tokenRequired: boolean;
}

/** The card document. */
export function buildServerCard(facts: ServerCardFacts): Record<string, unknown> {
  const remote: Record<string, unknown> = {
    type: "streamable-http",
    url: facts.mcpUrl,
    supportedProtocolVersions: [...facts.protocolVersions],
  };
  if (facts.tokenRequired) {
    remote.headers = [{
      name: "Authorization",
      description: "Bearer token: the value of the server's MCP_CHAT_CARDS_HTTP_TOKEN",
      isRequired: true,
      isSecret: true,
      value: "Bearer {token}",
      variables: { token: { description: "The server's bearer token", isRequired: true, isSecret: true } },
    }];
  }
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: REGISTRY_NAME,
    title: "mcp-chat-cards",
    version: VERSION,
    description: SERVER_DESCRIPTION,
    remotes: [remote],
  };
}

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
};

/** Answers a request for the card: 200 with an ETag, 304 when it still matches, CORS for anyone. */
export async function serverCardResponse(request: Request, card: Record<string, unknown>): Promise<Response> {
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: { ...CORS_HEADERS, "Access-Control-Max-Age": "86400" },
    });
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json(
      { error: `Method ${request.method} is not allowed on the Server Card: use GET` },
      { status: 405, headers: { ...CORS_HEADERS, Allow: "GET, HEAD, OPTIONS" } },
    );
  }
  const body = JSON.stringify(card, null, 2) + "\n";
  const etag = `"${await sha256Hex(body)}"`;
  const headers = { ...CORS_HEADERS, "Cache-Control": "public, max-age=3600", ETag: etag };
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : body, {
    status: 200,
    headers: { ...headers, "Content-Type": SERVER_CARD_MEDIA_TYPE },
  });
}

/** Hex SHA-256 (Web Crypto: node:crypto would cost Deno start-up time). */
async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `If-None-Match` uses weak comparison: `*`, or any listed tag equal once `W/` is dropped. */
function etagMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}
