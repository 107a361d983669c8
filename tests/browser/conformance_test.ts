// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Protocol conformance of the view against the MCP Apps spec types (ext-apps 2.0.4
 * `spec.types.d.ts`) and the official `App`, in real Chromium under the official AppBridge host
 * with the real server. Each step pins a point where the view and the spec could disagree:
 * - `ui/initialize` declares `appCapabilities.availableDisplayModes`, and nothing else is sent
 *   before `ui/notifications/initialized`;
 * - `tool-input-partial` comes 0..n times *before* `tool-input`: the complete arguments replace the
 *   preview's partial ones, a stale partial after them changes nothing and does not stop the pull;
 * - `updateModelContext` is a set of content-block modalities: text goes only to a host that lists
 *   `text`, `structuredContent` only to one that lists it, and a long prompt is never "offloaded"
 *   to a host that would not take the text.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type Harness, type Mounted, skipReason, startHarness, until, waitFor } from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
type Json = Record<string, unknown>;

const TABLE = {
  title: "Population by country",
  headers: ["Country", "Population"],
  rows: [["China", "1,409,670,000"], ["India", "1,428,627,663"], ["Japan", "125,000,000"]],
};

const rows = (m: Mounted) =>
  m.view.evaluate(() =>
    [...document.querySelectorAll(".mcc-table tbody tr")].map((tr) => tr.firstElementChild?.textContent)
  );

/** The view's messages to the host, by method, in the order the host saw them (from the trace). */
const sent = (m: Mounted) =>
  m.view.evaluate(() =>
    (window.__mccDebug!() as { messages: { dir: string; message: { method?: string } }[] }).messages
      .filter((x) => x.dir === "tx" && x.message.method).map((x) => x.message.method)
  );

Deno.test({
  name: "MCP Apps protocol conformance in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  try {
    await t.step("ui/initialize declares the display modes; nothing is sent before initialized", async () => {
      const m = await h.mount({
        tool: "create_table_card",
        args: TABLE,
        deliver: "result",
        hostContext: { theme: "light" },
      });
      await waitFor(m.view, ".mcc-card .mcc-tools");
      const [init] = await m.events("initialized");
      assertEquals(init.appCapabilities, {
        availableDisplayModes: ["inline", "fullscreen"],
        tools: { listChanged: true },
      });
      assertEquals((init.appInfo as Json).name, "mcp-chat-cards");
      const methods = await sent(m);
      assertEquals(methods.slice(0, 2), ["ui/initialize", "ui/notifications/initialized"]);
      assertEquals(methods.indexOf("ui/notifications/size-changed") > 1, true);
      await m.page.close();
    });

    await t.step(
      "tool-input after partials: the complete arguments replace the preview; a stale partial is ignored",
      async () => {
        const m = await h.mount({
          tool: "create_table_card",
          args: TABLE,
          deliver: "manual",
          hostContext: { theme: "light" },
          partials: [{ title: TABLE.title, headers: TABLE.headers, rows: TABLE.rows.slice(0, 1) }],
        });
        await waitFor(m.view, ".mcc-table tbody tr");
        assertEquals(await rows(m), ["China"]);
        await m.page.evaluate((a) => window.sendInput(a), TABLE);
        await until(m.view, () => document.querySelectorAll(".mcc-table tbody tr").length === 3, null, {
          timeout: 3_000,
        });
        assertEquals(await rows(m), ["China", "India", "Japan"]);
        // Out of order (the spec sends partials only before tool-input): drawn over nothing.
        await m.page.evaluate(() => window.sendPartial({ rows: [["Stale"]] }));
        await m.page.evaluate(() => window.pingView()); // the partial has been handled
        assertEquals(await rows(m), ["China", "India", "Japan"]);
        // No result comes: the view still pulls the card with the complete arguments.
        await until(m.page, () => window.hostEvents.some((e) => e.type === "call-tool"), null, {
          timeout: 10_000,
        });
        const [call] = await m.events("call-tool");
        assertEquals(call.arguments, { tool: "create_table_card", arguments: TABLE });
        await waitFor(m.view, ".mcc-card .mcc-tools");
        await m.page.close();
      },
    );

    const select = async (modalities: Json) => {
      const m = await h.mount({
        tool: "create_table_card",
        args: TABLE,
        deliver: "result",
        hostContext: { theme: "light" },
        modelContext: true,
        contextModalities: modalities,
      });
      await waitFor(m.view, ".mcc-card .mcc-tools");
      await m.view.click(".mcc-table tbody tr:nth-child(3)");
      return m;
    };
    const contexts = async (m: Mounted, n: number) => {
      await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "context").length >= k, n, {
        timeout: 5_000,
      });
      return (await m.events("context")).map((e) => e.params);
    };

    await t.step("a host that takes structured content only gets no text blocks", async () => {
      const m = await select({ structuredContent: {} });
      const [first] = await contexts(m, 1);
      const card = await m.view.evaluate(() => (window.__mccDebug!() as { cardId: string }).cardId);
      assertEquals(first, {
        structuredContent: {
          card: { id: card, title: "Population by country" },
          selection: {
            card,
            title: "Population by country",
            kind: "row",
            row: 3,
            cells: { Country: "Japan", Population: "125,000,000" },
          },
        },
      });
      await m.view.click(".mcc-table tbody tr:nth-child(3)");
      assertEquals((await contexts(m, 2))[1], {}, "letting go clears the context");
      await m.page.close();
    });

    await t.step("a host that lists no modality gets no model-context update at all", async () => {
      const m = await select({});
      await m.page.evaluate(() => window.pingView());
      await until(m.view, () => document.querySelector("[aria-selected=true]"));
      assertEquals(await m.events("context"), []);
      assertEquals(await m.view.evaluate(() => document.querySelector(".mcc-status")?.textContent), "");
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
