// deno-lint-ignore-file no-console -- a benchmark prints its report
/**
 * Server benchmarks, each a ratio against a do-nothing MCP server on the same SDK started the same
 * way in the same run (scripts/bench/noop_server.mjs):
 *
 * - cold start to the first `tools/list` answer: `deno run` (stdio), the npm build on Node
 *   (stdio), HTTP under Deno and under Node. Target: at most 1.25x.
 * - HTTP throughput of a 10-row table card with 16 concurrent clients against the no-op tool.
 *   Target: at least 0.8x.
 * - peak RSS after those calls (at least 1,000). Target: at most 1.5x.
 *
 *   deno task bench:server [--runs N] [--calls N]
 *
 * Builds npm/ first when it is missing (or with --rebuild). Needs node for the Node rows.
 */
import { join } from "node:path";
import { buildNpm } from "./build_npm.ts";
import { ENTRY, permissionFlags } from "./compile.ts";
import {
  type Call,
  coldStartHttp,
  coldStartStdio,
  type Launch,
  loadPool,
  median,
  peakRssMiB,
  startHttp,
} from "./bench/measure.ts";
import { TABLE_CALL } from "./bench/calls.ts";

const root = decodeURIComponent(new URL("../", import.meta.url).pathname);
const npmDir = join(root, "npm");

const NOOP_CALL: Call = { name: "noop", arguments: {} };

interface Pair {
  ours: Launch;
  baseline: Launch;
}

function flag(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
}

/** The four ways to start, ours and the baseline's. */
function targets(extra: string[]): Record<string, Pair> {
  const deno = Deno.execPath();
  const flags = permissionFlags();
  return {
    "deno run": {
      ours: { command: deno, args: ["run", ...flags, ENTRY, ...extra], cwd: root },
      baseline: {
        command: deno,
        args: ["run", ...flags, "scripts/bench/noop_server.mjs", ...extra],
        cwd: root,
      },
    },
    "npm on Node": {
      ours: { command: "node", args: [join(npmDir, "esm", "src", "main.js"), ...extra], cwd: npmDir },
      baseline: { command: "node", args: [join(npmDir, ".bench", "noop_server.mjs"), ...extra], cwd: npmDir },
    },
  };
}

async function prepareNpm(): Promise<boolean> {
  try {
    const built = await Deno.stat(join(npmDir, "esm", "src", "main.js")).then(() => true, () => false);
    if (!built || Deno.args.includes("--rebuild")) await buildNpm();
    await Deno.mkdir(join(npmDir, ".bench"), { recursive: true });
    await Deno.copyFile(
      join(root, "scripts/bench/noop_server.mjs"),
      join(npmDir, ".bench", "noop_server.mjs"),
    );
    const node = await new Deno.Command("node", { args: ["--version"], stdout: "null" }).output();
    return node.success;
  } catch (error) {
    console.error(`bench: skipping the Node rows: ${(error as Error).message}`);
    return false;
  }
}

/** Median cold start of ours and the baseline, alternating runs so drift hits both. */
async function coldStart(pair: Pair, measure: (l: Launch) => Promise<number>, runs: number) {
  const ours: number[] = [];
  const baseline: number[] = [];
  await measure(pair.ours); // prime caches (Deno's transpile cache, the OS file cache)
  await measure(pair.baseline);
  for (let i = 0; i < runs; i++) {
    ours.push(await measure(pair.ours));
    baseline.push(await measure(pair.baseline));
  }
  return { ours: median(ours), baseline: median(baseline) };
}

/**
 * Throughput of ours and the baseline, in alternating bursts so background load hits both alike;
 * medians of the bursts, then each server's peak RSS.
 */
async function load(pair: Pair, calls: number, bursts: number) {
  const ours = await startHttp(pair.ours);
  const baseline = await startHttp(pair.baseline);
  try {
    const mine = await loadPool(ours.url, TABLE_CALL, 16);
    const noop = await loadPool(baseline.url, NOOP_CALL, 16);
    await mine.run(200); // warm-up: JIT and caches
    await noop.run(200);
    const rates = { ours: [] as number[], baseline: [] as number[] };
    for (let i = 0; i < bursts; i++) {
      rates.ours.push(await mine.run(calls));
      rates.baseline.push(await noop.run(calls));
    }
    return {
      rate: { ours: median(rates.ours), baseline: median(rates.baseline) },
      rss: { ours: await peakRssMiB(ours.pid), baseline: await peakRssMiB(baseline.pid) },
    };
  } finally {
    await ours.stop();
    await baseline.stop();
  }
}

const rows: string[][] = [];
function report(metric: string, target: string, ours: number, baseline: number, unit: string, ok: boolean) {
  const ratio = ours / baseline;
  rows.push([
    metric,
    `${ours.toFixed(1)} ${unit}`,
    `${baseline.toFixed(1)} ${unit}`,
    `${ratio.toFixed(2)}x`,
    target,
    ok ? "ok" : "MISS",
  ]);
  console.error(`bench: ${metric}: ${ratio.toFixed(2)}x`);
}

const runs = flag("--runs", 9);
const calls = flag("--calls", 1_000);
const bursts = flag("--bursts", 5);
const withNode = await prepareNpm();
for (const [name, pair] of Object.entries(targets([]))) {
  if (name === "npm on Node" && !withNode) continue;
  const { ours, baseline } = await coldStart(pair, coldStartStdio, runs);
  report(`cold start, ${name} (stdio)`, "<= 1.25x", ours, baseline, "ms", ours / baseline <= 1.25);
}
for (const [name, pair] of Object.entries(targets(["--http", "--port", "0"]))) {
  if (name === "npm on Node" && !withNode) continue;
  const { ours, baseline } = await coldStart(pair, coldStartHttp, runs);
  report(`cold start, ${name} (HTTP)`, "<= 1.25x", ours, baseline, "ms", ours / baseline <= 1.25);
  const { rate, rss } = await load(pair, calls, bursts);
  report(
    `HTTP throughput, ${name}, 16 clients`,
    ">= 0.8x",
    rate.ours,
    rate.baseline,
    "calls/s",
    rate.ours / rate.baseline >= 0.8,
  );
  const total = 200 + calls * bursts;
  report(
    `peak RSS after ${total} calls, ${name}`,
    "<= 1.5x",
    rss.ours,
    rss.baseline,
    "MiB",
    rss.ours / rss.baseline <= 1.5,
  );
}

const header = ["metric", "mcp-chat-cards", "do-nothing", "ratio", "target", ""];
console.log([header, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n"));
console.log(
  `\n(medians: ${runs} cold starts each; ${bursts} alternating bursts of ${calls} calls after a warm-up; Deno ${Deno.version.deno})`,
);
