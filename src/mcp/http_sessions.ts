/**
 * Sessions for 2025-era clients (the `initialize` handshake every deployed host still uses): one
 * server, one card store and one Streamable HTTP transport per session, so a card rendered in one
 * session can never be read from another. Idle sessions are dropped and the count is capped,
 * checked whenever a new session starts (no timers to stop at shutdown).
 */
import {
  isInitializeRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { jsonRpcError } from "../http/responses.ts";

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
}

/** Limits of the session table. */
export interface SessionLimits {
  /** Open sessions kept; past it the least recently used one is closed. */
  maxSessions: number;
  /** A session unused this long is closed when the next one starts. */
  idleMs: number;
  /** Body limit the transport enforces itself (the app checks it first). */
  maxBody: number;
  /** Written before each session id ("a." for replica a), so a balancer can route sessions back. */
  idPrefix?: string;
  /** Clock, for tests. */
  now?: () => number;
}

/** The session table and the request router in front of it. */
export class SessionRouter {
  readonly #sessions = new Map<string, Session>();
  readonly #build: (sessionId: string) => McpServer;
  readonly #limits: SessionLimits;
  readonly #now: () => number;

  /** `build` makes the server of a new session, given the id its client will send. */
  constructor(build: (sessionId: string) => McpServer, limits: SessionLimits) {
    this.#build = build;
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
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
    await this.#makeRoom();
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

  /** Drops idle sessions, then the least recently used ones while the table is full. */
  async #makeRoom(): Promise<void> {
    const cutoff = this.#now() - this.#limits.idleMs;
    const closing: Session[] = [];
    for (const [id, session] of this.#sessions) {
      if (session.lastUsed > cutoff && this.#sessions.size < this.#limits.maxSessions) break;
      this.#sessions.delete(id);
      closing.push(session);
    }
    await Promise.allSettled(closing.map((s) => s.server.close()));
  }
}
