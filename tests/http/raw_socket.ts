/**
 * Raw TCP clients for the slow-client tests: what a slow or hostile client does that fetch never
 * does (half a header, a body that stops, a lying Content-Length), and what came back before the
 * server closed the connection.
 */

/** What a raw connection received, and whether (and when) the server closed it. */
export interface RawOutcome {
  /** Everything received. */
  text: string;
  /** Status code of the first response, or undefined when none came. */
  status?: number;
  /** The server closed the connection (rather than the wait running out). */
  closed: boolean;
  /** Milliseconds from the last write to the close (or to giving up). */
  elapsedMs: number;
}

/** An open raw connection. */
export interface RawConnection extends AsyncDisposable {
  write(text: string): Promise<void>;
  /** Reads until the server closes the connection or `waitMs` pass. */
  outcome(waitMs: number): Promise<RawOutcome>;
}

/** Opens a TCP connection to the URL's host and port. */
export async function rawConnect(url: URL): Promise<RawConnection> {
  const conn = await Deno.connect({ hostname: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port) });
  let lastWrite = performance.now();
  let closedByUs = false;
  return {
    write: async (text) => {
      await conn.write(new TextEncoder().encode(text));
      lastWrite = performance.now();
    },
    outcome: async (waitMs) => {
      const decoder = new TextDecoder();
      const buffer = new Uint8Array(65_536);
      let text = "";
      const timer = setTimeout(() => {
        closedByUs = true;
        conn.close();
      }, waitMs);
      try {
        for (;;) {
          const n = await conn.read(buffer);
          if (n === null) break;
          text += decoder.decode(buffer.subarray(0, n), { stream: true });
        }
      } catch {
        // A reset by the server, or our own close when the wait ran out.
      } finally {
        clearTimeout(timer);
      }
      const closed = !closedByUs;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      return {
        text,
        status: status === undefined ? undefined : Number(status),
        closed,
        elapsedMs: performance.now() - lastWrite,
      };
    },
    [Symbol.asyncDispose]: () => {
      try {
        if (!closedByUs) conn.close();
      } catch {
        // already closed
      }
      return Promise.resolve();
    },
  };
}

/** The start of a POST to /mcp whose body is still to come. */
export function postHead(url: URL, contentLength: number): string {
  return [
    "POST /mcp HTTP/1.1",
    `Host: ${url.host}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `Content-Length: ${contentLength}`,
    "",
    "",
  ].join("\r\n");
}

/** Half a request head: a request line and one header, never the blank line. */
export function halfHead(url: URL): string {
  return `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\n`;
}

/** A GET of a session's event stream, which stays open: a request the server has in progress. */
export function eventStreamHead(url: URL, sessionId: string): string {
  return [
    "GET /mcp HTTP/1.1",
    `Host: ${url.host}`,
    "Accept: text/event-stream",
    `Mcp-Session-Id: ${sessionId}`,
    "Mcp-Protocol-Version: 2025-06-18",
    "",
    "",
  ].join("\r\n");
}
