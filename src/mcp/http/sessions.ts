/**
 * Sessions for 2025-era clients (the `initialize` handshake every deployed host still uses): one
 * server, one card store and one Streamable HTTP transport per session, so a card rendered in one
 * session can never be read from another. Idle sessions are dropped and the count is capped,
 * checked whenever a new session starts (no timers to stop at shutdown). A flood of `initialize`
 * never pushes out a session in use: at the cap only a session quiet for a few minutes makes
 * room, and when none is, the new session is refused with 503 and Retry-After.
 */
import {
  isInitializeRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { jsonRpcError } from "../../http/responses.ts";
import { log as defaultLog } from "../../log.ts";

/** A session used this recently is never closed to make room for a new one. */
export const SESSION_ACTIVE_MS = 5 * 60_000;

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
}

/** Limits of the session table. */
export interface SessionLimits {
  /** Open sessions kept; past it the least recently used one is closed if it is quiet, else 503. */
  maxSessions: number;
  /** A session unused this long is closed when the next one starts. */
  idleMs: number;
  /** A session used within this is never closed to make room ({@link SESSION_ACTIVE_MS}). */
  activeMs?: number;
  /** Body limit the transport enforces itself (the app checks it first). */
  maxBody: number;
  /** Written before each session id ("a." for replica a), so a balancer can route sessions back. */
  idPrefix?: string;
  /** Clock, for tests. */
  now?: () => number;
  log?: (line: string) => void;
}

/** The session table and the request router in front of it. */
export class SessionRouter {
  readonly #sessions = new Map<string, Session>();
  readonly #build: (sessionId: string) => McpServer;
  readonly #limits: SessionLimits;
  readonly #now: () => number;
  readonly #activeMs: number;
  readonly #log: (line: string) => void;
  /** Handshakes under way: they hold a place in the table before their session is in it. */
  #starting = 0;
  /** Whether the last new session was refused (the refusal is logged once per burst). */
  #refusing = false;

  /** `build` makes the server of a new session, given the id its client will send. */
  constructor(build: (sessionId: string) => McpServer, limits: SessionLimits) {
    this.#build = build;
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
    this.#activeMs = limits.activeMs ?? SESSION_ACTIVE_MS;
    this.#log = limits.log ?? defaultLog;
  }

  /** Open sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  /** Serves one request of a 2025-era client; `body` is the parsed POST body. */
  handle(request: Request, body: unknown): Promise<Response> {
    const id = request.headers.get("mcp-session-id");
    if (id !== null) return this.#resume(id, request, body);
    if (request.method === "POST" && isInitializeRequest(body)) return this.#start(request, body);
    return Promise.resolve(jsonRpcError(
      400,
      -32000,
      "Bad Request: send initialize first, or the Mcp-Session-Id header of an open session",
    ));
  }

  /** Closes every session (shutdown). */
  async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((s) => s.server.close()));
  }

  #resume(id: string, request: Request, body: unknown): Promise<Response> {
    const session = this.#sessions.get(id);
    if (!session) {
      return Promise.resolve(jsonRpcError(
        404,
        -32001,
        "Session not found: it ended or expired; send initialize without Mcp-Session-Id to start a new one",
      ));
    }
    this.#sessions.delete(id); // re-insert: Map order is least to most recently used
    session.lastUsed = this.#now();
    this.#sessions.set(id, session);
    return session.transport.handleRequest(request, { parsedBody: body });
  }

  async #start(request: Request, body: unknown): Promise<Response> {
    const room = this.#makeRoom();
    if (room instanceof Response) return room;
    this.#starting++;
    try {
      await Promise.allSettled(room.map((s) => s.server.close()));
      return await this.#handshake(request, body);
    } finally {
      this.#starting--;
    }
  }

  async #handshake(request: Request, body: unknown): Promise<Response> {
    // Known before the server, which scopes its card store by it.
    const sessionId = (this.#limits.idPrefix ?? "") + crypto.randomUUID();
    const server = this.#build(sessionId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      enableJsonResponse: true,
      maxRequestBodySize: this.#limits.maxBody,
      onsessioninitialized: (id) => {
        this.#sessions.set(id, { server, transport, lastUsed: this.#now() });
      },
      onsessionclosed: (id) => {
        this.#sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (transport.sessionId === undefined) await server.close(); // the handshake failed
    return response;
  }

  /**
   * Takes out of the table (synchronously, so concurrent handshakes see the same count) the
   * sessions idle past the limit, then, while the table is full, the least recently used one if
   * it has been quiet for `activeMs`; returns those to close. When the table is full of sessions
   * in use, returns the 503 instead.
   */
  #makeRoom(): Session[] | Response {
    const now = this.#now();
    const closing: Session[] = [];
    for (const [id, session] of this.#sessions) { // least recently used first
      const full = this.#sessions.size + this.#starting >= this.#limits.maxSessions;
      const quiet = now - session.lastUsed;
      if (quiet <= this.#limits.idleMs && !(full && quiet >= this.#activeMs)) break;
      this.#sessions.delete(id);
      closing.push(session);
    }
    if (this.#sessions.size + this.#starting < this.#limits.maxSessions) {
      this.#refusing = false;
      return closing;
    }
    const oldest = this.#sessions.values().next().value;
    const waitMs = oldest ? oldest.lastUsed + this.#activeMs - now : 1_000;
    return this.#refuse(Math.max(1, Math.ceil(waitMs / 1_000)), closing);
  }

  #refuse(retryAfterSeconds: number, closing: Session[]): Response {
    void Promise.allSettled(closing.map((s) => s.server.close()));
    const max = this.#limits.maxSessions;
    const open = `${max} session${max === 1 ? " is" : "s are"} open`;
    const minutes = Math.round(this.#activeMs / 60_000);
    if (!this.#refusing) {
      this.#log(
        `HTTP: ${open} (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), each used in the last ${minutes} minutes: new sessions get 503 until one is quiet`,
      );
    }
    this.#refusing = true;
    return jsonRpcError(
      503,
      -32000,
      `Service Unavailable: ${open}, the most this server keeps (MCP_CHAT_CARDS_HTTP_MAX_SESSIONS), and each was used in the last ${minutes} minutes; retry in ${retryAfterSeconds} seconds`,
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}
