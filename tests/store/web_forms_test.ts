/**
 * The store of mirrored web forms (src/store/web_forms.ts) at its edges: 32 forms kept and the
 * 33rd evicting the oldest, an hour's life to the millisecond, and a form put again starting over.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { memoryStores } from "../../src/store/stores.ts";
import { type RememberedForm, WEB_FORM_TTL_MS, WebFormStore } from "../../src/store/web_forms.ts";

const form = (id: string): RememberedForm => ({
  id,
  page: `https://example.org/${id}`,
  form: { method: "get", action: "https://example.org/go", fields: [] } as unknown as RememberedForm["form"],
});

const held = async (store: WebFormStore, ids: string[]) => {
  const found = await Promise.all(ids.map((id) => store.get(id)));
  return ids.filter((_, i) => found[i] !== undefined);
};

Deno.test("web forms: 32 kept by default; the 33rd evicts the oldest; putting one again makes it the newest", async () => {
  const store = new WebFormStore();
  const ids = Array.from({ length: 33 }, (_, i) => `f${i}`);
  for (const id of ids.slice(0, 32)) await store.put(form(id));
  assertEquals((await held(store, ids)).length, 32);
  await store.put(form("f0")); // f0 is now the newest: f1 is the oldest
  await store.put(form("f32"));
  assertDeep(await held(store, ids), ids.filter((id) => id !== "f1"));
});

Deno.test("web forms: the in-memory store for stateless requests keeps 256 forms; the 257th evicts the oldest", async () => {
  const store = memoryStores().statelessForms as WebFormStore;
  const ids = Array.from({ length: 257 }, (_, i) => `s${i}`);
  for (const id of ids.slice(0, 256)) await store.put(form(id));
  assertEquals((await held(store, ids)).length, 256);
  await store.put(form("s256"));
  assertDeep(await held(store, ids), ids.slice(1));
});

Deno.test("web forms: a form lives exactly an hour after it was put, and a new put starts its hour again", async () => {
  let now = 1_000_000;
  const store = new WebFormStore(undefined, undefined, () => now);
  assertEquals(WEB_FORM_TTL_MS, 60 * 60 * 1000);
  await store.put(form("a"));
  now += WEB_FORM_TTL_MS;
  assertEquals((await store.get("a"))?.id, "a");
  await store.put(form("b"));
  now += 1;
  assertEquals(await store.get("a"), undefined);
  assertEquals((await store.get("b"))?.id, "b", "b was put an hour after a");
  await store.put(form("a"));
  now += WEB_FORM_TTL_MS;
  assertEquals((await store.get("a"))?.page, "https://example.org/a");
  assertEquals(await store.get("never"), undefined);
});
