/**
 * Sanitizes the fields named `html` (tab and reveal sections): formatting survives, anything that
 * runs, loads, navigates or submits is removed. sanitize-html is loaded on first use, so start-up
 * stays light.
 */
import { type Html, raw, safeUrl } from "./html.ts";

type SanitizeHtml = typeof import("sanitize-html");
let sanitizer: SanitizeHtml | undefined;

const ALLOWED_TAGS = [
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "caption",
  "cite",
  "code",
  "dd",
  "del",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
  "var",
];

/** Sanitizes untrusted markup into {@link Html}. */
export async function sanitize(markup: string): Promise<Html> {
  if (!sanitizer) {
    const mod = await import("sanitize-html"); // CommonJS: the function is the default export
    sanitizer = ((mod as { default?: SanitizeHtml }).default ?? mod) as SanitizeHtml;
  }
  const clean = sanitizer(markup, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title"],
      abbr: ["title"],
      img: ["src", "alt", "width", "height"],
      ol: ["start", "reversed"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
      time: ["datetime"],
      "*": ["lang", "dir"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["data"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    // Contents of these are code or data, never text to keep.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object"],
    // sanitize-html lets relative URLs through; a card has no base to resolve them against.
    transformTags: {
      a: (tagName: string, attribs: Record<string, string>) => {
        const { href, ...rest } = attribs;
        return { tagName, attribs: href !== undefined && safeUrl(href) ? attribs : rest };
      },
    },
    exclusiveFilter: (frame: { tag: string; attribs: Record<string, string> }) =>
      frame.tag === "img" && !/^data:image\/(png|gif|jpeg|webp);/i.test(frame.attribs.src ?? ""),
  });
  return raw(clean);
}
