import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { capNesting, MAX_NESTING, sanitize } from "../../src/html/sanitize.ts";

/** Input -> exact sanitized output. */
const CASES: [string, string, string][] = [
  [
    "keeps formatting",
    "<p><b>b</b> <i>i</i> <em>e</em> <strong>s</strong> <code>c</code></p>",
    "<p><b>b</b> <i>i</i> <em>e</em> <strong>s</strong> <code>c</code></p>",
  ],
  [
    "keeps lists and tables",
    '<ul><li>a</li></ul><table><tr><th scope="col">h</th></tr></table>',
    '<ul><li>a</li></ul><table><tr><th scope="col">h</th></tr></table>',
  ],
  [
    "keeps safe links",
    '<a href="https://example.com" title="t">x</a>',
    '<a href="https://example.com" title="t">x</a>',
  ],
  [
    "keeps mailto links (README: http/https/mailto links stay)",
    '<a href="mailto:someone@example.com">write</a>',
    '<a href="mailto:someone@example.com">write</a>',
  ],
  [
    "keeps http links",
    '<a href="http://example.org/a?b=1">x</a>',
    '<a href="http://example.org/a?b=1">x</a>',
  ],
  ["keeps lang and dir on any element", '<p lang="fr" dir="rtl">p</p>', '<p lang="fr" dir="rtl">p</p>'],
  ["drops scripts with their content", "a<script>alert(1)</script>b", "ab"],
  ["drops event handlers", '<b onclick="x()" onmouseover="y">b</b>', "<b>b</b>"],
  ["drops javascript: links", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
  ["drops entity-encoded javascript: links", '<a href="jav&#x61;script:alert(1)">x</a>', "<a>x</a>"],
  ["drops data: links", '<a href="data:text/html,x">x</a>', "<a>x</a>"],
  ["drops frames", '<iframe src="https://x"></iframe><object data="x"></object><embed src="x">', ""],
  ["drops forms and inputs", '<form action="/x"><input name="q"><button>go</button></form>', "go"],
  ["drops style attributes and elements", '<p style="color:red">p</p><style>p{}</style>', "<p>p</p>"],
  ["drops class and id", '<p class="x" id="y">p</p>', "<p>p</p>"],
  ["drops remote images", '<img src="https://tracker.example/x.png" alt="a">', ""],
  [
    "keeps data: images",
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a">',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a" />',
  ],
  ["drops svg script tricks", "<svg><script>alert(1)</script></svg>", ""],
  ["defuses mXSS through noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
  ["defuses style-in-math", "<math><mi><style><img src=x onerror=1></style></mi></math>", ""],
  ["keeps text escaped", "1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
];

Deno.test("sanitize keeps formatting and strips what runs, loads, navigates or submits", async (t) => {
  for (const [name, input, expected] of CASES) {
    await t.step(name, async () => assertEquals((await sanitize(input)).value, expected));
  }
});

/** Every tag the sanitizer keeps, written out here (not imported), so dropping one is noticed. */
const KEPT_TAGS = [
  "a",
  "abbr",
  "b",
  "blockquote",
  "caption",
  "cite",
  "code",
  "dd",
  "del",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h3",
  "h4",
  "h5",
  "h6",
  "i",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
  "var",
]; // deno-fmt-ignore

Deno.test("sanitize keeps each allowed tag, one by one, and drops the tags next to them", async () => {
  const kept: string[] = [];
  for (const tag of KEPT_TAGS) kept.push((await sanitize(`<${tag}>x</${tag}>`)).value);
  assertEquals(kept.join("\n"), KEPT_TAGS.map((tag) => `<${tag}>x</${tag}>`).join("\n"));
  assertEquals((await sanitize("a<br>b<hr>c")).value, "a<br />b<hr />c");
  for (const dropped of ["h1", "h2", "section", "article", "button", "label", "details", "summary", "font"]) {
    assertDeep([dropped, (await sanitize(`<${dropped}>x</${dropped}>`)).value], [dropped, "x"]);
  }
});

Deno.test("sanitize keeps each allowed attribute on its own tag only", async () => {
  const cases: [string, string][] = [
    ['<a href="https://e.org/" title="t">x</a>', '<a href="https://e.org/" title="t">x</a>'],
    ['<abbr title="HyperText">HT</abbr>', '<abbr title="HyperText">HT</abbr>'],
    ['<ol start="3" reversed>x</ol>', '<ol start="3" reversed>x</ol>'],
    ['<td colspan="2" rowspan="3">x</td>', '<td colspan="2" rowspan="3">x</td>'],
    ['<th colspan="2" rowspan="3" scope="row">x</th>', '<th colspan="2" rowspan="3" scope="row">x</th>'],
    ['<time datetime="2026-12-01">today</time>', '<time datetime="2026-12-01">today</time>'],
    [
      '<img src="data:image/gif;base64,R0lGOD" alt="a" width="2" height="3">',
      '<img src="data:image/gif;base64,R0lGOD" alt="a" width="2" height="3" />',
    ],
    ['<span lang="de" dir="ltr">x</span>', '<span lang="de" dir="ltr">x</span>'],
    // The same attributes elsewhere are dropped.
    ['<p title="t" start="2" colspan="2" datetime="x" scope="row">x</p>', "<p>x</p>"],
    ['<td scope="row" title="t">x</td>', "<td>x</td>"],
  ];
  for (const [input, expected] of cases) assertEquals((await sanitize(input)).value, expected);
});

Deno.test("sanitize drops the content of each tag that holds code or data, not text", async () => {
  for (const tag of ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object"]) {
    assertDeep([tag, (await sanitize(`a<${tag}>secret</${tag}>b`)).value], [tag, "ab"]);
  }
});

Deno.test("sanitize keeps each inline image type and drops the rest", async () => {
  for (const type of ["png", "gif", "jpeg", "webp", "PNG"]) {
    const img = `<img src="data:image/${type};base64,AAAA" alt="a" />`;
    assertEquals((await sanitize(img)).value, img);
  }
  for (
    const src of [
      "data:image/svg+xml;base64,AAAA",
      "data:image/bmp;base64,AAAA",
      "data:text/html;base64,AAAA",
    ]
  ) {
    assertDeep([src, (await sanitize(`<img src="${src}" alt="a">`)).value], [src, ""]);
  }
});

Deno.test("sanitize keeps nesting up to MAX_NESTING levels and drops the opening tags past it", async () => {
  const nested = (n: number) => "<b>".repeat(n) + "x" + "</b>".repeat(n);
  assertEquals(capNesting(nested(MAX_NESTING)), nested(MAX_NESTING));
  assertEquals(
    capNesting(nested(MAX_NESTING + 1)),
    "<b>".repeat(MAX_NESTING) + "x" + "</b>".repeat(MAX_NESTING + 1),
  );
  assertEquals((await sanitize(nested(MAX_NESTING + 1))).value, nested(MAX_NESTING));
  // Unclosed list items, paragraphs and cells never count as depth: a long list keeps every item.
  const items = "<ul>" + "<li>item".repeat(MAX_NESTING + 10) + "</ul>";
  assertEquals(capNesting(items), items);
  // Void and self-closed tags are not depth either; a closing tag never goes below zero.
  const flat = "</i></i>" + "<br><img src=x/>".repeat(MAX_NESTING + 1) + "<i>y</i>";
  assertEquals(capNesting(flat), flat);
});
