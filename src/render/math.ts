/**
 * Math: TeX to MathML on the server with temml (MathML only, no fonts or scripts in the view;
 * Chromium, Firefox and Safari draw MathML Core natively). Where math is written:
 *
 * - markdown: `$…$` inline, `$$…$$` (inline or on its own lines) and ```` ```math ```` fences;
 * - tab and reveal `html` fields: `$…$` and `$$…$$` in their text (never inside code).
 *
 * A dollar sign is math only by the usual rules, so prices stay prices: the opening `$` is not
 * followed by a space, the closing `$` (the next unescaped one) is not preceded by a space nor
 * followed by a digit ("$5 and $10" is text). `\$` is a literal dollar.
 *
 * Trust: temml runs untrusted (`\href`, `\url`, `\includegraphics`, `\class`, `\style` are
 * refused), escapes text, checks colors, caps sizes (`maxSize`) and macro expansion (`maxExpand`);
 * macro definitions and internal `@` commands are refused before it runs (see {@link DEFINES});
 * its MathML then passes {@link sanitizeMath}, which keeps only MathML Core elements with checked
 * layout attributes. Invalid TeX, or TeX over a limit, shows as its source with a short reason.
 * Every formula keeps its TeX in an `<annotation>`, which screen readers and summaries read.
 */
import type { MarkdownIt, StateBlock, StateInline } from "markdown-it";
import { escape, markup } from "../html/html.ts";
import { loadSanitizer, sanitizeMath } from "../html/sanitize.ts";

/** Longest formula rendered, in characters of TeX. */
export const MAX_TEX_CHARS = 2_000;
/** TeX characters one document (or one html field) renders, each formula counting at least FORMULA_COST. */
export const MAX_TEX_TOTAL = 100_000;
/**
 * What the shortest formula costs of that budget: each one costs 1 to 2.5 ms however short (temml,
 * then sanitize-html), so at 20 a document of 5,000 tiny formulas (`$x$5$x$5…`, 25 KB) took 8 s. At
 * 100 a document renders at most 1,000 formulas.
 */
export const FORMULA_COST = 100;
/** Sizes a formula may ask for (`\rule`, `\kern`, `\hspace`), in em; macro expansions per formula. */
const MAX_SIZE_EM = 50;
const MAX_EXPAND = 500;

type Temml = Pick<typeof import("temml").default, "renderToString">;
let temml: Temml | undefined;

/** Text that may hold math: a dollar sign, or a math fence. */
const MAY_HOLD_MATH = /\$|^ {0,3}(?:`{3,}|~{3,})\s*math\b/m;

/** Loads temml and the sanitizer when `text` may hold math (rendering math is synchronous after this). */
export async function prepareMath(text: string): Promise<void> {
  if (temml || !MAY_HOLD_MATH.test(text)) return;
  await loadSanitizer();
  const mod = await import("temml");
  temml = (mod as unknown as { default?: Temml }).default ?? mod as unknown as Temml;
}

/** What is left of one document's math budget (MAX_TEX_TOTAL). */
export interface MathBudget {
  left: number;
}

export const newBudget = (): MathBudget => ({ left: MAX_TEX_TOTAL });

/** temml's message without its position and underlined excerpt, capped. */
function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.trim().replace(/ at (?:position \d+|end of input):[\s\S]*$/, "").split("\n")[0];
  return reason.length > 120 ? reason.slice(0, 119) + "…" : reason;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Commands that define a macro. temml caps expansions, not the tokens they make: one expansion of
 * `\def\a#1{#1#1…}` copies its argument as often as the body says, so a 164-character formula
 * nesting three of them made 9 MB of MathML in 11 s.
 */
const DEFINES = new Set([
  "\\def",
  "\\gdef",
  "\\edef",
  "\\xdef",
  "\\let",
  "\\futurelet",
  "\\newcommand",
  "\\renewcommand",
  "\\providecommand",
]);

/**
 * Why `tex` is refused before temml reads it: a macro definition, or an internal command (a name
 * with `@`: `\tag{…}` defines `\df@tag`, which a formula could then repeat). `\\` is a command
 * of its own, so `\\def` is a line break and the word "def".
 */
function refusedCommand(tex: string): string | undefined {
  for (const [command] of tex.matchAll(/\\(?:[A-Za-z@]+|[^])/g)) {
    if (DEFINES.has(command)) {
      return `${command} defines a macro, which formulas may not: write the TeX out in full`;
    }
    if (command.includes("@")) return `${command} is an internal command, which formulas may not use`;
  }
  return undefined;
}

/** Renders one formula to MathML, or throws the reason it cannot. */
function toMathml(tex: string, display: boolean, budget: MathBudget): string {
  if (tex.length > MAX_TEX_CHARS) {
    throw new Error(`the formula is ${count(tex.length)} characters, the limit is ${count(MAX_TEX_CHARS)}`);
  }
  const refused = refusedCommand(tex);
  if (refused) throw new Error(refused);
  const cost = Math.max(tex.length, FORMULA_COST);
  if (cost > budget.left) {
    throw new Error(
      `this text's formulas pass ${
        count(MAX_TEX_TOTAL)
      } characters of TeX (each counts at least ${FORMULA_COST})`,
    );
  }
  if (!temml) throw new Error("math is not loaded");
  budget.left -= cost;
  const mathml = temml.renderToString(tex, {
    displayMode: display,
    annotate: true,
    throwOnError: true,
    trust: false,
    strict: false,
    maxSize: [MAX_SIZE_EM, MAX_SIZE_EM],
    maxExpand: MAX_EXPAND,
  });
  return sanitizeMath(mathml).value;
}

/**
 * One formula as markup: MathML (display formulas in a block that scrolls sideways when wide), or
 * `source` (the formula as written, delimiters included) with the reason it is not math.
 */
export function renderTex(tex: string, display: boolean, source: string, budget: MathBudget): string {
  try {
    const math = toMathml(tex, display, budget);
    return display ? `<span class="mcc-math" tabindex="0">${math}</span>` : math;
  } catch (error) {
    const shown = markup`<code>${source}</code> <small class="mcc-math-why">(TeX error: ${
      shortReason(error)
    })</small>`;
    return markup`<span class="mcc-math-error${display ? " mcc-math" : ""}">${shown}</span>`.value;
  }
}

/** A span of math found in text: where it starts and ends, its TeX, and whether it is a display formula. */
export interface MathSpan {
  start: number;
  end: number;
  tex: string;
  display: boolean;
}

const SPACE = /\s/;
const DIGIT = /\d/;

/** Index of the next `$` from `from` that no backslash escapes, or -1. */
function nextDollar(text: string, from: number): number {
  for (let i = text.indexOf("$", from); i >= 0; i = text.indexOf("$", i + 1)) {
    if (text[i - 1] !== "\\") return i;
  }
  return -1;
}

/** The math starting at `text[start]` (a `$`), by the rules in this module's comment, or undefined. */
export function mathAt(text: string, start: number, max = text.length): MathSpan | undefined {
  if (text[start + 1] === "$") {
    const close = text.indexOf("$$", start + 2);
    if (close < 0 || close + 2 > max) return undefined;
    const tex = text.slice(start + 2, close);
    return tex.trim() ? { start, end: close + 2, tex, display: true } : undefined;
  }
  const first = text[start + 1];
  if (first === undefined || start + 1 >= max || SPACE.test(first)) return undefined;
  const close = nextDollar(text, start + 1);
  if (close < 0 || close >= max || SPACE.test(text[close - 1]) || DIGIT.test(text[close + 1] ?? "")) {
    return undefined;
  }
  return { start, end: close + 1, tex: text.slice(start + 1, close), display: false };
}

/** Every math span in plain text, in order. */
export function findMath(text: string): MathSpan[] {
  const spans: MathSpan[] = [];
  for (let i = nextDollar(text, 0); i >= 0;) {
    const span = mathAt(text, i);
    if (span) spans.push(span);
    i = nextDollar(text, span ? span.end : i + (text[i + 1] === "$" ? 2 : 1));
  }
  return spans;
}

const ENTITY: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * Math in the text of sanitized markup (a tab's or reveal section's html field), never inside
 * code, pre, kbd or samp. The sanitizer's output is canonical (every `<` and `>` in text and
 * attribute values is escaped), so cutting it at tags is exact.
 */
export function mathInHtml(html: string, budget: MathBudget = newBudget()): string {
  if (!temml || !html.includes("$")) return html;
  let code = 0;
  return html.split(/(<[^>]*>)/).map((piece, i) => {
    if (i % 2 === 1) {
      if (/^<(code|pre|kbd|samp)\b/i.test(piece)) code++;
      else if (/^<\/(code|pre|kbd|samp)\b/i.test(piece)) code = Math.max(0, code - 1);
      return piece;
    }
    if (code > 0 || !piece.includes("$")) return piece;
    const text = piece.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITY[e]);
    let out = "";
    let at = 0;
    for (const span of findMath(text)) {
      out += escape(text.slice(at, span.start)) +
        renderTex(span.tex, span.display, text.slice(span.start, span.end), budget);
      at = span.end;
    }
    return at === 0 ? piece : out + escape(text.slice(at));
  }).join("");
}

/** The markdown env's budget, made on first use (one per document). */
function envBudget(env: object | undefined): MathBudget {
  const holder = env as { mathBudget?: MathBudget } | undefined;
  return holder ? (holder.mathBudget ??= newBudget()) : newBudget();
}

/** The inline rule: `$…$` and `$$…$$` inside a paragraph, heading or cell. */
function inlineMath(state: StateInline, silent: boolean): boolean {
  if (state.src[state.pos] !== "$") return false;
  const span = mathAt(state.src, state.pos, state.posMax);
  if (!span) return false;
  if (!silent) {
    const token = state.push(span.display ? "math_display" : "math_inline", "math", 0);
    token.content = span.tex;
    token.markup = span.display ? "$$" : "$";
  }
  state.pos = span.end;
  return true;
}

/** The block rule: `$$` starting a line, to a line that ends with `$$` (no blank line between). */
function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const begin = state.bMarks[startLine] + state.tShift[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4 || !state.src.startsWith("$$", begin)) return false;
  const firstLine = state.src.slice(begin + 2, state.eMarks[startLine]).trimEnd();
  let last = startLine;
  if (firstLine.includes("$$")) {
    if (!firstLine.endsWith("$$") || firstLine.length < 3) return false; // `$$x$$ and text` is inline
  } else {
    for (last = startLine + 1; last < endLine; last++) {
      const line = state.src.slice(state.bMarks[last] + state.tShift[last], state.eMarks[last]).trimEnd();
      if (!line || state.sCount[last] < state.blkIndent) return false;
      if (line.endsWith("$$")) break;
    }
    if (last >= endLine) return false;
  }
  if (silent) return true;
  const end = state.src.slice(0, state.eMarks[last]).trimEnd().length - 2;
  const token = state.push("math_block", "math", 0);
  token.content = state.src.slice(begin + 2, end);
  token.markup = "$$";
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

/**
 * Adds math to a markdown-it renderer: the `$` rules and a ```` ```math ```` fence (wrapping the
 * renderer's fence rule, so other fence handlers stay as they are). Call after the fence rule is set.
 */
export function useMath(md: MarkdownIt): void {
  md.inline.ruler.after("escape", "math_inline", inlineMath);
  md.block.ruler.before("fence", "math_block", blockMath, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  const rules = md.renderer.rules;
  rules.math_inline = (tokens, i, _o, env) =>
    renderTex(tokens[i].content, false, `$${tokens[i].content}$`, envBudget(env));
  rules.math_display = (tokens, i, _o, env) =>
    renderTex(tokens[i].content, true, `$$${tokens[i].content}$$`, envBudget(env));
  rules.math_block = (tokens, i, _o, env) =>
    renderTex(tokens[i].content.trim(), true, `$$${tokens[i].content}$$`, envBudget(env)) + "\n";
  const fence = rules.fence!;
  rules.fence = (tokens, i, options, env, self) => {
    const t = tokens[i];
    if (t.info.trim().split(/\s+/)[0].toLowerCase() !== "math") return fence(tokens, i, options, env, self);
    const tex = t.content.replace(/\r?\n$/, "");
    return renderTex(tex.trim(), true, `${t.markup}math\n${tex}\n${t.markup}`, envBudget(env)) + "\n";
  };
}

/** A math token as text for summaries and headings: its TeX between its delimiters. */
export function mathTokenText(type: string, content: string): string | undefined {
  if (type === "math_inline") return `$${content}$`;
  if (type === "math_display") return `$$${content}$$`;
  return undefined;
}
