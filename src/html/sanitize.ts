/**
 * Sanitizes the fields named `html` (tab and reveal sections): formatting survives, anything that
 * runs, loads, navigates or submits is removed. sanitize-html is loaded on first use, so start-up
 * stays light. {@link sanitizeMath} is the second fence behind the TeX renderer (render/math.ts):
 * MathML Core's presentation elements with their layout attributes, nothing else.
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

/** Loads sanitize-html, once: {@link sanitizeMath} is synchronous and needs it loaded. */
export async function loadSanitizer(): Promise<SanitizeHtml> {
  if (!sanitizer) {
    const mod = await import("sanitize-html"); // CommonJS: the function is the default export
    sanitizer = ((mod as { default?: SanitizeHtml }).default ?? mod) as SanitizeHtml;
  }
  return sanitizer;
}

/**
 * Deepest element nesting kept: opening tags past it are dropped before parsing. The parser keeps
 * its element stack with `unshift`, so each opening tag costs the depth (30,000 nested `<b>` took
 * 40x the time of 3,000), and no card shows 256 levels.
 */
export const MAX_NESTING = 256;

/** A tag, without a `<` inside it (so a scan stops at the next one: linear on any input). */
const TAG = /<(\/?)([a-z][^\s/<>]*)[^<>]*>/gi;

/** Tags that never nest: void elements, and those whose end tag is optional (often left out). */
const FLAT_TAGS = new Set(
  "area base br col dd dt embed hr img input li link meta option p param rp rt source td th tr track wbr"
    .split(" "),
);

/** Drops opening tags nested deeper than MAX_NESTING (their end tags are ignored by the parser). */
export function capNesting(markup: string): string {
  let depth = 0;
  return markup.replace(TAG, (tag, close: string, name: string) => {
    if (FLAT_TAGS.has(name.toLowerCase()) || tag.endsWith("/>")) return tag;
    if (close) {
      depth = Math.max(0, depth - 1);
      return tag;
    }
    return ++depth > MAX_NESTING ? "" : tag;
  });
}

/** Sanitizes untrusted markup into {@link Html}. */
export async function sanitize(markup: string): Promise<Html> {
  const clean = (await loadSanitizer())(capNesting(markup), {
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

/** MathML Core's elements (plus menclose, which the TeX renderer writes for \\cancel and friends). */
const MATH_TAGS = [
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mn",
  "mo",
  "ms",
  "mtext",
  "mspace",
  "msub",
  "msup",
  "msubsup",
  "munder",
  "mover",
  "munderover",
  "mmultiscripts",
  "mprescripts",
  "none",
  "mfrac",
  "msqrt",
  "mroot",
  "mtable",
  "mtr",
  "mtd",
  "mstyle",
  "mpadded",
  "mphantom",
  "merror",
  "menclose",
];

/** Layout attributes and the values each may take (anything else is dropped). */
const LENGTH = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:em|ex|pt|px|mu|%)?$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,20})$/i;
const WORD = /^[a-z]+(?: [a-z]+)*$/i;
const MATH_ATTRIBUTES: Record<string, RegExp> = {
  display: /^(?:block|inline)$/,
  encoding: /^application\/x-tex$/,
  mathvariant: WORD,
  displaystyle: /^(?:true|false)$/,
  scriptlevel: /^[+-]?\d$/,
  mathsize: LENGTH,
  mathcolor: COLOR,
  mathbackground: COLOR,
  dir: /^(?:ltr|rtl)$/,
  stretchy: /^(?:true|false)$/,
  fence: /^(?:true|false)$/,
  separator: /^(?:true|false)$/,
  symmetric: /^(?:true|false)$/,
  largeop: /^(?:true|false)$/,
  movablelimits: /^(?:true|false)$/,
  accent: /^(?:true|false)$/,
  accentunder: /^(?:true|false)$/,
  form: /^(?:prefix|infix|postfix)$/,
  lspace: LENGTH,
  rspace: LENGTH,
  minsize: LENGTH,
  maxsize: LENGTH,
  width: LENGTH,
  height: LENGTH,
  depth: LENGTH,
  voffset: LENGTH,
  linethickness: LENGTH,
  columnalign: WORD,
  rowalign: WORD,
  columnspacing: /^[\w. %+-]{1,200}$/,
  rowspacing: /^[\w. %+-]{1,200}$/,
  columnspan: /^\d{1,3}$/,
  rowspan: /^\d{1,3}$/,
  notation: WORD,
  linebreak: WORD,
};

/** Keeps the attributes {@link MATH_ATTRIBUTES} allows; a `style` color becomes `mathcolor` (cards carry no style). */
function mathAttributes(tagName: string, attribs: Record<string, string>) {
  const kept: Record<string, string> = {};
  const color = /(?:^|;)\s*color:\s*([^;]+)/.exec(attribs.style ?? "")?.[1].trim();
  if (color) attribs = { mathcolor: color, ...attribs };
  for (const [name, value] of Object.entries(attribs)) {
    if (MATH_ATTRIBUTES[name]?.test(value)) kept[name] = value;
  }
  return { tagName, attribs: kept };
}

/**
 * Sanitizes MathML the TeX renderer wrote: only {@link MATH_TAGS} with checked layout attributes,
 * text escaped. No class, id, style, link or event attribute survives; any other element goes (its
 * text stays, as text; a script's or style's goes too). Synchronous: call {@link loadSanitizer} first.
 */
export function sanitizeMath(mathml: string): Html {
  if (!sanitizer) throw new Error("sanitizeMath needs loadSanitizer() first");
  const clean = sanitizer(mathml, {
    allowedTags: MATH_TAGS,
    allowedAttributes: Object.fromEntries(MATH_TAGS.map((tag) => [tag, Object.keys(MATH_ATTRIBUTES)])),
    allowedSchemes: [],
    disallowedTagsMode: "discard",
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "noscript",
      "template",
      "iframe",
      "object",
      "title",
    ],
    transformTags: Object.fromEntries(MATH_TAGS.map((tag) => [tag, mathAttributes])),
  });
  return raw(clean);
}
