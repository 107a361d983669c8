/**
 * The Streamable HTTP endpoint as one web-standard fetch handler, the same under Deno.serve and
 * node:http. In order: Host check (DNS rebinding), the public Server Card, Origin check, CORS
 * preflight (browser hosts; no token), bearer token, body cap and JSON-RPC shape, then 2025-era clients go to per-session servers and
 * 2026-07-28 (per-request) clients to the SDK's `createMcpHandler`.
 */
import {
  createMcpHandler,
  isJsonContentType,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  isLegacyRequest,
  type McpHttpHandler,
  readRequestBody,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import type { Config } from "../../config.ts";
import { preflightResponse, withCors } from "../../http/cors.ts";
import { allowedHostnames, refuseHost, refuseOrigin, refuseToken } from "../../http/guard.ts";
import { HEALTH_PATH, healthResponse } from "../../http/health.ts";
import { badRequest, jsonRpcError, payloadTooLargeMessage } from "../../http/responses.ts";
import { buildServerCard, SERVER_CARD_SUFFIX, serverCardResponse } from "../../http/server_card.ts";
import { bearerTokenChecker } from "../../http/token.ts";
import { log } from "../../log.ts";
import { type CardStores, memoryStores } from "../../store/stores.ts";
import { SESSION_IDLE_MS } from "../../store/open.ts";
import { SessionRouter } from "./sessions.ts";
import { createServer } from "../server.ts";

/** Path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** The per-request revisions `createMcpHandler` serves (the SDK does not export its list). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ["2026-07-28"];

/** Every protocol version the endpoint speaks, newest first. */
export const PROTOCOL_VERSIONS: readonly string[] = [
  ...MODERN_PROTOCOL_VERSIONS,
  ...SUPPORTED_PROTOCOL_VERSIONS,
];

/** The HTTP application. */
export interface HttpApp {
  fetch(request: Request): Promise<Response>;
  /** Closes every session and in-flight exchange (not the stores: their opener closes them). */
  close(): Promise<void>;
  /** Open 2025-era sessions. */
  readonly sessionCount: number;
}

/** Test seams and the stores; the session cap is a setting (config.maxSessions). */
export interface HttpAppOptions {
  idleMs?: number;
  /** Where cards are kept (see src/store/open.ts); in this process's memory by default. */
  stores?: CardStores;
}

/** Builds the fetch handler for a validated config. */
export function createHttpApp(config: Config, options: HttpAppOptions = {}): HttpApp {
  const hosts = allowedHostnames(config);
  const stores = options.stores ?? memoryStores();
  const sessions = new SessionRouter(
    (id) => createServer({ ...config, store: stores.session(id), webForms: stores.sessionForms(id) }),
    {
      maxSessions: config.maxSessions,
      idleMs: options.idleMs ?? SESSION_IDLE_MS,
      idPrefix: config.replica === undefined ? undefined : `${config.replica}.`,
      maxBody: config.maxBody,
    },
  );
  const tokenMatches = config.httpToken === undefined ? undefined : bearerTokenChecker(config.httpToken);
  // Built on the first 2026-07-28 request: most hosts still speak 2025, and start-up stays light.
  let modern: McpHttpHandler | undefined;
  const modernHandler = (): McpHttpHandler => {
    if (modern) return modern;
    const webForms = stores.statelessForms;
    return modern = createMcpHandler(() => createServer({ ...config, store: stores.stateless, webForms }), {
      legacy: "reject",
      maxRequestBodySize: config.maxBody,
      onerror: (error) => log(`HTTP: ${error.message}`),
    });
  };

  const serveMcp = async (request: Request): Promise<Response> => {
    // A GET outside a 2025-era session asks for a standalone stream, which this server does not
    // offer: 405 is the spec's answer for that (and 2026-07-28 has no sessions to stream in).
    if (request.method === "GET" && !request.headers.has("mcp-session-id")) {
      return jsonRpcError(
        405,
        -32000,
        "Method GET is not allowed without a session: send requests with POST",
        {
          Allow: "POST, DELETE",
        },
      );
    }
    if (request.method === "GET" || request.method === "DELETE") return sessions.handle(request, undefined);
    if (request.method !== "POST") {
      return jsonRpcError(405, -32000, `Method ${request.method} is not allowed: use POST, GET or DELETE`, {
        Allow: "GET, POST, DELETE",
      });
    }
    const body = await readJsonRpcBody(request, config.maxBody);
    if (body instanceof Response) return body;
    // Only 2025-era sessions carry Mcp-Session-Id: the hot path skips classification.
    if (request.headers.has("mcp-session-id")) return sessions.handle(request, body);
    if (await isLegacyRequest(request, body, { maxRequestBodySize: config.maxBody })) {
      return sessions.handle(request, body);
    }
    return modernHandler().fetch(request, { parsedBody: body });
  };

  return {
    fetch: async (request) => {
      try {
        const url = new URL(request.url);
        // Before the Host check: balancers probe by address, and the answer reveals nothing.
        if (url.pathname === HEALTH_PATH) return await healthResponse(request, () => stores.health());
        const badHost = refuseHost(request, hosts);
        if (badHost) return badHost;
        if (url.pathname === MCP_PATH + SERVER_CARD_SUFFIX) {
          return serverCardResponse(request, buildServerCard(cardFacts(request, url, config)));
        }
        if (url.pathname !== MCP_PATH) {
          return jsonRpcError(404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
        }
        const badOrigin = refuseOrigin(request, hosts);
        if (badOrigin) return badOrigin;
        return preflightResponse(request, config.allowedHosts) ?? withCors(
          request,
          await refuseToken(request, tokenMatches) ?? await serveMcp(request),
          config.allowedHosts,
        );
      } catch (error) {
        // A request the runtime could not even read (a malformed Host makes its URL invalid, a
        // client hangs up mid-body): refuse it in one log line, never with a stack trace.
        log(`HTTP: refused a malformed request: ${error instanceof Error ? error.message : String(error)}`);
        return badRequest();
      }
    },
    close: async () => {
      await sessions.closeAll();
      await modern?.close();
    },
    get sessionCount() {
      return sessions.size;
    },
  };
}

/** The parsed POST body, or the refusal: wrong media type, over the cap, not JSON, not JSON-RPC. */
async function readJsonRpcBody(request: Request, maxBody: number): Promise<unknown | Response> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return jsonRpcError(415, -32000, "Unsupported Media Type: send Content-Type: application/json");
  }
  const text = await readBody(request, maxBody);
  if (text === undefined) {
    return jsonRpcError(413, -32000, payloadTooLargeMessage(maxBody), { Connection: "close" });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonRpcError(400, -32700, "Parse error: the request body is not valid JSON");
  }
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0 || !messages.every(isJsonRpcMessage)) {
    return jsonRpcError(400, -32600, "Invalid Request: the body is not a JSON-RPC 2.0 message");
  }
  return body;
}

/**
 * The body as text, or undefined when over the cap. With a Content-Length the listener delivers
 * exactly that many bytes, so the plain (faster) read is safe once the length is checked; without
 * one the SDK's reader stops as soon as the cap is passed. A declared length over the cap is
 * refused before a byte of the body is read (and the listener then closes the connection).
 */
async function readBody(request: Request, maxBody: number): Promise<string | undefined> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared)) {
    return Number(declared) > maxBody ? undefined : await request.text();
  }
  const read = await readRequestBody(request, maxBody);
  return read.tooLarge ? undefined : read.text;
}

function isJsonRpcMessage(value: unknown): boolean {
  return isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResponse(value);
}

/**
 * The card's URL is the one this client used: its (already checked) Host header, and https when
 * a TLS-terminating proxy says so.
 */
function cardFacts(request: Request, url: URL, config: Config) {
  const https = request.headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https";
  return {
    mcpUrl: `${https ? "https:" : url.protocol}//${request.headers.get("host") ?? url.host}${MCP_PATH}`,
    protocolVersions: PROTOCOL_VERSIONS,
    tokenRequired: config.httpToken !== undefined,
  };
}
