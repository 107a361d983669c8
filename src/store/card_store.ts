/**
 * The rendered cards kept so a host without MCP Apps can read each one as a standalone document
 * at ui://mcp-chat-cards/html/<id>. One small async interface, so the store may live in this
 * process (the default: a small LRU, reading a card refreshes it) or elsewhere (Redis, shared by
 * replicas; see redis_store.ts).
 */

/** One stored card, or one part of a card split into parts. */
export interface StoredCard {
  id: string;
  kind: string;
  title: string;
  articleHtml: string;
  /** The tool that rendered it (get_card names it again). */
  tool?: string;
  /** This part's number and the card's part count, for a card split into parts. */
  part?: number;
  total?: number;
}

/** A card as `resources/list` shows it. */
export interface CardListing {
  id: string;
  title: string;
}

/** Where cards are kept. Every method may be backed by the network, so every one is async. */
export interface CardStorage {
  /**
   * Stores a card: `card` is its first (or only) part and `more` the parts after it, kept and
   * evicted as one card. Rejects with {@link StoreUnavailableError} when the backend cannot be reached.
   */
  put(card: StoredCard, more?: readonly StoredCard[]): Promise<void>;
  /**
   * Part `part` (default 1) of a stored card (marked recently used), undefined when never stored,
   * evicted, expired or out of range.
   */
  get(id: string, part?: number): Promise<StoredCard | undefined>;
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

/**
 * Characters of markup one in-memory store holds at most: a card split into parts keeps every
 * part, so the card count alone would not bound memory. Past it the least recently used cards go
 * (the newest card stays, whatever its size).
 */
export const STORE_MAX_CHARS = 16_000_000;

/** Characters a card's parts hold. */
function charsOf(parts: readonly StoredCard[]): number {
  return parts.reduce((n, p) => n + p.articleHtml.length + p.title.length, 0);
}

/** Least-recently-used store of rendered cards in this process. */
export class CardStore implements CardStorage {
  #cards = new Map<string, readonly StoredCard[]>();
  #chars = 0;
  constructor(readonly capacity = SESSION_CARD_CAPACITY, readonly maxChars = STORE_MAX_CHARS) {}

  get retention(): string {
    return `only the last ${this.capacity} cards are kept`;
  }

  /** Adds a card, evicting the least recently used ones past capacity or the character bound. */
  put(card: StoredCard, more: readonly StoredCard[] = []): Promise<void> {
    this.putNow([card, ...more]);
    return Promise.resolve();
  }

  get(id: string, part = 1): Promise<StoredCard | undefined> {
    return Promise.resolve(this.getNow(id)?.[part - 1]);
  }

  list(): Promise<CardListing[]> {
    return Promise.resolve([...this.#cards.values()].reverse().map(([{ id, title }]) => ({ id, title })));
  }

  /** {@link put} without the promise, for subclasses: every part of one card. */
  protected putNow(parts: readonly StoredCard[]): void {
    const id = parts[0].id;
    this.#remove(id);
    this.#cards.set(id, parts);
    this.#chars += charsOf(parts);
    while (this.#cards.size > this.capacity || (this.#chars > this.maxChars && this.#cards.size > 1)) {
      this.#remove(this.#cards.keys().next().value!);
    }
  }

  #remove(id: string): void {
    const parts = this.#cards.get(id);
    if (!parts) return;
    this.#chars -= charsOf(parts);
    this.#cards.delete(id);
  }

  /** Every part of a card, marked recently used; {@link get} without the promise, for subclasses. */
  protected getNow(id: string): readonly StoredCard[] | undefined {
    const parts = this.#cards.get(id);
    if (parts) {
      this.#cards.delete(id);
      this.#cards.set(id, parts);
    }
    return parts;
  }

  /** Whether a card is still held, without refreshing it. */
  protected holds(id: string): boolean {
    return this.#cards.has(id);
  }
}
