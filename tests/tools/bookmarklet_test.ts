import { strictEqual as assertEquals } from "node:assert/strict";
import { BOOKMARKLET_SOURCE, bookmarkletUrl } from "../../src/tools/_bookmarklet.ts";

Deno.test("the bookmark URL is the source without comments or indentation, percent-encoded once", () => {
  const url = bookmarkletUrl();
  assertEquals(url.startsWith("javascript:(()%20=%3E%20%7B%0Aif%20(window.__mccInsert)"), true);
  const code = decodeURIComponent(url.slice("javascript:".length));
  assertEquals(/[\s#"<>`]/.test(url), false);
  assertEquals(code.includes("//"), false);
  assertEquals(code.split("\n").every((line) => line === line.trim()), true);
  // Every non-comment line of the source survives, in order.
  const kept = BOOKMARKLET_SOURCE.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("//"));
  assertEquals(code, kept.join("\n"));
  // It parses as a script (a syntax error would only show when a user clicks the bookmark).
  new Function(code);
});

Deno.test("the bookmarklet stays small", () => {
  const size = bookmarkletUrl().length;
  assertEquals(size < 3_200, true, `${size} characters`);
});
