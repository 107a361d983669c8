import { strictEqual as assertEquals } from "node:assert/strict";
import { htmlToText, withinBudget } from "../../src/render/summary.ts";

Deno.test("withinBudget keeps what fits and says what it left out, within the budget", () => {
  const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`);
  const text = withinBudget(["head"], lines, (n) => `(${n} more)`, 40);
  assertEquals(text, "head\nline 0\nline 1\nline 2\n(7 more)");
  assertEquals(text.length <= 40, true);
  assertEquals(withinBudget(["h"], ["a", "b"], (n) => `(${n})`, 100), "h\na\nb");
});

Deno.test("htmlToText reads sanitized markup as a reader sees it", () => {
  assertEquals(
    htmlToText(
      "<p>The answer is <strong>42</strong> &amp; more.</p><ul><li>one</li><li>two &#x1F600;</li></ul>",
    ),
    "The answer is 42 & more.\none\ntwo 😀",
  );
  assertEquals(htmlToText("<table><tr><th>a</th><td>b</td></tr></table>"), "a  b");
});
