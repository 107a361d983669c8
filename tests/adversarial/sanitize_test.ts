/**
 * Adversarial markup in the `html` fields, through the tools: mXSS, namespace confusion, scheme
 * obfuscation, non-image data: URLs, srcset, formaction, base, meta refresh, structure breakouts
 * and pathological nesting. The article must stay inert and well-formed around the fragment.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { connect } from "../helpers.ts";
import { assertInert, assertScalesLinearly, call } from "./probe.ts";

const ATTACKS: readonly string[] = [
  '<b onclick="alert(1)">x</b>',
  '<p onmouseover="alert(1)" title="t">x</p>',
  '<a href="https://a.example" onfocus="alert(1)" autofocus>x</a>',
  '<img src="data:image/png;base64,AAAA" onload="alert(1)" alt="a">',
  '<td ONCLICK="alert(1)">x</td>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="java&#9;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;vascript:alert(1)">x</a>',
  '<a href="&#x6A&#x61vascript:alert(1)">x</a>',
  '<a href="\u0000javascript:alert(1)">x</a>',
  '<a href="jav\u0000ascript:alert(1)">x</a>',
  '<a/href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:image/svg+xml,<svg onload=alert(1)>">x</a>',
  '<a href="\\\\evil.example/x">x</a>',
  '<a href="/\\evil.example/x">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<a href="ftp://evil.example/x">x</a>',
  '<a href="https://a.example/&#x22;onclick=alert(1)">x</a>',
  '<a href="https://a.example" title="&quot;onmouseover=alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,x">',
  '<img src="https://tracker.example/p.png">',
  '<img src="data:image/png;base64,AAAA" srcset="https://evil.example/x 1x" onerror="alert(1)">',
  '<img src=" data:image/png;base64,AAAA">',
  '<img src="data:image/png;base64,AAAA" usemap="#m"><map name="m"><area href="javascript:alert(1)"></map>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input type="image" src="x" formaction="javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><a title="</noembed><img src=x onerror=alert(1)>">x</a></noembed>',
  '<xmp><a title="</xmp><img src=x onerror=alert(1)>">x</a></xmp>',
  '<noframes><a title="</noframes><img src=x onerror=alert(1)>">x</a></noframes>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<plaintext><img src=x onerror=alert(1)>",
  "<textarea></textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
  "<![CDATA[<img src=x onerror=alert(1)>]]>",
  "<!--><img src=x onerror=alert(1)>-->",
  "<!--[if IE]><script>alert(1)</script><![endif]-->",
  "<?xml-stylesheet href='javascript:alert(1)'?>",
  "<template><img src=x onerror=alert(1)></template>",
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div id="mcc-root" class="mcc-card" data-mcc-action="copy-code">x</div>',
  '<q cite="javascript:alert(1)">q</q><blockquote cite="javascript:alert(1)">b</blockquote>',
  "</div></section></details></article><b>x</b>",
  "<div><div><table><tr><td>unclosed",
  '<a href="mailto:x@example.com?subject=<script>">m</a>',
];

/** Tags the kit's own frame opens and closes, counted to prove the fragment did not break out. */
function balance(html: string, tag: string): number {
  return (html.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length -
    (html.match(new RegExp(`</${tag}>`, "g")) ?? []).length;
}

Deno.test("adversarial html: every attack sanitizes to inert markup that stays inside its block", async () => {
  await using client = await connect();
  for (const attack of ATTACKS) {
    for (
      const [tool, args] of [
        ["create_tab_card", { title: "t", tabs: [{ label: "a", html: attack, text: "after" }] }],
        ["create_reveal_card", { title: "t", sections: [{ title: "s", html: attack, code: "after" }] }],
      ] as const
    ) {
      const r = await call(client, tool, args);
      if (r.isError) {
        // Markup that sanitizes to nothing may be refused, but only as a plain input refusal.
        assertEquals(
          /^Invalid "(tabs|sections)\[0\]\.html": nothing is left once sanitized/.test(r.text),
          true,
          `${attack}: ${r.text}`,
        );
        continue;
      }
      const html = r.structured!.card.articleHtml;
      assertInert(html, `${tool} ${attack}`);
      for (const tag of ["article", "div", "section", "details", "figure", "table"]) {
        assertEquals(balance(html, tag), 0, `${tool} ${attack}: <${tag}> unbalanced`);
      }
      assertEquals(html.includes('id="mcc-root"'), false, attack);
      assertEquals(html.endsWith("</article>"), true, attack);
    }
  }
});

Deno.test("adversarial html: pathological markup sanitizes in linear time", async () => {
  await using client = await connect({ resultLimit: 20_000_000 });
  // At scale 10 each input is close to the 100,000-character limit of one html field.
  const inputs: [string, (scale: number) => string][] = [
    ["nested b", (k) => "<b>".repeat(3_333 * k)],
    ["nested div", (k) => "<div>".repeat(2_000 * k)],
    ["lone <", (k) => "<".repeat(10_000 * k)],
    ["comments", (k) => "<!--".repeat(2_500 * k)],
    ["entities", (k) => "&#".repeat(5_000 * k)],
    ["long attribute", (k) => '<a href="https://' + "x".repeat(10_000 * k - 20) + '">'],
    ["many attributes", (k) => "<a " + "t=1 ".repeat(2_499 * k) + ">"],
  ];
  for (const [name, make] of inputs) {
    await assertScalesLinearly(name, async (scale) => {
      const r = await call(client, "create_tab_card", {
        title: name,
        tabs: [{ label: "a", html: make(scale) }],
      });
      if (!r.isError) assertInert(r.structured!.card.articleHtml, name);
      else {assertEquals(
          /^Invalid "tabs\[0\]\.html": nothing is left/.test(r.text),
          true,
          `${name}: ${r.text}`,
        );}
    });
  }
});

Deno.test({
  name: "adversarial html: links keep only absolute http, https and mailto URLs",
  // Regression: relative and scheme-only hrefs survived the sanitizer.

  async fn() {
    await using client = await connect();
    for (const href of ["relative/path", "#frag", "?q=1", "./x", "..", "https:evil.example"]) {
      const r = await call(client, "create_tab_card", {
        title: "t",
        tabs: [{ label: "a", html: `<a href="${href}">x</a>` }],
      });
      const html = r.structured!.card.articleHtml;
      const kept = /<a href="([^"]*)"/.exec(html)?.[1];
      assertEquals(kept === undefined || /^(https?:\/\/|mailto:)/i.test(kept), true, `href="${kept}" kept`);
    }
  },
});
