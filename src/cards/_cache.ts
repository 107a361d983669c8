/**
 * A small memory of recent renders, so that asking for part 2, 3, ... of the same input re-packs a
 * finished render instead of reading, unpacking, highlighting and parsing it all again. Keys are
 * SHA-256 digests of everything the render depends on (file bytes included), never paths alone,
 * so an edited file is rendered afresh.
 */
import type { CardOutput } from "../output/result.ts";

/** Renders kept per card kind. */
const KEEP = 8;

/** A least-recently-used map of render digests to outputs. */
export class RecentRenders {
  #entries = new Map<string, CardOutput>();

  get(key: string): CardOutput | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, output: CardOutput): void {
    this.#entries.delete(key);
    this.#entries.set(key, output);
    while (this.#entries.size > KEEP) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** How many renders are held (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}

const encoder = new TextEncoder();

/** SHA-256 (hex) over the parts, each length-prefixed so that no two inputs collide by concatenation. */
export async function digest(parts: readonly (string | Uint8Array | undefined)[]): Promise<string> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const bytes = part === undefined
      ? new Uint8Array(0)
      : typeof part === "string"
      ? encoder.encode(part)
      : part;
    chunks.push(
      encoder.encode(`${part === undefined ? "u" : typeof part === "string" ? "s" : "b"}${bytes.length}:`),
      bytes,
    );
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) all.set(c, at), at += c.length;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
}
