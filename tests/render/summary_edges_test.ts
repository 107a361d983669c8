/**
 * The summary helpers (src/render/summary.ts) at their edges: each character reference form and
 * its bounds, each named entity, a line that fills the budget exactly and one over, the brief at
 * its limit, a content field's brief at 300 and 301 characters, and plurals of 0, 1 and 2.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { brief, contentSummary, htmlToText, plural, withinBudget } from "../../src/render/summary.ts";

Deno.test("htmlToText decodes decimal and hex references of either case, within Unicode, once", () => {
  assertEquals(htmlToText("&#65;&#x42;&#X43;&#x1F600;&#x10FFFF;"), "ABC😀\u{10ffff}");
  assertEquals(htmlToText("&#0;&#x0;&#x110000;&#1114112;"), "&#0;&#x0;&#x110000;&#1114112;");
  assertEquals(htmlToText("&#1;"), "\u0001");
  assertEquals(htmlToText("&amp;lt;"), "&lt;");
});

Deno.test("htmlToText decodes each named entity it knows, of any case, and leaves others as written", () => {
  assertEquals(htmlToText("&amp;&lt;&gt;&quot;&apos;a&nbsp;b"), `&<>"'a b`);
  assertEquals(htmlToText("&AMP;&Lt;"), "&<");
  assertEquals(htmlToText("&copy;&hellip;"), "&copy;&hellip;");
});

Deno.test("withinBudget: lines that fill the budget exactly all stay; one character more leaves the last out", () => {
  const note = (n: number) => `(${n} more)`;
  // head "h" + "\n" = 2; each line of 9 characters + "\n" = 10; the last line needs no room for the note.
  const lines = ["aaaaaaaaa", "bbbbbbbbb"];
  assertEquals(withinBudget(["h"], lines, note, 22), "h\naaaaaaaaa\nbbbbbbbbb");
  assertEquals(withinBudget(["h"], lines, note, 21), "h\naaaaaaaaa\n(1 more)");
  assertEquals(withinBudget(["h"], [], note, 0), "h");
});

Deno.test("brief and contentSummary: whole at the limit, cut to limit - 1 and an ellipsis past it", () => {
  assertEquals(brief("a".repeat(80)), "a".repeat(80));
  assertEquals(brief("a".repeat(81)), "a".repeat(79) + "…");
  assertEquals(contentSummary({ text: "t".repeat(300) }), "t".repeat(300));
  assertEquals(contentSummary({ text: "t".repeat(301) }), "t".repeat(299) + "…");
  assertEquals(contentSummary({ code: "c".repeat(301) }), `code (text): ${"c".repeat(299)}…`);
});

Deno.test("plural: 0 and 2 take the plural, 1 the singular", () => {
  assertDeep([0, 1, 2].map((n) => plural(n, "row")), ["0 rows", "1 row", "2 rows"]);
  assertEquals(plural(1, "entry", "entries"), "1 entry");
  assertEquals(plural(3, "entry", "entries"), "3 entries");
});
