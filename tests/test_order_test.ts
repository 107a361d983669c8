/**
 * `deno task test` (scripts/test.ts) runs two `deno test` runs side by side: the waiting lane (the
 * files that mostly wait on clocks and downloads, one at a time) and the main run, which starts the long
 * files first (tests/longest_first.txt), then every other file Deno finds under tests/, with
 * --parallel: a worker takes the next file in Deno's order. That order is not always the order given:
 * Deno sorts the files it is given by their folder's path, longest first, keeping the given order
 * within a length, and runs the files it finds itself in path order. A list that put tests/hosts/
 * and tests/smoke/ files between browser files ran every named browser file first all the same, so
 * the list is written in Deno's order, and a test holds it there: the browser files longest first,
 * then the long files of shorter folders (the Inspector, the recipe's copy). A file named twice runs
 * once; a file not named still runs; a file of the waiting lane runs there only (the main run ignores
 * it by a glob, which holds even for a file it is given). The tests run unchecked: `deno task check`
 * type-checks every file they run and the doc blocks, once, and `deno task ok` and `.ci/run` run both
 * (CI runs the check beside the tests instead of before them).
 */
import {
  deepStrictEqual as assertDeep,
  strictEqual as assertEquals,
  throws as assertThrows,
} from "node:assert/strict";
import { dirname, join } from "node:path";
import { LONGEST_FIRST, mainArgs, mergeJunit, WAITING } from "../scripts/test.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const LIST = LONGEST_FIRST;
/** The files the list names, in its order. */
async function listedFiles(): Promise<string[]> {
  return (await Deno.readTextFile(join(ROOT, LIST))).split("\n").filter(Boolean);
}

/** The names `deno test` collects from a folder. */
const COLLECTED = /(^|[/_.])test\.(ts|tsx|mts|js|jsx|mjs)$/;

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...filesUnder(path));
    else if (entry.isFile) files.push(path);
  }
  return files;
}

Deno.test("deno task test runs scripts/test.ts: the main run gets the longest-first list, then tests/ and mod.ts", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  assertEquals(tasks.test, "deno run --allow-all scripts/test.ts");
  assertDeep(mainArgs(["a_test.ts", "b_test.ts"]), [
    "test",
    "--allow-all",
    "--no-check",
    "--parallel",
    "--doc",
    `--ignore=${WAITING.map((f) => `**/${f}`).join(",")}`,
    "a_test.ts",
    "b_test.ts",
    "tests/",
    "mod.ts",
  ]);
});

Deno.test("the waiting lane names existing test files, each once, none of them in the longest-first list", async () => {
  const listed = await listedFiles();
  const tests = new Set(filesUnder("tests").filter((f) => COLLECTED.test(f)));
  assertDeep(WAITING.filter((f) => !tests.has(f)), []);
  assertDeep(WAITING.filter((f, i) => WAITING.indexOf(f) !== i), []);
  assertDeep(WAITING.filter((f) => listed.includes(f)), []);
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
  const tests = new Set(filesUnder("tests").filter((f) => COLLECTED.test(f)));
  assertDeep(listed.filter((f) => !tests.has(f)), [], `${LIST} names files deno test would not find`);
  assertDeep(listed.filter((f, i) => listed.indexOf(f) !== i), [], `${LIST} names a file twice`);
});

Deno.test("Deno starts the listed files in the list's order", async () => {
  // Deno's order depends on the paths alone: stand-ins at the same paths, each recording its start
  // when loaded, show it without loading the real files.
  const listed = await listedFiles();
  const dir = await Deno.makeTempDir({ prefix: "mcc-order-" });
  try {
    const started = join(dir, "started.txt");
    for (const file of [...listed, ...WAITING]) {
      await Deno.mkdir(dirname(join(dir, file)), { recursive: true });
      await Deno.writeTextFile(
        join(dir, file),
        `Deno.writeTextFileSync(${JSON.stringify(started)}, ${
          JSON.stringify(`${file}\n`)
        }, { append: true });\n`,
      );
    }
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      // the main run's own arguments, but the doc blocks of mod.ts (not among the stand-ins)
      args: [...mainArgs(listed).filter((a) => a !== "--doc" && a !== "mod.ts"), "--no-config"],
      cwd: dir,
      env: { DENO_JOBS: "1" },
      stdout: "null",
      stderr: "piped",
    }).output();
    assertEquals(success, true, new TextDecoder().decode(stderr));
    const order = (await Deno.readTextFile(started)).split("\n").filter(Boolean);
    // the waiting lane's files never start: the main run ignores them even under tests/
    assertDeep(order, listed, `${LIST} is not the order Deno runs its files in: put them in Deno's order`);
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
