/**
 * The connection to Redis behind the shared card store (MCP_CHAT_CARDS_STORE=redis://…), the only
 * code that opens it. It refuses to start when Redis cannot be reached; while serving it never
 * queues commands for a Redis that is gone (they fail at once, or after a short timeout when
 * Redis hangs), reconnects on its own, and logs one line when Redis goes away and one when it is
 * back, however many calls fail in between.
 */
import { createClient, ErrorReply } from "@redis/client";
import { log as defaultLog } from "../log.ts";
import { maskStoreUrl, scrubCredentials } from "./store_url.ts";

/** Redis cannot be reached now; the connection keeps trying. */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

/** An open connection. */
export interface RedisConnection {
  /** Sends one command; rejects with {@link RedisUnavailableError} when Redis is not there. */
  command(args: readonly string[]): Promise<unknown>;
  /** PING within the command timeout. */
  ping(): Promise<boolean>;
  /** The URL with every credential masked, for messages. */
  readonly where: string;
  close(): Promise<void>;
}

/** Timeouts and the logger; the defaults suit a Redis on the same network. */
export interface RedisOptions {
  /** A command unanswered this long fails (Redis hung or overloaded). */
  commandTimeoutMs?: number;
  /** The first connection must be made within this. */
  connectTimeoutMs?: number;
  /** Longest pause between reconnection attempts while serving. */
  maxRetryDelayMs?: number;
  log?: (line: string) => void;
}

/**
 * Connects, or rejects with one line that says what could not be reached and why. After that the
 * connection reconnects by itself for as long as it is open.
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<RedisConnection> {
  const log = options.log ?? defaultLog;
  const where = maskStoreUrl(url);
  // What a library says about a failure may quote the URL or a credential: never print it.
  const reason = (error: unknown) => scrubCredentials(firstLine(error), url);
  const commandTimeout = options.commandTimeoutMs ?? 1_500;
  const maxDelay = options.maxRetryDelayMs ?? 1_000;
  const connectTimeout = options.connectTimeoutMs ?? 3_000;
  let serving = false; // until connected once, a failure is final (start-up refuses)
  let reachable = true;
  let closed = false;

  const down = (cause: unknown) => {
    if (!serving || !reachable || closed) return;
    reachable = false;
    log(
      `Card store: Redis at ${where} is unreachable (${
        reason(cause)
      }): cards still render, stored documents cannot be read until it is back`,
    );
  };
  const up = () => {
    if (reachable || closed) return;
    reachable = true;
    log(`Card store: Redis at ${where} is reachable again`);
  };

  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      url,
      disableOfflineQueue: true, // a command for a Redis that is gone fails now instead of waiting
      maintNotifications: "disabled", // Redis Enterprise hand-offs; also reads variables we do not allow
      socket: {
        connectTimeout,
        reconnectStrategy: (retries: number, cause: Error) =>
          serving && !closed ? Math.min(50 * 2 ** retries, maxDelay) : cause,
      },
    });
  } catch (error) {
    // The client parses the URL itself: config.ts refuses what it cannot parse, this is the fence.
    throw new RedisUnavailableError(`the card store at ${where} cannot be used: ${reason(error)}`);
  }
  client.on("error", down); // also keeps the emitter from throwing on an unhandled "error"
  client.on("ready", up);

  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const connecting = client.connect();
    connecting.catch(() => {}); // may fail after the timer won
    await Promise.race([
      connecting,
      new Promise<never>((_, reject) => { // a listener that never answers the handshake
        timer = setTimeout(() => reject(new Error(`no answer within ${connectTimeout} ms`)), connectTimeout);
      }),
    ]);
  } catch (error) {
    closed = true;
    try {
      client.destroy();
    } catch {
      // never connected: nothing to tear down
    }
    throw new RedisUnavailableError(`the card store at ${where} is unreachable: ${reason(error)}`);
  } finally {
    clearTimeout(timer);
  }
  serving = true;

  // node-redis times a command only until it is written, so a Redis that hangs (frozen, swapping,
  // a partition that drops packets) would hold calls forever: each command races its own timer.
  const command = async (args: readonly string[]): Promise<unknown> => {
    const sent = client.sendCommand([...args]);
    sent.catch(() => {}); // it may fail after losing the race; that failure was already reported
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${commandTimeout} ms`)), commandTimeout);
    });
    try {
      const reply = await Promise.race([sent, late]);
      up();
      return reply;
    } catch (error) {
      if (error instanceof ErrorReply) throw error; // Redis answered: a bug, not an outage
      down(error);
      throw new RedisUnavailableError(`Redis at ${where} is unreachable: ${reason(error)}`);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    where,
    command,
    ping: () => command(["PING"]).then((reply) => reply === "PONG", () => false),
    close: async () => {
      closed = true;
      try {
        await client.close();
      } catch {
        client.destroy(); // not connected right now: nothing to say goodbye to
      }
    },
  };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] || (error instanceof Error ? error.name : "unknown error");
}
