/**
 * Legacy encodings, character by character, with Chromium as the oracle: every character of the
 * Basic Multilingual Plane (and one in every 1,019 beyond it) typed into a form of a page in each
 * multi-byte encoding, posted by Chromium, is byte for byte what _charset.ts writes: the
 * characters each encoder lacks as `&#N;`, gb18030's four-byte sequences, ISO-2022-JP's escapes.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { urlencoded } from "../../src/tools/_charset.ts";
import { site } from "../tools/web_fixtures.ts";
import type { Handler } from "../net/servers.ts";
import { skipReason, startHarness } from "./harness.ts";

const ENCODINGS = ["gb18030", "gbk", "euc-jp", "iso-2022-jp", "shift_jis", "big5", "euc-kr", "windows-1252"];

/** Every scalar value of the BMP but CR and LF (a textarea changes those), and a sample of the rest. */
function everyCharacter(): string {
  let text = "";
  for (let cp = 1; cp < 0x10000; cp++) {
    if ((cp < 0xd800 || cp > 0xdfff) && cp !== 0x0a && cp !== 0x0d) text += String.fromCodePoint(cp);
  }
  for (let cp = 0x10000; cp <= 0x10ffff; cp += 0x3fb) text += String.fromCodePoint(cp);
  return text;
}

Deno.test({
  name: "legacy encodings: every character is sent as Chromium sends it",
  ignore: skipReason() !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const routes = Object.fromEntries(ENCODINGS.map((e): [string, Handler] => [
    `/${e}`,
    (_req, res) => {
      res.writeHead(200, { "content-type": `text/html; charset=${e}` });
      res.end(
        `<title>${e}</title><form action="/sent/${e}" method="post"><textarea name="q"></textarea><button>Go</button></form>`,
      );
    },
  ]));
  await using web = await site(routes);
  const text = everyCharacter();
  const h = await startHarness();
  try {
    for (const encoding of ENCODINGS) {
      const page = await h.context.newPage();
      await page.goto(`${web.origin}/${encoding}`);
      await page.fill("[name=q]", text);
      await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === `/sent/${encoding}`),
        page.waitForEvent("load"), // closing a page mid-navigation can hang Chromium
        page.click("button"),
      ]);
      await page.close();
      const sent = web.requests.findLast((r) => r.url === `/sent/${encoding}`)!;
      const theirs = new TextDecoder("latin1").decode(sent.body);
      const ours = urlencoded([["q", text]], encoding);
      // On a difference, show where, not half a megabyte.
      let at = 0;
      while (at < theirs.length && theirs[at] === ours[at]) at++;
      assertEquals(ours.slice(at - 60, at + 60), theirs.slice(at - 60, at + 60), `${encoding}, at ${at}`);
      assertEquals(ours.length, theirs.length, encoding);
    }
  } finally {
    await h.close();
  }
});
