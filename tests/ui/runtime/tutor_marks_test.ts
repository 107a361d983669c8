import { deepStrictEqual } from "node:assert/strict";
import { normalizeTerms, planMarks, type TutorTerm } from "../../../src/ui/runtime/tutor_marks.ts";

/** The marked words of each text, sharing one card's `used` set, as [text, term index] pairs. */
function marked(texts: string[], terms: TutorTerm[]): [string, number][][] {
  const list = normalizeTerms(terms);
  const used = new Set<number>();
  return texts.map((text) => planMarks(text, list, used).map((m) => [text.slice(m.start, m.end), m.term]));
}

const tip = "a tip";

Deno.test("each term is marked once per card, at its first place", () => {
  deepStrictEqual(marked(["A loop and a loop.", "Another loop."], [{ term: "loop", tip }]), [
    [["loop", 0]],
    [],
  ]);
});

Deno.test("the longest term wins where two overlap; the shorter one may mark later", () => {
  const terms = [{ term: "API", tip }, { term: "REST API", tip }, { term: "key", tip }, {
    term: "API key",
    tip,
  }];
  deepStrictEqual(marked(["A REST API key.", "Then an API."], terms), [
    [["REST API", 1], ["key", 2]],
    [["API", 0]],
  ]);
  // Equal lengths overlapping: the one listed first.
  deepStrictEqual(marked(["ab c de"], [{ term: "c de", tip }, { term: "ab c", tip }]), [[["c de", 0]]]);
});

Deno.test("duplicates are ignored, blanks dropped", () => {
  deepStrictEqual(
    normalizeTerms([
      { term: "PATH", tip: "first" },
      { term: " PATH ", tip: "second" },
      { term: "", tip },
      { term: "x", tip: " " },
      { term: "path", tip: "other casing, its own term" },
      { term: "Loop", tip: "ci", caseInsensitive: true },
      { term: "LOOP", tip: "shadowed by the case-insensitive one" },
    ]).map((t) => `${t.term}:${t.tip}`),
    ["PATH:first", "path:other casing, its own term", "Loop:ci"],
  );
});

Deno.test("case-sensitive unless caseInsensitive", () => {
  deepStrictEqual(marked(["set the path, then PATH"], [{ term: "PATH", tip }]), [[["PATH", 0]]]);
  deepStrictEqual(marked(["set the path, then PATH"], [{ term: "PATH", tip, caseInsensitive: true }]), [[
    ["path", 0],
  ]]);
});

Deno.test("whole words only where the term starts or ends with a word character", () => {
  deepStrictEqual(marked(["XPATH PATHS PATH_X PATH."], [{ term: "PATH", tip }]), [[["PATH", 0]]]);
  deepStrictEqual(marked(["café"], [{ term: "caf", tip }]), [[]]);
  // Punctuation at the edge needs no boundary.
  deepStrictEqual(marked(["x++y"], [{ term: "++", tip }]), [[["++", 0]]]);
  deepStrictEqual(marked(["use C++."], [{ term: "C++", tip }]), [[["C++", 0]]]);
});

Deno.test("regex characters in terms are literal", () => {
  deepStrictEqual(marked(["a.b axb (x)"], [{ term: "(x)", tip }, { term: "a.b", tip }]), [[["a.b", 1], [
    "(x)",
    0,
  ]]]);
});
