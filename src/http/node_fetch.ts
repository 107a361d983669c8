/**
 * node:http requests to the app's web-standard fetch handler and back, the same under Node and
 * Deno. Written here rather than taken from `@modelcontextprotocol/node` for three reasons: the
 * request URL is built from a fixed origin, so a hostile Host header reaches the app's Host check
 * instead of breaking the URL (or, with a backslash, changing the path); the body streams to the
 * app, which enforces its own cap without the adapter buffering first; and an answer sent before
 * the body was read (a 413, a 403) closes the connection instead of draining the rest.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest } from "./responses.ts";

/** The app's handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** A node:http request listener. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The origin every request URL is built on: the app reads the Host header itself, and never
 * trusts the URL's host.
 */
const URL_BASE = "http://localhost";

/**
 * A whole answer the client has not taken within this (or a stream that has waited this long for
 * it to take more) is abandoned and the connection closed: a client that stops reading must not
 * hold its connection, and the answer in memory, forever. Answers are at most a few hundred KB.
 */
export const WRITE_TIMEOUT_MS = 30_000;

/** The listener that serves `fetch` over node:http. */
export function nodeListener(fetch: FetchHandler, writeTimeoutMs = WRITE_TIMEOUT_MS): NodeListener {
  return (request, response) => {
    const aborted = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) aborted.abort();
    });
    let webRequest: Request;
    try {
      webRequest = toWebRequest(request, aborted.signal);
    } catch {
      void send(request, response, badRequest(), aborted.signal, writeTimeoutMs);
      return;
    }
    fetch(webRequest).then(
      (answer) => send(request, response, answer, aborted.signal, writeTimeoutMs),
      () => send(request, response, badRequest(), aborted.signal, writeTimeoutMs),
    );
  };
}

function toWebRequest(request: IncomingMessage, signal: AbortSignal): Request {
  // RFC 9112: more than one Host is a 400 (node:http would keep the first, a proxy the last).
  const hostHeaders = request.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === "host");
  if (hostHeaders.length > 1) throw new Error("more than one Host header");
  // Appended, not resolved: "//evil.example/mcp" stays a path and cannot name a host.
  const url = new URL(URL_BASE + pathOf(request.url ?? "/", request.headers.host));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const init = { method, headers, signal, body: hasBody ? bodyStream(request) : undefined, duplex: "half" };
  return new Request(url, init as RequestInit);
}

/**
 * The path and query of a request target. An absolute-form target (`POST http://host/mcp`, what
 * clients send to proxies) must name the Host header's authority, since the app checks that
 * header; anything else is unreadable.
 */
function pathOf(target: string, host: string | undefined): string {
  if (target.startsWith("/")) return target;
  const absolute = new URL(target); // throws for "*" and junk: a 400
  if (absolute.host !== host?.toLowerCase() || !/^https?:$/.test(absolute.protocol)) {
    throw new Error("the request target names another host than the Host header");
  }
  return absolute.pathname + absolute.search;
}

/** The request body as a web stream that reads from the socket only as fast as the app does. */
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on("data", (chunk: Uint8Array) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      const fail = (error: Error) => {
        try {
          controller.error(error);
        } catch {
          // already closed or failed
        }
      };
      request.once("end", () => controller.close());
      request.once("error", fail);
      // A deadline or a client hang-up ends the request without "end": the app's read must fail.
      request.once("close", () => {
        if (!request.complete) fail(new Error("the connection closed before the body was complete"));
      });
    },
    pull() {
      request.resume();
    },
    cancel() {
      request.pause(); // the answer goes out with Connection: close (see send)
    },
  }, { highWaterMark: 1 });
}

/** Writes the answer; never rejects (a failure ends the connection instead). */
async function send(
  request: IncomingMessage,
  response: ServerResponse,
  answer: Response,
  aborted: AbortSignal,
  timeoutMs: number,
): Promise<void> {
  try {
    await write(request, response, answer, aborted, timeoutMs);
  } catch {
    response.destroy(); // the socket failed mid-answer: nothing more can be said on it
  }
}

async function write(
  request: IncomingMessage,
  response: ServerResponse,
  answer: Response,
  aborted: AbortSignal,
  timeoutMs: number,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) {
    headers[name] = name === "set-cookie" ? answer.headers.getSetCookie() : value;
  }
  // Answered before the body was read (a 413, a refusal): close rather than read the rest.
  if (!request.complete) headers.connection = "close";
  if (answer.body === null || !isEventStream(answer)) {
    // A whole answer (JSON, a card): sent with its length rather than chunked.
    const bytes = answer.body === null ? undefined : new Uint8Array(await answer.arrayBuffer());
    if (bytes !== undefined) headers["content-length"] = String(bytes.length);
    response.writeHead(answer.status, headers);
    response.end(bytes);
    if (!response.writableFinished) await drained(response, aborted, timeoutMs, "finish");
    return;
  }
  response.writeHead(answer.status, headers);
  const reader = answer.body.getReader();
  const stop = () => reader.cancel().catch(() => {});
  aborted.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || aborted.aborted) break;
      if (!response.write(value)) await drained(response, aborted, timeoutMs, "drain");
    }
  } catch {
    // The app's stream failed or the client left: end what was sent.
  } finally {
    aborted.removeEventListener("abort", stop);
    response.end();
  }
}

function isEventStream(answer: Response): boolean {
  return answer.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
}

/**
 * Resolves when the response emits `event` (the socket took more, or took everything) or the
 * client has gone; after `timeoutMs` without it, closes the connection.
 */
function drained(
  response: ServerResponse,
  aborted: AbortSignal,
  timeoutMs: number,
  event: "drain" | "finish",
): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.destroy();
      done();
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      response.off(event, done);
      aborted.removeEventListener("abort", done);
      resolve();
    };
    response.once(event, done);
    aborted.addEventListener("abort", done, { once: true });
  });
}
