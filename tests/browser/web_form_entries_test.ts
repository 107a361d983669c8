/**
 * The browser's entry list, with Chromium as the oracle: for each page of
 * tests/tools/web_form_entries.ts, Chromium submits the page's own form (Enter pressed in a
 * field) and sends exactly the recorded request, and submit_web_form sends the same bytes for the
 * mirrored form with the same values.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { ENTRY_CASES, ENTRY_PAGES, pageOf } from "../tools/web_form_entries.ts";
import { site, webClient } from "../tools/web_fixtures.ts";
import type { Received } from "../net/servers.ts";
import { skipReason, startHarness } from "./harness.ts";

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const type = (r: Received) => String(r.headers["content-type"] ?? "");
const boundary = (r: Received) => /boundary=(.*)$/.exec(type(r))?.[1];
/** Path and query, content type and body, with the multipart boundary written "B". */
const seen = (r: Received) => {
  const b = boundary(r);
  const plain = (text: string) => b === undefined ? text : text.replaceAll(b, "B");
  return { url: r.url, type: plain(type(r)), body: plain(latin1(r.body)) };
};

Deno.test({
  name: "entry lists: Chromium sends what each case records, and submit_web_form the same bytes",
  ignore: skipReason() !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using web = await site({ ...ENTRY_PAGES, "/go.png": "" });
  await using client = await webClient([web.origin]);
  const h = await startHarness();
  try {
    for (const c of ENTRY_CASES) {
      const page = await h.context.newPage();
      await page.goto(`${web.origin}${pageOf(c)}`);
      for (const [name, value] of Object.entries(c.fill ?? {})) {
        await page.fill(`#${c.form} [name="${name}"]`, value);
      }
      const path = c.url.split("?")[0];
      await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === path),
        page.waitForEvent("load"), // closing a page mid-navigation can hang Chromium
        page.press(c.press, "Enter"),
      ]);
      await page.close();
      const byBrowser = web.requests.findLast((r) => r.url.split("?")[0] === path)!;
      const expected = { url: c.url, type: c.type, body: c.body };
      assertEquals(JSON.stringify(seen(byBrowser)), JSON.stringify(expected), `Chromium, ${c.name}`);

      const mirrored = await client.callTool({
        name: "mirror_web_form",
        arguments: { url: `${web.origin}${pageOf(c)}`, form: c.form },
      });
      const formId = (mirrored.structuredContent as { form: { id: string } }).form.id;
      const before = web.requests.length;
      const sent = await client.callTool({
        name: "submit_web_form",
        arguments: { formId, values: c.fill ?? {} },
      });
      assertEquals(sent.isError, undefined, c.name);
      assertEquals(web.requests.length, before + 1, c.name);
      assertEquals(JSON.stringify(seen(web.requests.at(-1)!)), JSON.stringify(expected), `ours, ${c.name}`);
    }
  } finally {
    await h.close();
  }
});
