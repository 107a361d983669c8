/**
 * Text that came from a page, a file or a caller, made safe to put inside a sentence the model or
 * a host reads. The one rule, used wherever such text meets a sentence: it is cut to a stated
 * length and written as a JSON string, so its own quotes and line breaks are escaped and it cannot
 * close the quotes around it to speak in the server's (or the user's) voice. The sentence around
 * it says where it came from ("the page calls it …").
 */
import { jsonText } from "./ui/shared/json.ts";

/** The first `max` characters of a text, the last one an ellipsis when cut (never inside a surrogate pair). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--;
  return text.slice(0, end) + "…";
}

/** One line of text: whitespace folded, then {@link cut} at `max` characters. */
export function oneLine(text: string, max: number): string {
  return cut((/\s\s|[^\S ]/.test(text) ? text.replace(/\s+/g, " ") : text).trim(), max);
}

/**
 * Outside text as a quoted value for a sentence: written as a JSON string (`"say \"hi\""`), so
 * nothing in it can end the quotes or start a line of its own (U+2028 and U+2029 are escaped too),
 * and cut so that what stands between the quotes, escapes included, is at most `max` characters
 * (the last one an ellipsis when cut).
 */
export function quoteData(text: string, max: number): string {
  const whole = jsonText(text);
  if (whole.length - 2 <= max) return whole;
  // The longest start whose escaped form fits with the ellipsis: each character takes one to six.
  let [fits, over] = [0, Math.min(text.length, max)];
  while (over - fits > 1) {
    const mid = (fits + over) >> 1;
    if (jsonText(text.slice(0, mid)).length - 2 <= max - 1) fits = mid;
    else over = mid;
  }
  if (/[\ud800-\udbff]/.test(text[fits - 1] ?? "")) fits--; // never half a surrogate pair
  return jsonText(text.slice(0, fits) + "…");
}

/**
 * A card's title (the caller's words, at most 200 characters by its schema) for the card's summary:
 * a JSON string, whole, so a quote in it cannot end the title and speak in the server's voice.
 */
export function quoteTitle(title: string): string {
  return jsonText(title);
}

/** Outside text folded to one line (see {@link oneLine}), then quoted as {@link quoteData}. */
export function quoteLine(text: string, max: number): string {
  return quoteData(oneLine(text, max), max);
}

/** The longest a label, title, option or name from a page is when quoted in a sentence. */
export const QUOTED_LABEL = 80;
/** The longest a page's title is when quoted in a sentence. */
export const QUOTED_TITLE = 200;
/** The longest a URL is when quoted in a sentence (structured content has it whole). */
export const QUOTED_URL = 300;
/** The longest a file path (or a zip entry's name) is when quoted in a sentence. */
export const QUOTED_PATH = 300;

/** What a plain host and port are written with: letters, digits, dots and hyphens, or an IPv6 address in brackets. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i;

/**
 * A URL's host (with its port) for a sentence: as it is when it is a plain name or address, which
 * cannot close a quote; else quoted as data. A parsed URL's host can hold a quote (`http://a"b/`
 * parses, and a full-width ＂ becomes one), and a page chooses the hosts in its links, form actions
 * and redirects.
 */
export function quoteHost(host: string): string {
  return PLAIN_HOST.test(host) ? host : quoteData(host, QUOTED_URL);
}
