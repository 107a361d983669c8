/**
 * The HTTP listener, the same under Node and Deno: node:http (Deno's own implementation of it
 * enforces the same request timeouts; `Deno.serve` has none and never shows the handler a
 * connection), with deadlines on slow clients and a cap on open connections, so a client that
 * sends slowly or not at all cannot hold the process. The only file that listens and handles
 * process signals.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import process from "node:process";
import { log as defaultLog } from "../log.ts";
import { type FetchHandler, nodeListener } from "./node_fetch.ts";

/** A request's headers must all arrive within this (then 408 and the connection closes). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, headers and body, must arrive within this (then 408 and the connection closes). */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * An idle keep-alive connection closes after this: longer than the 60 s nginx and most cloud
 * balancers keep upstream connections, so a balancer never reuses one the server just closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How long a refused connection stays open for its 503 to be read. */
const REFUSED_LINGER_MS = 1_000;
/** Seconds a refused connection is told to wait. */
export const CONNECTION_RETRY_AFTER_SECONDS = 5;

/** A listening HTTP server. */
export interface Listening {
  /** The port actually bound (differs from the requested one when that was 0). */
  port: number;
  /** Stops accepting, ends open connections and resolves once the socket is closed. */
  stop(): Promise<void>;
}

/** Where to listen, and the limits on clients. */
export interface ListenOptions {
  hostname: string;
  port: number;
  /** Connections open at once; past it a new one gets 503 and is closed. */
  maxConnections: number;
  /** Test seams: shorter deadlines (the defaults are the constants above). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Calls `stop` once on the first SIGINT or SIGTERM. */
export type OnShutdownSignal = (stop: () => void) => void;

/** `http://host:port` for a bound address (IPv6 in brackets). */
export function origin(hostname: string, port: number): string {
  return `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

/** Listens on the address; resolves once the socket is bound, rejects when binding fails. */
export function listen(fetch: FetchHandler, options: ListenOptions): Promise<Listening> {
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const server = createServer({
    headersTimeout,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // How often the deadlines are checked: a deadline is late by at most this.
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
  });
  const cap = capConnections(server, options.maxConnections, options.log ?? defaultLog);
  const serve = nodeListener(fetch);
  server.on("request", (request, response) => {
    // Node may still parse a request from a connection it was refused: the app never sees it.
    if (cap.refused.has(request.socket)) return void request.socket.destroy();
    cap.exchange(request, response);
    serve(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      const stop = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ port: (server.address() as AddressInfo).port, stop });
    });
  });
}

/** The raw answer to a connection past the cap: written before any request is read. */
function refusal(max: number): string {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    error: {
      code: -32000,
      message:
        `Service Unavailable: ${max} connections are open, the most this server takes (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS); retry in ${CONNECTION_RETRY_AFTER_SECONDS} seconds`,
    },
    id: null,
  });
  return [
    "HTTP/1.1 503 Service Unavailable",
    "Content-Type: application/json",
    `Content-Length: ${new TextEncoder().encode(body).length}`,
    `Retry-After: ${CONNECTION_RETRY_AFTER_SECONDS}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/** The connection cap's view of the listener. */
interface ConnectionCap {
  /** Connections answered 503: a request Node still parses from one never reaches the app. */
  refused: WeakSet<Socket>;
  /** Records the exchange under way on a connection, until its answer is done. */
  exchange(request: IncomingMessage, response: ServerResponse): void;
}

/**
 * Keeps at most `max` connections open. At the cap, a new connection closes the one that has gone
 * longest without a request in progress (a request in progress has arrived whole and is not yet
 * answered): an idle keep-alive connection, or one still sending its head or its body. So holding
 * connections costs a client a request the server is working on for each one, not a byte a minute:
 * a flood of idle or slow connections never locks a working client out. Only when every connection
 * has a request in progress is a new one answered 503 and closed before it is read. The first
 * refusal (and the first close) of a burst is logged, the rest of the burst is not.
 */
function capConnections(server: Server, max: number, log: (line: string) => void): ConnectionCap {
  // Every open connection and its request in progress, longest without one first (Map order).
  const open = new Map<Socket, { request?: IncomingMessage }>();
  let refusing = false;
  let closing = false;
  const answer = refusal(max);
  const refused = new WeakSet<Socket>();
  const idlest = () => {
    for (const [socket, state] of open) if (!state.request?.complete) return socket;
  };
  // Before node:http's own listener, so a refused connection's bytes are never read.
  server.prependListener("connection", (socket: Socket) => {
    if (open.size < max) [refusing, closing] = [false, false];
    else {
      const idle = idlest();
      if (idle === undefined) {
        if (!refusing) {
          log(
            `HTTP: ${max} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS), each with a request in progress: new ones get 503 until some close`,
          );
        }
        refusing = true;
        refused.add(socket);
        socket.pause();
        socket.end(answer);
        // A client that never closes its side must not keep the descriptor.
        socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
        return;
      }
      if (!closing) {
        log(
          `HTTP: ${max} connections are open (MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS): each new one closes the one idle longest`,
        );
      }
      closing = true;
      open.delete(idle);
      idle.destroy();
    }
    const state: { request?: IncomingMessage } = {};
    open.set(socket, state);
    socket.once("close", () => open.delete(socket));
  });
  return {
    refused,
    exchange(request, response) {
      const socket = request.socket;
      const state = open.get(socket);
      if (!state) return;
      state.request = request;
      response.once("close", () => {
        if (open.get(socket) !== state) return; // closed meanwhile
        state.request = undefined;
        // Idle from now: last in line to be closed for a newcomer.
        open.delete(socket);
        open.set(socket, state);
      });
    },
  };
}

/** SIGINT everywhere; SIGTERM where the platform has it. */
export const onShutdownSignal: OnShutdownSignal = (stop) => {
  let stopped = false;
  const once = () => {
    if (!stopped) stop();
    stopped = true;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      process.once(signal, once);
    } catch {
      // Unsupported signal on this platform.
    }
  }
};
