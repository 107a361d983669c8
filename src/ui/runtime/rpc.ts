/**
 * JSON-RPC 2.0 over postMessage with the parent window: requests with promised replies,
 * notifications both ways, and requests from the host answered by a handler. Only messages from
 * the parent are read; the view cannot know the host's origin (a sandbox proxy relays), so it
 * posts to "*" as the spec expects.
 */
import { trace } from "./debug.ts";

type Json = Record<string, unknown>;

/** A JSON-RPC error reply, surfaced as an exception. */
export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** Handles what the host sends unprompted; a request handler's return value is the reply. */
export interface RpcHandlers {
  notification(method: string, params: Json): void;
  request(method: string, params: Json): Json | Promise<Json>;
}

/** One JSON-RPC peer: the parent window. */
export interface Rpc {
  request(method: string, params: Json, timeoutMs?: number): Promise<Json>;
  notify(method: string, params: Json): void;
}

/** Starts listening to the parent window and returns the way to talk back. */
export function connectRpc(handlers: RpcHandlers): Rpc {
  const parent = globalThis.parent;
  const pending = new Map<number, { resolve: (r: Json) => void; reject: (e: Error) => void }>();
  let nextId = 1;

  const post = (message: Json) => {
    const framed = { jsonrpc: "2.0", ...message };
    parent.postMessage(framed, "*");
    trace("tx", framed);
  };

  const answer = async (id: unknown, method: string, params: Json) => {
    try {
      post({ id, result: await handlers.request(method, params) });
    } catch (error) {
      const code = error instanceof RpcError ? error.code : -32603;
      post({ id, error: { code, message: error instanceof Error ? error.message : String(error) } });
    }
  };

  addEventListener("message", (event: MessageEvent) => {
    const msg = event.data as Json | null;
    if (event.source !== parent || !msg || msg.jsonrpc !== "2.0") return;
    trace("rx", msg);
    const params = (msg.params ?? {}) as Json;
    if (typeof msg.method === "string") {
      if (msg.id === undefined) handlers.notification(msg.method, params);
      else answer(msg.id, msg.method, params);
      return;
    }
    const waiter = pending.get(msg.id as number);
    if (!waiter) return;
    pending.delete(msg.id as number);
    const error = msg.error as { code?: number; message?: string } | undefined;
    if (error) waiter.reject(new RpcError(error.code ?? -32603, error.message ?? "Unknown error"));
    else waiter.resolve((msg.result ?? {}) as Json);
  });

  return {
    request(method, params, timeoutMs) {
      const id = nextId++;
      return new Promise<Json>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (timeoutMs) {
          setTimeout(() => {
            if (pending.delete(id)) reject(new RpcError(-32001, `${method} timed out after ${timeoutMs} ms`));
          }, timeoutMs);
        }
        post({ id, method, params });
      });
    },
    notify(method, params) {
      post({ method, params });
    },
  };
}
