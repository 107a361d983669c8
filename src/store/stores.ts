/**
 * The card stores a server process hands out: one per 2025-era session (and one for the stdio
 * connection), one shared by every stateless 2026-07-28 request. In memory by default; the Redis
 * backend (redis_store.ts) gives the same shape to every replica of a deployment.
 */
import { ExpiringCardStore, STATELESS_CARD_TTL_MS } from "./expiring_store.ts";
import { type CardStorage, CardStore } from "./card_store.ts";
import { type WebFormStorage, WebFormStore } from "./web_forms.ts";

/** What /healthz reports about the store. */
export interface StoreHealth {
  store: "memory" | "redis";
  reachable: boolean;
}

/** The stores of one process. */
export interface CardStores {
  /** The store of one session: its cards are listed to it and unreadable from any other. */
  session(sessionId: string): CardStorage;
  /** The store of stateless requests: ids are capabilities, cards expire, nothing is listed. */
  readonly stateless: CardStorage;
  /** The mirrored web forms of one session (the same isolation as its cards). */
  sessionForms(sessionId: string): WebFormStorage;
  /** The mirrored web forms of stateless requests: random ids, expiring like their cards. */
  readonly statelessForms: WebFormStorage;
  /** Whether the backend answers now. */
  health(): Promise<StoreHealth>;
  /** Closes the backend's connection. */
  close(): Promise<void>;
}

/** The in-memory default: a fresh LRU per session, one expiring store for stateless requests. */
export function memoryStores(): CardStores {
  const stateless = new ExpiringCardStore();
  return {
    session: () => new CardStore(),
    stateless,
    sessionForms: () => new WebFormStore(),
    statelessForms: new WebFormStore(256, STATELESS_CARD_TTL_MS), // ids are random, as card ids are
    health: () => Promise.resolve({ store: "memory", reachable: true }),
    close: () => Promise.resolve(),
  };
}
