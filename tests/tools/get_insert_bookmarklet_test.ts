import { strictEqual as assertEquals } from "node:assert/strict";
import { BOOKMARKLET_SOURCE, bookmarkletUrl } from "../../src/tools/_bookmarklet.ts";
import { connect, textOf } from "../helpers.ts";

const USE =
  "Use: on a card, choose Copy card. On the page where it should go, click the bookmark once, then right-click the spot and choose Insert Card (Shift+right-click keeps the page's own menu). If the page may not read the clipboard, a box appears: paste the card there. The card shows in a sandboxed frame that cannot touch the page; it is a local preview and is gone when the page reloads.";

Deno.test("get_insert_bookmarklet returns the bookmark URL, how to use it, and the source on request", async () => {
  await using client = await connect();
  const url = bookmarkletUrl();
  const plain = await client.callTool({ name: "get_insert_bookmarklet", arguments: {} });
  assertEquals(plain.isError, undefined);
  assertEquals(
    textOf(plain),
    `Insert Card bookmarklet (${url.length} characters).\n\nInstall: create a new bookmark and paste this whole line as its URL:\n\n${url}\n\n${USE}`,
  );
  assertEquals((plain.structuredContent as { url: string }).url, url);
  const withSource = await client.callTool({ name: "get_insert_bookmarklet", arguments: { source: true } });
  assertEquals(textOf(withSource).endsWith(`\n\nSource:\n\n\`\`\`js\n${BOOKMARKLET_SOURCE}\n\`\`\``), true);
  const refused = await client.callTool({ name: "get_insert_bookmarklet", arguments: { source: "yes" } });
  assertEquals(refused.isError, true);
});
