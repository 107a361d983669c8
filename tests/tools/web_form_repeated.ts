/**
 * A form whose controls share names (rows of `items[][qty]`, `tags[]` twice, two selects named
 * `size`, a checkbox group spread over rows, a multiple select), the values a user picks in its
 * card, and the body a browser posts for them. Shared by the tool test and the Chromium test.
 */
import { readFileSync } from "node:fs";
import type { Received } from "../net/servers.ts";

export const REPEATED_PAGE = readFileSync(new URL("./web_form/repeated.html", import.meta.url), "utf8");

/** What the user picks, as the card sends it. */
export const REPEATED_VALUES = {
  "pick[]": ["B-2", "A-1"],
  "items[][qty]": "3",
  "items[][qty] #2": "5",
  "tags[]": "red",
  "tags[] #2": "blue",
  size: "M",
  "size #2": "S",
  top: ["olives", "cheese"],
};

/** The body a browser posts for those values. */
export const REPEATED_BODY: [string, string][] = [
  ["items[][sku]", "A-1"],
  ["pick[]", "A-1"],
  ["items[][qty]", "3"],
  ["items[][sku]", "B-2"],
  ["pick[]", "B-2"],
  ["items[][qty]", "5"],
  ["tags[]", "red"],
  ["tags[]", "blue"],
  ["size", "M"],
  ["size", "S"],
  ["top", "cheese"],
  ["top", "olives"],
  ["tail", "end"],
  ["go", "1"],
];

/** An urlencoded body's entries, in order. */
export const urlencoded = (req: Received) => [...new URLSearchParams(new TextDecoder().decode(req.body))];

/** A form whose default button overrides where and how it is sent, with a `_charset_` field and an empty select. */
export const BUTTON_PAGE = `<!doctype html><title>Search</title><main>
<form id="f" action="/wrong" method="get" enctype="multipart/form-data"><h2>Search</h2>
  <input type="hidden" name="_charset_">
  <label>Query <input name="q" value="x"></label>
  <label>Nothing <select name="empty"></select></label>
  <button name="go" value="1" formaction="/right?keep=yes" formmethod="post"
    formenctype="application/x-www-form-urlencoded">Go</button>
  <button name="other" value="2" formaction="/elsewhere">Other</button>
</form>
<form id="d" method="dialog"><h2>Close</h2><input name="x" aria-label="X"><button>Close</button></form>
</main>`;

/** What a browser posts for it (to /right?keep=yes) with the query "knee". */
export const BUTTON_BODY: [string, string][] = [["_charset_", "UTF-8"], ["q", "knee"], ["go", "1"]];
