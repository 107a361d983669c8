/**
 * Shared pieces of the adversarial probes: hostile strings, an allowlist inertness check of a
 * rendered article, the single-unescape used to prove text is shown exactly as typed, and a
 * timed tool call.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import process from "node:process";
import type { Client } from "@modelcontextprotocol/client";
import { textOf } from "../helpers.ts";

/** Strings that try to break out of every context the renderers write into. */
export const HOSTILE: readonly string[] = [
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `</textarea><svg onload=alert(1)>`,
  `]]><!--<script>-->`,
  `</code></pre></figure></section></details></article><script>x</script>`,
  `&lt;b&gt;already escaped&amp;amp;`,
  `javascript:alert(1)`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\u2028line\u2029para\u202eRTL\u200bzero\u200dwidth\ufeffbom`,
  `nul\u0000ctl\u0001\u001b[31m\u007f`,
  `lone \ud800 high and \udfff low`,
  `emoji 😀 family 👨‍👩‍👧`,
  `__proto__`,
  `a\r\nb\rc\n\nd`,
];

/**
 * Elements the renderers and the sanitizer may emit; anything else fails the check. Form
 * controls come only from the form renderer (the sanitizer strips them from html fields); a form
 * never has an action (URL_ATTRS below), so submitting cannot leave the card. A dialog comes only
 * from the efficient-prompt card (its confirmation, closed until the runtime opens it).
 */
const ALLOWED_TAGS = new Set([
  "dialog",
  "fieldset",
  "form",
  "input",
  "label",
  "legend",
  "option",
  "output",
  "select",
  "textarea",
  "a",
  "abbr",
  "article",
  "b",
  "blockquote",
  "br",
  "button",
  "caption",
  "cite",
  "code",
  "dd",
  "del",
  "details",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
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
  "section",
  "small",
  "span",
  "strong",
  "sub",
  "summary",
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
  // charts and animations: SVG drawn by the renderers
  "svg",
  "title",
  "desc",
  "g",
  "path",
  "rect",
  "circle",
  "line",
  "text",
  "tspan",
  "defs",
  "clippath",
  // diagrams: node outlines and arrow heads (a marker is drawn from its own children, nothing it loads)
  "polygon",
  "marker",
  // video cards
  "video",
  "track",
  // math: MathML Core from TeX, through the math sanitizer (src/html/sanitize.ts)
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
]);

const URL_ATTRS = new Set(["href", "src", "action", "formaction", "xlink:href", "cite", "srcset", "poster"]);
const HREF_OK = /^(https?:|mailto:)/i;
const SRC_OK = /^data:image\/(png|gif|jpeg|webp);/i;
/** A video's own source: an https file, a data:video/* clip or a blob: URL. */
const VIDEO_SRC_OK = /^(https:|data:video\/(mp4|webm|ogg)[;,]|blob:)/i;
/** A captions track: an https file or a data:text/vtt document. */
const TRACK_SRC_OK = /^(https:|data:text\/vtt[;,])/i;

/**
 * The one style a card may carry: a chart lays itself out per width band with numbers only (src/render/svg/layout.ts):
 * the insets of its marks layer per band on `div.mcc-plot`, and a growing frame's margins on
 * `svg.mcc-fr`; a map's widest width at its height cap on its `svg.mcc-map-svg`. Nothing else
 * matches: no other property, unit, function or element.
 */
const CHART_STYLES: [RegExp, RegExp][] = [
  [
    /^div class="mcc-plot"$/,
    /^--i\d{1,2}:(\d{1,4}(\.\d)?px ){3}\d{1,4}(\.\d)?px(;--i\d{1,2}:(\d{1,4}(\.\d)?px ){3}\d{1,4}(\.\d)?px)*$/,
  ],
  [
    /^svg class="mcc-fr"( data-b="[\d ]+")? data-w="\d+" height="\d+"$/,
    /^height:calc\(\d{1,4}(\.\d)?px \+ var\(--ph\)\)$/,
  ],
  [
    /^svg class="mcc-svg mcc-map-svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+"$/,
    /^--mcc-map-w:\d{1,4}px$/,
  ],
];

/** True when `style` is the numeric layout style a chart element `<name attrs…>` may carry. */
export function chartStyle(name: string, before: string, style: string): boolean {
  const head = `${name} ${before.trim()}`;
  return CHART_STYLES.some(([element, value]) => element.test(head) && value.test(style));
}

/**
 * Fails unless the article is inert: only allowlisted elements, no event handler, srcdoc or srcset
 * attribute, no style but a chart's numeric layout (chartStyle), every href absolute
 * http/https/mailto and every src a data:image. Parsed loosely on purpose, and `<` must only ever
 * start a tag (text is escaped).
 */
export function assertInert(html: string, where = ""): void {
  for (const m of html.matchAll(/<\/?([^\s/>]*)([^>]*)>?/g)) {
    const name = m[1].toLowerCase();
    if (name.startsWith("!")) throw new Error(`${where}: markup declaration or comment ${m[0].slice(0, 80)}`);
    assertEquals(ALLOWED_TAGS.has(name), true, `${where}: element <${name}> in ${m[0].slice(0, 120)}`);
    if (m[0].startsWith("</")) continue;
    for (const a of m[2].matchAll(/([^\s=/]+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const attr = a[1].toLowerCase();
      const value = a[3] ?? a[4] ?? a[5] ?? "";
      assertEquals(attr.startsWith("on"), false, `${where}: <${name} ${attr}>`);
      assertEquals(
        ["srcdoc", "srcset", "formaction"].includes(attr) ||
          (attr === "style" && !chartStyle(name, m[2].slice(0, a.index), value)),
        false,
        `${where}: <${name} ${attr}="${value.slice(0, 80)}">`,
      );
      if (URL_ATTRS.has(attr)) {
        const src = name === "video" ? VIDEO_SRC_OK : name === "track" ? TRACK_SRC_OK : SRC_OK;
        const ok = attr === "src"
          ? src.test(value)
          : attr === "poster"
          ? /^(https:|data:image\/(png|gif|jpeg|webp);)/i.test(value)
          : HREF_OK.test(value);
        assertEquals(ok, true, `${where}: <${name} ${attr}="${value.slice(0, 80)}">`);
      }
    }
  }
}

/** Undoes exactly one level of the kit's escaping (the five entities it writes), nothing else. */
export function unescapeOnce(html: string): string {
  return html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!,
  );
}

/** A card result's structured part. */
export interface Structured {
  card: { articleHtml: string; config: { id: string; kind: string; title: string; tool: string } };
  parts: { current: number; total: number; hasMore: boolean };
}

/** What one call returned and how long it took. */
export interface Called {
  ms: number;
  isError: boolean;
  text: string;
  structured?: Structured;
  raw: Record<string, unknown>;
}

/** Calls a tool, timing it; a thrown protocol error fails the test (refusals must be results). */
export async function call(client: Client, name: string, args: unknown): Promise<Called> {
  const start = performance.now();
  const raw = await client.callTool({ name, arguments: args as Record<string, unknown> }) as Record<
    string,
    unknown
  >;
  return {
    ms: performance.now() - start,
    isError: raw.isError === true,
    text: textOf(raw),
    structured: raw.structuredContent as Structured | undefined,
    raw,
  };
}

/** True when the string holds a high surrogate without its low half, or a low one alone. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/**
 * CPU time this thread has used, in milliseconds. `deno test --parallel` runs other test files in
 * other threads of the same process, so the process's CPU time would count their work too; Linux
 * tells each thread its own (in nanoseconds). Elsewhere, the process's.
 */
function cpuMs(): number {
  try {
    return Number(Deno.readTextFileSync("/proc/thread-self/schedstat").split(" ")[0]) / 1e6;
  } catch {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
}

/** The least CPU time (in milliseconds) of `runs` runs of `work`. */
async function leastCpu(work: () => Promise<unknown>, runs: number): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = cpuMs();
    await work();
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

/**
 * Fails when ten times the input takes more than thirty times the CPU time: linear work grows
 * about 10x and quadratic work about 100x, so the bound catches a blow-up yet leaves room for
 * noise. CPU time, not wall time: on a loaded machine a long run waits for the processor more
 * often than a short one, which would inflate the ratio. No absolute time is asserted (figures
 * live in `deno task bench`). Each size keeps its least of three runs, and under 3 ms counts as
 * 3 ms so the ratio of tiny timings is not noise. A ratio over the bound is measured again, up to
 * three rounds, each size keeping its least time over all of them: a garbage collection that lands
 * on every large run of one round, or a virtual machine whose host takes the processor away (time
 * the guest still counts as this thread's), inflated one round to 31x on a loaded CI machine, while
 * quadratic work stays near 100x however often it is measured.
 */
export async function assertScalesLinearly(
  name: string,
  run: (scale: 1 | 10) => Promise<unknown>,
): Promise<void> {
  await run(1); // warm-up: first calls pay for compilation and lazy imports
  let small = Infinity;
  let large = Infinity;
  for (let round = 0; round < 3 && !(large < 30 * small); round++) {
    small = Math.min(small, Math.max(await leastCpu(() => run(1), 3), 3));
    large = Math.min(large, await leastCpu(() => run(10), 3));
  }
  assertEquals(
    large < 30 * small,
    true,
    `${name}: 10x the input took ${(large / small).toFixed(1)}x the CPU time (${
      large.toFixed(1)
    } ms against ${small.toFixed(1)} ms); linear work takes about 10x`,
  );
}
