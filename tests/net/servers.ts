/**
 * Real HTTP servers on loopback for the fetcher tests: each counts the TCP connections it
 * accepts, so a test can prove a refused URL never opened one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Uint8Array;
}

export interface TestServer extends AsyncDisposable {
  port: number;
  /** `http://127.0.0.1:PORT` (or `http://[::1]:PORT`). */
  origin: string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Every request received, body included. */
  requests: Received[];
  close(): Promise<void>;
}

export type Handler = (req: Received, res: http.ServerResponse) => void | Promise<void>;

/** Starts a server on `host` (127.0.0.1 by default); the handler sees each request with its whole body. */
export async function listen(handler: Handler, host = "127.0.0.1"): Promise<TestServer> {
  let connections = 0;
  const requests: Received[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on("data", (c: Uint8Array) => chunks.push(c));
    req.on("end", async () => {
      const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) body.set(c, (at += c.length) - c.length);
      const received = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(received);
      try {
        await handler(received, res);
      } catch {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    });
  });
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    port,
    origin: host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    connections: () => connections,
    requests,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** Whether this machine can listen on ::1. */
export async function hasIpv6Loopback(): Promise<boolean> {
  try {
    const s = await listen(() => {}, "::1");
    await s.close();
    return true;
  } catch {
    return false;
  }
}

/** A handler that answers every request with the same page. */
export function page(body: string, type = "text/html; charset=utf-8", status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": type });
    res.end(body);
  };
}

export const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
