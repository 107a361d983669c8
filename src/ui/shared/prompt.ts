/**
 * Prompt text that cards send to the conversation, written once for the server (which checks
 * templates and writes the efficient-prompt flow's fixed texts) and the browser runtime (which
 * fills templates from form answers). Pure functions over strings: no DOM, no I/O.
 */
import { jsonText } from "./json.ts";

/** `{{name}}` in a template: a letter, then letters, digits, `_` or `-`; spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

/** What a field name must look like to be usable in a template. */
export const FIELD_NAME = /^[A-Za-z][\w-]{0,39}$/;

/** What a blank answer fills its placeholder with (outside an optional clause). */
export const NO_PREFERENCE = "no preference";

/** `[[ ... ]]`: an optional clause, dropped when every field it names was left blank. */
const OPTIONAL = /\[\[([\s\S]*?)\]\]/;

/** Answers gathered from a form: every named control's name, with its non-empty values in order. */
export type Answers = ReadonlyMap<string, readonly string[]>;

/** The names a template's placeholders use, each once, in order of first use. */
export function templateNames(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]))];
}

/**
 * Gathers answers per name: every name in `names` gets a key (so an unanswered field still fills
 * its placeholder), values are trimmed, blank ones are dropped, and a name several controls share
 * collects all of their values in order.
 */
export function gatherAnswers(
  names: Iterable<string>,
  entries: Iterable<readonly [string, string]>,
): Map<string, string[]> {
  const answers = new Map<string, string[]>();
  for (const name of names) if (name && !answers.has(name)) answers.set(name, []);
  for (const [name, value] of entries) {
    const text = value.trim();
    if (!text) continue;
    const list = answers.get(name);
    if (list) list.push(text);
    else answers.set(name, [text]);
  }
  return answers;
}

/** One name's answer: its values joined with ", ", or `blank` when it has none. */
export function answerOf(answers: Answers, name: string, blank = ""): string {
  const values = answers.get(name);
  return values?.length ? values.join(", ") : blank;
}

/**
 * Fills `{{name}}` placeholders in one pass (an answer that itself holds `{{x}}` or `[[` is never
 * read again). A name the form has fills with its answer or `blank`; a name it lacks stays as
 * written, since it cannot be a field (the server refuses templates naming unknown fields). An
 * optional clause `[[ ... ]]` naming fields that were all left blank is dropped, and the spacing
 * around it mended (`Budget: {{b}}. [[Notes: {{n}}.]]`); otherwise its text stays, filled, without
 * the brackets. A clause naming no field of the form stays as written.
 */
export function fillTemplate(template: string, answers: Answers, blank = ""): string {
  const fill = (text: string) =>
    text.replace(
      PLACEHOLDER,
      (whole, name: string) => answers.has(name) ? answerOf(answers, name, blank) : whole,
    );
  let out = "";
  let dropped = false;
  let any = false;
  template.split(OPTIONAL).forEach((piece, i) => {
    const names = templateNames(piece).filter((name) => answers.has(name));
    if (i % 2 && names.length && names.every((name) => !answers.get(name)!.length)) {
      dropped = any = true;
      return;
    }
    let text = i % 2 && !names.length ? `[[${piece}]]` : fill(piece);
    // where a clause went, one space (or line break) is enough, and none before punctuation
    if (dropped && /\s$/.test(out) && /^\s/.test(text)) text = text.slice(1);
    if (dropped && /^[.,;:!?)]/.test(text)) out = out.trimEnd();
    out += text;
    dropped = false;
  });
  return any ? out.trim() : out;
}

/** Without a template: one `name: answer` line per name, in form order. */
export function answerLines(answers: Answers, blank = ""): string {
  return [...answers.keys()].map((name) => `${name}: ${answerOf(answers, name, blank)}`).join("\n");
}

/**
 * Model-written text placed inside a template as literal words (a question, a title): a `{{`, `[[`
 * or `]]` in it is split so it can never act as a placeholder or an optional clause.
 */
export function literal(text: string): string {
  return text.replace(/([{[\]])(?=\1)/g, "$1 ");
}

/** Longest selection a context action passes on. */
export const MAX_SELECTION = 2_000;

/** The selected text a context action uses: whitespace collapsed, trimmed, capped with an ellipsis. */
export function cleanSelection(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SELECTION ? flat.slice(0, MAX_SELECTION - 1) + "…" : flat;
}

const SELECTION = /\{\{\s*selection\s*\}\}/g;

/** True when a context action's prompt uses the selection. */
export function usesSelection(prompt: string): boolean {
  return prompt.search(SELECTION) >= 0;
}

/** A context action's prompt with `{{selection}}` replaced (one pass, so the selection is never re-read). */
export function fillSelection(prompt: string, selection: string): string {
  return prompt.replace(SELECTION, () => selection);
}

/**
 * An approximate token count, the kind tokenizers of current models give for English: about four
 * characters a token, and one per character for CJK scripts, which tokenize about that densely.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af)) cjk++;
  }
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}

/** "123 characters · ≈ 31 tokens" (characters as a reader counts them, not UTF-16 units). */
export function countLabel(text: string): string {
  const chars = [...text].length;
  const tokens = estimateTokens(text);
  return `${chars} character${chars === 1 ? "" : "s"} · ≈ ${tokens} token${tokens === 1 ? "" : "s"}`;
}

/** The tag that starts the efficient-prompt flow and marks each of its messages. */
export const EFFICIENT_TAG = "[efficient-prompt]";

/**
 * The message the built-in "Generate Efficient Verbose Prompt" menu item sends, as the user. The
 * card's title and the selected text may be a page's or a file's words (a mirrored form's title, a
 * document's heading): each is one JSON string, so neither can close its quotes and go on in the
 * user's voice.
 */
export function startFlowMessage(cardTitle: string, selection: string): string {
  const about = selection ? `\nSelected text: ${jsonText(selection)}` : "";
  return `${EFFICIENT_TAG} Help me write an efficient, verbose prompt. Start with create_prompt_gist_card.\nFrom the card ${
    jsonText(cardTitle)
  }.${about}`;
}
