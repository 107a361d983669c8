/**
 * A result over MCP_CHAT_CARDS_RESULT_LIMIT leaves nothing behind: no stored card (so no card
 * document to read, none listed) and, for mirror_web_form, no remembered form. The case that
 * matters is the narrow one: the card alone fits, the card plus what the tool adds beside it does
 * not.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { CardStore } from "../../src/store/card_store.ts";
import { CARD_URI_PREFIX } from "../../src/ui/shared/protocol.ts";
import { TEMPLATE_URIS, textOf } from "../helpers.ts";
import { site, structured, webClient } from "../tools/web_fixtures.ts";

const options = Array.from(
  { length: 300 },
  (_, i) => `<option value="choice-${i}-${"v".repeat(30)}">${i}</option>`,
);
const PAGE = `<title>Pick</title><main><h2>Pick one</h2><form action="/go">
  <label>Pick <select name="pick">${options.join("")}</select></label></form></main>`;

Deno.test("mirror_web_form: a card that fits but whose form outline does not stores nothing", async () => {
  await using web = await site({ "/pick": PAGE });
  const url = `${web.origin}/pick`;
  // Sizes first, with a fixed id so every call measures alike.
  const probe = async (resultLimit: number) => {
    const store = new CardStore();
    await using client = await webClient([web.origin], { resultLimit, store, newId: () => "fixed" });
    const result = await client.callTool({ name: "mirror_web_form", arguments: { url } });
    return { result, store, listed: (await client.listResources()).resources, client };
  };
  const wide = await probe(1_000_000);
  assertEquals(wide.result.isError, undefined, textOf(wide.result));
  const outline = JSON.stringify({ form: structured(wide.result).form }).length;
  // The whole result as measured (its viewUUID differs per call, but never in length).
  const full = JSON.stringify({
    content: wide.result.content,
    structuredContent: wide.result.structuredContent,
    _meta: wide.result._meta,
  }).length;
  assertEquals(outline > 10_000, true);

  // Room for the card, not for the card and its outline.
  const limit = full - Math.floor(outline / 2);
  const store = new CardStore();
  await using client = await webClient([web.origin], { resultLimit: limit, store, newId: () => "fixed" });
  const refused = await client.callTool({ name: "mirror_web_form", arguments: { url } });
  assertEquals(refused.isError, true);
  assertDeep(await store.list(), [], "nothing stored");
  // The size is the measured one (a few characters over this test's sum of the parts): read it back.
  const [, size, over] =
    /^Card is too large: the result is ([\d,]+) characters, ([\d,]+) over/.exec(textOf(refused)) ??
      [];
  const n = (text = "") => Number(text.replaceAll(",", ""));
  assertEquals(n(size) - n(over), limit, textOf(refused));
  assertEquals(n(size) >= full, true, textOf(refused));
  assertEquals(
    textOf(refused),
    `Card is too large: the result is ${size} characters, ${over} over the ${
      limit.toLocaleString("en-US")
    }-character ceiling (MCP_CHAT_CARDS_RESULT_LIMIT)\nFill this form in on the website (the user may raise MCP_CHAT_CARDS_RESULT_LIMIT if the host accepts larger results)`,
  );
  assertDeep((await client.listResources()).resources.map((r) => r.uri), TEMPLATE_URIS);
  const read = await client.readResource({ uri: `${CARD_URI_PREFIX}fixed` }).catch((e: Error) => e.message);
  assertEquals(String(read).includes('Card "fixed" is not available'), true, String(read));
  const submit = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: "wf-fixed", values: {} },
  });
  assertEquals(textOf(submit).startsWith(`Form "wf-fixed" is not known`), true, textOf(submit));
});
