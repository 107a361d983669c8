import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { clip, textWidth, truncate, wrap } from "../../../src/render/svg/text.ts";

Deno.test("width estimates tell narrow, wide and full-width text apart", () => {
  assertEquals(textWidth("", 12), 0);
  assertEquals(textWidth("ill", 10) < textWidth("mmm", 10), true);
  assertEquals(textWidth("日本語", 12), 36);
  assertEquals(textWidth("e\u0301", 10), textWidth("e", 10)); // a combining accent adds nothing
});

Deno.test("truncate cuts on code points and never splits a surrogate pair", () => {
  assertEquals(truncate("short", 100, 12), "short");
  assertEquals(truncate("A very long language name", 60, 12), "A very lo…");
  const emoji = truncate("😀😀😀😀😀😀", 40, 12);
  assertEquals(emoji, "😀😀…");
  assertEquals(/[\ud800-\udbff](?![\udc00-\udfff])/.test(emoji), false);
});

Deno.test("wrap fills two lines at spaces and truncates the rest", () => {
  assertEquals(wrap("Northern Europe", 60, 12), ["Northern", "Europe"]);
  assertEquals(wrap("one two three four five six seven", 40, 12), ["one", "two t…"]);
  assertEquals(wrap("Supercalifragilistic", 40, 12), ["Super…"]);
});

Deno.test("clip flattens whitespace and keeps surrogate pairs whole", () => {
  assertEquals(clip("a\n  b", 10), "a b");
  assertEquals(clip("x😀😀😀", 3), "x😀…");
});
