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

const FORM = {
  title: "Study preferences",
  promptTemplate: "Teach {{topic}} with {{style}} examples.",
  fields: [{ name: "topic", label: "Topic", required: true }, {
    name: "style",
    type: "select",
    options: ["practical", "theoretical"],
  }],
};
const LINKED = { title: "Read more", markdown: "Read the [Deno manual](https://docs.deno.com/runtime/)." };

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

    await t.step("a host without `message` gets no ui/message: the copy fallback shows at once", async () => {
      const m = await mount("create_form_card", FORM, { omitCapabilities: ["message"] });
      await m.view.fill('[name="topic"]', "closures");
      await m.view.selectOption('[name="style"]', "practical");
      await m.view.click('button[type="submit"]');
      // at once: well inside the 15 s a silent host would cost
      const fallback = m.view.locator(".mcc-prompt-fallback");
      await fallback.waitFor({ timeout: 3_000 });
      assertEquals(
        await fallback.locator("p").textContent(),
        "This chat takes no messages from cards. Copy it and paste it into the conversation:",
      );
      assertEquals(await fallback.locator("pre").textContent(), "Teach closures with practical examples.");
      assertEquals(
        await status(m.view),
        "Not sent: this chat takes no messages from cards. Copy the prompt below",
      );
      assertEquals(await m.events("message"), []);
      await m.page.close();
    });

    await t.step("a host with `message` gets the exact ui/message", async () => {
      const m = await mount("create_form_card", FORM);
      await m.view.fill('[name="topic"]', "closures");
      await m.view.selectOption('[name="style"]', "practical");
      await m.view.click('button[type="submit"]');
      await m.view.locator(".mcc-status").filter({ hasText: "Sent to the conversation" }).waitFor();
      assertEquals((await m.events("message")).map((e) => e.params), [{
        role: "user",
        content: [{ type: "text", text: "Teach closures with practical examples." }],
      }]);
      assertEquals(await m.view.locator(".mcc-prompt-fallback").count(), 0);
      await m.page.close();
    });

    await t.step("a host without `openLinks` gets no ui/open-link: the address shows to copy", async () => {
      const m = await mount("create_markdown_card", LINKED, { omitCapabilities: ["openLinks"] });
      await m.view.click("a[href]");
      const panel = m.view.locator(".mcc-manual");
      await panel.waitFor({ timeout: 3_000 });
      assertEquals(
        await panel.locator("p").textContent(),
        "This chat opens no links from cards. The address below is selected: copy it.",
      );
      assertEquals(await panel.locator("textarea").inputValue(), "https://docs.deno.com/runtime/");
      assertEquals(await status(m.view), "Link not opened: copy the address below");
      assertEquals(await m.events("open-link"), []);
      assertEquals(m.page.frames().length, 3, "nothing navigated or opened");
      await m.page.close();
    });

    await t.step("a host with `openLinks` gets the exact ui/open-link", async () => {
      const m = await mount("create_markdown_card", LINKED);
      await m.view.click("a[href]");
      await m.page.waitForFunction(() => window.hostEvents.some((e) => e.type === "open-link"));
      assertEquals((await m.events("open-link")).map((e) => e.url), ["https://docs.deno.com/runtime/"]);
      assertEquals(await m.view.locator(".mcc-manual").count(), 0);
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
