/**
 * Red team on Download's files (issue 14): spreadsheet formula variants a hostile cell may use,
 * RFC 4180 quoting of the same, and zip entry names a hostile tour may carry (read back with
 * fflate, an independent reader).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { unzipSync } from "fflate";
import { csv, csvField, entryName, slug, zip } from "../../../src/ui/runtime/files.ts";

Deno.test("CSV: formula variants behind spaces, full-width signs and pipes get the leading quote", () => {
  const cases: [string, string][] = [
    [" =1+1", "' =1+1"],
    ["  @SUM(A1)", "'  @SUM(A1)"],
    ["\u3000=cmd", "'\u3000=cmd"],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["\uFF0Bcmd", "'\uFF0Bcmd"],
    ["\uFF0D2+3", "'\uFF0D2+3"],
    ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
    ["|calc!A0", "'|calc!A0"],
    ["\t=1", "'\t=1"],
    ["\n=1", '"\'\n=1"'],
    // quoting comes after the prefix: the quote is inside the field
    [' =HYPERLINK("x")', `"' =HYPERLINK(""x"")"`],
    // plain text and numbers stay as they are
    [" spaced ", " spaced "],
    [" 12", " 12"],
    ["-12.5", "-12.5"],
    ["a|b", "a|b"],
  ];
  assertEquals(cases.map(([v]) => csvField(v)), cases.map(([, want]) => want));
});

Deno.test("CSV: a piece after a semicolon that would run gets the leading quote too (where ; separates fields)", () => {
  const cases: [string, string][] = [
    ["x;=1+1", "x;'=1+1"],
    ['note;=HYPERLINK("http://x","y")', `"note;'=HYPERLINK(""http://x"",""y"")"`],
    ["a; @SUM(A1);+cmd", "a;' @SUM(A1);'+cmd"],
    ["a;\uFF1Dcmd", "a;'\uFF1Dcmd"],
    ["a;\t=1", "a;'\t=1"],
    ["=1;=2", "'=1;'=2"],
    // a semicolon before plain text stays as it is
    ["a;b; c", "a;b; c"],
    ["x;", "x;"],
  ];
  assertEquals(cases.map(([v]) => csvField(v)), cases.map(([, want]) => want));
  assertEquals(csv([["Name", "Note"], ["Ann", "ok;=1+1"]]), "Name,Note\r\nAnn,ok;'=1+1\r\n");
});

Deno.test("CSV: quotes, CR, LF and CRLF inside fields are quoted and doubled (RFC 4180)", () => {
  assertEquals(
    csv([['a"b', "x\r\ny", "\r", '""'], ["", ",", "\n", "é"]]),
    `"a""b","x\r\ny","'\r",""""""\r\n,",","\n",é\r\n`,
  );
});

Deno.test("zip names: drive letters, Windows-reserved characters and dot-space segments never escape", () => {
  const cases: [string, string][] = [
    ["C:\\Windows\\evil.dll", "C/Windows/evil.dll"],
    ["c:/x", "c/x"],
    ["a/.. /b", "a/b"],
    ["a/. ./b", "a/b"],
    [" ../x", "x"],
    ["file.txt:stream", "file.txtstream"],
    ['q"<>|?*.md', "q.md"],
  ];
  assertEquals(cases.map(([path]) => entryName(path)), cases.map(([, want]) => want));
});

Deno.test("zip names: a very long name is cut to fit the format, and the zip still reads back", () => {
  const long = "d/".repeat(20_000) + "f.txt";
  const name = entryName(long);
  assertEquals(new TextEncoder().encode(name).length <= 4096 * 3, true);
  const files = Object.keys(unzipSync(zip([[long, "x"], ["日".repeat(30_000), "y"]])));
  assertEquals(files.length, 2);
});

Deno.test("zip names: duplicates (after cleaning) get a number, so no entry overwrites another", () => {
  const files = unzipSync(zip([["a.ts", "1"], ["a.ts", "2"], ["a\\b.ts", "3"], ["a/b.ts", "4"], [
    "../a.ts",
    "5",
  ]]));
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  assertEquals(
    Object.fromEntries(Object.entries(files).map(([k, v]) => [k, text(v)])),
    { "a.ts": "1", "a-2.ts": "2", "a/b.ts": "3", "a/b-2.ts": "4", "a-3.ts": "5" },
  );
});

Deno.test("file names from hostile titles stay plain", () => {
  assertEquals(
    ["../../etc/passwd", "report\u202Etxt.exe", "<script>x</script>", "\u0000\u0001", "a".repeat(100)].map(
      slug,
    ),
    ["etc-passwd", "report-txt-exe", "script-x-script", "card", "a".repeat(60)],
  );
});
