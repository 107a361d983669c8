import { strictEqual as assertEquals } from "node:assert/strict";
import { escape, Html, join, markup, raw, safeUrl, slug } from "../../src/html/html.ts";
import { idMaker, shortHash } from "../../src/html/ids.ts";

Deno.test("escape replaces the five HTML-significant characters and nothing else", () => {
  assertEquals(escape(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  assertEquals(escape("plain ünïcode 🚀"), "plain ünïcode 🚀");
  // Never decodes: an entity the caller typed shows as typed.
  assertEquals(escape("&amp;"), "&amp;amp;");
});

Deno.test("escape is stateless across calls (no shared regex position)", () => {
  for (let i = 0; i < 3; i++) assertEquals(escape("a<b"), "a&lt;b");
});

Deno.test("markup escapes every interpolation exactly once", async (t) => {
  await t.step("strings and numbers are escaped", () => {
    assertEquals(
      markup`<p title="${`"x"`}">${"<b>"}${42}</p>`.value,
      `<p title="&quot;x&quot;">&lt;b&gt;42</p>`,
    );
  });
  await t.step("Html values pass through unescaped", () => {
    const inner = markup`<b>${"&"}</b>`;
    assertEquals(markup`<p>${inner}</p>`.value, "<p><b>&amp;</b></p>");
  });
  await t.step("arrays join, null/undefined/false vanish, true prints", () => {
    assertEquals(markup`${["<", raw("<i>"), null, undefined, false, true]}`.value, "&lt;<i>true");
  });
  await t.step("raw is the only way in for markup", () => {
    assertEquals(raw("<hr>") instanceof Html, true);
    assertEquals(join(["<x>", raw("<y>")], "|").value, "&lt;x&gt;|<y>");
  });
});

Deno.test("safeUrl keeps http, https and mailto and refuses everything else", () => {
  const table: [string, string | undefined][] = [
    ["https://example.com/a?b=1&c=2", "https://example.com/a?b=1&c=2"],
    ["http://example.org", "http://example.org"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
    ["javascript:alert(1)", undefined],
    ["JAVASCRIPT:alert(1)", undefined],
    ["data:text/html,<script>", undefined],
    ["vbscript:x", undefined],
    ["//example.com", undefined],
    ["/relative", undefined],
    [" https://example.com", undefined],
    ["https://exa mple.com", undefined],
    ["https://example.com/\u0000", undefined],
    ["java\tscript:alert(1)", undefined],
    ["", undefined],
  ];
  for (const [input, expected] of table) assertEquals(safeUrl(input), expected, JSON.stringify(input));
});

Deno.test("shortHash is 32-bit FNV-1a in base 36, checked against the FNV reference vectors", () => {
  // FNV-1a 32-bit: "" -> 0x811c9dc5, "a" -> 0xe40c292c, "foobar" -> 0xbf9cf968, written in base 36.
  assertEquals(shortHash(""), "0ztntfp"); // 0x811c9dc5
  assertEquals(shortHash("a"), "1r9wi7g"); // 0xe40c292c
  assertEquals(shortHash("foobar"), "1h5yxyg"); // 0xbf9cf968
  assertEquals(idMaker("a")("tab"), "m1r9wi7g-tab-1");
});

Deno.test("slug and ids are deterministic", () => {
  assertEquals(slug("C++ / Ünïcode!"), "c-unicode");
  assertEquals(slug("!!!", "fallback"), "fallback");
  assertEquals(shortHash("abc") === shortHash("abd"), false);
  const a = idMaker("seed");
  const b = idMaker("seed");
  assertEquals(a("tab"), b("tab"));
  assertEquals(a("tab").endsWith("-tab-2"), true);
});
