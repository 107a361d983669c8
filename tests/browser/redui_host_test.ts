// deno-lint-ignore-file no-console no-window -- prints figures on stderr; page callbacks run in the browser, where window exists
/**
 * Red team (session 4): a host that misbehaves, under the official AppBridge in Chromium. Results
 * a host strips or reshapes, junk results and junk messages, host contexts of the wrong types and
 * styles that try to load things, floods of partial input, a teardown in the middle of a paint,
 * and results that belong to another tool. Each step asserts the view throws nothing uncaught,
 * runs nothing, sends nothing it should not, and paints the next good result.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { type Harness, type Mounted, report, skipReason, startHarness, until } from "./harness.ts";
import { assertClean, painted, sleep, texts, type Watch, watch } from "./redui_common.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

/** Waits until the view has handled everything sent before (a ping behind it comes back). */
const drained = (m: Mounted) => m.page.evaluate(() => window.pingView());

/** Delivers the real result the host kept, and waits for its card. */
async function deliverGood(m: Mounted, title: string): Promise<void> {
  await m.page.evaluate(() => window.deliver(window.lastResult!));
  await until(m.view, (t) => document.querySelector("#mcc-root .mcc-title")?.textContent === t, title);
}

Deno.test({
  name: "red team ui: a misbehaving host",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const w: Watch = await watch(h);
  const table = KINDS.table;
  const tableTitle = String(table.args.title);
  try {
    await t.step(
      "a host that drops structuredContent: a card document the model wrote into the summary is not painted",
      async () => {
        w.reset();
        // The summary quotes the title; a host without structuredContent hands the view only the summary.
        const title = '<!doctype html><p id="mcc-root"><b class="mcc-card"><img src=x onerror=_x(50)>';
        const m = await h.mount({
          tool: "create_table_card",
          args: { ...table.args, title },
          deliver: "result",
          transform: "no-structured",
          hostContext: { theme: "light" },
        });
        await drained(m);
        await sleep(300);
        assertEquals(await m.view.evaluate(() => document.querySelectorAll("#mcc-root img").length), 0);
        await assertClean(m, w, "summary");
        await m.page.close();
      },
    );

    await t.step(
      "text that merely names a card document is not read (only a link's or resource's uri is)",
      async () => {
        w.reset();
        const m = await h.mount({
          tool: "create_table_card",
          args: table.args,
          deliver: "result",
          fixture: { content: [{ type: "text", text: "See ui://mcp-chat-cards/html/apps-1 for the card." }] },
          hostContext: { theme: "light" },
        });
        await drained(m);
        await sleep(300);
        assertEquals(await m.events("read-resource"), []);
        await assertClean(m, w, "named uri");
        await m.page.close();
      },
    );

    await t.step(
      "junk results and junk messages: nothing thrown, nothing latched, the good result paints",
      async () => {
        w.reset();
        const m = await h.mount({ ...table, deliver: "manual", hostContext: { theme: "light" } });
        const results: unknown[] = [
          null,
          5,
          "x",
          [],
          { content: "x" },
          { content: [null, 1, { type: "text", text: 5 }, { type: "text", text: "{not json articleHtml" }] },
          { structuredContent: { card: { articleHtml: 5 } } },
          { structuredContent: { card: { articleHtml: "", config: { id: {} } } } },
          { structuredContent: { card: { articleHtml: "<p>no card here</p>", config: { id: "junk" } } } },
          { structuredContent: { card: null }, _meta: { viewUUID: { a: 1 } } },
          { isError: true, content: [{ type: "text", text: { a: 1 } }] },
        ];
        await m.page.evaluate((list) => {
          for (const params of list) {
            window.sendRaw({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params });
          }
          for (
            const method of [
              "__proto__",
              "constructor",
              "toString",
              "hasOwnProperty",
              "__defineGetter__",
              "ui/notifications/host-context-changed",
              "ui/notifications/tool-input",
              "ui/notifications/tool-cancelled",
              5,
            ]
          ) {
            window.sendRaw({ jsonrpc: "2.0", method, params: "x" });
            window.sendRaw({ jsonrpc: "2.0", method, params: null });
            window.sendRaw({ jsonrpc: "2.0", method, params: 7 });
            window.sendRaw({ jsonrpc: "2.0", id: 1000, method, params: {} });
          }
          window.sendRaw({ jsonrpc: "2.0", id: 99_999, result: {} });
          window.sendRaw({ jsonrpc: "2.0", id: { a: 1 }, error: null });
          window.sendRaw({ jsonrpc: "2.0" });
          window.sendRaw("not json-rpc");
        }, results);
        await drained(m);
        await sleep(200);
        assertEquals(w.errors, [], "nothing thrown");
        // A cancel came among the junk: the view says so, and a real result still paints.
        const result = await h.apps.callTool({ name: table.tool, arguments: table.args });
        await m.page.evaluate((r) => (window.lastResult = r), result as Json);
        await deliverGood(m, tableTitle);
        await assertClean(m, w, "junk");
        await m.page.close();
      },
    );

    await t.step("host contexts of the wrong types, and styles that try to load things", async () => {
      w.reset();
      const m = await h.mount({ ...table, deliver: "result", hostContext: { theme: "light" } });
      await painted(m);
      const contexts: Json[] = [
        { styles: { variables: null, css: null } },
        { theme: { dark: true } },
        { theme: 5, locale: 42, timeZone: {} },
        { locale: "xx-invalid-!!", timeZone: "Mars/Olympus" },
        { styles: "x" },
        { styles: { variables: [1, 2] } },
        { styles: { variables: null } },
        { styles: { variables: { "--color-background-primary": 5, "not-a-var": "red" } } },
        { styles: { css: { fonts: 5 } } },
        { styles: null },
        { safeAreaInsets: null },
        { safeAreaInsets: { top: "url(https://evil.example/s)", left: -5, right: 1e308 } },
        { deviceCapabilities: null },
        { availableDisplayModes: "fullscreen", displayMode: {} },
        { containerDimensions: null },
        { containerDimensions: { height: "100vh", maxHeight: {}, width: -1 } },
        { toolInfo: null },
      ];
      await m.page.evaluate((list) => {
        for (const params of list) {
          window.sendRaw({ jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params });
        }
      }, contexts);
      await drained(m);
      await sleep(200);
      assertEquals(w.errors, [], "nothing thrown");

      // Style values that would fetch: url(), image-set(), escapes that spell url, and IE's expression().
      const evil = {
        "--color-background-primary": "url(https://evil.example/bg.png)",
        "--color-background-secondary": "image-set(url(https://evil.example/set.png) 1x)",
        "--color-background-tertiary": "u\\72l(https://evil.example/esc.png)",
        "--color-text-primary": "expression(_x(60))",
        "--color-border-primary": "red; background: url(https://evil.example/semi.png)",
        "--font-sans": "x, url(https://evil.example/font.woff)",
      };
      await m.page.evaluate((variables) => window.changeContext({ styles: { variables } }), evil);
      await drained(m);
      await m.view.evaluate(() => {
        // make every part of the card paint with every variable
        for (const e of document.querySelectorAll<HTMLElement>("#mcc-root *")) {
          e.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
        }
      });
      await sleep(500);
      await assertClean(m, w, "styles");

      // A good context still applies afterwards.
      await m.page.evaluate(() =>
        window.changeContext({
          theme: "dark",
          styles: { variables: { "--color-background-primary": "#123456" } },
        })
      );
      await drained(m);
      assertEquals(
        await m.view.evaluate(() => [
          document.body.dataset.theme,
          document.documentElement.style.getPropertyValue("--color-background-primary"),
        ]),
        ["dark", "#123456"],
      );
      await m.page.close();
    });

    await t.step("a flood of partial input: no hang, and the result paints after it", async () => {
      w.reset();
      // A model typing a 500-row table token by token: every partial carries all the rows so far.
      // The same flood after the tool input is ignored by the view: what it costs is the transport's.
      const flood = (m: Mounted) =>
        m.page.evaluate(async () => {
          const t0 = performance.now();
          const rows: string[][] = [];
          for (let i = 0; i < 500; i++) {
            rows.push([`r${i}`, "V8", "x"]);
            void window.sendPartial({ title: "Flood", headers: ["A", "B", "C"], rows });
          }
          await window.pingView();
          return performance.now() - t0;
        });
      const drawn = await h.mount({ ...table, deliver: "manual", hostContext: { theme: "light" } });
      const drawnMs = await flood(drawn);
      assertEquals(await texts(drawn.view, ".mcc-title"), ["Flood"]);
      assertEquals(await drawn.view.evaluate(() => document.querySelectorAll("tbody tr").length), 500);
      await drawn.page.evaluate((a) => window.sendInput(a), table.args);
      const transportMs = await flood(drawn);
      report(
        `500 partials growing to 500 rows: ${drawnMs.toFixed(0)} ms drawn, ${transportMs.toFixed(0)} ms ` +
          `ignored (transport only), ratio ${(drawnMs / transportMs).toFixed(2)}`,
      );
      const result = await h.apps.callTool({ name: table.tool, arguments: table.args });
      await drawn.page.evaluate((r) => (window.lastResult = r), result as Json);
      await deliverGood(drawn, tableTitle);
      await assertClean(drawn, w, "flood");
      await drawn.page.close();
    });

    await t.step("a teardown in the middle of a paint: nothing thrown, and the view goes quiet", async () => {
      w.reset();
      const m = await h.mount({
        ...KINDS.markdown,
        deliver: "manual",
        hostContext: { theme: "light" },
      });
      const result = await h.apps.callTool({ name: KINDS.markdown.tool, arguments: KINDS.markdown.args });
      await m.page.evaluate(async (r) => {
        await window.sendPartial({ markdown: "# Start" });
        await Promise.all([window.deliver(r), window.teardown()]);
      }, result as Json);
      await sleep(800);
      const events = await m.events();
      const down = events.findIndex((e) => e.type === "torn-down");
      const after = events.slice(down + 1).map((e) => e.type);
      assertEquals(after, [], "nothing sent after the teardown reply");
      assertEquals(w.errors, []);
      await m.page.close();
    });

    await t.step(
      "results that belong to another tool: no card, no notice over it, and the right one paints",
      async () => {
        w.reset();
        const m = await h.mount({ ...table, deliver: "manual", hostContext: { theme: "light" } });
        await m.page.evaluate((a) => window.sendInput(a), table.args);
        const other = await h.apps.callTool({ name: "fetch_reference", arguments: { url: "not a url" } });
        await m.page.evaluate((r) => window.deliver(r), other as Json);
        await drained(m);
        const result = await h.apps.callTool({ name: table.tool, arguments: table.args });
        await m.page.evaluate((r) => (window.lastResult = r), result as Json);
        await deliverGood(m, tableTitle);
        assert((await m.events("call-tool")).length === 0, "nothing pulled");
        await assertClean(m, w, "other tool");
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
