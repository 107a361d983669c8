/**
 * The table grid's arithmetic (src/ui/runtime/grid_order.ts, src/ui/shared/number.ts): cell values by column type, a stable
 * order with missing values last in both directions, the filter's folding, and the footer's sum.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { dateOf, fold, formatSum, keyOf, matches, order } from "../../src/ui/runtime/grid_order.ts";
import { numberOf } from "../../src/ui/shared/number.ts";

Deno.test("a cell's number: signs, currency, groups, decimals, exponents, percent; none for a missing value", () => {
  const CASES: [string, number | undefined][] = [
    ["1,200", 1200],
    ["-30", -30],
    ["\u221230", -30],
    ["+5", 5],
    ["75.5", 75.5],
    ["12.5%", 12.5],
    ["$3.4e12", 3.4e12],
    ["€1\u00a0234", 1234],
    ["1\u202f234,5", undefined], // a decimal comma is not the server's form
    ["", undefined],
    ["—", undefined],
    ["n/a", undefined],
    ["1.2.3", undefined],
    ["12 apples", undefined],
  ];
  for (const [text, expected] of CASES) assertEquals(numberOf(text), expected, text);
});

Deno.test("a cell's date: ISO dates and times, a time without an offset read as UTC", () => {
  assertEquals(dateOf("2024-02-29"), Date.UTC(2024, 1, 29));
  assertEquals(dateOf("2024-02-29 10:30"), Date.UTC(2024, 1, 29, 10, 30));
  assertEquals(dateOf("2024-02-29T10:30:00+02:00"), Date.UTC(2024, 1, 29, 8, 30));
  assertEquals(dateOf(""), undefined);
  assertEquals(dateOf("soon"), undefined);
  assertEquals(keyOf("  x ", "text"), "x");
  assertEquals(keyOf("  ", "text"), undefined);
});

const text = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" }).compare;

Deno.test("order: ascending and descending, missing last both ways, ties in source order", () => {
  const keys = [3, undefined, 1, 3, 2, undefined, 1];
  assertDeep(order(keys, 1, text), [2, 6, 4, 0, 3, 1, 5]);
  assertDeep(order(keys, -1, text), [0, 3, 4, 2, 6, 1, 5]);
  assertDeep(order(["item 10", "Item 2", "apple", "Äpfel", undefined], 1, text), [3, 2, 1, 0, 4]);
  assertDeep(order(["b", "a", "B", "A"], 1, text), [1, 3, 0, 2], "case-blind ties stay in order");
});

Deno.test("the filter ignores case, accents, vowel marks and invisible format characters", () => {
  assertEquals(fold("ÄPFEL"), "apfel");
  assertEquals(fold("مَرحبا"), "مرحبا");
  assertEquals(fold("a\u200db\u00adc"), "abc");
  const row = fold("Crème brûlée\n4.50\nParis");
  assertEquals(matches(row, "creme"), true);
  assertEquals(matches(row, "BRULEE paris"), true);
  assertEquals(matches(row, "brulee london"), false);
  assertEquals(matches(fold("مَرحبا بالعالم"), "مرحبا"), true);
});

Deno.test("a sum written like its cells", () => {
  assertEquals(formatSum(2453.5, ["1,200", "-30", "75.5"], "en-US"), "2,453.5");
  assertEquals(formatSum(0.30000000000000004, ["0.1", "0.2"], "en-US"), "0.3");
  assertEquals(formatSum(37.5, ["12.5%", "25%"], "en-US"), "37.5%");
  assertEquals(formatSum(-25, ["$5", "-$30"], "en-US"), "-$25");
  assertEquals(formatSum(35, ["$5", "30"], "en-US"), "35");
  assertEquals(formatSum(1234.5, ["1,000.5", "234"], "de-DE"), "1.234,5");
  assertEquals(formatSum(1 / 3, ["0.1234567890"], "en-US"), "0.333333");
});
