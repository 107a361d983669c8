/**
 * The card stores: a least-recently-used store of the last cards (reading one refreshes it), and
 * the stateless HTTP store whose cards also expire after ten minutes and are never listed.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ExpiringCardStore, STATELESS_CARD_TTL_MS, ttlText } from "../../src/store/expiring_store.ts";
import { CardStore } from "../../src/store/card_store.ts";
import { memoryStores } from "../../src/store/stores.ts";

const card = (id: string) => ({
  id,
  kind: "table",
  title: `Title ${id}`,
  articleHtml: "<article></article>",
});

const ids = async (store: CardStore) => (await store.list()).map((c) => c.id);

Deno.test("card store: keeps the last 24 cards by default", async () => {
  const store = new CardStore();
  for (let i = 1; i <= 25; i++) await store.put(card(`c${i}`));
  assertEquals(await store.get("c1"), undefined);
  assertEquals((await store.get("c2"))?.id, "c2");
  assertEquals((await ids(store)).length, 24);
  assertEquals(store.retention, "only the last 24 cards are kept");
});

Deno.test("card store: reading a card makes it the most recently used, so the next put evicts another", async () => {
  const store = new CardStore(2);
  await store.put(card("a"));
  await store.put(card("b"));
  assertEquals((await store.get("a"))?.id, "a"); // a is now fresher than b
  await store.put(card("c"));
  assertEquals(await store.get("b"), undefined, "b was least recently used and must be the one evicted");
  assertEquals((await store.get("a"))?.title, "Title a");
  assertEquals((await store.get("c"))?.title, "Title c");
});

Deno.test("card store: listing reads without refreshing; it runs from most to least recent", async () => {
  const store = new CardStore(2);
  await store.put(card("a"));
  await store.put(card("b"));
  assertDeep(await store.list(), [{ id: "b", title: "Title b" }, { id: "a", title: "Title a" }]);
  await store.put(card("c")); // listing did not refresh a: it goes
  assertDeep(await ids(store), ["c", "b"]);
  await store.put(card("b")); // putting again refreshes
  assertDeep(await ids(store), ["b", "c"]);
});

Deno.test("card store: a split card is one card: its parts are read by number and evicted together", async () => {
  const store = new CardStore(2);
  const part = (n: number) => ({ ...card("a"), articleHtml: `<article>${n}</article>`, part: n, total: 3 });
  await store.put(part(1), [part(2), part(3)]);
  await store.put(card("b"));
  assertEquals((await store.get("a", 3))?.articleHtml, "<article>3</article>"); // refreshed: b is oldest
  assertEquals(await store.get("a", 4), undefined);
  await store.put(card("c"));
  assertDeep(await ids(store), ["c", "a"]);
  await store.put(card("d"));
  assertEquals(await store.get("a", 2), undefined);
});

Deno.test("card store: past its character bound the least recently used cards go, never the newest", async () => {
  const sized = (id: string, chars: number) => ({ ...card(id), title: "", articleHtml: "x".repeat(chars) });
  const store = new CardStore(24, 1_000);
  await store.put(sized("a", 400));
  await store.put(sized("b", 400));
  await store.put(sized("c", 200)); // exactly 1,000: all stay
  assertDeep(await ids(store), ["c", "b", "a"]);
  await store.put(sized("d", 1)); // 1,001: a goes
  assertDeep(await ids(store), ["d", "c", "b"]);
  await store.put(sized("huge", 5_000)); // alone over the bound: kept, the rest goes
  assertDeep(await ids(store), ["huge"]);
  await store.put(sized("e", 10));
  assertDeep(await ids(store), ["e"]);
});

Deno.test("stateless store: a card lives exactly 10 minutes by default", async () => {
  let now = 1_000_000;
  const store = new ExpiringCardStore(undefined, undefined, () => now);
  await store.put(card("a"));
  now += 600_000; // 10 minutes, the README's lifetime
  assertEquals((await store.get("a"))?.id, "a");
  now += 1;
  assertEquals(await store.get("a"), undefined);
  assertEquals(store.retention, "only the last 256 cards are kept");
});

Deno.test("stateless store: reading refreshes recency but never the lifetime; ids are never listed", async () => {
  let now = 0;
  const store = new ExpiringCardStore(2, 1_000, () => now);
  await store.put(card("a"));
  await store.put(card("b"));
  now = 500;
  assertEquals((await store.get("a"))?.id, "a");
  await store.put(card("c")); // b is least recently used
  assertEquals(await store.get("b"), undefined);
  assertEquals((await store.get("a"))?.id, "a");
  now = 1_001; // a was born at 0: reading it at 500 did not extend its life
  assertEquals(await store.get("a"), undefined);
  assertEquals((await store.get("c"))?.id, "c");
  assertDeep(await store.list(), []);
});

Deno.test("stateless store: its lifetime in words, whole minutes or else seconds, one without a plural", () => {
  assertEquals(ttlText(STATELESS_CARD_TTL_MS), "10 minutes");
  assertDeep(
    [60_000, 120_000, 59_999, 60_001, 90_000, 1_000, 1_499, 2_000].map(ttlText),
    ["1 minute", "2 minutes", "60 seconds", "60 seconds", "90 seconds", "1 second", "1 second", "2 seconds"],
  );
});

Deno.test("memory stores: the stateless store expires and lists nothing; each session's store is its own", async () => {
  const stores = memoryStores();
  assertEquals(stores.stateless.retention, "only the last 256 cards are kept");
  await stores.stateless.put(card("s"));
  assertDeep(await stores.stateless.list(), []);
  assertEquals((await stores.stateless.get("s"))?.id, "s");
  const [a, b] = [stores.session("a"), stores.session("b")];
  await a.put(card("x"));
  assertDeep([await ids(a as CardStore), await ids(b as CardStore)], [["x"], []]);
  assertEquals(a.retention, "only the last 24 cards are kept");
});
