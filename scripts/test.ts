// deno-lint-ignore-file no-console -- a test runner reports on stdout and stderr
/**
 * `deno task test`: the whole suite, in two `deno test` runs side by side.
 *
 * - The main run: every test file under tests/ (and mod.ts's doc blocks), in groups that each run in
 *   one worker, DENO_JOBS workers at a time (`--parallel`). `deno test` gives every module a worker
 *   of its own, and a worker pays to load its module graph (Playwright, the server, zod, the SDK):
 *   about 0.5 CPU-s a unit test file and 2.8 a browser file, and a browser file launched Chromium
 *   too, another ~2 CPU-s with its first renderer and cold caches. In one worker the files share
 *   one load and one browser (tests/browser/harness.ts `openBrowser`), each with a context of its
 *   own. The long files (tests/longest_first.txt, longest first) are dealt into one group per worker,
 *   which start first; the rest follow in small groups that fill whichever worker is free first,
 *   smaller still at the end so the workers end together.
 * - The waiting lane (`WAITING`): the files that spend most of their time waiting on clocks and
 *   downloads (the 10 s and 30 s HTTP deadlines, npm installs, replicas on Redis), one at a time,
 *   beside the main run. In a lane of the main run each held a core's turn while it waited: about
 *   220 s of lane time for some 90 CPU-s.
 *
 * The main run's output streams as it comes (a group's tests are reported under its module; a
 * failure's stack and the JUnit report name the test's own file); the lane's is printed once both
 * are done, then a line for each run. `--junit-path=<file>` writes one report for both (each run's
 * suites, counts summed). Other flags go to both runs (`--filter`, `--fail-fast`, ...). Given test
 * files or folders, it runs just those, in one `deno test` run with the same flags, a worker each.
 *
 *   deno task test
 *   deno task test --junit-path=report.xml
 *   deno task test tests/browser/chart_test.ts
 */
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..");
/** The long files, longest first: each main-run worker starts with its share of them. */
export const LONGEST_FIRST = "tests/longest_first.txt";
/** Files that mostly wait: they run in a lane of their own, one at a time, beside the main run. */
export const WAITING = [
  "tests/smoke/node_test.ts",
  "tests/http/slow_clients_test.ts",
  "tests/build/bundle_fresh_test.ts",
  "tests/http/replicas_test.ts",
  "tests/smoke/deno_test.ts",
];
/** How many of the other files share a worker (each group loads its modules once). */
export const GROUP_SIZE = 20;
/**
 * The last files (GROUP_SIZE per worker) go in smaller groups still, so the workers end within a few
 * files of each other: with groups of 20 to the end, one core stood idle for the run's last 15 to 20 s.
 */
export const TAIL_GROUP_SIZE = 5;
/** The names `deno test` collects from a folder. */
export const COLLECTED = /(^|[/_.])test\.(ts|tsx|mts|js|jsx|mjs)$/;

/** The test files `deno test <dir>` finds under `root`'s `dir` (repository-relative, in path order). */
export function testFiles(root: string, dir = "tests"): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync(join(root, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) found.push(...testFiles(root, path));
    else if (entry.isFile && COLLECTED.test(path)) found.push(path);
  }
  return found.sort();
}

/**
 * The main run's groups of `files` (the waiting lane's left out): the ones `longest` lists dealt
 * over `jobs` groups there and back (first to each, then back from the last, ...) so each worker
 * starts with an even share; then the rest in path order, GROUP_SIZE at a time, the last GROUP_SIZE
 * per worker TAIL_GROUP_SIZE at a time.
 */
export function groupFiles(files: string[], longest: string[], jobs: number): string[][] {
  const main = files.filter((f) => !WAITING.includes(f));
  const long = longest.filter((f) => main.includes(f));
  const rest = main.filter((f) => !long.includes(f));
  const first = Array.from({ length: jobs }, (): string[] => []);
  long.forEach((file, i) => {
    const k = i % jobs;
    first[Math.floor(i / jobs) % 2 ? jobs - 1 - k : k].push(file);
  });
  const tail = Math.max(0, rest.length - jobs * GROUP_SIZE);
  const later = [
    ...piecesOf(rest.slice(0, tail), GROUP_SIZE),
    ...piecesOf(rest.slice(tail), TAIL_GROUP_SIZE),
  ];
  return [...first, ...later].filter((group) => group.length > 0);
}

/** `list` in consecutive pieces of `size` (the last may be shorter). */
function piecesOf<T>(list: T[], size: number): T[][] {
  return Array.from(
    { length: Math.ceil(list.length / size) },
    (_, i) => list.slice(i * size, (i + 1) * size),
  );
}

/** Writes each group as a module of `work` that imports its files in order; returns their paths. */
export async function writeGroups(root: string, work: string, groups: string[][]): Promise<string[]> {
  return await Promise.all(groups.map(async (files, i) => {
    const path = join(work, `group-${String(i + 1).padStart(2, "0")}.ts`);
    const imports = files.map((f) => `import ${JSON.stringify(pathToFileURL(join(root, f)).href)};\n`);
    await Deno.writeTextFile(path, imports.join(""));
    return path;
  }));
}

/** Workers at a time, as `deno test --parallel` takes them. */
export function jobs(): number {
  return Number(Deno.env.get("DENO_JOBS")) || navigator.hardwareConcurrency;
}

/** Flags of every run. The tests run unchecked: `deno task check` type-checks them once. */
const FLAGS = ["test", "--allow-all", "--no-check", "--parallel"];

/** The main run's arguments: the group modules, then mod.ts's doc blocks. */
export function mainArgs(groupModules: string[]): string[] {
  return [...FLAGS, "--doc", ...groupModules, "mod.ts"];
}

/** The waiting lane's arguments. */
export function waitingArgs(): string[] {
  return [...FLAGS, ...WAITING];
}

/** One report of several JUnit reports from `deno test`: their suites, and the root's counts summed. */
export function mergeJunit(reports: string[]): string {
  const counts = { tests: 0, failures: 0, errors: 0, time: 0 };
  const suites: string[] = [];
  for (const xml of reports) {
    const root = /<testsuites\b[^>]*>/.exec(xml);
    if (!root) throw new Error("a JUnit report without <testsuites>");
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
      counts[key] += Number(new RegExp(`\\s${key}="([\\d.]+)"`).exec(root[0])?.[1] ?? 0);
    }
    const end = xml.lastIndexOf("</testsuites>");
    suites.push(xml.slice(root.index + root[0].length, end < 0 ? undefined : end).replace(/^\n|\s+$/g, ""));
  }
  const { tests, failures, errors, time } = counts;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="deno test" tests="${tests}" failures="${failures}" errors="${errors}" time="${
    time.toFixed(3)
  }">\n${suites.filter(Boolean).join("\n")}\n</testsuites>\n`;
}

interface Run {
  name: string;
  success: boolean;
  seconds: number;
  output?: Uint8Array;
}

/** Runs `deno <args>`: output straight through, or kept to print later. */
async function run(name: string, args: string[], { keep = false, env = {} } = {}): Promise<Run> {
  const started = performance.now();
  const piped = keep ? "piped" : "inherit";
  const child = new Deno.Command(Deno.execPath(), { args, cwd: ROOT, env, stdout: piped, stderr: piped });
  if (!keep) {
    const { success } = await child.output();
    return { name, success, seconds: (performance.now() - started) / 1000 };
  }
  // one stream, in order: the lane's stderr (Deno's test output) and stdout together
  const process = child.spawn();
  const chunks: Uint8Array[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) chunks.push(chunk);
  };
  const [{ success }] = await Promise.all([process.status, collect(process.stdout), collect(process.stderr)]);
  const output = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  chunks.reduce((at, c) => (output.set(c, at), at + c.length), 0);
  return { name, success, seconds: (performance.now() - started) / 1000, output };
}

async function main(argv: string[]): Promise<number> {
  const junit = argv.find((a) => a.startsWith("--junit-path="))?.slice("--junit-path=".length);
  const rest = argv.filter((a) => !a.startsWith("--junit-path="));
  const named = rest.filter((a) => !a.startsWith("-"));
  if (named.length) {
    // a narrowed run: just what was named
    const reportArgs = junit ? [`--junit-path=${junit}`] : [];
    return (await run("deno test", [...FLAGS, ...rest, ...reportArgs])).success ? 0 : 1;
  }
  const work = await Deno.makeTempDir({ prefix: "mcc-test-" });
  const report = (name: string) => junit ? [`--junit-path=${join(work, `${name}.xml`)}`] : [];
  const longest = (await Deno.readTextFile(join(ROOT, LONGEST_FIRST))).split("\n").filter(Boolean);
  try {
    const groups = await writeGroups(ROOT, work, groupFiles(testFiles(ROOT), longest, jobs()));
    const [main, waiting] = await Promise.all([
      run("main run", [...mainArgs(groups), ...rest, ...report("main")]),
      run("waiting lane", [...waitingArgs(), ...rest, ...report("waiting")], {
        keep: true,
        env: { DENO_JOBS: "1" },
      }),
    ]);
    console.error(`\n==> the waiting lane (${WAITING.length} files, one at a time, beside the main run)\n`);
    await Deno.stderr.write(waiting.output!);
    for (const r of [main, waiting]) {
      console.error(`${r.name}: ${r.success ? "ok" : "FAILED"} in ${r.seconds.toFixed(0)} s`);
    }
    if (junit) {
      const reports = await Promise.all(
        ["main", "waiting"].map((name) => Deno.readTextFile(join(work, `${name}.xml`)).catch(() => "")),
      );
      await Deno.writeTextFile(junit, mergeJunit(reports.filter(Boolean)));
    }
    return main.success && waiting.success ? 0 : 1;
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
