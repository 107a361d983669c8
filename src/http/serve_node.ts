/**
 * The HTTP listener under Node (the npm package): `node:http` with a request listener adapted
 * from the app's fetch handler. The only file that calls Node's HTTP and signal APIs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import type { Listening, ListenOptions, OnShutdownSignal } from "./listener.ts";
import { payloadTooLargeMessage } from "./responses.ts";

/** A node:http request listener. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * Answers a declared Content-Length over the cap with the app's own 413, before the adapter would
 * buffer the body (and answer in its own words).
 */
export function refuseOversize(listener: NodeListener, maxBody: number): NodeListener {
  return (request, response) => {
    const declared = Number(request.headers["content-length"] ?? 0);
    if (!(declared > maxBody)) return listener(request, response);
    const error = {
      jsonrpc: "2.0",
      error: { code: -32000, message: payloadTooLargeMessage(maxBody) },
      id: null,
    };
    response.writeHead(413, { "Content-Type": "application/json", Connection: "close" });
    response.end(JSON.stringify(error));
  };
}

/** Listens on the address; resolves once the socket is bound, rejects when binding fails. */
export function listen(listener: NodeListener, options: ListenOptions): Promise<Listening> {
  const server = createServer(listener);
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

/** SIGINT and SIGTERM. */
export const onShutdownSignal: OnShutdownSignal = (stop) => {
  let stopped = false;
  const once = () => {
    if (!stopped) stop();
    stopped = true;
  };
  process.once("SIGINT", once);
  process.once("SIGTERM", once);
};
