import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import {
  escapeCode,
  highlight,
  HIGHLIGHTED_LANGUAGES,
  languageOf,
  languageOfPath,
} from "../../src/render/highlight.ts";
import { unescapeOnce } from "../adversarial/probe.ts";

const corpus = new URL("../../bench/corpus/", import.meta.url);

/** The text a browser shows for highlighted markup: tags removed, the three entities and CR decoded. */
function textOf(html: string): string {
  return unescapeOnce(html.replace(/<[^>]+>/g, "")).replaceAll("&#13;", "\r");
}

Deno.test("the 19 languages and their usual aliases", () => {
  assertDeep([...HIGHLIGHTED_LANGUAGES].sort(), [
    "bash",
    "c",
    "cpp",
    "csharp",
    "css",
    "go",
    "java",
    "javascript",
    "json",
    "jsx",
    "php",
    "python",
    "ruby",
    "rust",
    "sql",
    "toml",
    "tsx",
    "typescript",
    "yaml",
  ]);
  const aliases: [string, string | undefined][] = [
    ["node", "javascript"],
    ["js", "javascript"],
    ["py", "python"],
    ["golang", "go"],
    ["yml", "yaml"],
    ["sh", "bash"],
    ["shell", "bash"],
    ["zsh", "bash"],
    ["ts", "typescript"],
    ["C++", "cpp"],
    ["c#", "csharp"],
    ["cs", "csharp"],
    ["rb", "ruby"],
    ["rs", "rust"],
    [" Python ", "python"],
    ["html", undefined],
    ["brainfuck", undefined],
    ["", undefined],
  ];
  assertDeep(aliases.map(([a]) => languageOf(a)), aliases.map(([, g]) => g));
  const paths: [string, string | undefined][] = [
    ["src/main.ts", "typescript"],
    ["App.TSX", "tsx"],
    ["lib/x.mjs", "javascript"],
    ["Gemfile", "ruby"],
    ["Cargo.lock", "toml"],
    ["Cargo.toml", "toml"],
    [".github/workflows/ci.yml", "yaml"],
    ["scripts/run.sh", "bash"],
    ["include/list.h", "c"],
    ["src/list.hpp", "cpp"],
    ["README.md", undefined],
    ["Makefile", undefined],
    ["archive.tar.gz", undefined],
  ];
  assertDeep(paths.map(([p]) => languageOfPath(p)), paths.map(([, g]) => g));
});

Deno.test("compact markup: short tags, punctuation bare, same-class neighbours merged", () => {
  assertEquals(
    highlight(`export async function f(a) { return "x" + 1; } // <done>`, "javascript").value,
    `<b>export async function</b> <i class=f>f</i>(<i class=p>a</i>) { <b>return</b> <u>"x"</u> + <i class=n>1</i>; } <i>// &lt;done&gt;</i>`,
  );
  // A template string keeps its interpolation's own colours inside the string's.
  assertEquals(
    highlight("`a ${b} c`", "typescript").value,
    "<u>`a <b>${</b>b<b>}</b> c`</u>",
  );
  assertEquals(
    highlight(`SELECT id FROM t WHERE a = 'x';`, "sql").value,
    `<b>SELECT</b> id <b>FROM</b> t <b>WHERE</b> a = <u>'x'</u>;`,
  );
  assertEquals(highlight(`key = "v" # c`, "toml").value, `<i class=p>key</i> = <u>"v"</u> <i># c</i>`);
});

Deno.test("escaping: &, <, > and CR only, exactly once; entities stay literal", () => {
  assertEquals(escapeCode(`a<b && c>"d" 'e' &amp;\r\n`), `a&lt;b &amp;&amp; c&gt;"d" 'e' &amp;amp;&#13;\n`);
  assertEquals(highlight(`x = "&amp;"`, "python").value, `x = <u>"&amp;amp;"</u>`);
});

Deno.test("every corpus file: the markup's text is the source, byte for byte", () => {
  for (const entry of Deno.readDirSync(corpus)) {
    const source = Deno.readTextFileSync(new URL(entry.name, corpus));
    const grammar = languageOfPath(entry.name)!;
    assertEquals(textOf(highlight(source, grammar).value), source, entry.name);
    const crlf = source.replaceAll("\n", "\r\n");
    assertEquals(textOf(highlight(crlf, grammar).value), crlf, `${entry.name} with CRLF`);
  }
});

Deno.test("size: highlighted corpus at most 2.0x its source, escaped at most 1.05x", () => {
  let raw = 0;
  let marked = 0;
  let escaped = 0;
  const grammars = new Set<string>();
  for (const entry of Deno.readDirSync(corpus)) {
    const source = Deno.readTextFileSync(new URL(entry.name, corpus));
    const grammar = languageOfPath(entry.name)!;
    grammars.add(grammar);
    raw += source.length;
    marked += highlight(source, grammar).value.length;
    escaped += escapeCode(source).length;
  }
  assertEquals(grammars.size, 19);
  assertEquals(marked / raw <= 2.0, true, `highlighted ${(marked / raw).toFixed(3)}x`);
  assertEquals(escaped / raw <= 1.05, true, `escaped ${(escaped / raw).toFixed(3)}x`);
});

Deno.test("no global Prism is left behind", () => {
  highlight("x", "python");
  assertEquals("Prism" in globalThis, false);
});
