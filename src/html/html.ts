/**
 * The HTML kit's core: markup is a value of type {@link Html}, and the only ways to make one
 * are the {@link markup} tag (which escapes every interpolation) and {@link raw} (for markup the
 * sanitizer or a renderer already made safe). A plain string can never reach the page unescaped.
 */
import { escape } from "../ui/shared/escape.ts";

/** Markup that is safe to place in a document as is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What an interpolation in {@link markup} may hold. Arrays are joined; null, undefined and false vanish. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

export { escape };

/** Marks trusted markup. Only renderers and the sanitizer call this. */
export function raw(markup: string): Html {
  return new Html(markup);
}

function valueToString(value: HtmlValue): string {
  if (typeof value === "string") return escape(value);
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) {
    let out = ""; // a plain loop: rows of cells make this the renderer's hottest line
    for (const item of value) out += valueToString(item);
    return out;
  }
  return escape(String(value));
}

/**
 * Tagged template: the literal parts are trusted, every interpolation is escaped unless it is {@link Html}.
 * (Not named `html`: deno fmt reformats templates with that tag, changing the markup's whitespace.)
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += valueToString(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Joins blocks of markup, escaping any plain strings among them. */
export function join(parts: readonly HtmlValue[], separator = ""): Html {
  return new Html(parts.map(valueToString).join(separator));
}

const SAFE_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

/** Plainly well-formed http(s) URLs, judged without a full parse (tables check every cell). */
const PLAIN_HTTP_URL = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[\w.~!$&'()*+,;=:@%/?#-]*)?$/i;

/**
 * Returns the URL when it is absolute and uses http, https or mailto, else undefined.
 * The string is returned unchanged (the markup tag escapes it); it is only parsed to be judged.
 */
export function safeUrl(url: string, schemes: ReadonlySet<string> = SAFE_SCHEMES): string | undefined {
  if (schemes === SAFE_SCHEMES && PLAIN_HTTP_URL.test(url)) return url;
  // deno-lint-ignore no-control-regex -- control characters are exactly what is refused
  if (url.trim() !== url || /[\s\u0000-\u001f]/.test(url)) return undefined;
  try {
    const { protocol } = new URL(url);
    // "https:host" parses, but a browser may resolve it against the page: demand "https://".
    if ((protocol === "http:" || protocol === "https:") && !/^https?:\/\//i.test(url)) return undefined;
    return schemes.has(protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Turns arbitrary text into a stable id fragment: lowercase ascii letters, digits and dashes. */
export function slug(text: string, fallback = "item"): string {
  const s = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return s || fallback;
}
