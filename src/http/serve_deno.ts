/**
 * The HTTP listener under Deno (`deno run` and the compiled binary): `Deno.serve` with the app's
 * web-standard fetch handler. The only file that calls Deno's HTTP and signal APIs.
 */
import type { Listening, ListenOptions, OnShutdownSignal } from "./listener.ts";
import { badRequest } from "./responses.ts";

interface DenoHttpServer {
  addr: { port: number };
  shutdown(): Promise<void>;
}

interface DenoServeApi {
  serve(
    options: { hostname: string; port: number; onListen: () => void },
    handler: (request: Request, info: { completed?: Promise<void> }) => Promise<Response>,
  ): DenoHttpServer;
  addSignalListener(signal: string, handler: () => void): void;
}

// Typed by hand so the npm build (plain tsc, no Deno types) still compiles this file.
const deno = (globalThis as unknown as { Deno: DenoServeApi }).Deno;

/** Listens on the address; resolves once the socket is bound. */
export function listen(
  fetch: (request: Request) => Promise<Response>,
  options: ListenOptions,
): Promise<Listening> {
  // onListen replaces Deno's default "Listening on" line, which would go to stdout.
  const server = deno.serve({ ...options, onListen: () => {} }, (request, info) => {
    // Deno's own request.signal also aborts after a successful response, which would cut SSE
    // streams short; hand the app a signal that aborts only when the client goes away.
    const controller = new AbortController();
    info.completed?.catch(() => controller.abort());
    const { method, headers, body } = request; // not `new Request(request)`: that reads request.signal
    const init = { method, headers, body, signal: controller.signal, duplex: "half" }; // duplex: body is a stream
    let forwarded: Request;
    try {
      forwarded = new Request(request.url, init as RequestInit);
    } catch {
      return Promise.resolve(badRequest()); // a Host header that makes no valid URL
    }
    return fetch(forwarded);
  });
  return Promise.resolve({ port: server.addr.port, stop: () => server.shutdown() });
}

/** SIGINT everywhere; SIGTERM where the platform has it (not Windows). */
export const onShutdownSignal: OnShutdownSignal = (stop) => {
  let stopped = false;
  const once = () => {
    if (!stopped) stop();
    stopped = true;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    try {
      deno.addSignalListener(signal, once);
    } catch {
      // Unsupported signal on this platform.
    }
  }
};
