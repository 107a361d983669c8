import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { toModel } from "../../src/cards/table.ts";
import { detectDelimiter, parseRawText, splitQuoted } from "../../src/render/delimited.ts";

Deno.test("splitQuoted honours quotes, doubled quotes and trims cells", () => {
  assertDeep(splitQuoted(`a, "b, c" ,"say ""hi""",`, ","), ["a", "b, c", `say "hi"`, ""]);
  assertDeep(splitQuoted(`x;'y;z'`, ";"), ["x", "'y", "z'"]); // only double quotes quote
  assertDeep(splitQuoted(`ab"c,d`, ","), [`ab"c`, "d"]); // a quote mid-cell is text
});

Deno.test("detectDelimiter picks the most consistent split", () => {
  const table: [string, string][] = [
    ["a\tb\tc\n1\t2\t3", "tab"],
    ["a,b\n1,2\n3,4", "comma"],
    ["a;b\n1,5;2\n3;4,5", "semicolon"],
    ["| a | b |\n| 1 | 2 |", "pipe"],
    ["name    age\nann     31\nbob     4", "spaces"],
    ["x, y; z\n1, 2; 3\n4, 5; 6", "comma"],
  ];
  for (const [text, expected] of table) {
    assertEquals(detectDelimiter(text.split("\n")), expected, JSON.stringify(text));
  }
});

Deno.test("parseRawText drops blank lines and markdown rule lines", () => {
  const { rows, delimiter } = parseRawText("\n| a | b |\n|---|:-:|\n\n| 1 | 2 |\n");
  assertEquals(delimiter, "pipe");
  assertDeep(rows, [["a", "b"], ["1", "2"]]);
});

Deno.test("toModel balances ragged rows and takes headers from raw text", () => {
  const model = toModel({ title: "t", rawText: "h1,h2,h3\n1\n1,2,3,4" });
  assertDeep(model.headers, ["h1", "h2", "h3", ""]);
  assertDeep(model.rows, [["1", "", "", ""], ["1", "2", "3", "4"]]);
});

Deno.test("toModel turns numbers, booleans and null into cell text", () => {
  assertDeep(toModel({ title: "t", rows: [[1.5, true, null, "x"]] }).rows, [["1.5", "true", "", "x"]]);
});

Deno.test("toModel refuses raw text beyond the limits, naming the field", () => {
  const wide = Array.from({ length: 51 }, (_, i) => `c${i}`).join(",");
  try {
    toModel({ title: "t", rawText: wide });
    throw new Error("not refused");
  } catch (error) {
    assertEquals((error as Error).message, `Invalid "rawText": 51 columns, the limit is 50`);
  }
});
