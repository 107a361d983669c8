/**
 * HTTPS under Deno without node:tls. Deno's node:tls loads its root certificates lazily behind a
 * `sys` permission (and an `env` read of NODE_USE_SYSTEM_CA) that the server's flags do not grant,
 * so every node:https request there fails with NotCapable. Instead the fetcher opens a TCP
 * connection to the checked address with `Deno.connect`, upgrades it with `Deno.startTls`
 * (Deno's own root store; the certificate is verified against the host name, which is also the
 * SNI), and hands node:http this stream as its socket through a one-off agent. Pinning, the caps
 * and the deadline stay in fetch.ts; nothing here resolves a name.
 */
import http from "node:http";
import { Duplex } from "node:stream";

interface DenoConn {
  read(buffer: Uint8Array): Promise<number | null>;
  write(data: Uint8Array): Promise<number>;
  close(): void;
}

interface DenoTlsApi {
  connect(options: { hostname: string; port: number }): Promise<DenoConn>;
  startTls(conn: DenoConn, options: { hostname: string; caCerts?: string[] }): Promise<DenoConn>;
}

/** Deno's TLS API, when running under Deno. */
export function denoTls(): DenoTlsApi | undefined {
  const deno = (globalThis as { Deno?: Partial<DenoTlsApi> }).Deno;
  return deno?.connect && deno.startTls ? deno as DenoTlsApi : undefined;
}

/** A node stream over a TLS connection to `address`, verified for `servername`. */
function tlsStream(
  api: DenoTlsApi,
  address: string,
  port: number,
  servername: string,
  caCerts?: string[],
): Duplex {
  let conn: DenoConn | undefined;
  let closed = false;
  const ready = (async () => {
    const tcp = await api.connect({ hostname: address, port });
    const tls = await api.startTls(tcp, { hostname: servername, ...(caCerts ? { caCerts } : {}) });
    if (closed) tls.close(); // the deadline passed while connecting
    return (conn = tls);
  })();
  const buffer = new Uint8Array(16_384);
  const stream: Duplex = new Duplex({
    read() {
      ready.then((c) => c.read(buffer)).then(
        (n) => stream.push(n === null ? null : buffer.slice(0, n)),
        (error) => stream.destroy(error),
      );
    },
    write(chunk: Uint8Array, _encoding, callback) {
      ready.then(async (c) => {
        for (let at = 0; at < chunk.length;) at += await c.write(chunk.subarray(at)); // writes may be partial
      }).then(() => callback(), callback);
    },
    destroy(error, callback) {
      closed = true;
      try {
        conn?.close();
      } catch { /* already closed */ }
      callback(error);
    },
  });
  // What node:http may call on a socket; a TLS stream has nothing to tune.
  Object.assign(stream, { setNoDelay() {}, setKeepAlive() {}, setTimeout() {}, ref() {}, unref() {} });
  return stream;
}

/** A one-off agent whose only connection is that stream (so no socket is ever reused). */
export function denoTlsAgent(
  api: DenoTlsApi,
  address: string,
  port: number,
  servername: string,
  caCerts?: string[],
): http.Agent {
  const agent = new http.Agent({ keepAlive: false, maxSockets: 1 });
  (agent as unknown as { createConnection: () => Duplex }).createConnection = () =>
    tlsStream(api, address, port, servername, caCerts);
  return agent;
}
