/**
 * What the three web tools share: fetching a page through the context's safe fetcher and refusing
 * error statuses, and reading a response as an extract whatever its text type.
 */
import { ToolError } from "../errors.ts";
import type { FetchedPage } from "../net/fetch.ts";
import type { FormSpec, PageExtract } from "../web/extract.ts";
import type { ToolContext } from "../tool.ts";
import { QUOTED_URL, quoteData } from "../quote.ts";

/** Fetches `url` (GET) and refuses 4xx and 5xx answers with the status in words. */
export async function fetchPage(ctx: ToolContext, url: string): Promise<FetchedPage> {
  const page = await ctx.fetcher.fetch({ url });
  if (page.status >= 400) {
    throw new ToolError(
      "fetch_failed",
      `Cannot fetch ${quoteData(url, QUOTED_URL)}: the server answered ${page.status}${
        page.statusText ? " " + page.statusText : ""
      }`,
      page.status >= 500 ? "Try again later" : "Check the URL, or fetch the page that links to it",
    );
  }
  return page;
}

/**
 * HTML and XHTML are parsed; any other text becomes the extract's text as it is. The extractor
 * (linkedom, the heaviest module the server has) is loaded on the first page, not at start-up.
 */
export async function extractAny(page: FetchedPage): Promise<PageExtract> {
  if (page.contentType === "text/html" || page.contentType === "application/xhtml+xml") {
    const { extractPage } = await import("../web/extract.ts");
    return extractPage(page.text, page.url);
  }
  return {
    url: page.url,
    title: "",
    description: "",
    headings: [],
    text: page.text.trim(),
    tables: [],
    images: [],
    links: [],
    forms: [],
  };
}

/** Words in a text, roughly (for summaries). */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The start of a text, cut at a word boundary with an ellipsis. */
export function opening(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(" ", max - 1);
  return flat.slice(0, cut > max / 2 ? cut : max - 1) + "…";
}

/**
 * The name each field of a mirrored form goes by in the card and in submit_web_form's values:
 * its own name, and for the second and later controls sharing a name (`tags[]` three times, two
 * selects named `size`), that name with " #2", " #3"… so the card answers each one and none is
 * lost; a field named "__proto__", which no JavaScript object keeps as a key, is "__proto__ #1".
 * An alias never takes a name the form itself uses.
 */
export function cardNames(form: FormSpec): string[] {
  const taken = new Set([...form.fields.map((f) => f.name), ...form.hidden.map((h) => h.name)]);
  const seen = new Map<string, number>();
  return form.fields.map(({ name }) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    // "__proto__" cannot be a key of the values a card or a call sends: it goes by "__proto__ #1".
    if (count === 1 && name !== "__proto__") return name;
    let k = count;
    let alias: string;
    do alias = `${name} #${k++}`; while (taken.has(alias));
    taken.add(alias);
    return alias;
  });
}
