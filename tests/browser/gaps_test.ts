// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * The known gaps of the living-card features, closed, in real Chromium under the official
 * AppBridge host with the real server.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import { type Harness, type Mounted, skipReason, startHarness } from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
type Json = Record<string, unknown>;

const TABLE = {
  title: "Runtimes",
  headers: ["Runtime", "Engine"],
  rows: [["Deno", "V8"], ["Node.js", "V8"], ["Bun", "JavaScriptCore"]],
};

const status = (v: Frame) => v.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");

/** Waits until the host has sized the frame to the view's last report. */
async function settle(m: Mounted): Promise<void> {
  await m.page.waitForTimeout(250);
}

/** Clicks the middle of `selector` inside the view with the real mouse (page coordinates). */
async function mouseClick(m: Mounted, selector: string, button: "left" | "right" = "left"): Promise<void> {
  const box = await m.view.locator(selector).boundingBox();
  assert(box, `${selector} has a box`);
  await m.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button });
}

Deno.test({
  name: "living-card gaps in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = async (tool: string, args: Json, extra: Json = {}) => {
    const m = await h.mount({ tool, args, deliver: "result", hostContext: { theme: "light" }, ...extra });
    await m.view.waitForSelector(".mcc-card .mcc-tools");
    return m;
  };
  try {
    for (const collapsed of [true, false]) {
      await t.step(`menus take mouse clicks at 420 px, ${collapsed ? "collapsed" : "expanded"}`, async () => {
        const m = await mount("create_table_card", TABLE);
        await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "420px"));
        await settle(m);
        if (collapsed) {
          await mouseClick(m, '[data-mcc-action="collapse"]');
          await settle(m);
        }
        // The Download menu: its last item (CSV) by mouse.
        await mouseClick(m, '[data-mcc-action="download"]');
        await m.view.waitForSelector('.mcc-menu [role="menuitem"]');
        await mouseClick(m, '.mcc-menu [role="menuitem"]:last-child');
        await m.view.locator(".mcc-status").filter({ hasText: "runtimes.csv" }).waitFor({ timeout: 5_000 });
        assertEquals(await status(m.view), "Downloaded runtimes.csv (host)");
        // The context menu, opened on the title: its last item (Copy card) by mouse.
        await mouseClick(m, ".mcc-title", "right");
        await m.view.waitForSelector('.mcc-menu [role="menuitem"]');
        await mouseClick(m, '.mcc-menu [role="menuitem"]:last-child');
        await m.view.locator(".mcc-status").filter({ hasText: "Cop" }).waitFor({ timeout: 5_000 });
        assert(/^(Card copied|Copy blocked)/.test(await status(m.view)), await status(m.view));
        await m.page.close();
      });
    }
  } finally {
    await h.close();
  }
});
