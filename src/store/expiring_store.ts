/**
 * The card store for stateless (2026-07-28, per-request) HTTP clients. They have no session to
 * scope cards to, so the card id itself is the capability: ids are random UUIDs (122 bits), cards
 * expire a few minutes after they were rendered, and the store never lists its ids.
 */
import { type CardListing, CardStore, type StoredCard } from "./card_store.ts";

/** How long a stateless card stays readable. */
export const STATELESS_CARD_TTL_MS = 10 * 60_000;

/** "10 minutes": the retention of stateless cards in words. */
export function ttlText(ttlMs: number): string {
  const [n, unit] = ttlMs % 60_000 === 0 ? [ttlMs / 60_000, "minute"] : [Math.round(ttlMs / 1000), "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A shared LRU whose cards expire and whose ids are never enumerated. */
export class ExpiringCardStore extends CardStore {
  readonly #bornAt = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(capacity = 256, ttlMs = STATELESS_CARD_TTL_MS, now: () => number = Date.now) {
    super(capacity);
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  protected override putNow(parts: readonly StoredCard[]): void {
    super.putNow(parts);
    this.#bornAt.set(parts[0].id, this.#now());
    for (const id of this.#bornAt.keys()) {
      if (!this.holds(id)) this.#bornAt.delete(id); // evicted by the LRU
    }
  }

  protected override getNow(id: string): readonly StoredCard[] | undefined {
    const born = this.#bornAt.get(id);
    if (born === undefined || this.#now() - born > this.#ttlMs) return undefined;
    return super.getNow(id);
  }

  /** Empty: listing would hand every client the other clients' card ids. */
  override list(): Promise<CardListing[]> {
    return Promise.resolve([]);
  }
}
