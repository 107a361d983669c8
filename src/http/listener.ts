/**
 * What both runtime-specific serve files provide: start listening, report where, stop cleanly.
 */

/** A listening HTTP server. */
export interface Listening {
  /** The port actually bound (differs from the requested one when that was 0). */
  port: number;
  /** Stops accepting, ends open connections and resolves once the socket is closed. */
  stop(): Promise<void>;
}

/** Where to listen. */
export interface ListenOptions {
  hostname: string;
  port: number;
}

/** Calls `stop` once on the first SIGINT or SIGTERM. */
export type OnShutdownSignal = (stop: () => void) => void;

/** `http://host:port` for a bound address (IPv6 in brackets). */
export function origin(hostname: string, port: number): string {
  return `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}
