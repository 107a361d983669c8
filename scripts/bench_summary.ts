// deno-lint-ignore-file no-console -- a benchmark prints its report
/**
 * Issue 22's table from one run, so any later change shows its cost: each figure a ratio against a
 * floor measured in the same run (medians of alternating runs), printed with its target.
 *
 *   deno task bench:summary [--runs N] [--calls N] [--no-node] [--no-browser] [--rebuild]
 *                           [--root DIR]   (measure another checkout's server rows, e.g. the one before a change)
 *                           [--only "cold start,start-up split"]   (only these sections, by their name
 *                           or its first word: --only http,micro)
 *
 * Rows: cold start to the first tools/list over stdio (deno run, deno task start, the npm build on
 * Node) against a do-nothing SDK server; where start-up goes (SDK import, project import, connect,
 * first and second tools/list); tools/list bytes; HTTP throughput with 16 in flight, the round trip
 * of a 10-row table and peak RSS against an SDK server answering a prebuilt card with the same
 * schemas (scripts/bench/echo_server.ts); fetching every part of a 10,000-row table and of a 1 MB
 * document (scripts/bench/parts.ts); the card at its final size after the result, per kind, in
 * Chromium (scripts/bench_paint.ts); and the micro ratios of bench/ (truncation, CSV, bars, unzip,
 * highlighting). The machine may be shared: rerun when it is quiet and compare ranges.
 */
import { join } from "node:path";
import { buildNpm } from "./build_npm.ts";
import { ENTRY, permissionFlags } from "./compile.ts";
import { TABLE_CALL } from "./bench/calls.ts";
import {
  coldStartStdio,
  coldStartStdioCpu,
  type Launch,
  loadPool,
  median,
  peakRssMiB,
  roundTrips,
  startHttp,
} from "./bench/measure.ts";
import type { MicroCase } from "./bench/micro.ts";
import { ratio } from "./bench/ratio.ts";

function flag(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
}
const option = (name: string) => {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Deno.args[at + 1] : undefined;
};

const here = decodeURIComponent(new URL("../", import.meta.url).pathname);
const root = option("--root")?.replace(/\/?$/, "/") ?? here;
const runs = flag("--runs", 9);
const calls = flag("--calls", 400);
const deno = Deno.execPath();
const rows: string[][] = [];

function row(figure: string, value: string, target: string, ok: boolean | undefined): void {
  rows.push([figure, value, target, ok === undefined ? "" : ok ? "ok" : "MISS"]);
  console.error(`bench: ${figure}: ${value}`);
}
const x = (n: number) => `${n.toFixed(2)}x`;

/**
 * Cold starts of ours and the floor, alternating, after one of each to warm the caches: wall time,
 * and the CPU time of each process tree by its first answer (Linux), which a loaded machine moves
 * far less.
 */
async function coldStarts(ours: Launch, floor: Launch) {
  await coldStartStdio(ours);
  await coldStartStdio(floor);
  const a: { wall: number; cpu?: number }[] = [];
  const b: { wall: number; cpu?: number }[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(await coldStartStdioCpu(ours));
    b.push(await coldStartStdioCpu(floor));
  }
  const cpu = (s: { cpu?: number }[]) =>
    s.every((v) => v.cpu !== undefined) ? median(s.map((v) => v.cpu!)) : NaN;
  const [cpuOurs, cpuFloor] = [cpu(a), cpu(b)];
  return {
    ours: median(a.map((v) => v.wall)),
    floor: median(b.map((v) => v.wall)),
    ratios: a.map((v, i) => v.wall / b[i].wall).sort((p, q) => p - q),
    cpu: Number.isNaN(cpuOurs)
      ? ""
      : `; CPU ${cpuOurs.toFixed(0)} vs ${cpuFloor.toFixed(0)} ms (${x(cpuOurs / cpuFloor)})`,
  };
}

const range = (ratios: number[]) =>
  `${x(median(ratios))} (${ratios[Math.floor(ratios.length / 4)].toFixed(2)}–${
    ratios[Math.floor((3 * ratios.length) / 4)].toFixed(2)
  })`;

async function coldStartRows(): Promise<void> {
  const flags = permissionFlags();
  const noop = {
    command: deno,
    args: ["run", ...flags, join(here, "scripts/bench/noop_server.mjs")],
    cwd: here,
  };
  const run = await coldStarts({ command: deno, args: ["run", ...flags, ENTRY], cwd: root }, noop);
  row(
    "cold start to tools/list, stdio, `deno run` vs a do-nothing SDK server",
    `${range(run.ratios)}; ${run.ours.toFixed(0)} vs ${run.floor.toFixed(0)} ms${run.cpu}`,
    "<= 1.3x",
    median(run.ratios) <= 1.3,
  );
  // `deno task start` as the README has it: the task runner, the read-permission step, then the server.
  const start = await coldStarts({ command: deno, args: ["task", "start"], cwd: root }, noop);
  row(
    "cold start to tools/list, stdio, `deno task start` vs the same",
    `${range(start.ratios)}; ${start.ours.toFixed(0)} vs ${start.floor.toFixed(0)} ms${start.cpu}`,
    "<= 1.5x",
    median(start.ratios) <= 1.5,
  );
  if (Deno.args.includes("--no-node")) return;
  const npm = join(root, "npm");
  const built = await Deno.stat(join(npm, "esm/src/main.js")).then(() => true, () => false);
  if (!built || Deno.args.includes("--rebuild")) {
    if (root !== here) return console.error("bench: skipping Node: build npm/ in that checkout first");
    await buildNpm();
  }
  await Deno.mkdir(join(npm, ".bench"), { recursive: true });
  await Deno.copyFile(join(here, "scripts/bench/noop_server.mjs"), join(npm, ".bench/noop_server.mjs"));
  const node = await coldStarts(
    { command: "node", args: [join(npm, "esm/src/main.js")], cwd: npm },
    { command: "node", args: [join(npm, ".bench/noop_server.mjs")], cwd: npm },
  );
  row(
    "cold start to tools/list, stdio, the npm build on Node vs the same on Node",
    `${range(node.ratios)}; ${node.ours.toFixed(0)} vs ${node.floor.toFixed(0)} ms${node.cpu}`,
    "<= 1.5x",
    median(node.ratios) <= 1.5,
  );
}

/**
 * Where start-up goes, in fresh processes (scripts/bench/startup_split.ts), medians, beside the
 * same steps for the do-nothing server (alternating runs): the difference per step is ours.
 */
async function splitRow(): Promise<void> {
  const split = async (...extra: string[]) => {
    const { stdout } = await new Deno.Command(deno, {
      args: ["run", "-A", join(here, "scripts/bench/startup_split.ts"), root, ...extra],
      cwd: here,
      stderr: "null",
    }).output();
    return JSON.parse(new TextDecoder().decode(stdout)) as Record<string, number>;
  };
  const ours: Record<string, number>[] = [];
  const floor: Record<string, number>[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
    ours.push(await split());
    floor.push(await split("--floor"));
  }
  const steps = (samples: Record<string, number>[]) =>
    ["sdk", "project", "connect", "firstList", "secondList"].map((k) =>
      median(samples.map((s) => s[k])).toFixed(0)
    )
      .join(" / ");
  row(
    "start-up split (in process, raw JSON-RPC): SDK import / project import / connect / 1st / 2nd tools/list, ours vs the do-nothing server",
    `${steps(ours)} ms vs ${steps(floor)} ms`,
    "second tools/list ~0",
    undefined,
  );
}

/** tools/list as a real client reads it. */
async function listRows(): Promise<void> {
  const { connect } = await import(new URL("tests/helpers.ts", `file://${root}`).href);
  await using client = await connect();
  const { tools } = await client.listTools();
  const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
  const visible =
    (tools as { name: string; description: string; inputSchema: unknown; _meta?: Record<string, unknown> }[])
      .filter((t) =>
        ((t._meta?.ui as { visibility?: string[] } | undefined)?.visibility ?? ["model"]).includes("model")
      )
      .map((t) => bytes({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const average = visible.reduce((a, b) => a + b, 0) / visible.length;
  row(
    "model-visible tools/list (name + description + inputSchema) per tool",
    `${average.toFixed(0)} B on average, ${Math.max(...visible)} B at most, ${visible.length} tools`,
    "<= 700 B average, none over 1.5 KB",
    average <= 700 && Math.max(...visible) <= 1_536,
  );
  // Icons (issue 26) are for hosts, never the model, and capped apart (tests/mcp/icons_test.ts).
  const wire = bytes({ tools: (tools as Record<string, unknown>[]).map(({ icons: _, ...rest }) => rest) });
  const icons = bytes({ tools }) - wire;
  row(
    "whole tools/list per tool on the wire, icons apart",
    `${(wire / tools.length).toFixed(0)} B (${(wire / 1024).toFixed(1)} KB for ${tools.length} tools), ` +
      `plus ${(icons / tools.length).toFixed(0)} B of icons a tool`,
    "<= 1.2 KB",
    wire / tools.length <= 1_229,
  );
}

/** Throughput, round trip and peak RSS over HTTP against the echo floor. */
async function httpRows(): Promise<void> {
  const flags = permissionFlags();
  const ours = await startHttp({
    command: deno,
    args: ["run", ...flags, ENTRY, "--http", "--port", "0"],
    cwd: root,
  });
  const echo = await startHttp({
    command: deno,
    args: ["run", "-A", join(here, "scripts/bench/echo_server.ts")],
    cwd: here,
  });
  // The same floor behind the server's own listener: what the listener costs, apart from the rest.
  const echoNode = await startHttp({
    command: deno,
    args: ["run", "-A", join(here, "scripts/bench/echo_server.ts"), "--node-http"],
    cwd: here,
  });
  try {
    const mine = await loadPool(ours.url, TABLE_CALL, 16);
    const floor = await loadPool(echo.url, TABLE_CALL, 16);
    await mine.run(200); // warm-up: JIT and caches
    await floor.run(200);
    const rates: number[] = [];
    for (let i = 0; i < 5; i++) rates.push((await mine.run(calls)) / (await floor.run(calls)));
    rates.sort((a, b) => a - b);
    row(
      "HTTP throughput, 16 in flight, 10-row table vs the echo floor",
      range(rates),
      ">= 0.9x",
      median(rates) >= 0.9,
    );
    const trips: number[] = [];
    for (let i = 0; i < 5; i++) {
      trips.push(
        median(await roundTrips(ours.url, TABLE_CALL, 40)) /
          median(await roundTrips(echo.url, TABLE_CALL, 40)),
      );
    }
    trips.sort((a, b) => a - b);
    row(
      "round trip, 10-row table, one client, vs the echo floor",
      range(trips),
      "<= 1.2x",
      median(trips) <= 1.2,
    );
    const listener: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < 5; i++) {
      const o = median(await roundTrips(ours.url, TABLE_CALL, 40));
      const n = median(await roundTrips(echoNode.url, TABLE_CALL, 40));
      const e = median(await roundTrips(echo.url, TABLE_CALL, 40));
      listener.push(n / e);
      rest.push(o / n);
    }
    [listener, rest].forEach((list) => list.sort((a, b) => a - b));
    row(
      "round trip split: the floor behind our listener (node:http) vs on Deno.serve / ours vs that floor",
      `${range(listener)} / ${range(rest)}`,
      "",
      undefined,
    );
    const [a, b] = [await peakRssMiB(ours.pid), await peakRssMiB(echo.pid)];
    row(
      `peak RSS after ${200 + 10 * calls + 400} calls vs the echo floor`,
      `${x(a / b)} (${a.toFixed(0)} vs ${b.toFixed(0)} MiB)`,
      "<= 1.3x",
      a / b <= 1.3,
    );
  } finally {
    await ours.stop();
    await echo.stop();
    await echoNode.stop();
  }
}

async function partsRows(): Promise<void> {
  const { tableParts, markdownParts } = await import("./bench/parts.ts");
  const table = await tableParts();
  const later = [...table.later].sort((a, b) => a - b);
  const share = table.floor / table.parts;
  row(
    `every part of a 10,000-row table (${table.parts} parts, by id) vs one whole render`,
    `${x(table.all / table.floor)}; ${(table.all / 1000).toFixed(2)} s in all; later parts ${
      x(median(later) / share)
    } their share (p90 ${x(later[Math.floor(later.length * 0.9)] / share)})`,
    "<= 3x; each later part <= 1.2x its share",
    table.all / table.floor <= 3 && median(later) / share <= 1.2,
  );
  const md = await markdownParts();
  row(
    `every part of a 1 MB markdown document (${md.parts} parts, by id) vs markdown-it once`,
    `${x(md.all / md.floor)}; ${(md.all / 1000).toFixed(2)} s in all`,
    "<= 3x",
    md.all / md.floor <= 3,
  );
}

async function paintRows(): Promise<void> {
  const { paintFigures } = await import("./bench_paint.ts");
  const figures = await paintFigures(Math.max(3, Math.ceil(runs / 3)));
  const medians = [...figures].map(([kind, list]) => [kind, median(list.map((f) => f.view))] as const);
  const worst = medians.reduce((a, b) => (b[1] > a[1] ? b : a));
  row(
    "tool result -> card at its final size, in the view (median per kind)",
    medians.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ") + " ms",
    "<= 16 ms every kind",
    worst[1] <= 16,
  );
}

async function microRows(): Promise<void> {
  const cases: MicroCase[] = [
    (await import("../bench/truncate_bench.ts")).TRUNCATE,
    (await import("../bench/export_bench.ts")).CSV,
    (await import("../bench/chart_bench.ts")).BARS,
    (await import("../bench/chart_bench.ts")).TIME_AXIS,
    (await import("../bench/unzip_bench.ts")).UNZIP,
    (await import("../bench/highlight_bench.ts")).PYTHON,
    ...Object.values(await import("../bench/adversarial_bench.ts")),
  ];
  for (const c of cases) {
    const r = await ratio(c.ours, c.floor);
    row(
      `${c.name} vs ${c.floorName}`,
      `${x(r.ratio)} (best batches ${x(r.best)})`,
      `<= ${c.target}x`,
      r.ratio <= c.target,
    );
  }
}

const sections: [string, () => Promise<void>][] = [
  ["cold start", coldStartRows],
  ["start-up split", splitRow],
  ["tools/list", listRows],
  ["HTTP", httpRows],
  ...(root === here
    ? [
      ["parts", partsRows] as [string, () => Promise<void>],
      ...(Deno.args.includes("--no-browser") ? [] : [["paint", paintRows] as [string, () => Promise<void>]]),
      ["micro", microRows] as [string, () => Promise<void>],
    ]
    : []),
];
const only = option("--only")?.split(",").map((name) => name.trim());
const chosen = sections.filter(([name]) =>
  !only || only.includes(name) || only.includes(name.split(/[ /-]/)[0])
);
const load = () => Deno.loadavg().map((l) => l.toFixed(1)).join(" ");
const loadBefore = load();
for (const [name, section] of chosen) {
  try {
    await section();
  } catch (error) {
    row(name, `failed: ${(error as Error).message.split("\n")[0]}`, "", false);
  }
}
console.log(
  ["| figure | measured | target | |", "|---|---|---|---|", ...rows.map((r) => `| ${r.join(" | ")} |`)].join(
    "\n",
  ),
);
console.log(
  `\n${
    root === here ? "this checkout" : root
  }; Deno ${Deno.version.deno}; load average ${loadBefore} before, ${load()} after; ` +
    `${runs} cold starts per row, 5 alternating bursts of ${calls} calls`,
);
