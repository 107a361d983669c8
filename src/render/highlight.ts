/**
 * Syntax highlighting for code tours and markdown fences: prism's tokenizer (a private instance
 * from the generated module, no global) and a compact renderer of its tokens. The markup is kept
 * small because the card budget pays for it: one-letter classes, unquoted attributes, punctuation
 * and operators left unwrapped, tokens nested in a token of the same class not wrapped again, and
 * neighbours of one class (across whitespace) merged into one span. Text is escaped for element
 * content only (`&`, `<`, `>`), exactly once.
 */
import { type Html, raw } from "../html/html.ts";
import { createPrism } from "./prism.gen.ts";

interface Token {
  type: string;
  content: string | Token | (string | Token)[];
  alias?: string | string[];
}
interface Env {
  code: string;
  grammar: unknown;
  language: string;
  tokens?: (string | Token)[];
}
interface Prism {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): (string | Token)[];
  hooks: { run(name: string, env: Env): void };
}

let prism: Prism | undefined;
function instance(): Prism {
  return (prism ??= createPrism() as Prism);
}

/** The 19 languages a tour highlights, by prism grammar, with the names and extensions that mean them. */
const LANGUAGES: Record<string, { label: string; names: string[]; extensions: string[] }> = {
  c: { label: "C", names: ["c", "h"], extensions: ["c", "h"] },
  cpp: {
    label: "C++",
    names: ["cpp", "c++", "cc", "cxx", "hpp", "hxx", "hh"],
    extensions: ["cpp", "cc", "cxx", "c++", "hpp", "hxx", "hh", "ino"],
  },
  csharp: { label: "C#", names: ["csharp", "c#", "cs", "dotnet"], extensions: ["cs", "csx"] },
  css: { label: "CSS", names: ["css"], extensions: ["css"] },
  go: { label: "Go", names: ["go", "golang"], extensions: ["go"] },
  java: { label: "Java", names: ["java"], extensions: ["java"] },
  javascript: {
    label: "JavaScript",
    names: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "ecmascript"],
    extensions: ["js", "mjs", "cjs"],
  },
  json: {
    label: "JSON",
    names: ["json", "jsonc", "json5", "webmanifest"],
    extensions: ["json", "jsonc", "json5", "webmanifest", "map"],
  },
  jsx: { label: "JSX", names: ["jsx"], extensions: ["jsx"] },
  php: { label: "PHP", names: ["php"], extensions: ["php", "phtml"] },
  python: {
    label: "Python",
    names: ["python", "py", "python3", "py3", "gyp"],
    extensions: ["py", "pyw", "pyi", "gyp"],
  },
  ruby: { label: "Ruby", names: ["ruby", "rb"], extensions: ["rb", "rake", "gemspec", "ru"] },
  rust: { label: "Rust", names: ["rust", "rs"], extensions: ["rs"] },
  bash: {
    label: "Shell",
    names: ["bash", "sh", "shell", "zsh", "ksh", "shellscript", "console"],
    extensions: ["sh", "bash", "zsh", "ksh", "bashrc", "zshrc", "profile"],
  },
  sql: {
    label: "SQL",
    names: ["sql", "mysql", "postgresql", "postgres", "sqlite", "plsql"],
    extensions: ["sql"],
  },
  toml: { label: "TOML", names: ["toml"], extensions: ["toml"] },
  tsx: { label: "TSX", names: ["tsx"], extensions: ["tsx"] },
  typescript: {
    label: "TypeScript",
    names: ["typescript", "ts", "mts", "cts", "deno"],
    extensions: ["ts", "mts", "cts"],
  },
  yaml: { label: "YAML", names: ["yaml", "yml"], extensions: ["yaml", "yml"] },
};

/** File names with no telling extension. */
const FILE_NAMES: Record<string, string> = {
  gemfile: "ruby",
  rakefile: "ruby",
  podfile: "ruby",
  vagrantfile: "ruby",
  brewfile: "ruby",
  "cargo.lock": "toml",
  "poetry.lock": "toml",
  "pipfile": "toml",
  ".bashrc": "bash",
  ".zshrc": "bash",
  ".profile": "bash",
  ".bash_profile": "bash",
  ".eslintrc": "json",
  ".babelrc": "json",
  "deno.lock": "json",
};

const BY_NAME = new Map<string, string>();
const BY_EXTENSION = new Map<string, string>();
for (const [grammar, spec] of Object.entries(LANGUAGES)) {
  for (const n of spec.names) BY_NAME.set(n, grammar);
  for (const e of spec.extensions) BY_EXTENSION.set(e, grammar);
}

/** The grammars covered (prism names), for tests and docs. */
export const HIGHLIGHTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGES);

/** The grammar for a language label ("py", "golang", "C++"), or undefined when not highlighted. */
export function languageOf(label: string | undefined): string | undefined {
  if (!label) return undefined;
  return BY_NAME.get(label.trim().toLowerCase());
}

/** The grammar for a file path by its name or extension, or undefined. */
export function languageOfPath(path: string): string | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const named = FILE_NAMES[base];
  if (named) return named;
  const dot = base.lastIndexOf(".");
  return dot < 0 ? undefined : BY_EXTENSION.get(base.slice(dot + 1));
}

/** The human name of a grammar ("TypeScript"), for labels. */
export function languageLabel(grammar: string): string {
  return LANGUAGES[grammar]?.label ?? grammar;
}

/**
 * Escapes text for element content: `&`, `<` and `>` (quotes are harmless there), and carriage
 * returns as `&#13;`, because the HTML parser turns a literal CR LF into LF and a copy of the code
 * would no longer be the source byte for byte.
 */
export function escapeCode(text: string): string {
  if (!/[&<>\r]/.test(text)) return text;
  return text.replace(
    /[&<>\r]/g,
    (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&#13;"),
  );
}

/**
 * Token type (or alias) to class: c comment, k keyword, s string, n number/constant, f function,
 * t type/tag, p property/variable. Anything else is left unwrapped and takes its parent's colour.
 */
const CLASS: Record<string, string> = {
  comment: "c",
  prolog: "c",
  doctype: "c",
  cdata: "c",
  shebang: "c",
  keyword: "k",
  atrule: "k",
  rule: "k",
  important: "k",
  directive: "k",
  macro: "k",
  "interpolation-punctuation": "k",
  "lifetime-annotation": "k",
  anchor: "k",
  alias: "k",
  string: "s",
  char: "s",
  "attr-value": "s",
  "template-string": "s",
  url: "s",
  regex: "s",
  scalar: "s",
  "string-interpolation": "s",
  "heredoc-string": "s",
  number: "n",
  boolean: "n",
  constant: "n",
  symbol: "n",
  datetime: "n",
  null: "n",
  hexcode: "n",
  unit: "n",
  color: "n",
  entity: "n",
  function: "f",
  "function-definition": "f",
  method: "f",
  decorator: "f",
  annotation: "f",
  attribute: "f",
  "class-name": "t",
  builtin: "t",
  tag: "t",
  namespace: "t",
  selector: "t",
  table: "t",
  generic: "t",
  "maybe-class-name": "t",
  property: "p",
  "attr-name": "p",
  key: "p",
  variable: "p",
  parameter: "p",
  "assign-left": "p",
  environment: "p",
};

function classOf(token: Token): string {
  const own = CLASS[token.type];
  if (own) return own;
  const alias = token.alias;
  if (typeof alias === "string") return CLASS[alias] ?? "";
  if (alias) { for (const a of alias) if (CLASS[a]) return CLASS[a]; }
  return "";
}

/**
 * Each class as markup. The three commonest get bare presentational elements with no ARIA role
 * (keyword `b`, string `u`, comment `i`), the rest `<i class=x>`; CSS resets their own styling.
 * This keeps highlighted code under twice its plain size (bench/highlight_bench.ts).
 */
const OPEN: Record<string, string> = {
  k: "<b>",
  s: "<u>",
  c: "<i>",
  n: "<i class=n>",
  f: "<i class=f>",
  t: "<i class=t>",
  p: "<i class=p>",
};
const CLOSE: Record<string, string> = {
  k: "</b>",
  s: "</u>",
  c: "</i>",
  n: "</i>",
  f: "</i>",
  t: "</i>",
  p: "</i>",
};

/**
 * A token stream flattened into classed segments (parallel arrays, one entry per segment: a
 * highlighted file has tens of thousands); a token of its parent's class is not wrapped again.
 * `raw` keeps an unclassed segment's text, to tell whitespace between two tokens of one class.
 */
interface Segments {
  cls: string[];
  html: string[];
  raw: (string | undefined)[];
}

function collect(item: string | Token | (string | Token)[], parent: string, into: Segments): void {
  if (typeof item === "string") {
    into.cls.push("");
    into.html.push(escapeCode(item));
    into.raw.push(item);
  } else if (Array.isArray(item)) { for (const x of item) collect(x, parent, into); }
  else {
    const cls = classOf(item);
    if (cls === "" || cls === parent) collect(item.content, parent, into);
    else {
      into.cls.push(cls);
      // Most tokens (a keyword, a string) hold plain text: no stream to flatten.
      into.html.push(
        typeof item.content === "string" ? escapeCode(item.content) : renderTokens(item.content, cls),
      );
      into.raw.push(undefined);
    }
  }
}

/** Whether text is all whitespace (and not empty). */
function blank(text: string | undefined): boolean {
  return text !== undefined && text !== "" && text.trim() === "";
}

/** Renders a token stream inside a span of class `parent`, merging neighbours of one class. */
function renderTokens(stream: string | Token | (string | Token)[], parent: string): string {
  const segs: Segments = { cls: [], html: [], raw: [] };
  collect(stream, parent, segs);
  const { cls: classes, html: parts, raw } = segs;
  let out = "";
  for (let i = 0; i < classes.length;) {
    const cls = classes[i];
    let html = parts[i];
    let j = i + 1;
    while (j < classes.length) {
      if (classes[j] === cls) html += parts[j++];
      else if (cls !== "" && classes[j + 1] === cls && blank(raw[j])) {
        html += parts[j] + parts[j + 1], j += 2;
      } else break;
    }
    out += cls ? OPEN[cls] + html + CLOSE[cls] : html;
    i = j;
  }
  return out;
}

/** Prism's tokens for `code` in a grammar from {@link languageOf}, with the grammar hooks prism runs. */
export function tokenize(code: string, grammar: string): (string | Token)[] {
  const p = instance();
  const env: Env = { code, grammar: p.languages[grammar], language: grammar };
  if (!env.grammar) throw new Error(`no grammar "${grammar}"`);
  p.hooks.run("before-tokenize", env);
  env.tokens = p.tokenize(env.code, env.grammar);
  p.hooks.run("after-tokenize", env);
  return env.tokens;
}

/** Characters prism tokenizes at a time (see {@link tokenizeBounded}). */
const CHUNK = 2_000;

function textLength(item: string | Token | (string | Token)[]): number {
  if (typeof item === "string") return item.length;
  if (!Array.isArray(item)) return textLength(item.content);
  let n = 0;
  for (const x of item) n += textLength(x);
  return n;
}

/**
 * Prism's tokens for code of any length, in linear time. Some grammars are quadratic on hostile
 * input (an unclosed C# `$@"{`, JavaScript `` `${ ``, a Rust `r#"` or a shell `$(` repeated: each
 * start scans to the end), so prism never sees more than {@link CHUNK} characters at once. Each
 * chunk is cut after its last line break that falls between tokens in its second half, and the
 * next chunk starts there: a construct shorter than half a chunk is never split, and every step
 * moves at least half a chunk on.
 */
function tokenizeBounded(code: string, grammar: string): (string | Token)[] {
  if (code.length <= CHUNK) return tokenize(code, grammar);
  const out: (string | Token)[] = [];
  for (let from = 0; from < code.length;) {
    let to = Math.min(code.length, from + CHUNK);
    if (to < code.length && /[\ud800-\udbff]/.test(code[to - 1])) to--; // keep surrogate pairs whole
    const tokens = tokenize(code.slice(from, to), grammar);
    if (to === code.length) {
      out.push(...tokens);
      break;
    }
    let at = 0;
    let cut: { item: number; keep: number; at: number } | undefined;
    tokens.forEach((t, i) => {
      if (typeof t === "string") {
        const nl = t.lastIndexOf("\n");
        if (nl >= 0 && at + nl + 1 >= (to - from) / 2) cut = { item: i, keep: nl + 1, at };
      }
      at += textLength(t);
    });
    if (!cut) {
      out.push(...tokens);
      from = to;
      continue;
    }
    out.push(...tokens.slice(0, cut.item), (tokens[cut.item] as string).slice(0, cut.keep));
    from += cut.at + cut.keep;
  }
  return out;
}

/**
 * Highlighted markup for `code` (the inside of a `<code>` element). The text content of the
 * result is exactly `code`: copying the element gives the source back.
 */
export function highlight(code: string, grammar: string): Html {
  return raw(renderTokens(tokenizeBounded(code, grammar), ""));
}
