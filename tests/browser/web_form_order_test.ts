// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Controls sharing a name, end to end, with Chromium as the oracle: the page's own form submitted
 * by Chromium posts exactly the body submit_web_form posts for the values the user picked in the
 * mirrored card (painted under the official AppBridge host, its message sent as the user would).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import {
  BUTTON_BODY,
  BUTTON_PAGE,
  REPEATED_BODY,
  REPEATED_PAGE,
  REPEATED_VALUES,
  urlencoded,
} from "../tools/web_form_repeated.ts";
import { CHARSET_CASES, CHARSET_ROUTES } from "../tools/web_form_charset.ts";
import { site, webClient } from "../tools/web_fixtures.ts";
import { skipReason, startHarness, until, waitFor } from "./harness.ts";
import "./page/types.ts";

Deno.test({
  name: "repeated names: the card's values post what Chromium posts for the page's own form",
  ignore: skipReason() !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using web = await site({ "/order": REPEATED_PAGE, "/done": "<title>Done</title><p>ok</p>" });
  await using client = await webClient([web.origin]);
  const url = `${web.origin}/order`;
  const h = await startHarness();
  try {
    // The oracle: Chromium fills in and submits the website's own form.
    const page = await h.context.newPage();
    await page.goto(url);
    await page.uncheck("[name='pick[]'][value=A-1]");
    await page.check("[name='pick[]'][value=B-2]");
    await page.check("[name='pick[]'][value=A-1]");
    const qty = page.locator("[name='items[][qty]']");
    await qty.nth(0).fill("3");
    await qty.nth(1).fill("5");
    const tags = page.locator("[name='tags[]']");
    await tags.nth(0).fill("red");
    await tags.nth(1).fill("blue");
    const sizes = page.locator("[name=size]");
    await sizes.nth(0).selectOption("M");
    await sizes.nth(1).selectOption("S");
    await page.selectOption("[name=top]", ["olives", "cheese"]);
    // Closing a page mid-navigation can hang Chromium: wait for the answer page's load first.
    await Promise.all([
      page.waitForRequest((r) => r.method() === "POST"),
      page.waitForEvent("load"),
      page.click("button[name=go]"),
    ]);
    await page.close();
    const byBrowser = web.requests.find((r) => r.method === "POST")!;
    assertDeep(urlencoded(byBrowser), REPEATED_BODY);

    // The card: the user picks the same values, the card sends them, the model submits them.
    const fixture = await client.callTool({ name: "mirror_web_form", arguments: { url } });
    const formId = (fixture.structuredContent as { form: { id: string } }).form.id;
    const m = await h.mount({
      tool: "mirror_web_form",
      args: { url },
      fixture: fixture as Record<string, unknown>,
      deliver: "result",
      hostContext: { theme: "light" },
    });
    const view = m.view;
    await waitFor(view, "form[data-mcc-web-form]");
    await view.uncheck("[name='pick[]'][value=A-1]");
    await view.check("[name='pick[]'][value=B-2]");
    await view.check("[name='pick[]'][value=A-1]");
    await view.fill("[name='items[][qty]']", "3");
    await view.fill("[name='items[][qty] #2']", "5");
    await view.fill("[name='tags[]']", "red");
    await view.fill("[name='tags[] #2']", "blue");
    await view.selectOption("[name=size]", "M");
    await view.selectOption("[name='size #2']", "S");
    await view.check("[name=top][value=olives]");
    await view.check("[name=top][value=cheese]");
    await view.click("button[type=submit]");
    await until(m.page, () => window.hostEvents.some((e) => e.type === "message"));
    const [message] = await m.events("message");
    const text = (message.params as { content: { text: string }[] }).content[0].text;
    const sent = JSON.parse(text.slice(text.indexOf("\n") + 1));
    assertEquals(sent.formId, formId);
    assertDeep(sent.values, { ...REPEATED_VALUES, "pick[]": ["A-1", "B-2"], top: ["cheese", "olives"] });
    await m.page.close();

    const before = web.requests.length;
    await client.callTool({ name: "submit_web_form", arguments: sent });
    assertEquals(web.requests.length, before + 1);
    assertDeep(urlencoded(web.requests.at(-1)!), urlencoded(byBrowser));
  } finally {
    await h.close();
  }
});

Deno.test({
  name:
    "the default button's formaction, formmethod and formenctype: Chromium posts what submit_web_form posts",
  ignore: skipReason() !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using web = await site({ "/search": BUTTON_PAGE, "/right": "<title>Found</title><p>3 results</p>" });
  await using client = await webClient([web.origin]);
  const h = await startHarness();
  try {
    const page = await h.context.newPage();
    await page.goto(`${web.origin}/search`);
    await page.fill("[name=q]", "knee");
    // Closing a page mid-navigation can hang Chromium: wait for the answer page's load first.
    await Promise.all([
      page.waitForRequest((r) => r.method() === "POST"),
      page.waitForEvent("load"),
      page.click("button[name=go]"),
    ]);
    await page.close();
    const byBrowser = web.requests.find((r) => r.method === "POST")!;
    assertEquals(byBrowser.url, "/right?keep=yes");
    assertDeep(urlencoded(byBrowser), BUTTON_BODY);

    const mirrored = await client.callTool({
      name: "mirror_web_form",
      arguments: { url: `${web.origin}/search`, form: "f" },
    });
    const formId = (mirrored.structuredContent as { form: { id: string } }).form.id;
    await client.callTool({ name: "submit_web_form", arguments: { formId, values: { q: "knee" } } });
    const ours = web.requests.at(-1)!;
    assertEquals(ours.url, byBrowser.url);
    assertEquals(String(ours.headers["content-type"]), String(byBrowser.headers["content-type"]));
    assertDeep(urlencoded(ours), urlencoded(byBrowser));
  } finally {
    await h.close();
  }
});

Deno.test({
  name: "legacy encodings: Chromium and submit_web_form send the same bytes",
  ignore: skipReason() !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using web = await site(CHARSET_ROUTES);
  await using client = await webClient([web.origin]);
  const h = await startHarness();
  const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
  try {
    for (const c of CHARSET_CASES) {
      const page = await h.context.newPage();
      await page.goto(`${web.origin}${c.page}`);
      await page.fill(`#${c.form} [name=q]`, c.typed);
      const path = c.url.split("?")[0];
      await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === path),
        page.waitForEvent("load"), // closing a page mid-navigation can hang Chromium
        page.click(`#${c.form} button`),
      ]);
      await page.close();
      const byBrowser = web.requests.findLast((r) => r.url.split("?")[0] === path)!;

      const mirrored = await client.callTool({
        name: "mirror_web_form",
        arguments: { url: `${web.origin}${c.page}`, form: c.form },
      });
      const formId = (mirrored.structuredContent as { form: { id: string } }).form.id;
      await client.callTool({ name: "submit_web_form", arguments: { formId, values: { q: c.typed } } });
      const ours = web.requests.at(-1)!;
      assertEquals(ours.url, byBrowser.url, c.form);
      const type = (r: typeof ours) => String(r.headers["content-type"] ?? "");
      const boundary = (r: typeof ours) => /boundary=(.*)$/.exec(type(r))?.[1] ?? "\u0000";
      assertEquals(
        type(ours).replace(boundary(ours), "B"),
        type(byBrowser).replace(boundary(byBrowser), "B"),
      );
      assertEquals(
        latin1(ours.body).replaceAll(boundary(ours), "B"),
        latin1(byBrowser.body).replaceAll(boundary(byBrowser), "B"),
        c.form,
      );
      if (c.body !== undefined) assertEquals(latin1(byBrowser.body), c.body, c.form);
    }
  } finally {
    await h.close();
  }
});
