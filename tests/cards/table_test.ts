import {
  deepStrictEqual as assertDeep,
  strictEqual as assertEquals,
  throws as assertThrows,
} from "node:assert/strict";
import { isIsoDate, MAX_CELL_CHARS, MAX_COLUMNS, numericColumns, toModel } from "../../src/cards/table.ts";
import {
  DELIMITERS,
  detectDelimiter,
  lineWidth,
  parseRows,
  rowLines,
  shapeWarning,
  splitQuoted,
} from "../../src/render/delimited.ts";

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

Deno.test("rowLines drops blank lines and markdown rule lines, and parseRows splits the rest", () => {
  const { rows, delimiter } = parseRows(rowLines("\n| a | b |\n|---|:-:|\n\n| 1 | 2 |\n"));
  assertEquals(delimiter, "pipe");
  assertDeep(rows, [["a", "b"], ["1", "2"]]);
});

Deno.test("toModel balances ragged rows and takes headers from raw text", () => {
  const model = toModel({ title: "t", rawText: "h1,h2,h3\n1\n1,2,3,4" });
  assertDeep(model.headers, ["h1", "h2", "h3", ""]);
  assertDeep(model.rows, [["1", "", "", ""], ["1", "2", "3", "4"]]);
});

Deno.test("toModel takes raw text up to the row limit under a heading, blank lines and rules left out", () => {
  // 10,001 row lines (a heading and 10,000 rows), with blank lines and a rule that do not count.
  const text = "h\n|---|\n\n" + "a\n\n".repeat(10_000);
  const model = toModel({ title: "t", rawText: text, firstRowIsHeader: true });
  assertDeep([model.headers, model.rows.length], [["h"], 10_000]);
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

Deno.test("lineWidth counts the cells parseRows makes of a line, on every delimiter, quotes and escapes included", () => {
  const lines = [
    "a",
    "",
    "a,b;c|d\te  f",
    `"a, b";"c;d" , "e|f" | g\\|h`,
    `| one | two \\| three |`,
    `  "quoted ""twice"", then",x,"open`,
    "a\t\tb  c   d",
    "|".repeat(60),
    ",".repeat(60),
  ];
  for (const line of lines) {
    for (const delimiter of DELIMITERS) {
      const cells = parseRows({ lines: [line], lineNumbers: [1] }, delimiter).rows[0];
      assertEquals(lineWidth(line, delimiter), cells.length, `${delimiter}: ${JSON.stringify(line)}`);
    }
  }
});

Deno.test("raw text over the column limit is refused before any cell is built: N columns pass, N+1 are refused first", () => {
  const columns = (n: number, delimiter = ",") =>
    Array.from({ length: n }, (_, i) => `c${i}`).join(delimiter);
  for (const delimiter of [",", "\t", ";", "|"]) {
    assertEquals(
      toModel({ title: "t", rawText: columns(MAX_COLUMNS, delimiter) }).headers.length,
      MAX_COLUMNS,
    );
    assertThrows(
      () => toModel({ title: "t", rawText: columns(MAX_COLUMNS + 1, delimiter) }),
      { message: `Invalid "rawText": ${MAX_COLUMNS + 1} columns, the limit is ${MAX_COLUMNS}` },
    );
  }
  // a cell over the cell limit on the too-wide line: the width is refused first, before the cells exist
  const longCell = `${"x".repeat(MAX_CELL_CHARS + 1)},${columns(MAX_COLUMNS)}`;
  assertThrows(
    () => toModel({ title: "t", rawText: longCell }),
    { message: `Invalid "rawText": ${MAX_COLUMNS + 1} columns, the limit is ${MAX_COLUMNS}` },
  );
  // within the width, the long cell is what is refused
  assertThrows(
    () => toModel({ title: "t", rawText: `${"x".repeat(MAX_CELL_CHARS + 1)},b` }),
    { message: /line 1, column 1 is 2001 characters, the limit is 2000/ },
  );
});

Deno.test("numericColumns: every cell a number, currency or percentage, or a missing value", () => {
  const model = toModel({
    title: "t",
    headers: ["a", "b", "c", "d", "e", "f"],
    rows: [["1,234.5", "$3.4e12", "−0.1%", "12", "x", "$1"], ["", "€7", "2 %", "n/a", "1", "n/a."]],
  });
  assertDeep(numericColumns(model), [true, true, true, true, false, false]);
  assertDeep(numericColumns(toModel({ title: "t", rows: [[""], [""]] })), [false]);
  // Each way of saying "missing" keeps a price column numeric; only missing values make no number column.
  const missing = ["", " ", "-", "--", "—", "–", "−", "n/a", "N/A", "na", "NA"];
  assertDeep(
    missing.map((m) => numericColumns(toModel({ title: "t", rows: [["$1,450"], [m], ["$900"]] }))[0]),
    missing.map(() => true),
  );
  assertDeep(numericColumns(toModel({ title: "t", rows: [["—"], ["n/a"]] })), [false]);
  for (const word of ["none", "unknown", "-5-", "n.a", "?"]) {
    assertDeep(numericColumns(toModel({ title: "t", rows: [["$1"], [word]] })), [false], word);
  }
});

Deno.test("isIsoDate: ISO dates and times the view can format, real calendar days only", () => {
  const dates = [
    "2024-03-05",
    "2024-02-29",
    "2024-03-05T22:30",
    "2024-03-05 09:15:00",
    "2024-03-05T22:30:00.250Z",
  ];
  const times = ["2024-03-05T22:30:00+14:00", "2024-03-05T22:30-05:30"];
  for (const text of [...dates, ...times]) assertEquals(isIsoDate(text), true, text);
  const not = [
    "2023-02-29", // not a leap year
    "2024-04-31",
    "2024-13-01",
    "2024-03-05T24:00",
    "2024-03-05T22:30:00+0100", // an offset without its colon
    "2024-03-05T22:30:00.1234Z", // more than milliseconds
    "2024-03-05T22:30+15:00",
    "05/03/2024",
    " 2024-03-05",
    "20240305",
  ];
  for (const text of not) assertEquals(isIsoDate(text), false, text);
});

Deno.test("shapeWarning names the odd lines, runs of them, and the delimiter", () => {
  const warn = (text: string, forced?: "semicolon") =>
    shapeWarning(parseRows(rowLines(text), forced), forced !== undefined);
  assertEquals(warn("a,b,c,d\n1,2,3,4\n4;5;6"), "line 3 has 1 cell, expected 4; delimiter detected: comma");
  assertEquals(warn("a\tb\n1\n2\n3\tx"), "lines 2–3 have 1 cell, expected 2; delimiter detected: tab");
  assertEquals(warn("x;y\n1,2", "semicolon"), "line 2 has 1 cell, expected 2; delimiter given: semicolon");
  assertEquals(
    warn("name,age;city|country"),
    "every line also contains comma and semicolon characters; delimiter detected: pipe",
  );
  assertEquals(warn("a,b\n1,2"), undefined);
});

Deno.test("a lone column is data unless firstRowIsHeader says otherwise", () => {
  assertDeep(toModel({ title: "t", rawText: "apple\nbanana" }), {
    headers: [],
    rows: [["apple"], ["banana"]],
    delimiter: "spaces",
    warning: undefined,
  });
  assertDeep(toModel({ title: "t", rawText: "Fruit\napple", firstRowIsHeader: true }).headers, ["Fruit"]);
});
