/**
 * The rendered cards kept so a host without MCP Apps can read each one as a standalone document
 * at ui://mcp-chat-cards/html/<id>. One small async interface, so the store may live in this
 * process (the default: a small LRU, reading a card refreshes it) or elsewhere (Redis, shared by
 * replicas; see redis_store.ts).
 */

/** One stored card. */
export interface StoredCard {
  id: string;
  kind: string;
  title: string;
  articleHtml: string;
}

/** A card as `resources/list` shows it. */
export interface CardListing {
  id: string;
  title: string;
}

/** Where cards are kept. Every method may be backed by the network, so every one is async. */
export interface CardStorage {
  /** Stores a card. Rejects with {@link StoreUnavailableError} when the backend cannot be reached. */
  put(card: StoredCard): Promise<void>;
  /** A stored card (marked recently used), undefined when never stored, evicted or expired. */
  get(id: string): Promise<StoredCard | undefined>;
  /** The cards a client may list, most recent first (empty where ids are capabilities). */
  list(): Promise<CardListing[]>;
  /** Why a card may be gone, for the not-found error: "only the last 24 cards are kept". */
  readonly retention: string;
}

/**
 * The backend cannot be reached right now (Redis down or too slow). Retryable: the store
 * reconnects on its own.
 */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/** Cards kept per session (and for the stdio connection). */
export const SESSION_CARD_CAPACITY = 24;

/** Least-recently-used store of rendered cards in this process. */
export class CardStore implements CardStorage {
  #cards = new Map<string, StoredCard>();
  constructor(readonly capacity = SESSION_CARD_CAPACITY) {}

  get retention(): string {
    return `only the last ${this.capacity} cards are kept`;
  }

  /** Adds a card, evicting the least recently used one past capacity. */
  put(card: StoredCard): Promise<void> {
    this.putNow(card);
    return Promise.resolve();
  }

  get(id: string): Promise<StoredCard | undefined> {
    return Promise.resolve(this.getNow(id));
  }

  list(): Promise<CardListing[]> {
    return Promise.resolve([...this.#cards.values()].reverse().map(({ id, title }) => ({ id, title })));
  }

  /** {@link put} without the promise, for subclasses. */
  protected putNow(card: StoredCard): void {
    this.#cards.delete(card.id);
    this.#cards.set(card.id, card);
    while (this.#cards.size > this.capacity) {
      this.#cards.delete(this.#cards.keys().next().value!);
    }
  }

  /** {@link get} without the promise, for subclasses. */
  protected getNow(id: string): StoredCard | undefined {
    const card = this.#cards.get(id);
    if (card) {
      this.#cards.delete(id);
      this.#cards.set(id, card);
    }
    return card;
  }

  /** Whether a card is still held, without refreshing it. */
  protected holds(id: string): boolean {
    return this.#cards.has(id);
  }
}
