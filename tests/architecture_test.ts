/**
 * The layer map of CONTRIBUTING.md, enforced on the real import graph of src/. Each rule prints
 * what broke it and why the rule exists, and each is also run on a small made-up graph, so a
 * checker that stopped seeing violations would fail too.
 */
import { deepStrictEqual as assertDeep } from "node:assert/strict";
import { dirname, join, relative } from "node:path";

/** A module and what it imports (resolved paths under src/, or bare specifiers), plus its source. */
export interface Module {
  path: string;
  imports: string[];
  source: string;
  /** What it loads as it is itself loaded: static imports of values (not `import type`, not `import()`). */
  loads?: string[];
}

const SRC = new URL("../src/", import.meta.url).pathname;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;
const LOAD =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"/g;

/** Reads every TypeScript module under src/ (generated assets apart) with its resolved imports. */
function readGraph(): Module[] {
  const modules: Module[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".gen.ts")) {
        const source = Deno.readTextFileSync(path);
        const resolve = (spec: string) =>
          spec.startsWith(".") ? relative(SRC, join(dirname(path), spec)) : spec;
        const imports = [...source.matchAll(IMPORT)].map((m) => resolve(m[1] ?? m[2] ?? m[3]));
        const loads = [...source.matchAll(LOAD)].map((m) => resolve(m[1] ?? m[2]));
        modules.push({ path: relative(SRC, path), imports, source, loads });
      }
    }
  };
  walk(SRC);
  return modules;
}

/** The layer a module belongs to: its top folder under src/, or its own name for a root file. */
function layer(path: string): string {
  if (path.startsWith("ui/runtime/")) return "ui/runtime";
  if (path.startsWith("ui/shared/")) return "ui/shared";
  return path.includes("/") ? path.slice(0, path.indexOf("/")) : path;
}

/** Only src/mcp/ imports the MCP SDK. */
export function sdkViolations(modules: Module[]): string[] {
  return modules.flatMap((m) =>
    m.imports.filter((i) => i.startsWith("@modelcontextprotocol/") && !m.path.startsWith("mcp/"))
      .map((i) =>
        `${m.path} imports ${i}: only src/mcp/ may use the SDK, so an SDK upgrade touches one folder`
      )
  );
}

/** Browser code imports only browser code and the shared folder. */
export function browserViolations(modules: Module[]): string[] {
  const allowed: Record<string, string[]> = {
    "ui/runtime": ["ui/runtime/", "ui/shared/"],
    "ui/shared": ["ui/shared/"],
  };
  return modules.flatMap((m) => {
    const ok = allowed[layer(m.path)];
    if (!ok) return [];
    return m.imports.filter((i) => !ok.some((prefix) => i.startsWith(prefix))).map((i) =>
      `${m.path} imports ${i}: browser code is bundled into every card, so it may import only ${
        ok.join(" and ")
      }`
    );
  });
}

/** Layers that import each other, directly or around a circle (each circle once, as a path). */
export function layerCycles(modules: Module[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const m of modules) {
    for (const i of m.imports.filter((i) => !i.includes(":") && !i.startsWith("@") && i.endsWith(".ts"))) {
      const [from, to] = [layer(m.path), layer(i)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0]);
        cycles.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(" -> "));
      } else if (path.length < 20) visit(next, [...path, next]);
    }
  };
  for (const node of edges.keys()) visit(node, [node]);
  return [...cycles].sort().map((c) =>
    `layers import each other: ${c}; layers must form a stack (see CONTRIBUTING.md) so each can change without the ones above it`
  );
}

/** Where the outside world may be touched, and the two narrow exceptions with their reasons. */
const EFFECT_LAYERS = ["fs", "net", "http", "main.ts"];
const EFFECT_EXCEPTIONS: Record<string, RegExp> = {
  "config.ts": /\bg\.Deno \? g\.Deno\.env\.get|g\.process\?\.env/g, // the one reader of the server's variables
  "log.ts": /\bg\.Deno\?\.stderr\b[^;]*;|g\.process\?\.stderr/g, // the one logger writes stderr
};
const EFFECTS =
  /\bDeno\??\.|\bprocess\??\.|(?:await|return|[=(,])\s*fetch\(|node:(fs|net|http|https|dns|child_process|tls|dgram)\b/g;

/** Code outside the guarded layers that touches the file system, the network or Deno. */
export function effectViolations(modules: Module[]): string[] {
  const guarded = (m: Module) => EFFECT_LAYERS.includes(layer(m.path)) || layer(m.path) === "ui/runtime";
  return modules.filter((m) => !guarded(m)).flatMap((m) => {
    const code = m.source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "") // comments may name anything
      .replace(EFFECT_EXCEPTIONS[m.path] ?? /$^/g, "");
    return [...new Set([...code.matchAll(EFFECTS)].map((x) => x[0]))].map((hit) =>
      `${m.path} uses ${hit}: only src/fs/, src/net/, src/http/ and src/main.ts touch files, the network or Deno, so their guards decide every read and fetch`
    );
  });
}

/** What the stdio start-up loads (main.ts's imports for stdio, then the first tools/list). */
const STARTUP = ["main.ts", "mcp/server.ts", "mcp/stdio.ts", "mcp/card_stores.ts"];

/**
 * Modules only some calls need, whose load would slow every start: each comes with `import()` on
 * first use. The registry is one of them: it loads every tool's module and zod schemas, which
 * tools/list (src/mcp/tools.gen.ts) does without.
 */
const HEAVY = [
  "linkedom",
  "markdown-it",
  "sanitize-html",
  "fflate",
  "render/prism.gen.ts",
  "net/fetch.ts",
  "registry.ts",
  "ui/assets.gen.ts",
];

/** Heavy modules that start-up loads statically, each with the chain that brings it in. */
export function startupLoads(modules: Module[]): string[] {
  const byPath = new Map(modules.map((m) => [m.path, m]));
  const chains = new Map<string, string[]>(STARTUP.map((p) => [p, [p]]));
  const queue = [...STARTUP];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of byPath.get(at)?.loads ?? []) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(at)!, next]);
      if (byPath.has(next)) queue.push(next);
    }
  }
  return HEAVY.filter((h) => chains.has(h)).map((h) =>
    `start-up loads ${h} (${
      chains.get(h)!.join(" -> ")
    }): load it with import() where it is first needed, so every start does not pay for it`
  );
}

const graph = readGraph();

for (
  const [rule, check] of [
    ["only src/mcp/ imports the MCP SDK", sdkViolations],
    ["browser code imports only src/ui/runtime/ and src/ui/shared/", browserViolations],
    ["layers form a stack: no two import each other", layerCycles],
    ["only src/fs/, src/net/, src/http/ and src/main.ts touch files, the network or Deno", effectViolations],
    ["start-up loads no heavy module a first call can load instead", startupLoads],
  ] as const
) {
  Deno.test(`architecture: ${rule}`, () => assertDeep(check(graph), []));
}

Deno.test("architecture: each rule reports a made-up violation with its reason", () => {
  const fake: Module[] = [
    { path: "cards/chart.ts", imports: ["@modelcontextprotocol/server", "render/svg.ts"], source: "" },
    { path: "render/svg.ts", imports: ["cards/chart.ts"], source: 'await Deno.readTextFile("x")' },
    { path: "ui/runtime/main.ts", imports: ["html/html.ts", "ui/shared/escape.ts"], source: "" },
    {
      path: "config.ts",
      imports: [],
      source: "env[name] = g.Deno ? g.Deno.env.get(name) : g.process?.env?.[name];",
    },
    { path: "mcp/server.ts", imports: [], source: "", loads: ["cards/markdown.ts"] },
    { path: "cards/markdown.ts", imports: [], source: "", loads: ["render/markdown.ts"] },
    { path: "render/markdown.ts", imports: [], source: "", loads: ["markdown-it"] },
  ];
  assertDeep(sdkViolations(fake), [
    "cards/chart.ts imports @modelcontextprotocol/server: only src/mcp/ may use the SDK, so an SDK upgrade touches one folder",
  ]);
  assertDeep(browserViolations(fake), [
    "ui/runtime/main.ts imports html/html.ts: browser code is bundled into every card, so it may import only ui/runtime/ and ui/shared/",
  ]);
  assertDeep(layerCycles(fake), [
    "layers import each other: cards -> render -> cards; layers must form a stack (see CONTRIBUTING.md) so each can change without the ones above it",
  ]);
  assertDeep(startupLoads(fake), [
    "start-up loads markdown-it (mcp/server.ts -> cards/markdown.ts -> render/markdown.ts -> markdown-it): load it with import() where it is first needed, so every start does not pay for it",
  ]);
  assertDeep(effectViolations(fake), [
    "render/svg.ts uses Deno.: only src/fs/, src/net/, src/http/ and src/main.ts touch files, the network or Deno, so their guards decide every read and fetch",
  ]);
});
