/**
 * The limits behind issue 21's chat-width fixes, through a real client at N and N+1: a document of 24
 * shown lines opens whole and one of 25 does not (a long line counts once per 70 characters); row
 * names of 20 characters keep to one line and one of 21 may wrap; a tour's tabs drop a folder only
 * when every file shares it.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { SHORT_DOCUMENT_LINES, shownLines } from "../../src/cards/markdown.ts";
import { connect, textOf } from "../helpers.ts";

async function article(tool: string, args: Record<string, unknown>): Promise<string> {
  await using client = await connect();
  const r = await client.callTool({ name: tool, arguments: args });
  assertEquals(r.isError, undefined, textOf(r));
  return (r.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
}

/** Which sections of a document card start open. */
const openSections = (html: string) =>
  [...html.matchAll(/<details class="mcc-reveal mcc-md-section"( open)?>/g)].map((m) => m[1] === " open");

/** A document of three sections and `lines` shown lines in all. */
function documentOf(lines: number): string {
  const body = Array.from({ length: lines - 3 }, (_, i) => `Line ${i + 1}.`);
  const third = Math.ceil(body.length / 3);
  return [0, 1, 2].map((s) => [`## Part ${s + 1}`, "", ...body.slice(s * third, (s + 1) * third)].join("\n"))
    .join("\n\n");
}

Deno.test("a document opens whole at 24 shown lines, its first section only at 25", async () => {
  assertEquals(SHORT_DOCUMENT_LINES, 24);
  assertEquals(shownLines(documentOf(24)), 24);
  assertDeep(openSections(await article("create_markdown_card", { markdown: documentOf(24) })), [
    true,
    true,
    true,
  ]);
  assertDeep(openSections(await article("create_markdown_card", { markdown: documentOf(25) })), [
    true,
    false,
    false,
  ]);
  // Blank lines take no line; a line of 70 characters is one, of 71 two.
  assertEquals(shownLines(`a\n\n  \n${"x".repeat(70)}`), 2);
  assertEquals(shownLines(`a\n\n  \n${"x".repeat(71)}`), 3);
});

Deno.test("row names of 20 characters keep to one line; one of 21 lets the column wrap", async () => {
  const table = (name: string) =>
    article("create_table_card", {
      title: "t",
      headers: ["Name", "Price"],
      rows: [[name, "$1"], ["b", "—"]],
    });
  const classOf = (html: string) => /<table class="([^"]+)">/.exec(html)?.[1];
  assertEquals(classOf(await table("c".repeat(20))), "mcc-table mcc-keys");
  assertEquals(classOf(await table("c".repeat(21))), "mcc-table");
  // The price column has a dash for its missing value and still reads as numbers.
  assertEquals((await table("x")).includes('<th scope="col" class="mcc-num">Price</th>'), true);
});

Deno.test("a tour's tabs drop the folder every file shares, and only that one", async () => {
  const tabs = async (paths: string[]) =>
    [...(await article("create_code_tour_card", {
      title: "t",
      files: paths.map((path) => ({ path, content: "x\n" })),
    })).matchAll(/data-mcc-path="([^"]+)"(?: data-mcc-tab="([^"]+)")?/g)].map((m) => [m[1], m[2]]);
  assertDeep(await tabs(["app/a.ts", "app/src/b.ts"]), [["app/a.ts", "a.ts"], ["app/src/b.ts", "src/b.ts"]]);
  assertDeep(await tabs(["app/a.ts", "lib/b.ts"]), [["app/a.ts", undefined], ["lib/b.ts", undefined]]);
  assertDeep(await tabs(["a.ts", "app/b.ts"]), [["a.ts", undefined], ["app/b.ts", undefined]]);
});
