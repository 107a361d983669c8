// deno-lint-ignore-file no-console -- the size figures are this benchmark's report
/**
 * Highlighting against floors measured in the same run (`deno bench -A bench/highlight_bench.ts`):
 * - time: highlighting a 2,000-line TypeScript file (tokenize + compact markup) against prism's
 *   own tokenize of the same file (target: within 2x), with prism's own `highlight` (tokenize +
 *   its verbose stringifier) for comparison;
 * - size (printed first): highlighted markup over the raw source across the 19-language corpus
 *   in bench/corpus (target: at most 2.0x), and plain escaped code (target: at most 1.05x).
 */
import { escapeCode, highlight, languageOfPath, tokenize } from "../src/render/highlight.ts";
import { createPrism } from "../src/render/prism.gen.ts";
import { benchCase } from "../scripts/bench/micro.ts";

const corpus = new URL("./corpus/", import.meta.url);
let raw = 0;
let marked = 0;
let escaped = 0;
const languages = new Set<string>();
for (const entry of Deno.readDirSync(corpus)) {
  const source = Deno.readTextFileSync(new URL(entry.name, corpus));
  const grammar = languageOfPath(entry.name);
  if (!grammar) throw new Error(`no grammar for ${entry.name}`);
  languages.add(grammar);
  raw += source.length;
  marked += highlight(source, grammar).value.length;
  escaped += escapeCode(source).length;
}
console.log(
  `size over ${languages.size} languages, ${raw} source chars: highlighted ${(marked / raw).toFixed(3)}x ` +
    `(target <= 2.0), escaped ${(escaped / raw).toFixed(3)}x (target <= 1.05)`,
);

/** A 2,000-line TypeScript file: the corpus sample repeated. */
const sample = Deno.readTextFileSync(new URL("sample.ts", corpus)).split("\n");
const lines: string[] = [];
while (lines.length < 2_000) lines.push(...sample);
const file = lines.slice(0, 2_000).join("\n");
// deno-lint-ignore no-explicit-any -- prism's own API, untyped
const prism = createPrism() as any;

Deno.bench({
  name: "prism tokenize, 2,000-line TypeScript (floor)",
  group: "ts",
  baseline: true,
  fn: () => void prism.tokenize(file, prism.languages.typescript),
});
Deno.bench({
  name: "highlight (tokenize + compact markup)",
  group: "ts",
  fn: () => void highlight(file, "typescript"),
});
Deno.bench({
  name: "prism highlight (tokenize + its own markup), for comparison",
  group: "ts",
  fn: () => void prism.highlight(file, prism.languages.typescript, "typescript"),
});
Deno.bench({
  name: "tokenize through the hooks only",
  group: "ts",
  fn: () => void tokenize(file, "typescript"),
});

/** A 2,000-line Python file: the corpus sample repeated. */
const pySample = Deno.readTextFileSync(new URL("sample.py", corpus)).split("\n");
const pyLines: string[] = [];
while (pyLines.length < 2_000) pyLines.push(...pySample);
const python = pyLines.slice(0, 2_000).join("\n");

/**
 * The fair floor: prism's own tokenize over the same file in the 2,000-character chunks the
 * highlighter feeds it (src/render/highlight.ts bounds every grammar that way), with no markup.
 */
function chunkedTokens(code: string, grammar: unknown): unknown[] {
  const out: unknown[] = [];
  for (let from = 0; from < code.length; from += 2_000) {
    out.push(...prism.tokenize(code.slice(from, from + 2_000), grammar));
  }
  return out;
}

export const PYTHON = benchCase({
  name: "highlight, 2,000-line Python (chunks, hooks, compact markup)",
  floorName: "prism tokenize of the same file in the same chunks",
  target: 2,
  ours: () => highlight(python, "python"),
  floor: () => chunkedTokens(python, prism.languages.python),
});
