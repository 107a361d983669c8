/**
 * get_insert_bookmarklet: the Insert Card bookmarklet (see _bookmarklet.ts for what it does and
 * why it is safe), with how to install and use it. Pure: it reads and fetches nothing.
 */
import { z } from "zod";
import { defineTool } from "../tool.ts";
import { BOOKMARKLET_SOURCE, bookmarkletUrl } from "./_bookmarklet.ts";

export default defineTool({
  name: "get_insert_bookmarklet",
  title: "Insert Card bookmarklet",
  description: 'A bookmarklet that places a card copied with "Copy card" into any web page.',
  input: z.object({
    source: z.boolean().optional().describe("Also return its source"),
  }),
  output: z.object({
    url: z.string().describe("The bookmarklet: a javascript: URL to save as a bookmark"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler({ source }) {
    const url = bookmarkletUrl();
    const text = [
      `Insert Card bookmarklet (${url.length} characters).`,
      "",
      "Install: create a new bookmark and paste this whole line as its URL:",
      "",
      url,
      "",
      "Use: on a card, choose Copy card. On the page where it should go, click the bookmark once, then right-click the spot and choose Insert Card (Shift+right-click keeps the page's own menu). If the page may not read the clipboard, a box appears: paste the card there. The card shows in a sandboxed frame that cannot touch the page; it is a local preview and is gone when the page reloads.",
    ];
    if (source) text.push("", "Source:", "", "```js", BOOKMARKLET_SOURCE, "```");
    return Promise.resolve({
      content: [{ type: "text", text: text.join("\n") }],
      structuredContent: { url },
    });
  },
});
