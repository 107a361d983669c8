// deno-lint-ignore-file no-console -- prints figures on stderr
/**
 * Red team (session 4): hostile script and markup in every text field of every card kind, through
 * the real tools, painted by the real view under the official AppBridge host in Chromium. A trap is
 * in every frame before any card code runs; each step asserts that no payload ran, no dialog
 * opened, no request left the loopback origins, the CSP saw no attempt, nothing threw, the hostile
 * text shows as text, and every link the card offers (clicked, one by one) reaches the host as a
 * safe URL or not at all.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import { type Harness, type Mounted, skipReason, startHarness } from "./harness.ts";
import { assertClean, painted, ran, sleep, texts, type Watch, watch } from "./redui_common.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

/** Short payloads, each a different way out of text, an attribute, a comment or a script. */
const P = [
  `<svg onload=_x(1)>`,
  `"><img src=x onerror=_x(2)>`,
  `</script><script>_x(3)</script>`,
  `<!--<img src=x onerror=_x(4)>-->`,
  `' onfocus='_x(5)' autofocus x='`,
  `javascript:_x(6)`,
  "`${_x(7)}`",
  `<style>*{background:url(//evil.example/s)}</style>`,
];
const EVIL = P.join(" ");

// "script" in lowercase matches any case.
const extras = {
  tips: { onerror: EVIL, script: P[1] },
  menu: { [P[1].slice(0, 60)]: `${EVIL} {{selection}}` },
};

const MARKDOWN = [
  `# Head ${P[0]}`,
  ``,
  `<script>_x(10)</script>`,
  `<img src=x onerror=_x(11)> <svg><script>_x(12)</script></svg>`,
  `<iframe src="javascript:_x(13)"></iframe><object data="javascript:_x(13)"></object>`,
  `<a href="javascript:_x(14)">raw</a> <a href="https://ok.example/raw" onclick="_x(15)">raw ok</a>`,
  ``,
  `[js](javascript:_x(16)) [JS](JaVaScRiPt:_x(17)) [vb](vbscript:_x(18))`,
  `[data](data:text/html;base64,PHNjcmlwdD5feCgxOSk8L3NjcmlwdD4=) [tab](jav&#x09;ascript:_x(20))`,
  `[ent](&#106;avascript:_x(21)) [nl](java&#10;script:_x(22)) [sp]( javascript:_x(23))`,
  `[pct](javascript%3A_x(24)) [bs](javascript\\:_x(25)) [ok](https://ok.example/a)`,
  ``,
  `<javascript:_x(26)> <https://ok.example/auto> <mailto:a@ok.example> www.ok.example`,
  ``,
  `[ref][r] and [img ref][i]`,
  ``,
  `[r]: javascript:_x(27)`,
  `[i]: data:image/svg+xml,<svg onload=_x(28)>`,
  ``,
  `![remote](https://evil.example/pixel.png) ![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9X3goMjkpPg==)`,
  `![js](javascript:_x(30))`,
  ``,
  `<details open ontoggle=_x(31)><summary>s</summary>d</details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=_x(32)>`,
  `<form action="https://evil.example/"><button>go</button></form>`,
  `<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:_x(33)">`,
  `<!-- <img src=x onerror=_x(34)> -->`,
  `<div style="background:url(https://evil.example/bg)">styled</div>`,
  ``,
  "```html\n</code></pre><script>_x(35)</script>\n```",
  ``,
  `- a`,
  `  - b ${P[1]}`,
].join("\n");

/** One hostile call per card kind; `title` is what the card's title must show, as text. */
const CALLS: { tool: string; args: Json; title?: string }[] = [
  {
    tool: "create_table_card",
    args: {
      title: EVIL.slice(0, 200),
      caption: EVIL,
      headers: [P[0], P[1], P[5]],
      rows: [[P[2], P[3], "https://ok.example/" + P[1]], [EVIL, P[6], "javascript:_x(40)"]],
      extras,
    },
    title: EVIL.slice(0, 200),
  },
  {
    tool: "create_tab_card",
    args: {
      title: P[1],
      tabs: [
        { label: P[0], text: EVIL, code: EVIL, language: P[4].slice(0, 40) },
        { label: P[3].slice(0, 80), html: MARKDOWN.replace(/\n/g, "<br>") + `<p title="${P[1]}">t</p>` },
      ],
      extras,
    },
    title: P[1],
  },
  {
    tool: "create_chart_card",
    args: {
      title: P[2],
      type: "bar",
      labels: [P[0], P[1], P[4]],
      series: [{ name: P[3], values: [1, 2, 3] }, { name: P[7].slice(0, 80), values: [3, 1, 2] }],
      xTitle: P[1],
      yTitle: P[0],
      description: EVIL,
    },
    title: P[2],
  },
  {
    tool: "create_video_card",
    args: {
      title: P[0],
      url: "data:video/webm;base64,GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAAAAA",
      caption: EVIL,
      captionsLanguage: "en",
    },
    title: P[0],
  },
  {
    tool: "create_animation_card",
    args: {
      title: P[1],
      scenes: [
        { type: "text", heading: P[0], text: EVIL.slice(0, 800) },
        { type: "bullets", heading: P[2], bullets: P },
        { type: "diagram", heading: P[3], nodes: P.map((p) => p.slice(0, 60)) },
        { type: "chart", heading: P[4], labels: P.map((p) => p.slice(0, 60)), values: P.map((_, i) => i) },
      ],
    },
    title: P[1],
  },
  {
    tool: "create_reveal_card",
    args: {
      title: P[3],
      intro: EVIL,
      sections: [{ title: P[0], text: EVIL }, { title: P[1], code: EVIL, language: "html" }, {
        title: P[2],
        html: MARKDOWN.replace(/\n/g, "<br>"),
        open: true,
      }],
      extras,
    },
    title: P[3],
  },
  {
    tool: "create_list_card",
    args: {
      title: P[4],
      intro: EVIL,
      items: [{ text: P[0], detail: EVIL, children: [{ text: P[1], children: [{ text: P[2] }] }] }, {
        text: P[7],
      }],
      extras,
    },
    title: P[4],
  },
  { tool: "create_markdown_card", args: { markdown: MARKDOWN, title: P[2], extras }, title: P[2] },
  {
    tool: "create_code_tour_card",
    args: {
      title: P[0],
      intro: EVIL,
      files: [
        { path: `src/${P[1].replace(/\//g, "")}.ts`, content: EVIL },
        { path: `${P[3]}.html`, content: `<script>_x(41)</script>\n</textarea></code></pre>${P[1]}` },
        { path: "README.md", content: MARKDOWN },
      ],
      extras,
      tutorTermsInCode: true,
    },
    title: P[0],
  },
  {
    tool: "create_form_card",
    args: {
      title: P[1],
      intro: EVIL,
      promptTemplate: `Say {{a}} ${P[2]} {{b}} {{c}}`,
      fields: [
        { name: "a", label: P[0], placeholder: P[4], help: EVIL, default: P[2] + P[1] },
        { name: "b", type: "select", label: P[3], options: [...P, "{{a}}"], default: P[1] },
        { name: "c", type: "radio", label: P[5], options: P.slice(0, 4), other: P[1] },
      ],
      submitLabel: P[0],
    },
    title: P[1],
  },
  {
    tool: "create_prompt_gist_card",
    args: { title: P[2], question: EVIL, context: EVIL, placeholder: P[1] },
    title: P[2],
  },
  {
    tool: "create_prompt_refine_card",
    args: {
      round: 1,
      title: P[0],
      intro: EVIL,
      questions: [{ name: "q", question: EVIL.slice(0, 300), options: P.slice(0, 6), multiple: true }],
    },
    title: P[0],
  },
  { tool: "create_efficient_prompt_card", args: { prompt: EVIL, notes: EVIL, title: P[1] }, title: P[1] },
];

/** Links a card offers: each is clicked; what reaches the host must be an http(s) or mailto URL. */
async function clickEveryLink(m: Mounted): Promise<string[]> {
  const hrefs = await m.view.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>("#mcc-root a[href]")];
    for (const a of links) a.click();
    return links.map((a) => a.getAttribute("href")!);
  });
  await sleep(100);
  return hrefs;
}

/** Elements, attributes and URLs that have no business in a painted card, as "what: where" lines. */
function liveMarkup(view: Frame): Promise<string[]> {
  return view.evaluate(() => {
    const bad: string[] = [];
    const root = document.getElementById("mcc-root")!;
    for (const e of root.querySelectorAll("*")) {
      const tag = e.tagName.toLowerCase();
      if (/^(script|iframe|object|embed|style|link|meta|base|frame|frameset|applet|portal)$/.test(tag)) {
        bad.push(`element ${tag}`);
      }
      for (const a of e.attributes) {
        if (/^on/i.test(a.name)) bad.push(`${tag}[${a.name}]`);
        if (a.name === "style" && /url\(|expression|@import/i.test(a.value)) {
          bad.push(`${tag}[style=${a.value}]`);
        }
        if (/^(href|src|action|formaction|poster|xlink:href|data)$/i.test(a.name)) {
          // deno-lint-ignore no-control-regex -- browsers strip these from URLs, so the check does too
          const v = a.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
          if (
            !/^(https?:|mailto:|#|data:(image\/(png|jpeg|gif|webp)|video\/|audio\/|text\/vtt)|blob:)/.test(v)
          ) {
            bad.push(`${tag}[${a.name}=${a.value}]`);
          }
          if (/^https?:\/\/evil\.example/.test(v) && a.name !== "href") {
            bad.push(`${tag}[${a.name}=${a.value}]`);
          }
        }
      }
    }
    return bad;
  });
}

Deno.test({
  name: "red team ui: hostile script and markup in every field of every card kind stay text",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const w: Watch = await watch(h);
  try {
    await t.step("control: the trap, the request log and the link check see a live payload", async () => {
      // A host may hand the view any article (the view trusts its host): this one is live on purpose.
      const live =
        '<article class="mcc-card"><header class="mcc-head"><h2 class="mcc-title">x</h2></header>' +
        '<div class="mcc-body"><img src="https://evil.example/p.png" onerror="_x(99)"><a href="javascript:_x(98)">a</a>' +
        '<img src="y" onerror="null.boom"></div></article>';
      w.reset();
      const m = await h.mount({
        tool: "create_table_card",
        args: {},
        deliver: "result",
        fixture: { content: [], structuredContent: { card: { articleHtml: live, config: { id: "live" } } } },
        hostContext: { theme: "light" },
      });
      await painted(m);
      await sleep(300);
      assertEquals(await liveMarkup(m.view), [
        "img[src=https://evil.example/p.png]",
        "img[onerror]",
        "a[href=javascript:_x(98)]",
        "img[src=y]",
        "img[onerror]",
      ]);
      assertEquals((await ran(m.view)).ran, ["_x(99)"]);
      // Even then, a script URL is neither followed nor handed to the host.
      await clickEveryLink(m);
      assertEquals([(await ran(m.view)).ran, await m.events("open-link")], [["_x(99)"], []]);
      assertEquals(w.errors.length, 1, "an error thrown in the view is seen");
      assertEquals(w.refused.length > 0, true, "the CSP refusing the remote image is seen");
      await m.page.close();
    });

    for (const call of CALLS) {
      await t.step(call.tool, async () => {
        w.reset();
        const m = await h.mount({
          tool: call.tool,
          args: call.args,
          deliver: "result",
          hostContext: { theme: "dark" },
        });
        try {
          await painted(m);
          // Focus and hover everything that takes it (autofocus and onfocus payloads, tutor tips).
          await m.view.evaluate(() => {
            for (const e of document.querySelectorAll<HTMLElement>("#mcc-root *")) {
              e.focus?.();
              e.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
            }
          });
          if (call.title !== undefined) {
            assertEquals((await texts(m.view, ".mcc-title"))[0], call.title, "the title shows as typed");
          }
          assertEquals(await liveMarkup(m.view), [], "no live markup in the painted card");
          const hrefs = await clickEveryLink(m);
          const opened = (await m.events("open-link")).map((e) => String(e.url));
          assertEquals(
            opened.filter((u) => !/^(https:\/\/|http:\/\/|mailto:)/.test(u)),
            [],
            `links sent to the host (from ${JSON.stringify(hrefs)})`,
          );
          if ((call.args as Json).extras) {
            // Every tip opens (a click shows it at once) and shows its hostile text as text.
            const tips = await m.view.evaluate(() => {
              for (const term of document.querySelectorAll<HTMLElement>(".mcc-term")) term.click();
              return [...document.querySelectorAll(".mcc-tip")].map((tip) => tip.textContent);
            });
            assert(
              tips.includes(`onerror${EVIL}`),
              `the tip (term, then tip) shows as text: ${JSON.stringify(tips)}`,
            );
          }
          if ((call.args as Json).extras) {
            // The context menu lists the action under its hostile label, as text.
            await m.view.press('[data-mcc-action="collapse"]', "Shift+F10");
            assertEquals(
              (await texts(m.view, '.mcc-menu [role="menuitem"]'))[0],
              `${Object.keys(extras.menu)[0]}: Select some text in the card first`,
            );
            await m.page.keyboard.press("Escape");
          }
          await sleep(300);
          await assertClean(m, w, call.tool);
          console.error(
            `[browser] ${call.tool}: ${hrefs.length} links clicked, ${opened.length} reached the host`,
          );
          assert((await m.events("message")).length === 0, "nothing was sent to the chat");
        } finally {
          await m.page.close();
        }
      });
    }
  } finally {
    await h.close();
  }
});
