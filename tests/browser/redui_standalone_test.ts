// deno-lint-ignore-file no-console no-window -- prints on stderr; page callbacks run in the browser, where window exists
/**
 * Red team (session 4): the standalone document of a hostile card, both as the server serves it
 * (`ui://mcp-chat-cards/html/<id>`) and as the view's Download hands it to the host, opened from
 * `file://` in Chromium. The CSP meta is the first thing in the head and exactly the policy; the
 * hostile title and text stay text; the runtime works (tabs switch) with no host; and script a
 * page injects afterwards (an inline script, an inline handler, a javascript: URL) is refused.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { type Harness, moreAction, skipReason, startHarness, until, waitFor } from "./harness.ts";
import { ran, sleep, type Watch, watch } from "./redui_common.ts";
import { standaloneCspOf } from "../../src/ui/standalone.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

const EVIL = `</title><script>_x(1)</script>"><img src=x onerror=_x(2)><!--<svg onload=_x(3)>`;
const ARGS = {
  title: EVIL.slice(0, 200),
  tabs: [
    { label: "One", text: EVIL, code: `</script><script>_x(4)</script>` },
    {
      label: `Two ${EVIL.slice(0, 60)}`,
      html: `<p>two</p><img src="https://evil.example/i.png"><a href="javascript:_x(5)">x</a>`,
    },
  ],
  extras: { tips: { script: EVIL } },
};

Deno.test({
  name: "red team ui: standalone documents of a hostile card, opened from file://",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const w: Watch = await watch(h);
  const dir = await Deno.makeTempDir({ prefix: "redui-" });
  try {
    const m = await h.mount({
      tool: "create_tab_card",
      args: ARGS,
      deliver: "result",
      hostContext: { theme: "light" },
    });
    await waitFor(m.view, '.mcc-card [data-mcc-action="more"]');
    const id = await m.view.evaluate(() => (window.__mccDebug!() as { cardId: string }).cardId);
    const served = ((await h.apps.readResource({ uri: `ui://mcp-chat-cards/html/${id}` })).contents[0] as {
      text: string;
    }).text;
    await moreAction(m.view, "Download HTML");
    await until(m.page, () => window.hostEvents.some((e) => e.type === "download"));
    const download = (await m.events("download"))[0].params as { contents: { resource: Json }[] };
    const downloaded = String(download.contents[0].resource.text);
    await m.page.close();

    for (const [name, doc] of [["served", served], ["downloaded", downloaded]] as const) {
      await t.step(
        `${name}: CSP first and exact, hostile text inert, works from file://, injections refused`,
        async () => {
          // The policy must come before anything it governs.
          const head = doc.slice(0, doc.indexOf("</head>"));
          const metas = [...head.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
          assertEquals(metas.map((x) => x[1]), [standaloneCspOf("tab")]);
          assert(
            !/<(script|style|link|img|base)\b/i.test(head.slice(0, metas[0].index)),
            "nothing before the CSP",
          );

          const file = `${dir}/${name}.html`;
          await Deno.writeTextFile(file, doc);
          w.reset();
          const page = await h.context.newPage();
          const url = `file://${file}`;
          await page.goto(url);
          await until(page, () => (window.__mccDebug?.() as { painted?: boolean } | undefined)?.painted);
          assertEquals(await page.title(), EVIL.slice(0, 200), "the title shows as typed");
          assertEquals(
            await page.evaluate(() => document.querySelector(".mcc-title")!.textContent),
            EVIL.slice(0, 200),
          );
          // The runtime runs with no host: tabs switch, by click and by key.
          await page.click('[role="tab"]:nth-child(2)');
          assertEquals(
            await page.evaluate(() =>
              document.querySelector('[role="tab"][aria-selected="true"]')!.textContent
            ),
            `Two ${EVIL.slice(0, 60)}`,
          );
          await page.keyboard.press("ArrowLeft");
          assertEquals(
            await page.evaluate(() => document.activeElement?.textContent),
            "One",
          );
          const before = await ran(page.mainFrame());
          assertEquals([before.ran, w.errors, w.dialogs], [[], [], []]);
          assertEquals(w.requests.filter((u) => u !== url), [], "no request but the document");

          // A page that injects script after load: every way is refused by the policy.
          await page.evaluate(() => {
            const s = document.createElement("script");
            s.textContent = "_x(70)";
            document.body.append(s);
            const img = document.createElement("img");
            img.setAttribute("onerror", "_x(71)");
            img.src = "data:image/png;base64,AAAA";
            document.body.append(img);
            const a = document.createElement("a");
            a.href = "javascript:_x(72)";
            document.body.append(a);
            a.click();
            document.body.insertAdjacentHTML("beforeend", `<img src="https://evil.example/p.png">`);
          });
          await sleep(300);
          const after = await ran(page.mainFrame());
          assertEquals(after.ran, [], "no injected script ran");
          assertEquals(
            after.csp.map((v) => v.split(" ")[0]).sort(),
            ["img-src", "script-src-attr", "script-src-elem", "script-src-elem"],
          );
          // (Chromium reports the refused image as a request that fails: the policy is what stops it.)
          assert(after.csp.includes("img-src https://evil.example/p.png"), after.csp.join("; "));
          await page.close();
        },
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await h.close();
  }
});
