// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * A mirrored website form in real Chromium under the official AppBridge host: it paints, passes
 * axe in both themes, refuses to send while a required field is empty, and sends exactly the
 * structured message submit_web_form takes once the user fills it in. Screenshots at 420 and 760
 * px, light and dark, go to tests/artifacts/.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { introLine } from "../../src/tools/mirror_web_form.ts";
import { webFormMessage } from "../../src/ui/shared/web_form.ts";
import { savedPage, site, webClient } from "../tools/web_fixtures.ts";
import { axeViolations, type Mounted, picture, skipReason, startHarness, until, waitFor } from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();

async function settledShot(m: Mounted, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await m.page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await picture(m.page.locator("body"), `${name}.png`);
}

Deno.test({
  name: "mirrored website form in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  await using web = await site({ "/contact": savedPage("forms.html") });
  await using client = await webClient([web.origin]);
  const url = `${web.origin}/contact`;
  const fixture = await client.callTool({ name: "mirror_web_form", arguments: { url, form: "booking" } });
  const formId = (fixture.structuredContent as { form: { id: string } }).form.id;
  const h = await startHarness();
  const mount = async (theme: "light" | "dark", width = 680) => {
    const m = await h.mount({
      tool: "mirror_web_form",
      args: { url, form: "booking" },
      fixture: fixture as Record<string, unknown>,
      deliver: "result",
      hostContext: { theme },
    });
    await m.page.setViewportSize({ width: width + 40, height: 900 });
    await m.page.evaluate((w) => document.getElementById("slot")!.style.width = `${w}px`, width);
    await waitFor(m.view, "form[data-mcc-web-form]");
    return m;
  };
  try {
    await t.step("paints, passes axe in both themes; screenshots at 420 and 760 px", async () => {
      for (const theme of ["light", "dark"] as const) {
        for (const width of [420, 760]) {
          const m = await mount(theme, width);
          assertDeep(await axeViolations(m.view), [], `${theme} ${width}`);
          await settledShot(m, `web-form-${theme}-${width}`);
          await m.page.close();
        }
      }
    });

    await t.step(
      "an empty required field stops the submit; a filled form sends the exact payload",
      async () => {
        const m = await mount("light");
        await m.view.click("button[type=submit]");
        await new Promise((r) => setTimeout(r, 300));
        assertEquals((await m.events("message")).length, 0, "nothing sent while required fields are empty");

        await m.view.fill("[name=full_name]", "Ada Lovelace");
        await m.view.fill("[name=email]", "ada@example.org");
        await m.view.fill("[name=dob]", "1985-12-10");
        await m.view.selectOption("[name=clinic]", "n1");
        await m.view.check("[name=slot][value=pm]");
        await m.view.check("[name=contact_by][value=email]");
        await m.view.fill("[name=reason]", "Knee pain\nsince Tuesday");
        await m.view.fill("[name=visits]", "2");
        await m.view.check("[name=consent]");
        await m.view.click("button[type=submit]");
        await until(m.page, () => window.hostEvents.some((e) => e.type === "message"));
        const [message] = await m.events("message");
        const params = message.params as { role: string; content: { type: string; text: string }[] };
        assertEquals(params.role, "user");
        assertEquals(
          params.content[0].text,
          webFormMessage(introLine("Book an appointment", formId, new URL(url).host), formId, {
            full_name: "Ada Lovelace",
            email: "ada@example.org",
            phone: "",
            dob: "1985-12-10",
            clinic: "n1",
            slot: "pm",
            contact_by: ["email", "sms"],
            reason: "Knee pain\nsince Tuesday",
            visits: "2",
            consent: "yes",
          }),
        );
        // And that payload is a valid submit_web_form call (the round trip itself is tested in tests/tools/).
        const { values } = JSON.parse(params.content[0].text.split("\n").slice(1).join("\n"));
        assertEquals(values.contact_by.length, 2);
        await m.page.close();
      },
    );

    await t.step("a host that refuses the message: the payload is shown for copy and paste", async () => {
      const m = await h.mount({
        tool: "mirror_web_form",
        args: { url },
        fixture: fixture as Record<string, unknown>,
        deliver: "result",
        hostContext: { theme: "light" },
        messageReply: "isError",
      });
      await waitFor(m.view, "form[data-mcc-web-form]");
      await m.view.fill("[name=full_name]", "Ada");
      await m.view.fill("[name=email]", "ada@example.org");
      await m.view.selectOption("[name=clinic]", "Southbank");
      await m.view.check("[name=consent]");
      await m.view.click("button[type=submit]");
      await waitFor(m.view, ".mcc-prompt-fallback");
      const shown = await m.view.evaluate(() =>
        document.querySelector(".mcc-prompt-fallback pre")!.textContent
      );
      assertEquals(
        shown!.startsWith(introLine("Book an appointment", formId, new URL(url).host) + "\n{"),
        true,
      );
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
