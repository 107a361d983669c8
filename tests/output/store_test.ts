/**
 * The card stores: a least-recently-used store of the last cards (reading one refreshes it), and
 * the stateless HTTP store whose cards also expire after ten minutes and are never listed.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ExpiringCardStore } from "../../src/output/expiring_store.ts";
import { CardStore } from "../../src/output/store.ts";

const card = (id: string) => ({
  id,
  kind: "table",
  title: `Title ${id}`,
  articleHtml: "<article></article>",
});

Deno.test("card store: keeps the last 24 cards by default", () => {
  const store = new CardStore();
  for (let i = 1; i <= 25; i++) store.put(card(`c${i}`));
  assertEquals(store.get("c1"), undefined);
  assertEquals(store.get("c2")?.id, "c2");
  assertEquals(store.ids().length, 24);
});

Deno.test("card store: reading a card makes it the most recently used, so the next put evicts another", () => {
  const store = new CardStore(2);
  store.put(card("a"));
  store.put(card("b"));
  assertEquals(store.get("a")?.id, "a"); // a is now fresher than b
  store.put(card("c"));
  assertEquals(store.get("b"), undefined, "b was least recently used and must be the one evicted");
  assertEquals(store.get("a")?.title, "Title a");
  assertEquals(store.get("c")?.title, "Title c");
});

Deno.test("card store: peekTitle reads without refreshing; ids run from least to most recent", () => {
  const store = new CardStore(2);
  store.put(card("a"));
  store.put(card("b"));
  assertEquals(store.peekTitle("a"), "Title a");
  assertDeep(store.ids(), ["a", "b"]);
  store.put(card("c")); // peeking did not refresh a: it goes
  assertDeep(store.ids(), ["b", "c"]);
  store.put(card("b")); // putting again refreshes
  assertDeep(store.ids(), ["c", "b"]);
});

Deno.test("stateless store: a card lives exactly 10 minutes by default", () => {
  let now = 1_000_000;
  const store = new ExpiringCardStore(undefined, undefined, () => now);
  store.put(card("a"));
  now += 600_000; // 10 minutes, the README's lifetime
  assertEquals(store.get("a")?.id, "a");
  now += 1;
  assertEquals(store.get("a"), undefined);
});

Deno.test("stateless store: reading refreshes recency but never the lifetime; ids are never listed", () => {
  let now = 0;
  const store = new ExpiringCardStore(2, 1_000, () => now);
  store.put(card("a"));
  store.put(card("b"));
  now = 500;
  assertEquals(store.get("a")?.id, "a");
  store.put(card("c")); // b is least recently used
  assertEquals(store.get("b"), undefined);
  assertEquals(store.get("a")?.id, "a");
  now = 1_001; // a was born at 0: reading it at 500 did not extend its life
  assertEquals(store.get("a"), undefined);
  assertEquals(store.get("c")?.id, "c");
  assertDeep(store.ids(), []);
});
