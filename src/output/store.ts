/**
 * The last rendered cards, kept so a host without MCP Apps can read each one as a standalone
 * document at ui://mcp-chat-cards/html/<id>. A small LRU: reading a card refreshes it.
 */

/** One stored card. */
export interface StoredCard {
  id: string;
  kind: string;
  title: string;
  articleHtml: string;
}

/** Least-recently-used store of rendered cards. */
export class CardStore {
  #cards = new Map<string, StoredCard>();
  constructor(readonly capacity = 24) {}

  /** Adds a card, evicting the least recently used one past capacity. */
  put(card: StoredCard): void {
    this.#cards.delete(card.id);
    this.#cards.set(card.id, card);
    while (this.#cards.size > this.capacity) {
      this.#cards.delete(this.#cards.keys().next().value!);
    }
  }

  /** Returns a card and marks it recently used, or undefined when it was never stored or evicted. */
  get(id: string): StoredCard | undefined {
    const card = this.#cards.get(id);
    if (card) {
      this.#cards.delete(id);
      this.#cards.set(id, card);
    }
    return card;
  }

  /** A card's title without refreshing it (for listings). */
  peekTitle(id: string): string | undefined {
    return this.#cards.get(id)?.title;
  }

  /** Ids from least to most recently used. */
  ids(): string[] {
    return [...this.#cards.keys()];
  }
}
