/**
 * Extraction goldens: realistic saved pages (tests/web/extract/<case>.html, first line
 * `<!-- saved from url=(N)URL -->` as browsers write it) against <case>.json. Rewrite the goldens
 * with `deno test -A tests/web/extract_test.ts -- --update`, then read the diff.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { extractPage } from "../../src/web/extract.ts";

const DIR = fileURLToPath(new URL("./extract/", import.meta.url));
const UPDATE = Deno.args.includes("--update");

/** The page's own URL, from the "saved from" comment. */
export function savedFrom(html: string): string {
  const m = /^<!-- saved from url=\(\d+\)(\S+) -->/.exec(html);
  if (!m) throw new Error("a saved page starts with <!-- saved from url=(N)URL -->");
  return m[1];
}

for (const file of readdirSync(DIR).filter((f) => f.endsWith(".html")).sort()) {
  Deno.test(`extract golden: ${file}`, () => {
    const html = readFileSync(DIR + file, "utf8");
    const actual = extractPage(html, savedFrom(html));
    const golden = DIR + file.replace(/\.html$/, ".json");
    if (UPDATE) writeFileSync(golden, JSON.stringify(actual, null, 2) + "\n");
    assertDeep(actual, JSON.parse(readFileSync(golden, "utf8")));
  });
}

Deno.test("extract: nothing fetched comes back as markup", () => {
  const html =
    `<title>&lt;b&gt;hi&lt;/b&gt;</title><main><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</p>
    <a href="javascript:alert(1)">x</a><a href="data:text/html,hi">y</a><img src="javascript:alert(1)" alt="z"></main>`;
  const page = extractPage(html, "https://example.org/");
  assertEquals(page.title, "<b>hi</b>");
  assertEquals(page.text, "<script>alert(1)</script> &amp;\n\nxy");
  assertDeep(page.links, []);
  assertDeep(page.images, []);
});

Deno.test("extract: a page without body, main or article still has its text", () => {
  const page = extractPage("plain words <b>and</b> more", "http://example.org/x");
  assertEquals(page.text, "plain words and more");
  assertEquals(page.title, "");
  // No element at all (linkedom's own head getter throws on these).
  for (const html of ["", "<!-- only a comment -->", "<!doctype html>", "just text"]) {
    const empty = extractPage(html, "http://example.org/x");
    assertDeep([empty.title, empty.headings.length, empty.forms.length], ["", 0, 0]);
    assertEquals(empty.text, html === "just text" ? "just text" : "");
  }
});

Deno.test("extract: truncated and mangled pages never throw, and every URL out is absolute http(s)", () => {
  const pages = readdirSync(DIR).filter((f) => f.endsWith(".html")).map((f) => readFileSync(DIR + f, "utf8"));
  const mangle = [
    (s: string) => s.replaceAll("</", "<"),
    (s: string) => s.replaceAll(">", ""),
    (s: string) => s.replaceAll('"', ""),
    (s: string) => s.replaceAll("<form", "<form><form"),
    (s: string) => s.replaceAll("<td>", "<table><td>"),
    (s: string) => s.replace(/<body[^>]*>/, "<body><![CDATA[x]]><!-- </main> -->"),
  ];
  let checked = 0;
  for (const html of pages) {
    const variants = [
      ...Array.from({ length: 40 }, (_, i) => html.slice(0, Math.floor((html.length * (i + 1)) / 41))),
      ...mangle.map((m) => m(html)),
    ];
    for (const variant of variants) {
      const page = extractPage(variant, "https://example.org/dir/page");
      for (const url of [...page.links.map((l) => l.href), ...page.images.map((i) => i.src)]) {
        assertEquals(/^https?:\/\/[^\s]+$/.test(url), true, url);
      }
      for (const form of page.forms) {
        assertEquals(form.action === "" || /^https?:\/\//.test(form.action), true);
      }
      checked++;
    }
  }
  assertEquals(checked, pages.length * 46);
});

Deno.test("extract: nesting deeper than the walk follows is read as flat text, without overflowing the stack", () => {
  const n = 20_000;
  const html = `<main><p>top</p>${"<div><span>".repeat(n)}deep <b>text</b>${
    "</span></div>".repeat(n)
  }</main>`;
  const page = extractPage(html, "https://example.org/");
  assertEquals(page.text, "top\n\ndeep text");
  const label = `<form action="/a">${"<label>".repeat(n)}Name <input name="n">${"</label>".repeat(n)}</form>`;
  assertEquals(extractPage(label, "https://example.org/").forms[0].fields.length, 0); // too deep to follow
});
