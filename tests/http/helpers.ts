/**
 * HTTP test helpers: the app on a real loopback socket (the node:http listener, port 0), raw JSON-RPC POSTs,
 * and SDK clients over Streamable HTTP.
 */
import { Client } from "@modelcontextprotocol/client";
import { type Config, DEFAULT_CONFIG } from "../../src/config.ts";
import { listen, type ListenOptions } from "../../src/http/listener.ts";
import { createHttpApp, type HttpApp, type HttpAppOptions } from "../../src/mcp/http/app.ts";
import { httpTransport } from "../smoke/targets.ts";

/** A served app: its MCP URL, the app (for session counts) and a disposer. */
export interface Served extends AsyncDisposable {
  url: URL;
  app: HttpApp;
}

/** Serves the HTTP app on 127.0.0.1 with a free port through the same listener `--http` uses. */
export async function serveApp(
  settings: Partial<Config> = {},
  options: HttpAppOptions & Partial<Pick<ListenOptions, "headersTimeoutMs" | "requestTimeoutMs" | "log">> =
    {},
): Promise<Served> {
  const config = { ...DEFAULT_CONFIG, http: true, ...settings };
  const app = createHttpApp(config, options);
  const listening = await listen(app.fetch, {
    hostname: "127.0.0.1",
    port: 0,
    maxConnections: config.maxConnections,
    headersTimeoutMs: options.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    log: options.log,
  });
  return {
    url: new URL(`http://127.0.0.1:${listening.port}/mcp`),
    app,
    [Symbol.asyncDispose]: async () => {
      await app.close();
      await listening.stop();
    },
  };
}

/** Headers every Streamable HTTP POST carries. */
export const POST_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

/** An initialize request body. */
export function initializeBody(id: number | string = 1): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "1.0.0" },
    },
  };
}

/** A tools/call request body. */
export function callBody(id: number, name: string, args: Record<string, unknown>): Record<string, unknown> {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/** POSTs a body (an object is sent as JSON) and returns status, headers and the parsed JSON body. */
export async function post(
  url: URL | string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> | undefined }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...POST_HEADERS, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

/** Starts a session with raw requests; returns its id. */
export async function openSession(url: URL, headers: Record<string, string> = {}): Promise<string> {
  const init = await post(url, initializeBody(), headers);
  const id = init.headers.get("mcp-session-id");
  if (init.status !== 200 || !id) {
    throw new Error(`initialize failed: ${init.status} ${JSON.stringify(init.json)}`);
  }
  const sessionHeaders = { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
  const ack = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, sessionHeaders);
  if (ack.status !== 202) throw new Error(`initialized got ${ack.status}`);
  return id;
}

/** Headers of an open session. */
export function sessionHeaders(id: string): Record<string, string> {
  return { "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
}

/** An SDK client connected over Streamable HTTP (2025 handshake unless a version is pinned). */
export async function httpClient(
  url: URL,
  options: { headers?: Record<string, string>; pin?: string; capabilities?: Record<string, unknown> } = {},
): Promise<Client & AsyncDisposable> {
  const client = new Client(
    { name: "http-test", version: "1.0.0" },
    {
      ...(options.pin ? { versionNegotiation: { mode: { pin: options.pin } } } : {}),
      ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    } as never,
  );
  await client.connect(httpTransport(url, options.headers));
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

/** The error message of a JSON-RPC error body. */
export function errorMessage(json: Record<string, unknown> | undefined): string | undefined {
  return (json?.error as { message?: string } | undefined)?.message;
}

/** A response read off a raw socket. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * One HTTP/1.1 request written by hand on a fresh TCP connection, for headers fetch will not send
 * as given (Host). The connection closes after the response.
 */
export async function rawRequest(
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const conn = await Deno.connect({ hostname: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port) });
  const body = options.body ?? "";
  const headers = {
    Host: url.host,
    ...options.headers,
    Connection: "close",
    "Content-Length": String(body.length),
  };
  const head = [`${options.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`]
    .concat(Object.entries(headers).map(([k, v]) => `${k}: ${v}`)).join("\r\n");
  await conn.write(new TextEncoder().encode(`${head}\r\n\r\n${body}`));
  const text = await new Response(conn.readable).text();
  const [rawHead, ...rest] = text.split("\r\n\r\n");
  const [statusLine, ...headerLines] = rawHead.split("\r\n");
  const parsed = new Headers(headerLines.map((line) => {
    const at = line.indexOf(":");
    return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as [string, string];
  }));
  let payload = rest.join("\r\n\r\n");
  if (parsed.get("transfer-encoding") === "chunked") payload = unchunk(payload);
  return { status: Number(statusLine.split(" ")[1]), headers: parsed, body: payload };
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
