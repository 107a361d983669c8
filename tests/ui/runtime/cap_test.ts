/// <reference lib="dom" />
/** `cap` cuts text to a UTF-16 budget on a grapheme boundary, with an ellipsis. */
import { strictEqual as assertEquals } from "node:assert/strict";
import { cap } from "../../../src/ui/runtime/dom.ts";

Deno.test("cap keeps short text and cuts long text to max units, ellipsis included", () => {
  assertEquals(cap("abc", 3), "abc");
  assertEquals(cap("abcd", 3), "ab…");
  assertEquals(cap("x".repeat(600), 500), "x".repeat(499) + "…");
});

Deno.test("cap never splits a surrogate pair, a flag or a ZWJ sequence", () => {
  assertEquals(cap("ab😀cd", 4), "ab…"); // "ab" + half an emoji would be 3 units
  assertEquals(cap("a😀cd", 4), "a😀…");
  assertEquals(cap("a🇯🇵bc", 5), "a…"); // the flag is 4 units: whole or not at all
  assertEquals(cap("a👩‍👩‍👧z", 9), "a…");
  assertEquals(cap("e\u0301e\u0301e\u0301", 4), "e\u0301…"); // a combining accent stays on its letter
});
