/**
 * Code that makes prism's grammars backtrack, through the card tools that highlight it (a code
 * tour's source file and a document's fenced block): the work must grow linearly with the code.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { connect, textOf } from "../helpers.ts";
import { assertScalesLinearly } from "./probe.ts";

// Unclosed constructs whose patterns each scan to the end of the text from every start.
const HOSTILE_CODE: [string, string, string][] = [
  ["csharp", "cs", '$@"{'],
  ["javascript", "js", "`${"],
  ["rust", "rs", 'r#"'],
  ["bash", "sh", "<<EOF\n$("],
];

Deno.test("adversarial: highlighting hostile code takes linear time in tours and document fences", async () => {
  await using client = await connect();
  let n = 0; // a new title each call: the render cache must not answer
  for (const [language, ext, unit] of HOSTILE_CODE) {
    await assertScalesLinearly(`highlight ${language}`, async (scale) => {
      const code = unit.repeat(Math.ceil((4_000 * scale) / unit.length));
      const tour = await client.callTool({
        name: "create_code_tour_card",
        arguments: { title: `Tour ${++n}`, files: [{ path: `src/main.${ext}`, content: code }] },
      });
      assertEquals(tour.isError, undefined, textOf(tour));
      const doc = await client.callTool({
        name: "create_markdown_card",
        arguments: { title: `Doc ${++n}`, markdown: "~~~" + ext + "\n" + code + "\n~~~\n" },
      });
      assertEquals(doc.isError, undefined, textOf(doc));
    });
  }
});
