/**
 * The store of mirrored web forms (src/output/web_forms.ts) at its edges: 32 forms kept and the
 * 33rd evicting the oldest, an hour's life to the millisecond, and a form put again starting over.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { type RememberedForm, WEB_FORM_TTL_MS, WebFormStore } from "../../src/output/web_forms.ts";

const form = (id: string): RememberedForm => ({
  id,
  page: `https://example.org/${id}`,
  form: { method: "get", action: "https://example.org/go", fields: [] } as unknown as RememberedForm["form"],
});

const held = (store: WebFormStore, ids: string[]) => ids.filter((id) => store.get(id) !== undefined);

Deno.test("web forms: 32 kept by default; the 33rd evicts the oldest; putting one again makes it the newest", () => {
  const store = new WebFormStore();
  const ids = Array.from({ length: 33 }, (_, i) => `f${i}`);
  for (const id of ids.slice(0, 32)) store.put(form(id));
  assertEquals(held(store, ids).length, 32);
  store.put(form("f0")); // f0 is now the newest: f1 is the oldest
  store.put(form("f32"));
  assertDeep(held(store, ids), ids.filter((id) => id !== "f1"));
});

Deno.test("web forms: a form lives exactly an hour after it was put, and a new put starts its hour again", () => {
  let now = 1_000_000;
  const store = new WebFormStore(undefined, undefined, () => now);
  assertEquals(WEB_FORM_TTL_MS, 60 * 60 * 1000);
  store.put(form("a"));
  now += WEB_FORM_TTL_MS;
  assertEquals(store.get("a")?.id, "a");
  store.put(form("b"));
  now += 1;
  assertEquals(store.get("a"), undefined);
  assertEquals(store.get("b")?.id, "b", "b was put an hour after a");
  store.put(form("a"));
  now += WEB_FORM_TTL_MS;
  assertEquals(store.get("a")?.page, "https://example.org/a");
  assertEquals(store.get("never"), undefined);
});
