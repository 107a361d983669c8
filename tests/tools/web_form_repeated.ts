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
