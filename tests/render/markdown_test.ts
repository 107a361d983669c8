import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { renderPage, splitDocument } from "../../src/render/markdown.ts";
import { assertInert } from "../adversarial/probe.ts";

const page = (md: string) => renderPage(md).value;

Deno.test("raw HTML renders as literal text", async (t) => {
  await t.step("inline tags are escaped where they stand", () => {
    assertEquals(
      page("A <b>bold</b> <img src=x onerror=alert(1)> claim"),
      `<p>A &lt;b&gt;bold&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt; claim</p>\n`,
    );
  });
  await t.step("a block becomes the paragraph the structure implies", () => {
    assertEquals(
      page(`Before\n\n<div align="center">\n  <img src="logo.png">\n</div>\n\nAfter`),
      `<p>Before</p>\n<p class="mcc-md-raw">&lt;div align=&quot;center&quot;&gt;\n  &lt;img src=&quot;logo.png&quot;&gt;\n&lt;/div&gt;</p>\n<p>After</p>\n`,
    );
  });
  await t.step("script and style blocks too", () => {
    assertEquals(
      page(`<script>alert(1)</script>`),
      `<p class="mcc-md-raw">&lt;script&gt;alert(1)&lt;/script&gt;</p>\n`,
    );
    assertEquals(page(`<style>p{}</style>`), `<p class="mcc-md-raw">&lt;style&gt;p{}&lt;/style&gt;</p>\n`);
  });
  await t.step("inside a list item and a blockquote", () => {
    assertEquals(
      page(`- <span>x</span>\n\n> <em>y</em>`),
      `<ul>\n<li>&lt;span&gt;x&lt;/span&gt;</li>\n</ul>\n<blockquote>\n<p>&lt;em&gt;y&lt;/em&gt;</p>\n</blockquote>\n`,
    );
  });
});

Deno.test("HTML comments are dropped", () => {
  assertEquals(page(`<!-- markdownlint-disable MD033 -->\n# Title`), `<h3>Title</h3>\n`);
  assertEquals(page(`text <!-- note --> more`), `<p>text  more</p>\n`);
  assertEquals(page(`<!--\nmulti\nline\n-->\n\npara`), `<p>para</p>\n`);
  assertEquals(page(`<!-- a --><div>kept</div>`), `<p class="mcc-md-raw">&lt;div&gt;kept&lt;/div&gt;</p>\n`);
});

Deno.test("entities stay literal: &amp; shows as typed", () => {
  assertEquals(
    page("Fish &amp; chips &copy; &#169; & more"),
    `<p>Fish &amp;amp; chips &amp;copy; &amp;#169; &amp; more</p>\n`,
  );
  assertEquals(page("`&amp;`"), `<p><code>&amp;amp;</code></p>\n`);
});

Deno.test("links: only absolute http(s) and mailto; the rest stays visible as text", () => {
  assertEquals(
    page('[ok](https://example.com/a?b=1&c=2 "T")'),
    `<p><a href="https://example.com/a?b=1&amp;c=2" title="T">ok</a></p>\n`,
  );
  assertEquals(page("[mail](mailto:a@example.com)"), `<p><a href="mailto:a@example.com">mail</a></p>\n`);
  assertEquals(page("[x](javascript:alert(1))"), `<p>[x](javascript:alert(1))</p>\n`);
  assertEquals(page("[x](JaVaScRiPt:alert(1))"), `<p>[x](JaVaScRiPt:alert(1))</p>\n`);
  assertEquals(page("[x](data:text/html,<b>hi</b>)"), `<p>[x](data:text/html,&lt;b&gt;hi&lt;/b&gt;)</p>\n`);
  assertEquals(page("[x](vbscript:msgbox)"), `<p>[x](vbscript:msgbox)</p>\n`);
  assertEquals(page("[x](./GUIDE.md)"), `<p>[x](./GUIDE.md)</p>\n`);
  assertEquals(page("<javascript:alert(1)>"), `<p>&lt;javascript:alert(1)&gt;</p>\n`);
  assertEquals(
    page("<https://example.com>"),
    `<p><a href="https://example.com">https://example.com</a></p>\n`,
  );
  assertEquals(
    page("[x][r]\n\n[r]: javascript:alert(1)"),
    `<p>[x][r]</p>\n<p>[r]: javascript:alert(1)</p>\n`,
  );
  assertEquals(
    page("![logo](https://x.org/l.png) ![local](l.png)"),
    `<p><a href="https://x.org/l.png">Image: logo</a> ![local](l.png)</p>\n`,
  );
});

Deno.test("fenced code: highlighted when known, copy button always, no language says Text, ## inside is not a heading", () => {
  assertEquals(
    page("```py\nx = 1  # ## no\n```\n\n```\nplain <b>\n```\n\n    indented"),
    `<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">py</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption><pre tabindex="0"><code class="mcc-hl language-python">x = <i class=n>1</i>  <i># ## no</i></code></pre></figure>\n` +
      `<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">Text</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption><pre tabindex="0"><code>plain &lt;b&gt;</code></pre></figure>\n` +
      `<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">Text</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption><pre tabindex="0"><code>indented</code></pre></figure>\n`,
  );
  assertEquals(
    page("```mermaid\ngraph <x>\n```"),
    `<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">mermaid</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption><pre tabindex="0"><code>graph &lt;x&gt;</code></pre></figure>\n`,
  );
});

Deno.test("tables: card styling, alignment as classes, never style attributes", () => {
  assertEquals(
    page("| a | b | c |\n|:--|:-:|--:|\n| 1 | `2` | <i>3</i> |"),
    `<div class="mcc-md-scroll" tabindex="0"><table class="mcc-md-table">\n<thead>\n<tr>\n<th class="mcc-al-l">a</th>\n<th class="mcc-al-c">b</th>\n<th class="mcc-al-r">c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td class="mcc-al-l">1</td>\n<td class="mcc-al-c"><code>2</code></td>\n<td class="mcc-al-r">&lt;i&gt;3&lt;/i&gt;</td>\n</tr>\n</tbody>\n</table></div>\n`,
  );
});

Deno.test("headings shift below the card title: a page's H1 is h3", () => {
  assertEquals(
    page("# One\n## Two\n### Three\n#### Four\n##### Five"),
    "<h3>One</h3>\n<h4>Two</h4>\n<h5>Three</h5>\n<h6>Four</h6>\n<h6>Five</h6>\n",
  );
});

Deno.test("splitDocument: first H1 is the title, H2 sections, fences never split", () => {
  const doc = splitDocument(
    "<!-- lint -->\n# Guide &amp; <b>notes</b>\n\nIntro.\n\n## Install `deno`\n\nRun it.\n\n```md\n## not a section\n```\n\n### Detail\n\n> ## quoted, not a section\n\n## Use\n\n- ## in a list, not a section\n\n# Second H1\n\nEnd.",
  );
  assertEquals(doc.title, "Guide &amp; <b>notes</b>");
  assertEquals(doc.intro.value, "<p>Intro.</p>\n");
  assertDeep(doc.sections.map((s) => [s.headingText, s.heading.value]), [
    ["Install deno", "Install <code>deno</code>"],
    ["Use", "Use"],
  ]);
  assertEquals(
    doc.sections[0].body.value,
    `<p>Run it.</p>\n<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">md</span><button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="copy-code">Copy</button></figcaption><pre tabindex="0"><code>## not a section</code></pre></figure>\n<h4>Detail</h4>\n<blockquote>\n<h3>quoted, not a section</h3>\n</blockquote>\n`,
  );
  assertEquals(
    doc.sections[1].body.value,
    "<ul>\n<li>\n<h3>in a list, not a section</h3>\n</li>\n</ul>\n<h2>Second H1</h2>\n<p>End.</p>\n",
  );
});

Deno.test("splitDocument: no H1, no H2", () => {
  const doc = splitDocument("Just text.\n\n### Small");
  assertEquals(doc.title, undefined);
  assertEquals(doc.intro.value, "<p>Just text.</p>\n<h4>Small</h4>\n");
  assertDeep(doc.sections, []);
});

Deno.test("hostile markdown renders inert", () => {
  const hostile = [
    `<a href="javascript:alert(1)">x</a>`,
    `[x](javascript&#58;alert(1))`,
    `[x](&#106;avascript:alert(1))`,
    `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
    `<svg onload=alert(1)>`,
    "```\n</code></pre><script>alert(1)</script>\n```",
    "`</code><script>`",
    `| <script> | x |\n|--|--|\n| <img src=x onerror=1> | y |`,
    `![x](javascript:alert(1))`,
    `[x](https://example.com" onclick="alert(1))`,
    `<!-- --><script>alert(1)</script><!-- -->`,
  ].join("\n\n");
  assertInert(renderPage(hostile).value, "page");
  const doc = splitDocument(`# T\n\n${hostile}\n\n## S\n\n${hostile}`);
  assertInert(doc.intro.value + doc.sections.map((s) => s.heading.value + s.body.value).join(""), "document");
});
