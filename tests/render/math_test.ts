/**
 * Math (src/render/math.ts): which dollar signs are math, TeX rendered to sanitized MathML, hostile
 * TeX refused or escaped, every limit at N and N+1, and the second fence (sanitizeMath) holding
 * with the renderer in front of it bypassed.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { loadSanitizer, sanitizeMath } from "../../src/html/sanitize.ts";
import {
  findMath,
  FORMULA_COST,
  mathInHtml,
  MAX_TEX_CHARS,
  MAX_TEX_TOTAL,
  newBudget,
  prepareMath,
  renderTex,
} from "../../src/render/math.ts";
import { prepareMarkdown, renderPage, splitDocument } from "../../src/render/markdown.ts";
import { htmlToText } from "../../src/render/summary.ts";
import { assertInert } from "../adversarial/probe.ts";

await prepareMath("$");

/** The TeX of every math span `findMath` sees in `text`, `$$` marking display ones. */
const spans = (text: string) => findMath(text).map((s) => (s.display ? `$$${s.tex}$$` : s.tex));

Deno.test("which dollar signs are math", async (t) => {
  const CASES: [string, string, string[]][] = [
    ["prices are text", "It costs $5 and $10 today.", []],
    ["a price range is text", "From $5-$10, or $5–$10.", []],
    ["a price then math", "Pay $5 for $x$.", ["x"]],
    ["a closing dollar followed by a digit is no close", "$x$5 and $y$", ["y"]],
    ["a space after the opening dollar", "$ x$ and $y$", ["y"]],
    ["a space before the closing dollar", "$x $ and $y$", ["y"]],
    ["only the next dollar may close", "$a $b$", ["b"]],
    ["an escaped dollar is text, inside math too", "\\$x$ and $\\$5$", ["\\$5"]],
    ["display math inline", "so $$\\sum i$$ holds", ["$$\\sum i$$"]],
    ["display math may have spaces", "$$ a + b $$", ["$$ a + b $$"]],
    ["an empty display is text", "$$ $$ costs", []],
    ["a lone dollar", "US$ 5", []],
    ["a dollar at the end", "x$", []],
    ["two formulas", "$a$ and $b$", ["a", "b"]],
    ["shell variables with spaces stay text", "echo $HOME and $PATH", []],
  ];
  for (const [name, text, expected] of CASES) {
    await t.step(name, () => assertDeep(spans(text), expected));
  }
});

Deno.test("a formula renders to MathML keeping its TeX", () => {
  assertEquals(
    renderTex("x^2", false, "$x^2$", newBudget()),
    '<math><semantics><msup><mi>x</mi><mn>2</mn></msup><annotation encoding="application/x-tex">x^2</annotation></semantics></math>',
  );
  assertEquals(
    renderTex("a", true, "$$a$$", newBudget()),
    '<span class="mcc-math" tabindex="0"><math display="block"><semantics><mi>a</mi><annotation encoding="application/x-tex">a</annotation></semantics></math></span>',
  );
});

Deno.test("a color becomes mathcolor: cards carry no style attribute", () => {
  assertEquals(
    renderTex("\\color{red}{x}", false, "", newBudget()),
    '<math><semantics><mrow><mi mathcolor="#ff0000">x</mi></mrow><annotation encoding="application/x-tex">\\color{red}{x}</annotation></semantics></math>',
  );
});

/** The reason shown for TeX that is not rendered, or "" when it rendered. */
function reason(tex: string, budget = newBudget()): string {
  const html = renderTex(tex, false, `$${tex}$`, budget);
  assertInert(html, tex.slice(0, 40));
  return /\(TeX error: (.*)\)<\/small>/.exec(html)?.[1] ?? "";
}

Deno.test("hostile TeX is refused, escaped or capped", async (t) => {
  const REFUSED: [string, string][] = [
    ["\\href{javascript:alert(1)}{x}", "Unsupported function name: \\href"],
    ["\\url{javascript:alert(1)}", "Unsupported function name: \\url"],
    ["\\htmlClass{x}{y}", "Unsupported function name: \\htmlClass"],
    ["\\htmlId{x}{y}", "Unsupported function name: \\htmlId"],
    ["\\htmlData{a=b}{y}", "Unsupported function name: \\htmlData"],
    ["\\style{color:red}{x}", "Function &quot;\\style&quot; is not trusted"],
    ["\\class{x}{y}", "Function &quot;\\class&quot; is not trusted"],
    ["\\includegraphics{https://example.com/x.png}", "Function &quot;\\includegraphics&quot; is not trusted"],
    ["\\unicode{x41}", "Unsupported function name: \\unicode"],
    ["\\def\\a{\\a}\\a", "\\def defines a macro, which formulas may not: write the TeX out in full"],
    ["\\def\\a{\\a\\a}\\a", "\\def defines a macro, which formulas may not: write the TeX out in full"],
    ["\\color{red;background:url(x)}{x}", "Invalid color: &#39;red;background:url(x)&#39;"],
    ['\\textcolor{red" onload="x}{y}', "Invalid color: &#39;red&quot; onload=&quot;x&#39;"],
  ];
  for (const [tex, expected] of REFUSED) {
    await t.step(`refused: ${tex}`, () => assertEquals(reason(tex), expected));
  }
  await t.step("text is escaped: \\text{<script>}", () => {
    const html = renderTex("\\text{<script>alert(1)</script>}", false, "", newBudget());
    assertEquals(html.includes("<mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext>"), true, html);
    assertInert(html);
  });
  await t.step("sizes are capped at 50em", () => {
    const html = renderTex("\\rule{100000em}{100000em}\\kern{1e99em}", false, "", newBudget());
    assertEquals(
      html.includes('<mspace mathbackground="black" width="50em" height="50em"></mspace>') &&
        html.includes('<mspace width="50em"></mspace>'),
      true,
      html,
    );
  });
});

Deno.test("macro definitions and internal commands are refused before temml runs: one expansion can copy its argument hundreds of times", async (t) => {
  const copies = "#1".repeat(21);
  const REFUSED: [string, string][] = [
    // 21 × 21 × 21 copies in 463 expansions: 9 MB of MathML in 11 s from 164 characters (x = 100).
    [`\\def\\a#1{${copies}}\\a{\\a{\\a{x}}}`, "\\def"],
    [`\\gdef\\a#1{${copies}}\\a{x}`, "\\gdef"],
    [`\\edef\\a{x}\\a`, "\\edef"],
    [`\\xdef\\a{x}\\a`, "\\xdef"],
    [`\\newcommand{\\a}[1]{${copies}}\\a{x}`, "\\newcommand"],
    [`\\renewcommand{\\sin}[1]{${copies}}\\sin{x}`, "\\renewcommand"],
    [`\\providecommand{\\a}{x}\\a`, "\\providecommand"],
    ["\\let\\a\\def \\a\\b{x}", "\\let"],
    ["\\futurelet\\a\\b\\c", "\\futurelet"],
    ["\\text{\\def}", "\\def"],
  ];
  for (const [tex, command] of REFUSED) {
    await t.step(`refused: ${tex.slice(0, 40)}`, () => {
      assertEquals(
        reason(tex),
        `${command} defines a macro, which formulas may not: write the TeX out in full`,
      );
    });
  }
  await t.step("an internal command: \\tag defines \\df@tag, which a formula could repeat", () => {
    const tex = `\\tag{${"x".repeat(900)}}${"\\df@tag".repeat(140)}`;
    assertEquals(reason(tex), "\\df@tag is an internal command, which formulas may not use");
    assertEquals(renderTex("x \\tag{1}", true, "", newBudget()).includes("TeX error"), false);
  });
  await t.step("a line break before the word def is no definition", () => {
    assertEquals(reason("a\\\\def"), "");
    assertEquals(reason("\\text{def} \\deg"), "");
  });
});

Deno.test("a formula may hold 2,000 characters of TeX", () => {
  const at = "x".repeat(MAX_TEX_CHARS);
  assertEquals(reason(at), "");
  assertEquals(reason(at + "x"), "the formula is 2,001 characters, the limit is 2,000");
  assertEquals(reason("x".repeat(10_000)), "the formula is 10,000 characters, the limit is 2,000");
});

Deno.test("one text renders up to 100,000 characters of TeX, each formula counting at least 100: 1,000 short ones", () => {
  const passed = "this text&#39;s formulas pass 100,000 characters of TeX (each counts at least 100)";
  const budget = newBudget();
  for (let used = 0; used < MAX_TEX_TOTAL; used += MAX_TEX_CHARS) {
    assertEquals(reason("y".repeat(2_000), budget), "");
  }
  assertEquals(budget.left, 0);
  assertEquals(reason("y", budget), passed);
  assertEquals(FORMULA_COST, 100);
  const small = newBudget();
  for (let i = 0; i < 1_000; i++) assertEquals(reason("y", small), "", `formula ${i + 1}`);
  assertEquals(reason("y", small), passed);
  // A text of tiny formulas (25 KB of `$x$5`) stops at 1,000 of them; the rest show as source.
  const html = mathInHtml(`<p>${"$x$5".repeat(6_250)}</p>`);
  assertEquals(html.split("<math>").length - 1, 1_000);
  assertEquals(html.split(passed).length - 1, 6_249 - 1_000);
});

Deno.test("invalid TeX shows its source and a short reason", () => {
  assertEquals(
    renderTex("\\frac{1}{", false, "$\\frac{1}{$", newBudget()),
    '<span class="mcc-math-error"><code>$\\frac{1}{$</code> <small class="mcc-math-why">(TeX error: Unexpected end of input in a macro argument, expected &#39;}&#39;)</small></span>',
  );
});

Deno.test("sanitizeMath holds with the TeX renderer bypassed", async (t) => {
  await loadSanitizer();
  const CASES: [string, string, string][] = [
    [
      "keeps presentation MathML",
      "<math><mfrac><mi>a</mi><mn>2</mn></mfrac></math>",
      "<math><mfrac><mi>a</mi><mn>2</mn></mfrac></math>",
    ],
    [
      "drops script with its text",
      "<math><mi>x</mi><script>alert(1)</script></math>",
      "<math><mi>x</mi></math>",
    ],
    ["drops style elements", "<math><mi><style>*{}</style>x</mi></math>", "<math><mi>x</mi></math>"],
    [
      "drops links, keeping their text",
      '<math><a href="javascript:x">x</a><mi href="javascript:y">y</mi></math>',
      "<math>x<mi>y</mi></math>",
    ],
    [
      "drops maction and annotation-xml",
      '<math><maction actiontype="statusline"><mi>x</mi></maction><annotation-xml encoding="text/html"><img src=x onerror=1></annotation-xml></math>',
      "<math><mi>x</mi></math>",
    ],
    [
      "drops event, class, id and style attributes",
      '<math class="c" id="i"><mi onclick="x" style="background:url(x)">x</mi></math>',
      "<math><mi>x</mi></math>",
    ],
    [
      "drops a color that is not one",
      '<math><mi mathcolor="red;x" style="color:url(x)">x</mi></math>',
      "<math><mi>x</mi></math>",
    ],
    [
      "drops a length that is not one",
      '<math><mspace width="expression(x)"></mspace></math>',
      "<math><mspace></mspace></math>",
    ],
    [
      "drops foreign elements inside math",
      "<math><mtext><svg><foreignObject><iframe></iframe></foreignObject></svg></mtext></math>",
      "<math><mtext></mtext></math>",
    ],
    ["drops html around math", "<div><math><mi>x</mi></math></div><img src=x>", "<math><mi>x</mi></math>"],
    ["escapes text", "<math><mi>&lt;b&gt;</mi></math>", "<math><mi>&lt;b&gt;</mi></math>"],
    [
      "keeps an annotation's TeX as text",
      '<math><semantics><mi>x</mi><annotation encoding="application/x-tex">&lt;x&gt;</annotation></semantics></math>',
      '<math><semantics><mi>x</mi><annotation encoding="application/x-tex">&lt;x&gt;</annotation></semantics></math>',
    ],
  ];
  for (const [name, input, expected] of CASES) {
    await t.step(name, () => {
      assertEquals(sanitizeMath(input).value, expected);
      assertInert(expected);
    });
  }
});

Deno.test("math in markdown", async (t) => {
  const doc = [
    "# Area of $\\pi r^2$",
    "",
    "Prices $5 and $10 stay; $a^2$ is math, and so is `$code$` not.",
    "",
    "$$",
    "\\int_0^1 x\\,dx",
    "$$",
    "",
    "```math",
    "\\frac{1}{",
    "```",
    "",
    "## The $\\alpha$ section",
    "",
    "Text.",
  ].join("\n");
  await prepareMarkdown(doc);
  const split = splitDocument(doc);
  await t.step("headings and titles read as TeX", () => {
    assertEquals(split.title, "Area of $\\pi r^2$");
    assertEquals(split.sections[0].headingText, "The $\\alpha$ section");
  });
  await t.step("inline, $$ blocks and ```math fences", () => {
    const html = split.intro.value;
    assertEquals(html.includes("<p>Prices $5 and $10 stay; <math><semantics><msup><mi>a</mi>"), true, html);
    assertEquals(html.includes("<code>$code$</code>"), true, html);
    assertEquals(
      html.includes('<annotation encoding="application/x-tex">\\int_0^1 x\\,dx</annotation>'),
      true,
      html,
    );
    assertEquals(
      html.includes(
        '<span class="mcc-math-error mcc-math"><code>```math\n\\frac{1}{\n```</code> <small class="mcc-math-why">(TeX error: Unexpected end of input in a macro argument, expected &#39;}&#39;)</small></span>',
      ),
      true,
      html,
    );
    assertInert(html);
  });
  await t.step("a $$ line that does not close stays text", () => {
    assertEquals(renderPage("$$\nx\n\ny $$").value, "<p>$$\nx</p>\n<p>y $$</p>\n");
    assertEquals(renderPage("$$x$$ and more").value.includes('<p><span class="mcc-math"'), true);
  });
  await t.step("an indented $$ is code", () => {
    assertEquals(renderPage("    $$x$$").value.includes("mcc-code"), true);
  });
});

Deno.test("math in sanitized html, never inside code", () => {
  const html = mathInHtml(
    "<p>Area $\\pi r^2$ costs $5 and $10.</p><pre><code>$x$</code></pre><kbd>$y$</kbd><p>&lt;$a&lt;b$&gt;</p>",
  );
  assertEquals(
    html,
    '<p>Area <math><semantics><mrow><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">\\pi r^2</annotation></semantics></math> costs $5 and $10.</p><pre><code>$x$</code></pre><kbd>$y$</kbd><p>&lt;<math><semantics><mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi></mrow><annotation encoding="application/x-tex">a&lt;b</annotation></semantics></math>&gt;</p>',
  );
  assertEquals(htmlToText(html), "Area $\\pi r^2$ costs $5 and $10.\n$x$\n$y$\n<$a<b$>");
});

Deno.test("a tab or show/hide card shares one TeX budget across its blocks: 50 sections render 1,000 formulas, not 50,000", async () => {
  const { connect } = await import("../helpers.ts");
  await using client = await connect({ resultLimit: 5_000_000 }); // the MathML of 1,000 formulas
  const formulas = "$x$ ".repeat(600);
  for (
    const [name, args] of [
      ["create_reveal_card", {
        title: "R",
        sections: [{ title: "a", html: formulas }, { title: "b", html: formulas }],
      }],
      ["create_tab_card", {
        title: "T",
        tabs: [{ label: "a", html: formulas }, { label: "b", html: formulas }],
      }],
    ] as const
  ) {
    const result = await client.callTool({ name, arguments: args });
    assertEquals(result.isError, undefined, JSON.stringify(result.content).slice(0, 300));
    const html = (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
    assertEquals(html.split("<math>").length - 1, 1_000, name);
    assertEquals(html.split("(each counts at least 100)").length - 1, 200, name);
  }
});

Deno.test("a code tour shares one TeX budget across its Markdown files: 1,000 formulas render, the 1,001st shows as source", async () => {
  const { connect } = await import("../helpers.ts");
  // the MathML of 1,000 formulas, in one part
  await using client = await connect({ resultLimit: 5_000_000, cardBudget: 2_000_000 });
  const tour = (second: number) => ({
    title: "Notes",
    files: [
      { path: "a.md", content: "$x$ ".repeat(500) },
      { path: "b.md", content: "$x$ ".repeat(second) },
    ],
  });
  for (const [second, refused] of [[500, 0], [501, 1]]) {
    const result = await client.callTool({ name: "create_code_tour_card", arguments: tour(second) });
    assertEquals(result.isError, undefined, JSON.stringify(result.content).slice(0, 300));
    const html = (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
    assertEquals(html.split("<math>").length - 1, 1_000, `${500 + second} formulas`);
    assertEquals(html.split("(each counts at least 100)").length - 1, refused, `${500 + second} formulas`);
  }
});
