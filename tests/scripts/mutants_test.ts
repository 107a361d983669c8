/**
 * The mutant generator (scripts/mutants_generate.ts): each operator finds its sites in the syntax
 * tree and makes exactly the edit it names, code that does not run is left alone, two edits that
 * make one program count once, and ids survive the code moving.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { apply, describe, generate, seededOrder } from "../../scripts/mutants_generate.ts";
import { isRisky, testsOf } from "../../scripts/mutants_map.ts";

/** Each mutant as `operator: mutated source`, for sources small enough to read whole. */
const edits = (source: string) => generate("x.ts", source).map((m) => `${m.operator}: ${apply(source, m)}`);

Deno.test("mutants: comparisons move across the boundary and equalities flip", () => {
  assertEquals(edits("f(a < b, a <= b, a > b, a >= b);"), [
    "boundary: f(a <= b, a <= b, a > b, a >= b);",
    "boundary: f(a < b, a < b, a > b, a >= b);",
    "boundary: f(a < b, a <= b, a >= b, a >= b);",
    "boundary: f(a < b, a <= b, a > b, a > b);",
  ]);
  assertEquals(edits("f(a === b, a !== b, a == b, a != b);"), [
    "equality: f(a !== b, a !== b, a == b, a != b);",
    "equality: f(a === b, a === b, a == b, a != b);",
    "equality: f(a === b, a !== b, a != b, a != b);",
    "equality: f(a === b, a !== b, a == b, a == b);",
  ]);
});

Deno.test("mutants: && and || swap, a ! is dropped", () => {
  assertEquals(edits("f(a && b, c || d, !e);"), [
    "logic: f(a || b, c || d, !e);",
    "logic: f(a && b, c && d, !e);",
    "not: f(a && b, c || d, e);",
  ]);
});

Deno.test("mutants: integers move by one, negative ones too, and an index that reads like a position", () => {
  assertEquals(edits("f(10, -1, 0.5);"), [
    "number: f(11, -1, 0.5);",
    "number: f(9, -1, 0.5);",
    "number: f(10, 0, 0.5);",
    "number: f(10, -2, 0.5);",
  ]);
  assertEquals(edits("g(a[i], a[key]);"), ["index: g(a[i + 1], a[key]);", "index: g(a[i - 1], a[key]);"]);
});

Deno.test("mutants: a guard, an early return and a throw are removed; a function's last return is not", () => {
  const source = [
    "function f(x) {",
    "  if (x > 9) throw new Error('big');",
    "  for (const y of x) { if (y) { count++; continue; } }",
    "  if (x) { log(x); return 1; }",
    "  return 2;",
    "}",
  ].join("\n");
  const removals = generate("x.ts", source).filter((m) => m.operator === "guard" || m.operator === "exit");
  assertEquals(removals.map((m) => `${m.operator} ${m.line}: ${describe(m)}`), [
    "guard 2: f: if (x > 9) throw new Error('big'); → ;",
    "guard 3: f: if (y) { count++; continue; } → ;",
    "guard 4: f: if (x) { log(x); return 1; } → ;",
    "exit 4: f: return 1; → ;",
  ]);
});

Deno.test("mutants: a regex loses its ^ or its $, not an escaped \\$", () => {
  assertEquals(edits("const r = /^Bearer (.+)$/i;"), [
    "anchor: const r = /Bearer (.+)$/i;",
    "anchor: const r = /^Bearer (.+)/i;",
  ]);
  assertEquals(edits("const r = /costs \\$/;"), []);
});

Deno.test("mutants: a list of values is emptied, and each member dropped in turn", () => {
  assertEquals(edits('const BAD = new Set(["a", "b", "c"]);'), [
    "members: const BAD = new Set([]);",
    'members: const BAD = new Set(["b", "c"]);',
    'members: const BAD = new Set(["a", "c"]);',
    'members: const BAD = new Set(["a", "b"]);',
  ]);
  // A table of numbers is a list of members: its numbers are not also moved by one.
  assertEquals(edits("const PORTS = [80, 443];"), [
    "members: const PORTS = [];",
    "members: const PORTS = [443];",
    "members: const PORTS = [80];",
  ]);
});

Deno.test("mutants: types, imports and log lines are not code to break", () => {
  const source = [
    'import { x } from "./y.ts";',
    "type Pair = [1, 2];",
    "interface I { a: 1 | 2 }",
    "let v: Array<0 | 1> = [];",
    "console.log(a < b);",
  ].join("\n");
  assertEquals(edits(source), []);
});

Deno.test("mutants: two edits that make the same program are one mutant", () => {
  // Dropping the `!` of `!!x` and of `!x` inside it both give `!x`.
  assertEquals(edits("f(!!x);"), ["not: f(!x);"]);
});

Deno.test("mutants: an id names the edit and its declaration, not its line, so it survives code moving", () => {
  const body = "function limit(n) {\n  return n > 10;\n}\n";
  const before = generate("x.ts", body);
  const after = generate("x.ts", `// a new comment\nconst other = 1;\n\n${body}`);
  const moved = after.filter((m) => m.scope === "limit");
  assertEquals(moved.map((m) => m.id), before.map((m) => m.id));
  assertEquals(moved.map((m) => m.line), before.map((m) => m.line + 3));
  assert(before.every((m) => /^g-[0-9a-f]{10}$/.test(m.id)));
  assertEquals(new Set(before.map((m) => m.id)).size, before.length);
});

Deno.test("mutants: the seeded order is the same for a seed, differs for another, and keeps its order when one item goes", () => {
  const items = Array.from({ length: 20 }, (_, i) => `m${i}`);
  const order = seededOrder(items, (x) => x, 7);
  assertEquals(seededOrder(items, (x) => x, 7), order);
  assert(seededOrder(items, (x) => x, 8).join() !== order.join());
  assertEquals([...order].sort(), [...items].sort());
  const without = seededOrder(items.filter((x) => x !== order[3]), (x) => x, 7);
  assertEquals(without, order.filter((x) => x !== order[3]));
});

Deno.test("mutants: the map gives each module its narrowest tests, a folder key the rest of the folder", () => {
  assertEquals(testsOf("src/net/address.ts"), ["tests/net/address_test.ts", "tests/net/refusal_test.ts"]);
  assertEquals(testsOf("src/cards/table.ts"), ["tests/cards/table_test.ts", "tests/cards/golden_test.ts"]);
  assertEquals(testsOf("src/cards/reveal.ts"), [
    "tests/cards/golden_test.ts",
    "tests/adversarial/cards_test.ts",
  ]);
  assertEquals(testsOf("src/nowhere.ts"), undefined);
  assert(isRisky("src/net/fetch.ts") && isRisky("src/store/web_forms.ts"));
  assert(!isRisky("src/output/result.ts") && !isRisky("src/cards/table.ts"));
});

Deno.test("mutants: one run draws the curated sample by its own seed beside the generated one (CI)", async () => {
  const args = [
    "--sample",
    "3",
    "--sample-seed",
    "20789",
    "--generate",
    "4",
    "--seed",
    "24",
    "--risky",
    "--quick",
  ];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/mutants.ts", ...args, "--dry-run"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(code, 0, new TextDecoder().decode(stderr));
  const out = new TextDecoder().decode(stdout);
  assert(/^generated: 4 of \d+ mutants \(seed 24\)/m.test(out), out);
  assert(
    /^curated: 3 of \d+ quick mutants \(seed 20789\)\. Rerun: deno task mutants --sample 3 --sample-seed 20789$/m
      .test(out),
    out,
  );
  const ids = [...out.matchAll(/^(\S+) {2}src\//gm)].map((m) => m[1]);
  assertEquals([ids.filter((id) => id.startsWith("g-")).length, ids.length], [4, 7]);
});
