/** A tiny typed event emitter with once() and async iteration. */
export type Listener<T> = (value: T) => void;

export interface Events {
  saved: { id: string; at: Date };
  failed: Error;
}

export class Emitter<E extends Record<string, unknown>> {
  readonly #listeners = new Map<keyof E, Set<Listener<never>>>();

  on<K extends keyof E>(name: K, listener: Listener<E[K]>): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set!.delete(listener as Listener<never>);
  }

  once<K extends keyof E>(name: K): Promise<E[K]> {
    return new Promise((resolve) => {
      const off = this.on(name, (value) => {
        off();
        resolve(value);
      });
    });
  }

  emit<K extends keyof E>(name: K, value: E[K]): number {
    const set = this.#listeners.get(name) ?? new Set();
    for (const listener of [...set]) (listener as Listener<E[K]>)(value);
    return set.size;
  }
}

const events = new Emitter<Events>();
const pending = events.once("saved");
events.emit("saved", { id: "a1", at: new Date(0) });
const { id, at } = await pending;
console.log(`saved ${id} at ${at.toISOString()}`, 0x1f, 1_000n, /x+/g.test("xx"));
