/**
 * `deno task test` (scripts/test.ts) runs two `deno test` runs side by side: the waiting lane (the
 * files that mostly wait on clocks and downloads, one at a time) and the main run, whose test files
 * run in groups, a worker each: the long files (tests/longest_first.txt) dealt over one group per
 * worker, there and back, then the rest in small groups, smaller at the end. These tests hold the
 * task, the grouping, and, on stand-ins at the real paths, that every file runs once, in its group's
 * worker, the long ones first, and that none of the waiting lane's runs in the main run. The tests
 * run unchecked: `deno task check` type-checks every file they run and the doc blocks, once, and
 * `deno task ok` and `.ci/run` run both (CI runs the check beside the tests instead of before them).
 */
import {
  deepStrictEqual as assertDeep,
  strictEqual as assertEquals,
  throws as assertThrows,
} from "node:assert/strict";
import { dirname, join } from "node:path";
import {
  COLLECTED,
  GROUP_SIZE,
  groupFiles,
  LONGEST_FIRST,
  mainArgs,
  mergeJunit,
  TAIL_GROUP_SIZE,
  testFiles,
  WAITING,
  writeGroups,
} from "../scripts/test.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const LIST = LONGEST_FIRST;
/** The files the list names, in its order. */
async function listedFiles(): Promise<string[]> {
  return (await Deno.readTextFile(join(ROOT, LIST))).split("\n").filter(Boolean);
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...filesUnder(path));
    else if (entry.isFile) files.push(path);
  }
  return files;
}

Deno.test("deno task test runs scripts/test.ts: the main run gets its group modules, then mod.ts's doc blocks", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  assertEquals(tasks.test, "deno run --allow-all scripts/test.ts");
  assertDeep(mainArgs(["/w/group-01.ts", "/w/group-02.ts"]), [
    "test",
    "--allow-all",
    "--no-check",
    "--parallel",
    "--doc",
    "/w/group-01.ts",
    "/w/group-02.ts",
    "mod.ts",
  ]);
});

Deno.test("the waiting lane names existing test files, each once, none of them in the longest-first list", async () => {
  const listed = await listedFiles();
  const tests = new Set(testFiles(ROOT));
  assertDeep(WAITING.filter((f) => !tests.has(f)), []);
  assertDeep(WAITING.filter((f, i) => WAITING.indexOf(f) !== i), []);
  assertDeep(WAITING.filter((f) => listed.includes(f)), []);
});

Deno.test("testFiles finds what deno test collects from a folder, in path order", () => {
  const found = testFiles(ROOT);
  assertDeep(found, filesUnder("tests").filter((f) => COLLECTED.test(f)).sort());
  assertEquals(found.includes("tests/test_order_test.ts"), true);
  for (const name of ["a_test.ts", "a.test.mjs", "test.ts", "a_test.tsx"]) {
    assertEquals(COLLECTED.test(`x/${name}`), true);
  }
  for (const name of ["a_tests.ts", "atest.ts", "a_test.ts.orig", "a_test.json"]) {
    assertEquals(COLLECTED.test(`x/${name}`), false, name);
  }
});

Deno.test("the long files are dealt there and back over one group per worker; the rest follow GROUP_SIZE at a time, the last ones TAIL_GROUP_SIZE", () => {
  const rest = (n: number) =>
    Array.from({ length: n }, (_, i) => `tests/r${String(i).padStart(3, "0")}_test.ts`);
  const long = [
    "tests/l1_test.ts",
    "tests/l2_test.ts",
    "tests/l3_test.ts",
    "tests/l4_test.ts",
    "tests/l5_test.ts",
  ];
  /** `files` in pieces of `sizes`, in order. */
  const pieces = (files: string[], ...sizes: number[]) => {
    let at = 0;
    return sizes.map((size) => files.slice(at, at += size));
  };
  const tailGroups = (n: number) => Array<number>(n).fill(TAIL_GROUP_SIZE);
  const files = [...rest(1), ...long, WAITING[0]].sort();
  // the listed order decides the deal; a listed file that is gone is skipped; the lane's never run here
  assertDeep(groupFiles(files, [...long, "tests/gone_test.ts"], 2), [
    ["tests/l1_test.ts", "tests/l4_test.ts", "tests/l5_test.ts"],
    ["tests/l2_test.ts", "tests/l3_test.ts"],
    rest(1),
  ]);
  assertDeep(groupFiles(files, long, 3), [
    ["tests/l1_test.ts"],
    ["tests/l2_test.ts", "tests/l5_test.ts"],
    ["tests/l3_test.ts", "tests/l4_test.ts"],
    rest(1),
  ]);
  // the last GROUP_SIZE files per worker go TAIL_GROUP_SIZE at a time (N), one more starts a group before them (N+1)
  const at = (n: number, jobs: number) => groupFiles([...rest(n), ...long].sort(), long, jobs).slice(jobs);
  assertDeep(
    at(2 * GROUP_SIZE, 2),
    pieces(rest(2 * GROUP_SIZE), ...tailGroups((2 * GROUP_SIZE) / TAIL_GROUP_SIZE)),
  );
  assertDeep(
    at(2 * GROUP_SIZE + 1, 2),
    pieces(rest(2 * GROUP_SIZE + 1), 1, ...tailGroups((2 * GROUP_SIZE) / TAIL_GROUP_SIZE)),
  );
  assertDeep(
    at(GROUP_SIZE * 3 + 1, 1),
    pieces(rest(GROUP_SIZE * 3 + 1), GROUP_SIZE, GROUP_SIZE, 1, ...tailGroups(GROUP_SIZE / TAIL_GROUP_SIZE)),
  );
  // a tail group that is not full
  assertDeep(at(TAIL_GROUP_SIZE + 1, 2), pieces(rest(TAIL_GROUP_SIZE + 1), TAIL_GROUP_SIZE, 1));
  // nothing listed: no empty groups
  assertDeep(groupFiles(rest(2), [], 2), [rest(2)]);
});

Deno.test("the two runs' JUnit reports become one: every suite, the counts summed", () => {
  const report = (suite: string, tests: number, failures: number, time: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="deno test" tests="${tests}" failures="${failures}" errors="0" time="${time}">\n    <testsuite name="${suite}" tests="${tests}" disabled="0" errors="0" failures="${failures}">\n    </testsuite>\n</testsuites>\n`;
  assertEquals(
    mergeJunit([report("./a_test.ts", 3, 1, "2.500"), report("./b_test.ts", 2, 0, "1.250")]),
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="deno test" tests="5" failures="1" errors="0" time="3.750">\n` +
      `    <testsuite name="./a_test.ts" tests="3" disabled="0" errors="0" failures="1">\n    </testsuite>\n` +
      `    <testsuite name="./b_test.ts" tests="2" disabled="0" errors="0" failures="0">\n    </testsuite>\n` +
      `</testsuites>\n`,
  );
  assertThrows(() => mergeJunit(["not a report"]), /without <testsuites>/);
});

Deno.test("the longest-first list names existing test files, each once", async () => {
  const listed = await listedFiles();
  const tests = new Set(testFiles(ROOT));
  assertDeep(listed.filter((f) => !tests.has(f)), [], `${LIST} names files deno test would not find`);
  assertDeep(listed.filter((f, i) => listed.indexOf(f) !== i), [], `${LIST} names a file twice`);
});

Deno.test("the main run runs every test file once, each group in one worker, the long ones first, none of the lane's", async () => {
  // Stand-ins at the real paths, each recording its path and its worker when loaded, show it
  // without running the real files.
  const files = testFiles(ROOT);
  const groups = groupFiles(files, await listedFiles(), 2);
  const dir = await Deno.makeTempDir({ prefix: "mcc-order-" });
  try {
    const started = join(dir, "started.txt");
    for (const file of files) {
      await Deno.mkdir(dirname(join(dir, file)), { recursive: true });
      await Deno.writeTextFile(
        join(dir, file),
        `const g = globalThis as { worker?: string };\n` +
          `Deno.writeTextFileSync(${JSON.stringify(started)}, (g.worker ??= crypto.randomUUID()) + ${
            JSON.stringify(` ${file}\n`)
          }, { append: true });\n`,
      );
    }
    const modules = await writeGroups(dir, await Deno.makeTempDir({ dir, prefix: "groups-" }), groups);
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      // the main run's own arguments, but the doc blocks of mod.ts (not among the stand-ins)
      args: [...mainArgs(modules).filter((a) => a !== "--doc" && a !== "mod.ts"), "--no-config"],
      cwd: dir,
      env: { DENO_JOBS: "1" },
      stdout: "null",
      stderr: "piped",
    }).output();
    assertEquals(success, true, new TextDecoder().decode(stderr));
    const lines = (await Deno.readTextFile(started)).split("\n").filter(Boolean).map((l) => l.split(" "));
    assertDeep(lines.map(([, file]) => file), groups.flat(), "the files ran in their groups' order");
    assertDeep(
      [...files].sort(),
      [...groups.flat(), ...WAITING].sort(),
      "every file runs once: in the main run or the lane",
    );
    const workers = groups.map((group) =>
      new Set(lines.filter(([, f]) => group.includes(f)).map(([w]) => w))
    );
    assertDeep(workers.map((w) => w.size), groups.map(() => 1), "each group's files share one worker");
    assertEquals(new Set(workers.flatMap((w) => [...w])).size, groups.length, "a worker per group");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every file under tests/ that declares a test has a name deno test collects", () => {
  const declaring = filesUnder("tests").filter((f) =>
    /\.(ts|tsx|mts|js|jsx|mjs)$/.test(f) && /\bDeno\.test\s*\(/.test(Deno.readTextFileSync(join(ROOT, f)))
  );
  assertDeep(
    declaring.filter((f) => !COLLECTED.test(f)),
    [],
    "these declare tests that deno test never runs: name them *_test.ts",
  );
  assertEquals(declaring.length > 100, true, `only ${declaring.length} test files found`);
});

Deno.test("deno task check type-checks what the tests run unchecked, and the gate and CI run it", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  // one run for all: two (src, then tests and src again through them) cost 29 CPU-s against 18 cold
  assertEquals(tasks.check, "deno check --doc mod.ts src/ scripts/ tests/");
  assertEquals(tasks.ok.includes("deno task check && "), true, tasks.ok);
  const ci = await Deno.readTextFile(join(ROOT, ".ci/run"));
  assertEquals(ci.includes(`"deno task check|$DENO task check"`), true, ".ci/run runs deno task check");
});
