// deno-lint-ignore-file no-console -- a script reports on stdout and stderr
/**
 * The mutation check: does the suite notice when the code breaks? Two sources of mutants:
 *
 * - the curated list, scripts/mutants_list.ts: hand-written breakages, each with its tests;
 * - generated ones (`--generate`): operator mutations that scripts/mutants_generate.ts finds in each
 *   module's syntax tree (a flipped comparison, `<` for `<=`, `&&` for `||`, a dropped `!`, a
 *   constant or an index off by one, a removed guard, early return or throw, a regex anchor removed, a
 *   list of values emptied or short of one member), each run against its module's tests
 *   (scripts/mutants_map.ts). A seeded sample per run; two edits that make the same program are one
 *   mutant; known equivalents (scripts/mutants_equivalent.ts) are listed, not run.
 *
 * Each mutant is applied alone to a scratch copy of the working tree (copied once; the worktree is
 * never touched), then its test files run with `deno test -A --no-check` (types are not the point:
 * behaviour is). A mutant of the browser runtime or the stylesheet is rebuilt into
 * src/ui/assets.gen.ts first. The tests must fail: "caught"; if they pass, the mutant "survived"
 * and a test is missing (or the mutant is equivalent: write down why).
 *
 *   deno task mutants                      baseline, then every curated mutant
 *   deno task mutants --list               check the lists and the map, list the mutants, exit
 *   deno task mutants --check              check the lists and the map only (deno task ok, CI)
 *   deno task mutants --only a,b-*,g-…     only these ids: curated (a trailing * matches a prefix) or generated
 *   deno task mutants --generate 40        40 generated mutants (`all`: every one), instead of the list
 *   deno task mutants --seed 7             the sample's seed (default: today's UTC day number)
 *   deno task mutants --in src/net/        only generated mutants of these modules (repeatable)
 *   deno task mutants --risky              only the modules where a slip is a security bug
 *   deno task mutants --quick              only mutants whose tests start no browser or npm build
 *   deno task mutants --sample 6           6 quick curated mutants drawn by the seed (a rotating gate);
 *                                          with --generate, both samples in one run (CI)
 *   deno task mutants --sample-seed 7      the curated draw's seed, when --seed sets the generated one
 *   deno task mutants --dry-run            print the chosen mutants, run nothing
 *   deno task mutants --report out.json    write every outcome as JSON (after each mutant)
 *   deno task mutants --resume out.json    take the caught mutants of an earlier report as caught; run the rest
 *   deno task mutants --shard 1/2          every second mutant of the selection, from the first (two processes)
 *   deno task mutants --no-baseline        skip the unmutated run of the selected tests
 *   deno task mutants --keep               keep the scratch copy and the logs
 *   deno task mutants --timeout 600        seconds one mutant's tests may take (then it counts as caught)
 *
 * The last line is `mutants: N caught, M survived of T`. The exit code is 1 when any survived.
 */
import { dirname, join } from "node:path";
import { type Mutant, MUTANTS } from "./mutants_list.ts";
import { apply, describe, generate, type Generated, programHash, seededOrder } from "./mutants_generate.ts";
import { isHeavyTest, isRisky, NO_MUTANTS, TESTS_OF, testsOf } from "./mutants_map.ts";
import { EQUIVALENT } from "./mutants_equivalent.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const ASSETS = "src/ui/assets.gen.ts";
/** The template shells' sizes, which build_ui.ts writes beside the assets. */
const SHELLS = "src/ui/shells.gen.ts";

/** Files whose change only reaches the tests through `deno task build:ui`. */
const needsUiBuild = (file: string) =>
  file.startsWith("src/ui/runtime/") || file.startsWith("src/ui/styles") || file.endsWith(".css");

/** A curated mutant of a kind's `view` (in its card file) reaches the tests through the build too. */
const changesAView = (m: Mutant) => /\bview: \{/.test(m.find);

interface Options {
  list: boolean;
  check: boolean;
  only: string[];
  baseline: boolean;
  keep: boolean;
  /** Set by --timeout; otherwise a mutant may take four times its tests' baseline (at least 60 s). */
  timeoutMs?: number;
  /** How many generated mutants to run (Infinity for `all`); undefined runs the curated list. */
  generate?: number;
  seed: number;
  within: string[];
  risky: boolean;
  quick: boolean;
  dryRun: boolean;
  /** How many curated mutants to draw (quick ones, by the seed); undefined runs them all. */
  sample?: number;
  /** The curated draw's seed when it differs from the generated sample's (`--seed`). */
  sampleSeed?: number;
  report?: string;
  resume?: string;
  /** `[k, n]`: run only every n-th mutant, starting at the k-th (two shards share a sample). */
  shard?: [number, number];
}

const today = () => Math.floor(Date.now() / 86_400_000);

function parseArgs(args: string[]): Options {
  const options: Options = {
    list: false,
    check: false,
    only: [],
    baseline: true,
    keep: false,
    seed: today(),
    within: [],
    risky: false,
    quick: false,
    dryRun: false,
  };
  const value = (i: number, name: string) => {
    const v = args[i];
    if (v === undefined || v.startsWith("--")) throw new Error(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    const [arg, inline] = args[i].startsWith("--") && args[i].includes("=")
      ? [args[i].slice(0, args[i].indexOf("=")), args[i].slice(args[i].indexOf("=") + 1)]
      : [args[i], undefined];
    const next = () => inline ?? value(++i, arg);
    if (arg === "--list") options.list = true;
    else if (arg === "--check") options.check = true;
    else if (arg === "--only") options.only.push(...next().split(",").filter(Boolean));
    else if (arg === "--no-baseline") options.baseline = false;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--timeout") options.timeoutMs = Number(next()) * 1000;
    else if (arg === "--generate") {
      const n = next();
      options.generate = n === "all" ? Infinity : Number(n);
      if (!(options.generate > 0) || !Number.isInteger(options.generate) && n !== "all") {
        throw new Error(`--generate takes a positive whole number or "all", not "${n}"`);
      }
    } else if (arg === "--seed") {
      options.seed = Number(next());
      if (!Number.isSafeInteger(options.seed)) throw new Error("--seed takes a whole number");
    } else if (arg === "--in") options.within.push(...next().split(",").filter(Boolean));
    else if (arg === "--risky") options.risky = true;
    else if (arg === "--quick") options.quick = true;
    else if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--sample") {
      options.sample = Number(next());
      if (!(options.sample > 0) || !Number.isInteger(options.sample)) {
        throw new Error("--sample takes a whole number");
      }
    } else if (arg === "--sample-seed") {
      options.sampleSeed = Number(next());
      if (!Number.isSafeInteger(options.sampleSeed)) throw new Error("--sample-seed takes a whole number");
    } else if (arg === "--report") options.report = next();
    else if (arg === "--resume") options.resume = next();
    else if (arg === "--shard") {
      const [k, n] = next().split("/").map(Number);
      if (!(n >= 1 && k >= 1 && k <= n)) throw new Error("--shard takes k/n, as in 1/2");
      options.shard = [k, n];
    } else {
      throw new Error(
        `Unknown option "${arg}": use --list, --check, --only <ids>, --generate <n|all>, --seed <n>, --in <path>, ` +
          "--risky, --quick, --sample <n>, --sample-seed <n>, --dry-run, --report <file>, --resume <file>, --shard <k/n>, --no-baseline, --keep, --timeout <s>",
      );
    }
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) {
    throw new Error("--timeout needs a number of seconds");
  }
  if (options.generate !== undefined && options.only.length) {
    throw new Error("--only picks curated mutants; --generate runs generated ones: use one or the other");
  }
  return options;
}

function occurrences(text: string, find: string): number {
  let n = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + 1)) n++;
  return n;
}

/** Every problem of the list: duplicate ids, missing files or tests, `find` not exactly once. */
function validate(mutants: readonly Mutant[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of mutants) {
    if (seen.has(m.id)) problems.push(`${m.id}: duplicate id`);
    seen.add(m.id);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(m.id)) problems.push(`${m.id}: ids are kebab-case`);
    if (m.find === m.replace) problems.push(`${m.id}: replace equals find`);
    let text: string;
    try {
      text = Deno.readTextFileSync(join(ROOT, m.file));
    } catch {
      problems.push(`${m.id}: ${m.file} does not exist`);
      continue;
    }
    const n = occurrences(text, m.find);
    if (n !== 1) {
      problems.push(
        `${m.id}: the find text occurs ${n} times in ${m.file}, not once: ${JSON.stringify(m.find)}`,
      );
    }
    if (m.reason === undefined && m.tests.length === 0) problems.push(`${m.id}: no tests listed`);
    for (const test of m.tests) {
      try {
        Deno.statSync(join(ROOT, test));
      } catch {
        problems.push(`${m.id}: test ${test} does not exist`);
      }
    }
  }
  return problems;
}

/** Every TypeScript module under src/, repository-relative, sorted. */
function sourceModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(join(ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (path.endsWith(".ts") && !path.endsWith(".d.ts")) found.push(path);
    }
  };
  walk("src");
  return found.sort();
}

/** Every generated mutant of a module, the curated mutants' programs excluded (never counted twice). */
function generatedOf(file: string): Generated[] {
  const cached = generatedCache.get(file);
  if (cached) return cached;
  const text = Deno.readTextFileSync(join(ROOT, file));
  const curated = new Set(
    MUTANTS.filter((m) => m.file === file).map((m) => programHash(text.replace(m.find, () => m.replace))),
  );
  const mutants = generate(file, text, curated);
  generatedCache.set(file, mutants);
  return mutants;
}
const generatedCache = new Map<string, Generated[]>();

/**
 * The map, the exemptions and the equivalents, against the tree as it is: every module has
 * mutants (generated or curated) or a reason; every mapped test exists; every equivalent is still
 * generated by the code it describes.
 */
function validateGenerated(): string[] {
  const problems: string[] = [];
  const modules = sourceModules();
  const curated = new Set(MUTANTS.map((m) => m.file));
  for (const [key, tests] of Object.entries(TESTS_OF)) {
    const exists = key.endsWith("/") ? modules.some((m) => m.startsWith(key)) : modules.includes(key);
    if (!exists) problems.push(`scripts/mutants_map.ts: ${key} matches no module under src/`);
    for (const test of tests) {
      try {
        Deno.statSync(join(ROOT, test));
      } catch {
        problems.push(`scripts/mutants_map.ts: ${key}: test ${test} does not exist`);
      }
    }
  }
  for (const file of Object.keys(NO_MUTANTS)) {
    if (!modules.includes(file)) problems.push(`scripts/mutants_map.ts: NO_MUTANTS: ${file} does not exist`);
  }
  const ids = new Map<string, string>();
  for (const file of modules) {
    if (file in NO_MUTANTS) continue;
    const mapped = testsOf(file) !== undefined;
    const count = mapped ? generatedOf(file).length : 0;
    for (const g of mapped ? generatedOf(file) : []) ids.set(g.id, file);
    if (count === 0 && !curated.has(file)) {
      problems.push(
        `${file} has no mutants: map it to its tests in scripts/mutants_map.ts (TESTS_OF), ` +
          "add a curated mutant to scripts/mutants_list.ts, or give NO_MUTANTS a reason",
      );
    }
  }
  const seen = new Set<string>();
  for (const e of EQUIVALENT) {
    if (seen.has(e.id)) problems.push(`scripts/mutants_equivalent.ts: ${e.id} is listed twice`);
    seen.add(e.id);
    if (ids.get(e.id) !== e.file) {
      problems.push(
        `scripts/mutants_equivalent.ts: ${e.id} (${e.file}: ${e.mutation}) is no longer generated: ` +
          "the code changed; check the new mutants of that line and remove the entry",
      );
    }
    if (!e.reason.trim()) problems.push(`scripts/mutants_equivalent.ts: ${e.id} gives no reason`);
  }
  return problems;
}

/** One mutant to run, curated or generated. */
interface Job {
  id: string;
  file: string;
  /** Its change reaches the tests only through `deno task build:ui`. */
  uiBuild: boolean;
  /** `file:line` for a generated mutant, the file for a curated one. */
  where: string;
  breaks: string;
  tests: readonly string[];
  mutate: (text: string) => string;
}

const curatedJob = (m: Mutant): Job => ({
  id: m.id,
  file: m.file,
  uiBuild: needsUiBuild(m.file) || changesAView(m),
  where: m.file,
  breaks: m.breaks,
  tests: m.tests,
  mutate: (text) => text.replace(m.find, () => m.replace),
});

const generatedJob = (g: Generated): Job => ({
  id: g.id,
  file: g.file,
  uiBuild: needsUiBuild(g.file),
  where: `${g.file}:${g.line}`,
  breaks: `${describe(g)} (${g.operator})`,
  tests: testsOf(g.file)!,
  mutate: (text) => apply(text, g),
});

/**
 * The generated sample: the selected modules' mutants in a seeded order, taken module by module in
 * turn (so a small sample still spreads over the modules). Known equivalents stay in the draw and
 * are then set aside, so writing one down does not change which mutants a seed picks.
 */
function sampled(options: Options): { jobs: Job[]; equivalent: Generated[]; pool: number } {
  const equivalentIds = new Set(EQUIVALENT.map((e) => e.id));
  const wanted = (file: string) =>
    testsOf(file) !== undefined && !(file in NO_MUTANTS) &&
    (!options.risky || isRisky(file)) &&
    (options.within.length === 0 || options.within.some((w) => file === w || file.startsWith(w))) &&
    (!options.quick || !testsOf(file)!.some(isHeavyTest) && !needsUiBuild(file));
  const modules = sourceModules().filter(wanted);
  if (modules.length === 0) throw new Error("no module matches the --in, --risky and --quick filters");
  const queues = seededOrder(modules, (file) => file, options.seed).map((file) =>
    seededOrder(generatedOf(file), (g) => g.id, options.seed)
  );
  const pool = queues.reduce((sum, q) => sum + q.length, 0);
  const picked: Generated[] = [];
  while (picked.length < options.generate! && queues.some((q) => q.length)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && picked.length < options.generate!) picked.push(next);
    }
  }
  picked.sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start);
  const live = picked.filter((g) => !equivalentIds.has(g.id));
  return { jobs: live.map(generatedJob), equivalent: picked.filter((g) => equivalentIds.has(g.id)), pool };
}

function selected(options: Options): Mutant[] {
  if (options.only.length === 0) return [...MUTANTS];
  const matches = (id: string) =>
    options.only.some((pattern) =>
      pattern.endsWith("*") ? id.startsWith(pattern.slice(0, -1)) : id === pattern
    );
  // In the order asked for (a prefix pattern keeps the list's order among its matches).
  const rank = (id: string) =>
    options.only.findIndex((p) => p.endsWith("*") ? id.startsWith(p.slice(0, -1)) : id === p);
  const picked = MUTANTS.filter((m) => matches(m.id)).sort((a, b) => rank(a.id) - rank(b.id));
  const unknown = options.only.filter((p) => !p.endsWith("*") && !MUTANTS.some((m) => m.id === p));
  if (unknown.length) throw new Error(`No mutant with id ${unknown.join(", ")}: see --list`);
  if (picked.length === 0) throw new Error(`--only ${options.only.join(",")} matches no mutant`);
  return picked;
}

async function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await new Deno.Command(command, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, output: decode(stdout) + decode(stderr) };
}

/** Copies the working tree (tracked and untracked files, minus ignored ones) to a scratch folder. */
async function copyTree(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcc-mutants-" });
  const listed = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT);
  if (listed.code !== 0) throw new Error(`git ls-files failed: ${listed.output}`);
  const files = listed.output.split("\0").filter(Boolean);
  const made = new Set<string>();
  for (const file of files) {
    const from = join(ROOT, file);
    try {
      if (!Deno.statSync(from).isFile) continue;
    } catch {
      continue; // deleted in the working tree
    }
    const to = join(dir, file);
    if (!made.has(dirname(to))) {
      Deno.mkdirSync(dirname(to), { recursive: true });
      made.add(dirname(to));
    }
    Deno.copyFileSync(from, to);
  }
  return dir;
}

/** Tests run in their own session (setsid) so that whatever they start can be stopped with them. */
const HAS_SETSID = await new Deno.Command("setsid", { args: ["--version"], stdout: "null", stderr: "null" })
  .output().then((o) => o.success, () => false);

/** Kills the process group led by `pid` (or just `pid` without setsid). */
function killGroup(pid: number): void {
  try {
    Deno.kill(HAS_SETSID ? -pid : pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** The process group of the tests running now, ended on Ctrl+C with everything it started. */
let running: number | undefined;

/** Stops cleanly on Ctrl+C or SIGTERM: the running tests' group, then the scratch copy. */
function onInterrupt(cleanup: () => void): void {
  const stop = () => {
    if (running !== undefined) killGroup(running);
    cleanup();
    Deno.exit(130);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}

interface Outcome {
  passed: boolean;
  /** The first failing test or step, or the first error line when none ran. */
  failed?: string;
  /** Why the run stopped when it did not pass on its own. */
  note: string;
  seconds: number;
}

/**
 * Runs test files in their own process group. The run stops at the timeout, and for a mutant at
 * the first failing test or step (it is caught: no need to wait for the rest).
 */
async function runTests(
  dir: string,
  tests: string[],
  timeoutMs: number,
  log: string,
  stopAtFirstFailure = true,
): Promise<Outcome> {
  const started = performance.now();
  const test = [Deno.execPath(), "test", "-A", "--no-check", ...tests];
  const child = new Deno.Command(HAS_SETSID ? "setsid" : test[0], {
    args: HAS_SETSID ? test : test.slice(1),
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  running = child.pid;
  const file = await Deno.open(log, { write: true, create: true, truncate: true });
  let note = "";
  let failed: string | undefined;
  let error: string | undefined;
  const stop = (why: string) => {
    if (note) return;
    note = why;
    killGroup(child.pid);
  };
  const timer = setTimeout(() => stop("timeout"), timeoutMs);
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    let pending = "";
    const decoder = new TextDecoder();
    for await (const bytes of stream) {
      await file.write(bytes);
      const chunk = decoder.decode(bytes, { stream: true });
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const failure = / \.\.\. FAILED\b/.test(line)
          ? line.replace(/ \.\.\. FAILED.*$/, "").trim()
          : undefined;
        if (failure !== undefined) failed ??= failure;
        else if (/^error: /.test(line)) error ??= line;
      }
      if (stopAtFirstFailure && failed !== undefined) stop("first failure");
    }
  };
  await Promise.all([pump(child.stdout), pump(child.stderr)]);
  const status = await child.status;
  clearTimeout(timer);
  killGroup(child.pid); // anything the tests started and left behind
  file.close();
  running = undefined;
  return {
    passed: status.success && note === "",
    failed: failed ?? error,
    note,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Rebuilds the browser runtime and CSS into assets.gen.ts (and the shells into shells.gen.ts) in the scratch copy. */
async function buildUi(dir: string): Promise<string | undefined> {
  const { code, output } = await run(
    Deno.execPath(),
    [
      "run",
      "--allow-read",
      "--allow-env",
      `--allow-write=${ASSETS},${SHELLS}`,
      "--allow-run",
      "scripts/build_ui.ts",
    ],
    dir,
  );
  return code === 0 ? undefined : output.trim();
}

function listMutants(): void {
  for (const m of MUTANTS) {
    const tag = m.reason !== undefined ? " (equivalent)" : m.issue ? " (issue 7)" : "";
    console.log(`${m.id}${tag}\n  ${m.file}: ${m.breaks}`);
    if (m.reason !== undefined) console.log(`  equivalent: ${m.reason}`);
    else console.log(`  tests: ${m.tests.join(" ")}`);
  }
  const counted = MUTANTS.filter((m) => m.reason === undefined).length;
  console.log(
    `\n${MUTANTS.length} curated mutants, ${counted} counted, ${MUTANTS.length - counted} equivalent`,
  );
  let total = 0;
  let risky = 0;
  const lines: string[] = [];
  for (const file of sourceModules()) {
    if (testsOf(file) === undefined || file in NO_MUTANTS) continue;
    const n = generatedOf(file).length;
    total += n;
    if (isRisky(file)) risky += n;
    lines.push(`  ${String(n).padStart(4)}  ${file}${isRisky(file) ? "  (risky)" : ""}`);
  }
  console.log(`\ngenerated mutants by module:\n${lines.join("\n")}`);
  console.log(
    `${total} generated mutants (${risky} in the risky modules), ${EQUIVALENT.length} known equivalent; ` +
      `${Object.keys(NO_MUTANTS).length} modules exempt`,
  );
}

/** One line of the `--report` file. */
interface Reported {
  id: string;
  where: string;
  breaks: string;
  caught: boolean;
  by?: string;
  seconds: number;
}

/** A rotating draw of quick curated mutants (no browser, no npm build): a gate that changes daily. */
function curatedSample(curated: Job[], size: number, options: Options): Job[] {
  const quick = curated.filter((j) => !j.tests.some(isHeavyTest) && !j.uiBuild);
  const seed = options.sampleSeed ?? options.seed;
  const drawn = seededOrder(quick, (j) => j.id, seed).slice(0, size);
  console.log(
    `curated: ${drawn.length} of ${quick.length} quick mutants (seed ${seed}). ` +
      `Rerun: deno task mutants --sample ${size} --sample-seed ${seed}`,
  );
  return drawn;
}

async function main(): Promise<number> {
  const options = parseArgs(Deno.args);
  const problems = [...validate(MUTANTS), ...validateGenerated()];
  if (problems.length) {
    console.error(`the mutant lists need fixing:\n  ${problems.join("\n  ")}`);
    return 2;
  }
  if (options.list) {
    listMutants();
    return 0;
  }
  if (options.check) {
    const generated = sourceModules().filter((f) => testsOf(f) !== undefined && !(f in NO_MUTANTS))
      .reduce((sum, f) => sum + generatedOf(f).length, 0);
    console.log(
      `mutant lists: ${MUTANTS.length} curated, ${generated} generated, ${EQUIVALENT.length} known ` +
        `equivalent, every module under src/ covered or exempt`,
    );
    return 0;
  }
  let live: Job[];
  let equivalentNote: string[] = [];
  if (options.generate !== undefined) {
    const { jobs, equivalent, pool } = sampled(options);
    live = jobs;
    const filters = [
      ...options.within.map((w) => `--in ${w}`),
      options.risky ? "--risky" : "",
      options.quick ? "--quick" : "",
    ].filter(Boolean).join(" ");
    console.log(
      `generated: ${jobs.length + equivalent.length} of ${pool} mutants (seed ${options.seed}), ` +
        `${equivalent.length} of them known equivalent (not run). Rerun: deno task mutants --generate ${
          options.generate === Infinity ? "all" : options.generate
        } --seed ${options.seed}${filters ? ` ${filters}` : ""}`,
    );
    const reasons = new Map(EQUIVALENT.map((e) => [e.id, e.reason]));
    equivalentNote = equivalent.map((g) =>
      `  ${g.id} ${g.file}:${g.line} ${describe(g)}: ${reasons.get(g.id)}`
    );
    // Both samples in one run (CI): one scratch copy, whose cold transpile the first mutant pays once.
    if (options.sample !== undefined) {
      const curated = MUTANTS.filter((m) => m.reason === undefined).map(curatedJob);
      live.push(...curatedSample(curated, options.sample, options));
    }
  } else {
    const generatedIds = options.only.filter((id) => /^g-[0-9a-f]{10}$/.test(id));
    options.only = options.only.filter((id) => !generatedIds.includes(id));
    const byId = new Map(
      generatedIds.length
        ? sourceModules().filter((f) => testsOf(f) !== undefined).flatMap(generatedOf).map((g) => [g.id, g])
        : [],
    );
    const missing = generatedIds.filter((id) => !byId.has(id));
    if (missing.length) {
      throw new Error(`No generated mutant with id ${missing.join(", ")}: the code changed?`);
    }
    const chosen = options.only.length || !generatedIds.length ? selected(options) : [];
    live = [...generatedIds.map((id) => generatedJob(byId.get(id)!))];
    const curated = chosen.filter((m) => m.reason === undefined).map(curatedJob);
    live.push(...(options.sample === undefined ? curated : curatedSample(curated, options.sample, options)));
    equivalentNote = chosen.filter((m) => m.reason !== undefined).map((m) =>
      `  ${m.id} (${m.file}): ${m.reason}`
    );
  }
  if (options.shard) {
    const [k, n] = options.shard;
    live = live.filter((_, i) => i % n === k - 1);
  }
  // Quick mutants first, those that need the browser or the npm package last: a long run shows
  // most of its answers early.
  const heavy = (j: Job) => j.tests.some(isHeavyTest) || j.uiBuild;
  live.sort((a, b) => Number(heavy(a)) - Number(heavy(b)));
  if (options.dryRun) {
    for (const j of live) {
      console.log(`${j.id}  ${j.where}\n    ${j.breaks}\n    tests: ${j.tests.join(" ")}`);
    }
    console.log(`\n${live.length} mutants (dry run: nothing ran)`);
    return 0;
  }

  const dir = await copyTree();
  const logs = join(dir, ".mutants");
  Deno.mkdirSync(logs);
  onInterrupt(() => {
    if (options.keep) console.log(`\ninterrupted; kept: ${dir}`);
    else Deno.removeSync(dir, { recursive: true });
  });
  console.log(`scratch copy: ${dir}`);
  // A long sweep goes on from its report: its caught mutants count again, its survivors run again.
  const earlier: Reported[] = options.resume
    ? (JSON.parse(Deno.readTextFileSync(options.resume)) as { outcomes: Reported[] }).outcomes
    : [];
  const caughtBefore = new Map(earlier.filter((o) => o.caught).map((o) => [o.id, o]));
  const outcomes: Reported[] = live.filter((j) => caughtBefore.has(j.id)).map((j) => caughtBefore.get(j.id)!);
  if (outcomes.length) console.log(`resumed: ${outcomes.length} mutants caught in ${options.resume}`);
  live = live.filter((j) => !caughtBefore.has(j.id));
  try {
    const assets = Deno.readTextFileSync(join(dir, ASSETS));
    const shells = Deno.readTextFileSync(join(dir, SHELLS));
    // The unmutated tests, once per test file: a failing baseline would make every mutant look
    // caught, and its time sets the mutants' timeout.
    const baseSeconds = new Map<string, number>();
    if (options.baseline && live.length) {
      if (live.some((j) => j.uiBuild)) {
        const failed = await buildUi(dir);
        if (failed) throw new Error(`build:ui fails on the unmutated tree:\n${failed}`);
      }
      const tests = [...new Set(live.flatMap((j) => j.tests))].sort();
      for (const [i, test] of tests.entries()) {
        const log = join(logs, `baseline-${i + 1}.log`);
        const base = await runTests(dir, [test], options.timeoutMs ?? 1_800_000, log, false);
        if (!base.passed) {
          console.error(`baseline FAILED: ${test} (${base.note || "tests failed"}): see ${log}`);
          console.error("Fix the suite first: on a failing baseline every mutant would look caught.");
          options.keep = true;
          return 2;
        }
        baseSeconds.set(test, base.seconds);
        console.log(`baseline ${i + 1}/${tests.length}: ${test} passed in ${base.seconds.toFixed(1)} s`);
      }
    }
    const timeoutOf = (j: Job) =>
      options.timeoutMs ??
        Math.max(60_000, 4_000 * j.tests.reduce((sum, t) => sum + (baseSeconds.get(t) ?? 225), 0));

    let caught = outcomes.length;
    let survivors = 0;
    const survived: Job[] = [];
    const width = Math.max(...live.map((j) => j.id.length));
    for (const [i, j] of live.entries()) {
      const path = join(dir, j.file);
      const original = Deno.readTextFileSync(path);
      Deno.writeTextFileSync(path, j.mutate(original));
      const label = `[${String(i + 1).padStart(String(live.length).length)}/${live.length}] `;
      try {
        if (j.uiBuild) {
          const failed = await buildUi(dir);
          if (failed) {
            if (options.generate !== undefined) {
              // A generated edit the bundler refuses cannot reach a user: not a mutant.
              console.log(`${label}skipped  ${j.id.padEnd(width)}  ${j.where}: does not build`);
              continue;
            }
            throw new Error(`${j.id}: the mutant does not build; fix scripts/mutants_list.ts:\n${failed}`);
          }
        }
        const log = join(logs, `${j.id}.log`);
        const outcome = await runTests(dir, [...j.tests], timeoutOf(j), log);
        const where = `${j.where} (${outcome.seconds.toFixed(1)} s${
          outcome.note === "timeout" ? ", timed out" : ""
        })`;
        outcomes.push({
          id: j.id,
          where: j.where,
          breaks: j.breaks,
          caught: !outcome.passed,
          by: outcome.passed ? undefined : outcome.failed ?? outcome.note,
          seconds: outcome.seconds,
        });
        if (options.report) { // after each mutant: a long sweep that stops early keeps its answers
          const report = { seed: options.seed, outcomes };
          Deno.writeTextFileSync(options.report, JSON.stringify(report, null, 2) + "\n");
        }
        if (outcome.passed) {
          survivors++;
          survived.push(j);
          options.keep = true;
          console.log(`${label}SURVIVED ${j.id.padEnd(width)}  ${where}\n    ${j.breaks}\n    log: ${log}`);
        } else {
          caught++;
          console.log(
            `${label}caught   ${j.id.padEnd(width)}  ${where}\n    by: ${outcome.failed ?? outcome.note}`,
          );
        }
      } finally {
        Deno.writeTextFileSync(path, original);
        if (j.uiBuild) {
          Deno.writeTextFileSync(join(dir, ASSETS), assets);
          Deno.writeTextFileSync(join(dir, SHELLS), shells);
        }
      }
    }
    if (equivalentNote.length) {
      console.log(`\nequivalent (listed, not counted):\n${equivalentNote.join("\n")}`);
    }
    if (survived.length) {
      console.log(
        "\nsurvivors (write a test that fails on each, or its reason in scripts/mutants_equivalent.ts):",
      );
      for (const j of survived) console.log(`  ${j.where}  ${j.id}  ${j.breaks}`);
    }
    console.log(`\nmutants: ${caught} caught, ${survivors} survived of ${caught + survivors}`);
    return survivors > 0 ? 1 : 0;
  } finally {
    if (options.keep) console.log(`kept: ${dir}`);
    else await Deno.remove(dir, { recursive: true });
  }
}

Deno.exit(await main());
