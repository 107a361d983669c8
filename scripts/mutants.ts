// deno-lint-ignore-file no-console -- a script reports on stdout and stderr
/**
 * The mutation check: does the suite notice when the code breaks? Each mutant of
 * scripts/mutants_list.ts is one small breakage, applied alone to a scratch copy of the working
 * tree (copied once; each mutant is applied, tested and reverted), then the test files listed for
 * it run with `deno test -A --no-check` (types are not the point: behaviour is). A mutant of the
 * browser runtime or the stylesheet is rebuilt into src/ui/assets.gen.ts first. The tests must
 * fail: "caught"; if they pass, the mutant "survived" and a test is missing. Equivalent mutants
 * are listed with their reason and not counted. Not part of CI (minutes per browser mutant).
 *
 *   deno task mutants                 baseline, then every mutant
 *   deno task mutants --list          list the mutants and exit
 *   deno task mutants --only a,b-*    only these ids (a trailing * matches a prefix; repeatable)
 *   deno task mutants --no-baseline   skip the unmutated run of the selected tests
 *   deno task mutants --keep          keep the scratch copy and the logs
 *   deno task mutants --timeout 600   seconds one mutant's tests may take (then it counts as caught)
 *
 * The last line is `mutants: N caught, M survived of T`. The exit code is 1 when any survived.
 */
import { dirname, join } from "node:path";
import { type Mutant, MUTANTS } from "./mutants_list.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const ASSETS = "src/ui/assets.gen.ts";

/** Mutants whose change only reaches the tests through `deno task build:ui` (a kind's `view` too). */
const needsUiBuild = ({ file, find }: Mutant) =>
  file.startsWith("src/ui/runtime/") || file.startsWith("src/ui/styles") || file.endsWith(".css") ||
  /\bview: \{/.test(find);

interface Options {
  list: boolean;
  only: string[];
  baseline: boolean;
  keep: boolean;
  timeoutMs: number;
}

function parseArgs(args: string[]): Options {
  const options: Options = { list: false, only: [], baseline: true, keep: false, timeoutMs: 900_000 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--list") options.list = true;
    else if (arg === "--only") options.only.push(...(args[++i] ?? "").split(",").filter(Boolean));
    else if (arg.startsWith("--only=")) options.only.push(...arg.slice(7).split(",").filter(Boolean));
    else if (arg === "--no-baseline") options.baseline = false;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--timeout") options.timeoutMs = Number(args[++i]) * 1000;
    else {throw new Error(
        `Unknown option "${arg}": use --list, --only <ids>, --no-baseline, --keep, --timeout <s>`,
      );}
  }
  if (!(options.timeoutMs > 0)) throw new Error("--timeout needs a number of seconds");
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

/** Rebuilds the browser runtime and CSS into assets.gen.ts in the scratch copy. */
async function buildUi(dir: string): Promise<string | undefined> {
  const { code, output } = await run(
    Deno.execPath(),
    ["run", "--allow-read", "--allow-env", `--allow-write=${ASSETS}`, "--allow-run", "scripts/build_ui.ts"],
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
  console.log(`\n${MUTANTS.length} mutants, ${counted} counted, ${MUTANTS.length - counted} equivalent`);
}

async function main(): Promise<number> {
  const options = parseArgs(Deno.args);
  const problems = validate(MUTANTS);
  if (problems.length) {
    console.error(`scripts/mutants_list.ts needs fixing:\n  ${problems.join("\n  ")}`);
    return 2;
  }
  if (options.list) {
    listMutants();
    return 0;
  }
  const chosen = selected(options);
  // Quick mutants first, those that need the browser or the npm package last: a long run shows
  // most of its answers early.
  const heavy = (m: Mutant) =>
    m.tests.some((t) => t.startsWith("tests/browser/") || t.endsWith("node_test.ts"));
  const live = chosen.filter((m) => m.reason === undefined).sort((a, b) =>
    Number(heavy(a)) - Number(heavy(b))
  );
  const equivalent = chosen.filter((m) => m.reason !== undefined);

  const dir = await copyTree();
  const logs = join(dir, ".mutants");
  Deno.mkdirSync(logs);
  onInterrupt(() => {
    if (options.keep) console.log(`\ninterrupted; kept: ${dir}`);
    else Deno.removeSync(dir, { recursive: true });
  });
  console.log(`scratch copy: ${dir}`);
  let survivors = 0;
  try {
    if (options.baseline && live.length) {
      const tests = [...new Set(live.flatMap((m) => m.tests))].sort();
      const needsBuild = live.some((m) => needsUiBuild(m));
      if (needsBuild) {
        const failed = await buildUi(dir);
        if (failed) throw new Error(`build:ui fails on the unmutated tree:\n${failed}`);
      }
      console.log(`baseline: ${tests.length} test files on the unmutated tree...`);
      const log = join(logs, "baseline.log");
      const base = await runTests(dir, tests, options.timeoutMs * 2, log, false);
      if (!base.passed) {
        console.error(`baseline FAILED (${base.note || "tests failed"}): see ${log}`);
        console.error("Fix the suite first: on a failing baseline every mutant would look caught.");
        options.keep = true;
        return 2;
      }
      console.log(`baseline: passed (${base.seconds.toFixed(1)} s)`);
    }

    const assets = Deno.readTextFileSync(join(dir, ASSETS));
    let caught = 0;
    const width = Math.max(...live.map((m) => m.id.length));
    for (const [i, m] of live.entries()) {
      const path = join(dir, m.file);
      const original = Deno.readTextFileSync(path);
      Deno.writeTextFileSync(path, original.replace(m.find, () => m.replace));
      const label = `[${String(i + 1).padStart(String(live.length).length)}/${live.length}] `;
      try {
        if (needsUiBuild(m)) {
          const failed = await buildUi(dir);
          if (failed) {
            throw new Error(`${m.id}: the mutant does not build; fix scripts/mutants_list.ts:\n${failed}`);
          }
        }
        const log = join(logs, `${m.id}.log`);
        const outcome = await runTests(dir, m.tests, options.timeoutMs, log);
        const where = `${m.file} (${outcome.seconds.toFixed(1)} s${
          outcome.note === "timeout" ? ", timed out" : ""
        })`;
        if (outcome.passed) {
          survivors++;
          options.keep = true;
          console.log(`${label}SURVIVED ${m.id.padEnd(width)}  ${where}\n    ${m.breaks}\n    log: ${log}`);
        } else {
          caught++;
          console.log(
            `${label}caught   ${m.id.padEnd(width)}  ${where}\n    by: ${outcome.failed ?? outcome.note}`,
          );
        }
      } finally {
        Deno.writeTextFileSync(path, original);
        if (needsUiBuild(m)) Deno.writeTextFileSync(join(dir, ASSETS), assets);
      }
    }
    if (equivalent.length) {
      console.log("\nequivalent (listed, not counted):");
      for (const m of equivalent) console.log(`  ${m.id} (${m.file}): ${m.reason}`);
    }
    console.log(`\nmutants: ${caught} caught, ${survivors} survived of ${live.length}`);
    return survivors > 0 ? 1 : 0;
  } finally {
    if (options.keep) console.log(`kept: ${dir}`);
    else await Deno.remove(dir, { recursive: true });
  }
}

Deno.exit(await main());
