/**
 * The pure parts of Download: the store-only zip writer (read back with fflate, an independent
 * reader), its CRC-32 and entry names, CSV fields and file-name slugs.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { unzipSync } from "fflate";
import { crc32, csv, csvField, entryName, slug, zip } from "../../../src/ui/runtime/files.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const utf8 = (s: string) => new TextEncoder().encode(s);

Deno.test("crc32 gives the standard check values", () => {
  assertEquals(crc32(utf8("")), 0);
  assertEquals(crc32(utf8("123456789")), 0xcbf43926);
  assertEquals(crc32(utf8("The quick brown fox jumps over the lazy dog")), 0x414fa339);
});

Deno.test("a zip reads back with fflate: paths, text and UTF-8 intact", () => {
  const files: [string, string][] = [
    ["src/main.ts", 'console.log("hi");\n'],
    ["README.md", "# Tasks\r\n\nÜnïcødé ✓ 日本語 😀\n"],
    ["empty.txt", ""],
    ["docs/ファイル.md", "名前\n"],
  ];
  const unzipped = unzipSync(zip(files));
  assertEquals(Object.keys(unzipped), files.map(([p]) => p));
  assertEquals(Object.values(unzipped).map(text), files.map(([, t]) => t));
});

Deno.test("a zip of no files is the 22-byte empty archive", () => {
  const bytes = zip([]);
  assertEquals([...bytes], [0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]);
  assertEquals(unzipSync(bytes), {});
});

Deno.test("a zip's bytes: stored, UTF-8 flag, fixed 1980 date, CRC and sizes in both headers", () => {
  const bytes = zip([["a.txt", "hello"]]);
  const view = new DataView(bytes.buffer);
  const le16 = (at: number) => view.getUint16(at, true);
  const le32 = (at: number) => view.getUint32(at, true);
  // local header
  assertEquals(
    [
      le32(0),
      le16(4),
      le16(6),
      le16(8),
      le16(10),
      le16(12),
      le32(14),
      le32(18),
      le32(22),
      le16(26),
      le16(28),
    ],
    [0x04034b50, 20, 0x800, 0, 0, 0x21, crc32(utf8("hello")), 5, 5, 5, 0],
  );
  assertEquals(text(bytes.slice(30, 40)), "a.txthello");
  // central directory at 40, end record at 40 + 46 + 5
  assertEquals([le32(40), le16(44), le16(46), le16(48), le32(56), le32(82)], [
    0x02014b50,
    20,
    20,
    0x800,
    crc32(utf8("hello")),
    0,
  ]);
  assertEquals(text(bytes.slice(86, 91)), "a.txt");
  const end = 91;
  assertEquals(
    [le32(end), le16(end + 8), le16(end + 10), le32(end + 12), le32(end + 16), le16(end + 20)],
    [0x06054b50, 1, 1, 51, 40, 0],
  );
  assertEquals(bytes.length, end + 22);
});

Deno.test("entry names are relative, forward-slashed, without dot segments or control characters", () => {
  const cases: [string, string][] = [
    ["src/main.ts", "src/main.ts"],
    ["/etc/passwd", "etc/passwd"],
    ["../../outside.txt", "outside.txt"],
    ["a/./b/../c", "a/b/c"],
    ["dir\\sub\\file.txt", "dir/sub/file.txt"],
    ["\\\\server\\share\\x", "server/share/x"],
    ["na\u0000me\u001b[31m.txt\u007f", "name[31m.txt"],
    ["line\nbreak\r.md", "linebreak.md"],
    ["...", "file"],
    ["", "file"],
    ["//", "file"],
    [".env", ".env"],
    ["a/..b/c..", "a/..b/c.."],
    ["日本/ファイル.md", "日本/ファイル.md"],
  ];
  assertEquals(cases.map(([path]) => entryName(path)), cases.map(([, want]) => want));
  // and the zip uses them
  assertEquals(Object.keys(unzipSync(zip([["../x/../../y.txt", "y"]]))), ["x/y.txt"]);
});

Deno.test("CSV fields: RFC 4180 quoting", () => {
  assertEquals(
    ["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", "", " spaced ", "ünï"].map(csvField),
    ["plain", '"a,b"', '"say ""hi"""', '"two\nlines"', '"cr\rhere"', "", " spaced ", "ünï"],
  );
});

Deno.test("CSV fields that a spreadsheet would run get a leading quote; plain numbers stay numbers", () => {
  assertEquals(
    [
      "=1+1",
      '=HYPERLINK("http://x","y")',
      "+cmd",
      "-2+3",
      "@SUM(A1)",
      "\tTAB",
      "\rCR",
      "-12.5",
      "+7",
      "-1e3",
      "12",
      "a=b",
      "-",
    ].map(csvField),
    [
      "'=1+1",
      `"'=HYPERLINK(""http://x"",""y"")"`,
      "'+cmd",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTAB",
      '"\'\rCR"',
      "-12.5",
      "+7",
      "-1e3",
      "12",
      "a=b",
      "'-",
    ],
  );
});

Deno.test("CSV text: comma-separated records, CRLF after each", () => {
  assertEquals(
    csv([["Name", "Note"], ["Ann", "x,y"], ["=evil", ""]]),
    'Name,Note\r\nAnn,"x,y"\r\n\'=evil,\r\n',
  );
  assertEquals(csv([]), "");
});

Deno.test("file names from titles are slugs", () => {
  assertEquals(
    [
      "JavaScript runtimes",
      "  Revenue vs. cost (2026) ",
      '<script>alert("x")</script>',
      "../../etc/passwd",
      "Ünïcode — 日本語",
      "report\u202etxt.exe",
      "!!!",
      "",
      "a".repeat(80),
    ].map(slug),
    [
      "javascript-runtimes",
      "revenue-vs-cost-2026",
      "script-alert-x-script",
      "etc-passwd",
      "ünïcode-日本語",
      "report-txt-exe",
      "card",
      "card",
      "a".repeat(60),
    ],
  );
});
