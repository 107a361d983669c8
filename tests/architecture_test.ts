/**
 * The layer map of CONTRIBUTING.md, enforced on the real module graph of src/ (`deno info --json`,
 * so every import form the runtime follows counts, type-only ones included) and on the syntax tree
 * of every server module (the TypeScript compiler's own parser and name resolution, so a local
 * variable called `fetch` is not the global one, and `globalThis["Deno"]` is still Deno).
 *
 * Each rule prints what broke it and why the rule exists. Each is also proved on a copy of src/
 * with a break planted in it: a checker that stopped seeing a violation would fail here too.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join, relative } from "node:path";
import ts from "typescript";
import { KIND_UI } from "../src/registry.ts";
import { type Module, readGraph, sourceFiles } from "./module_graph.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");

/**
 * Server layers from top to bottom. A module may import its own layer and the layers below it;
 * layers on one line are siblings and import neither each other nor anything above them.
 */
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  ["main.ts"],
  ["mcp/http"],
  ["mcp"],
  ["http"],
  ["registry.ts"],
  ["tools", "cards"],
  ["card.ts"],
  ["tool.ts"],
  ["output"],
  ["store"],
  ["render", "web"],
  ["html"],
  ["ui"],
  ["config.ts"],
  ["fs", "net"],
  ["errors.ts", "log.ts", "icons.ts", "version.ts"],
  ["quote.ts"],
  ["ui/shared"],
];

/**
 * Browser layers, bundled into the templates and never run by the server: the widgets a kind's view
 * names (src/ui/runtime/widgets/<name>.ts), the runtime every template carries, and what the server
 * shares with it. The core importing a kind's widget would put that widget in every template.
 */
export const BROWSER_LAYERS: readonly (readonly string[])[] = [
  ["ui/runtime/widgets"],
  ["ui/runtime"],
  ["ui/shared"],
];

/** Layers that may touch the file system, the network, the environment or Deno. */
export const EFFECT_LAYERS: readonly string[] = ["fs", "net", "http", "main.ts"];

/**
 * The places outside those layers that touch the process, each with its reason: the file, the
 * top-level declaration, and the globals it may use there.
 */
export const EFFECT_EXCEPTIONS: readonly { file: string; where: string; uses: string[]; why: string }[] = [
  {
    file: "config.ts",
    where: "readEnv",
    uses: ["globalThis"],
    why: "the one reader of the server's variables",
  },
  { file: "log.ts", where: "log", uses: ["globalThis"], why: "the one logger writes to stderr" },
];

/** Globals through which code reaches files, the network, the environment or the process. */
const EFFECT_GLOBALS = new Set([
  "Deno",
  "process",
  "fetch",
  "globalThis",
  "self",
  "window",
  "global",
  "require",
  "eval",
  "Function",
  "WebSocket",
  "XMLHttpRequest",
  "EventSource",
  "Worker",
  "navigator",
  "caches",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "BroadcastChannel",
  "Bun",
]);

/** Node built-ins that touch nothing outside the process: any layer may use them. */
const PURE_NODE = new Set([
  "node:path",
  "node:buffer",
  "node:stream",
  "node:url",
  "node:util",
  "node:events",
]);

/** npm packages that touch nothing outside the process (the SDK has its own rule). */
const PURE_PACKAGES = new Set([
  "zod",
  "sanitize-html",
  "linkedom",
  "markdown-it",
  "prismjs",
  "fflate",
  "yaml",
  "ipaddr.js",
  "entities",
  "temml",
  "@dagrejs/dagre",
  "d3-geo",
  "topojson-client",
  "topojson-simplify",
  "us-atlas",
  "world-atlas",
  "i18n-iso-countries",
]);

/** Widget files a kind's view names: the top browser layer. */
const KIND_WIDGETS = new Set(
  Object.values(KIND_UI).flatMap((ui) => [...ui.widgets, ...(ui.movable ? ["move"] : [])]),
);

/** The layer of a module under src/: its folder (or its own name at the top of src/). */
export function layerOf(path: string): string {
  const widget = /^ui\/runtime\/widgets\/(\w+)\.ts$/.exec(path);
  if (widget) return KIND_WIDGETS.has(widget[1]) ? "ui/runtime/widgets" : "ui/runtime";
  for (const nested of ["ui/runtime", "ui/shared", "mcp/http"]) {
    if (path.startsWith(`${nested}/`)) return nested;
  }
  return path.includes("/") ? path.slice(0, path.indexOf("/")) : path;
}

/** The layers a layer may import: itself and every layer below it in its stack(s). */
function allowedFrom(layer: string): Set<string> | undefined {
  let allowed: Set<string> | undefined;
  for (const stack of [SERVER_LAYERS, BROWSER_LAYERS]) {
    const rank = stack.findIndex((line) => line.includes(layer));
    if (rank < 0) continue;
    allowed ??= new Set([layer]);
    for (const line of stack.slice(rank + 1)) for (const l of line) allowed.add(l);
  }
  return allowed;
}

const isBrowser = (layer: string) => layer.startsWith("ui/runtime");
const isExternal = (to: string) => /^[a-z]+:/.test(to) && !to.startsWith("file:");

/** npm:/@scope/name@1.2.3/sub -> @scope/name */
function packageOf(specifier: string): string {
  const bare = specifier.replace(/^npm:\/?/, "");
  const at = bare.indexOf("@", bare.startsWith("@") ? 1 : 0);
  return at < 0 ? bare.split("/")[0] : bare.slice(0, at);
}

/** Imports that go up the layer map, sideways between siblings, or out of it. */
export function layerViolations(modules: Module[]): string[] {
  return modules.flatMap((m) => {
    const from = layerOf(m.path);
    const allowed = allowedFrom(from);
    if (!allowed) {
      return [`${m.path} is in no layer: add "${from}" to the layer map (CONTRIBUTING.md and this test)`];
    }
    return m.imports.filter((i) => !isExternal(i.to)).flatMap(({ to }) => {
      const layer = layerOf(to);
      if (allowed.has(layer)) return [];
      const why = isBrowser(from)
        ? "browser code is bundled into the templates: it imports only the browser layers below it and src/ui/shared/"
        : isBrowser(layer)
        ? "browser code is bundled, never run by the server"
        : `layers import only their own and lower layers (CONTRIBUTING.md), so each can change without the ones above it`;
      return [`${m.path} (layer ${from}) imports ${to} (layer ${layer}): ${why}`];
    });
  });
}

/** The layers under src/mcp/: the server and its transports, MCP over HTTP in src/mcp/http/. */
const SDK_LAYERS: readonly string[] = ["mcp", "mcp/http"];

/** Only src/mcp/ imports the MCP SDK. */
export function sdkViolations(modules: Module[]): string[] {
  return modules.flatMap((m) =>
    m.imports.filter((i) => i.to.startsWith("npm:") && packageOf(i.to).startsWith("@modelcontextprotocol/"))
      .filter(() => !SDK_LAYERS.includes(layerOf(m.path)))
      .map((i) =>
        `${m.path} imports ${
          packageOf(i.to)
        }: only src/mcp/ may use the SDK, so an SDK upgrade touches one folder`
      )
  );
}

/**
 * Import circles between files of src/, type-only imports included: one report per set of files
 * that import each other, as the shortest way from its first file (by name) back to itself. Files
 * in a circle cannot be read, tested or changed one without the other, and in a template which one
 * runs first depends on the template's entry.
 */
export function fileCycles(modules: Module[]): string[] {
  const files = new Set(modules.map((m) => m.path));
  const graph = new Map(
    modules.map((m) => [m.path, [...new Set(m.imports.map((i) => i.to).filter((to) => files.has(to)))]]),
  );
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const start of [...graph.keys()].sort()) {
    if (seen.has(start)) continue;
    const circle = shortestCircle(graph, start);
    if (!circle) continue;
    // The files `start` reaches that reach it back import each other too: report them once.
    for (const other of reachableIn(graph, start)) {
      if (reachableIn(graph, other).has(start)) seen.add(other);
    }
    problems.push(
      `${
        circle.join(" -> ")
      }: modules import each other in a circle; move what both need into a module that imports neither`,
    );
  }
  return problems;
}

/** Every file `from` reaches by imports in `graph`. */
function reachableIn(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    for (const to of graph.get(stack.pop()!) ?? []) if (!seen.has(to)) seen.add(to), stack.push(to);
  }
  return seen;
}

/** The shortest import path from `start` back to itself, if there is one. */
function shortestCircle(graph: Map<string, string[]>, start: string): string[] | undefined {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    for (const to of graph.get(at) ?? []) {
      if (to === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(from.get(path[0])!);
        return [...path, start];
      }
      if (from.has(to)) continue;
      from.set(to, at);
      queue.push(to);
    }
  }
  return undefined;
}

/** Outside the effect layers, only built-ins and packages that touch nothing outside the process. */
export function effectImportViolations(modules: Module[]): string[] {
  return modules.flatMap((m) => {
    const layer = layerOf(m.path);
    if (EFFECT_LAYERS.includes(layer) || isBrowser(layer)) return [];
    return m.imports.filter((i) => isExternal(i.to) && !i.typeOnly).flatMap(({ to }) => {
      if (to.startsWith("node:") && !PURE_NODE.has(to)) {
        return [
          `${m.path} imports ${to}: only ${EFFECT_LAYERS.join(", ")} touch files, the network or the process`,
        ];
      }
      const pkg = packageOf(to);
      if (!to.startsWith("npm:") || PURE_PACKAGES.has(pkg) || pkg.startsWith("@modelcontextprotocol/")) {
        return [];
      }
      return [
        `${m.path} imports ${pkg}: a package outside ${
          EFFECT_LAYERS.join(", ")
        } must touch nothing outside the process (then list it in PURE_PACKAGES)`,
      ];
    });
  });
}

/** The name of the top-level declaration `node` sits in (a function, class or variable). */
function topLevelName(node: ts.Node): string {
  let at: ts.Node = node;
  while (at.parent && !ts.isSourceFile(at.parent)) at = at.parent;
  if (ts.isVariableStatement(at)) {
    return at.declarationList.declarations.map((d) => d.name.getText()).join(",");
  }
  const named = at as ts.Node & { name?: ts.Node };
  return named.name?.getText() ?? "";
}

/** True when `id` names something (a property, a declaration, a type) rather than reading a value. */
function isNameOnly(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return true;
  if (ts.isQualifiedName(parent) || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return true;
  if (ts.isShorthandPropertyAssignment(parent)) return false; // `{ fetch }` reads the value
  if ((ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) && parent.label === id) {
    return true;
  }
  const declared = parent as ts.Node & { name?: ts.Node; propertyName?: ts.Node };
  if (
    (ts.isDeclarationStatement(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) ||
      ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isBindingElement(parent) ||
      ts.isGetAccessor(parent) || ts.isSetAccessor(parent) || ts.isEnumMember(parent) ||
      ts.isTypeParameterDeclaration(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) &&
    (declared.name === id || declared.propertyName === id)
  ) return true;
  for (let at: ts.Node | undefined = parent; at; at = at.parent) {
    if (ts.isTypeNode(at) || ts.isExpressionWithTypeArguments(at)) return true;
  }
  return false;
}

const EFFECT_OPTIONS: ts.CompilerOptions = {
  noLib: true,
  noResolve: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
};

/** Parsed (and, once a checker has run, bound) files by path, kept while their text stays the same. */
const parsed = new Map<string, { text: string; file: ts.SourceFile }>();

/**
 * A compiler host that parses a file again only when its text changed: each planted break below
 * changes one file, and parsing and binding every file again for each took most of the test's time.
 */
function reusingHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(EFFECT_OPTIONS);
  const parse = host.getSourceFile;
  host.getSourceFile = (fileName, version, onError, fresh) => {
    const text = ts.sys.readFile(fileName);
    const known = parsed.get(fileName);
    if (!fresh && text !== undefined && known?.text === text) return known.file;
    const file = parse(fileName, version, onError, fresh);
    if (file && text !== undefined) parsed.set(fileName, { text, file });
    return file;
  };
  return host;
}

/**
 * Server code outside the effect layers that reads a global able to reach the outside world, or
 * imports a module it names only at run time. Names resolve as the compiler resolves them: a
 * parameter called `fetch` is a parameter.
 */
export function effectViolations(root: string): string[] {
  const src = join(root, "src");
  const files = sourceFiles(src).filter((f) => {
    const layer = layerOf(f);
    return !EFFECT_LAYERS.includes(layer) && !isBrowser(layer);
  });
  const program = ts.createProgram(files.map((f) => join(src, f)), EFFECT_OPTIONS, reusingHost());
  const checker = program.getTypeChecker();
  const ours = new Set(program.getSourceFiles().map((f) => f.fileName));
  const problems: string[] = [];
  for (const file of program.getSourceFiles()) {
    const path = relative(src, file.fileName);
    const report = (node: ts.Node, what: string) => {
      const where = topLevelName(node);
      const excused = EFFECT_EXCEPTIONS.some((e) =>
        e.file === path && e.where === where && e.uses.includes(what)
      );
      if (excused) return;
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      problems.push(
        `${path}:${line} uses ${what}: only src/${
          EFFECT_LAYERS.filter((l) => !l.endsWith(".ts")).join("/, src/")
        }/ and src/main.ts touch files, the network, the environment or Deno, so their guards decide every read and fetch`,
      );
    };
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && EFFECT_GLOBALS.has(node.text) && !isNameOnly(node)) {
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? checker.getShorthandAssignmentValueSymbol(node.parent)
          : checker.getSymbolAtLocation(node);
        const declaredHere = symbol?.declarations?.some((d) => ours.has(d.getSourceFile().fileName));
        if (!declaredHere) report(node, node.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (!specifier || !ts.isStringLiteralLike(specifier)) report(node, "import() of a computed name");
      }
      ts.forEachChild(node, visit);
    };
    if (ours.has(file.fileName)) visit(file);
  }
  return problems;
}

/** Every rule over the tree at `root`. */
export async function architectureProblems(root: string): Promise<string[]> {
  const graph = await readGraph(root);
  return [
    ...layerViolations(graph),
    ...sdkViolations(graph),
    ...fileCycles(graph),
    ...startupLoads(graph),
    ...effectImportViolations(graph),
    ...effectViolations(root),
  ];
}

/** The layer map as CONTRIBUTING.md draws it: `a` → `b/` → `c/`, `d/` → ... */
function contributingLayers(text: string): string[][] {
  const line = /Layers from top to bottom: ([\s\S]*?)\.\s/.exec(text)?.[1] ?? "";
  return line.split("→").map((step) =>
    [...step.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\/$/, "").replace(/^src\//, ""))
  );
}

/** What the stdio start-up loads (main.ts's imports for stdio, then the first tools/list). */
const STARTUP = ["main.ts", "mcp/server.ts", "mcp/stdio.ts", "store/open.ts"];

/**
 * Modules only some calls need, whose load would slow every start: each comes with `import()` on
 * first use. The registry is one of them: it loads every tool's module and zod schemas, which
 * tools/list (src/mcp/tools.gen.ts) does without.
 */
const HEAVY = [
  "npm:linkedom",
  "npm:markdown-it",
  "npm:sanitize-html",
  "npm:fflate",
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
    for (const { to, typeOnly, dynamic } of byPath.get(at)?.imports ?? []) {
      if (typeOnly || dynamic || chains.has(to)) continue;
      chains.set(to, [...chains.get(at)!, to]);
      if (byPath.has(to)) queue.push(to);
    }
  }
  const heavy = (to: string) =>
    HEAVY.find((h) => to === h || (h.startsWith("npm:") && packageOf(to) === h.slice(4)));
  return [...chains.keys()].filter((to) => heavy(to)).map((to) =>
    `start-up loads ${to} (${
      chains.get(to)!.join(" -> ")
    }): load it with import() where it is first needed, so every start does not pay for it`
  );
}

const graph = await readGraph(ROOT);

for (
  const [rule, problems] of [
    ["imports go down the layer map, browser code stays in the browser layers", () => layerViolations(graph)],
    ["only src/mcp/ imports the MCP SDK", () => sdkViolations(graph)],
    ["no two files under src/ import each other, directly or in a circle", () => fileCycles(graph)],
    ["start-up loads no heavy module a first call can load instead", () => startupLoads(graph)],
    ["only the effect layers import what touches the outside world", () => effectImportViolations(graph)],
    [
      "only src/fs/, src/net/, src/http/ and src/main.ts touch files, the network or Deno",
      () => effectViolations(ROOT),
    ],
  ] as const
) {
  Deno.test(`architecture: ${rule}`, () => assertDeep(problems(), []));
}

Deno.test("architecture: CONTRIBUTING.md draws the layer map the test enforces", async () => {
  const text = await Deno.readTextFile(join(ROOT, "CONTRIBUTING.md"));
  assertDeep(contributingLayers(text), SERVER_LAYERS.map((line) => [...line]));
});

Deno.test("architecture: every effect exception names a declaration that exists", () => {
  for (const e of EFFECT_EXCEPTIONS) {
    const source = Deno.readTextFileSync(join(ROOT, "src", e.file));
    assertEquals(
      new RegExp(`(function|const|let) ${e.where}\\b`).test(source),
      true,
      `${e.file}: ${e.where}`,
    );
  }
});

/** A copy of the repository's src/ and configuration, to plant breaks in. */
async function scratchCopy(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcc-arch-" });
  const copy = async (from: string, to: string) => {
    const info = await Deno.stat(from);
    if (info.isDirectory) {
      await Deno.mkdir(to, { recursive: true });
      for await (const e of Deno.readDir(from)) await copy(join(from, e.name), join(to, e.name));
    } else await Deno.copyFile(from, to);
  };
  for (const name of ["src", "deno.json", "deno.lock"]) await copy(join(ROOT, name), join(dir, name));
  return dir;
}

/** Breaks each rule must catch: the file, the text that goes in (appended or replacing), and what is reported. */
const PLANTS: { name: string; file: string; add: string; replace?: string; expect: string }[] = [
  {
    name: "a card that fetches",
    file: "cards/list.ts",
    add: '\nvoid fetch("http://169.254.169.254/");\n',
    expect: "cards/list.ts:LINE uses fetch: only src/fs/, src/net/, src/http/ and src/main.ts touch files",
  },
  {
    name: "a card that reads the environment through globalThis",
    file: "cards/list.ts",
    add: '\nexport const leak = (globalThis as Record<string, any>)["Deno"].env;\n',
    expect: "cards/list.ts:LINE uses globalThis: only",
  },
  {
    name: "a renderer that finds Deno through a computed import",
    file: "render/summary.ts",
    add: "\nexport const load = (name: string) => import(name);\n",
    expect: "render/summary.ts:LINE uses import() of a computed name: only",
  },
  {
    name: "a card that imports node:fs",
    file: "cards/tab.ts",
    add: '\nimport { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
    expect:
      "cards/tab.ts imports node:fs: only fs, net, http, main.ts touch files, the network or the process",
  },
  {
    name: "the file guard importing a renderer",
    file: "fs/paths.ts",
    add: '\nimport { brief } from "../render/summary.ts";\nexport const short = brief;\n',
    expect:
      "fs/paths.ts (layer fs) imports render/summary.ts (layer render): layers import only their own and lower layers",
  },
  {
    name: "config importing the template shells",
    file: "config.ts",
    add: '\nimport { documentShellChars } from "./ui/shells.ts";\nexport const shell = documentShellChars;\n',
    expect: "config.ts (layer config.ts) imports ui/shells.ts (layer ui): layers import only",
  },
  {
    name: "the network layer reading the settings",
    file: "net/loopback.ts",
    add: '\nimport { DEFAULT_CONFIG } from "../config.ts";\nexport const defaults = DEFAULT_CONFIG;\n',
    expect: "net/loopback.ts (layer net) imports config.ts (layer config.ts): layers import only",
  },
  {
    name: "siblings importing each other",
    file: "cards/tab.ts",
    add: '\nimport type { ToolSpec } from "../tools/_web.ts";\nexport type T = ToolSpec;\n',
    expect: "cards/tab.ts (layer cards) imports tools/_web.ts (layer tools): layers import only",
  },
  {
    name: "the core runtime importing a kind's widget",
    file: "ui/runtime/selection.ts",
    add: '\nimport { listWidget } from "./widgets/list.ts";\nexport const list = listWidget;\n',
    expect:
      "ui/runtime/selection.ts (layer ui/runtime) imports ui/runtime/widgets/list.ts (layer ui/runtime/widgets): browser code",
  },
  {
    name: "browser code importing server code",
    file: "ui/runtime/dom.ts",
    add: '\nimport { escape } from "../../html/html.ts";\nexport const esc = escape;\n',
    expect: "ui/runtime/dom.ts (layer ui/runtime) imports html/html.ts (layer html): browser code",
  },
  {
    name: "the stores importing the result builder",
    file: "store/stores.ts",
    add: '\nimport type { CardResult } from "../output/result.ts";\nexport type R = CardResult;\n',
    expect: "store/stores.ts (layer store) imports output/result.ts (layer output): layers import only",
  },
  {
    name: "the page extractors importing a renderer",
    file: "web/extract_dom.ts",
    add: '\nimport { brief } from "../render/summary.ts";\nexport const short = brief;\n',
    expect: "web/extract_dom.ts (layer web) imports render/summary.ts (layer render): layers import only",
  },
  {
    name: "the MCP server importing the HTTP sessions",
    file: "mcp/server.ts",
    add: '\nimport type { SessionRouter } from "./http/sessions.ts";\nexport type Router = SessionRouter;\n',
    expect: "mcp/server.ts (layer mcp) imports mcp/http/sessions.ts (layer mcp/http): layers import only",
  },
  {
    name: "a core runtime module importing the widget list's filler",
    file: "ui/runtime/export.ts",
    add: '\nimport { useWidgets } from "./widgets/index.ts";\nexport const use = useWidgets;\n',
    expect:
      "ui/runtime/export.ts -> ui/runtime/widgets/index.ts -> ui/runtime/more.ts -> ui/runtime/export.ts: modules import each other in a circle",
  },
  {
    name: "a chart kind importing the kinds' registry",
    file: "render/svg/waterfall.ts",
    add: '\nimport { KIND_LABELS } from "./kinds.ts";\nexport const limits = KIND_LABELS;\n',
    expect:
      "render/svg/kinds.ts -> render/svg/waterfall.ts -> render/svg/kinds.ts: modules import each other in a circle",
  },
  {
    name: "the cards' shared fields importing a card, type only",
    file: "cards/_fields.ts",
    add: '\nimport type list from "./list.ts";\nexport type List = typeof list;\n',
    expect: "cards/_fields.ts -> cards/list.ts -> cards/_fields.ts: modules import each other in a circle",
  },
  {
    name: "the server loading the fetcher at start-up",
    file: "mcp/server.ts",
    add: '\nimport { createFetcher } from "../net/fetch.ts";\nexport const made = createFetcher;\n',
    expect: "start-up loads net/fetch.ts (mcp/server.ts -> net/fetch.ts): load it with import()",
  },
  {
    name: "a tool that imports the SDK",
    file: "tools/get_card.ts",
    add: '\nimport type { McpServer } from "@modelcontextprotocol/server";\nexport type S = McpServer;\n',
    expect: "tools/get_card.ts imports @modelcontextprotocol/server: only src/mcp/ may use the SDK",
  },
  {
    name: "the HTTP plumbing importing the SDK",
    file: "http/guard.ts",
    add: '\nimport type { McpServer } from "@modelcontextprotocol/server";\nexport type S = McpServer;\n',
    expect: "http/guard.ts imports @modelcontextprotocol/server: only src/mcp/ may use the SDK",
  },
];

Deno.test("architecture: each rule fails on a break planted in a copy of src/", async (t) => {
  const dir = await scratchCopy();
  try {
    for (const plant of PLANTS) {
      await t.step(plant.name, async () => {
        const path = join(dir, "src", plant.file);
        const before = await Deno.readTextFile(path);
        await Deno.writeTextFile(path, before + plant.add);
        try {
          const line = before.split("\n").length + plant.add.split("\n").findIndex((l) => l.trim());
          const expected = plant.expect.replace("LINE", String(line));
          const problems = await architectureProblems(dir);
          assertEquals(problems.length, 1, problems.join("\n"));
          assertEquals(problems[0].startsWith(expected), true, `${problems[0]}\nexpected: ${expected}`);
        } finally {
          await Deno.writeTextFile(path, before);
        }
      });
    }
    await t.step("a parameter named fetch and a method named fetch are not the global", async () => {
      const path = join(dir, "src", "cards", "list.ts");
      const before = await Deno.readTextFile(path);
      await Deno.writeTextFile(
        path,
        before + "\nexport const call = (fetch: () => void) => fetch();\n" +
          "export const app = { fetch() {}, process: 1 };\nexport const run = () => app.fetch();\n",
      );
      try {
        assertDeep(await architectureProblems(dir), []);
      } finally {
        await Deno.writeTextFile(path, before);
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
