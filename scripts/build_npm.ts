// deno-lint-ignore-file no-console -- a build script reports on stderr
/**
 * Builds the npm package into npm/ (gitignored) from the same source `deno run` uses: ESM
 * JavaScript and `.d.ts` files from TypeScript's tsc, a package.json whose dependencies come from
 * the import map, a `bin` for `npx mcp-chat-cards`, and README.md and LICENSE.
 *
 *   deno task build:npm
 *
 * The browser runtime (src/ui/runtime/) stays out: it is already bundled into src/ui/assets.gen.ts.
 */
import { dirname, join, relative } from "node:path";
import { REGISTRY_NAME, SERVER_DESCRIPTION } from "../src/http/server_card.ts";

/** The package name, also the `bin` name hosts run with `npx`. */
export const PACKAGE_NAME = "mcp-chat-cards";

/** Build-only tools, pinned. */
export const TYPESCRIPT = "npm:typescript@5.9.3/tsc";
/** Node 20's types, for tsc only (the `@types/*` of the import map join them). */
const NODE_TYPES = { "@types/node": "20.19.43" };

const root = new URL("../", import.meta.url);
const rootPath = decodeURIComponent(root.pathname).replace(/^\/([A-Za-z]:)/, "$1");
/** Where `deno task build:npm` writes (gitignored). */
export const NPM_DIR = join(rootPath, "npm");

interface DenoJson {
  version: string;
  imports: Record<string, string>;
}

async function readDenoJson(): Promise<DenoJson> {
  return JSON.parse(await Deno.readTextFile(join(rootPath, "deno.json")));
}

/** The entry points: the library (mod.ts) and the program (src/main.ts). */
export const ENTRY_POINTS = ["mod.ts", "src/main.ts"];

/**
 * Source files of the package: every local module the entry points import, statically or by a
 * literal dynamic import (Deno's module graph). Browser-only runtime files stay out because no
 * server module imports them; the shared ones that are imported (src/ui/shared/) come along and
 * must compile without the DOM library, which tsc checks.
 */
export async function sourceFiles(): Promise<string[]> {
  const files = new Set<string>();
  for (const entry of ENTRY_POINTS) {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: rootPath,
    }).output();
    if (code !== 0) throw new Error(`deno info ${entry} failed: ${new TextDecoder().decode(stderr)}`);
    const graph = JSON.parse(new TextDecoder().decode(stdout)) as { modules: { specifier: string }[] };
    for (const { specifier } of graph.modules) {
      if (specifier.startsWith(root.href)) files.add(decodeURIComponent(specifier.slice(root.href.length)));
    }
  }
  return [...files].sort();
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g;

/** Bare specifiers (packages) the given sources import, statically or dynamically. */
export function bareImports(sources: string[]): Set<string> {
  const found = new Set<string>();
  for (const source of sources) {
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      if (!specifier.startsWith(".") && !specifier.startsWith("node:")) found.add(specifier);
    }
  }
  return found;
}

/** `npm:name@version` (or the `npm:/name@version/` prefix form) -> [name, version]. */
function parseNpmSpecifier(target: string): [string, string] | undefined {
  const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(target);
  return match ? [match[1], match[2]] : undefined;
}

/** Maps each imported package through the import map to an exact npm version. */
export function dependenciesFor(
  imports: Set<string>,
  importMap: Record<string, string>,
): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const specifier of [...imports].sort()) {
    const key = importMap[specifier] !== undefined
      ? specifier
      : Object.keys(importMap).find((k) => k.endsWith("/") && specifier.startsWith(k));
    const parsed = key === undefined ? undefined : parseNpmSpecifier(importMap[key]);
    if (!parsed) {
      throw new Error(
        `Cannot map "${specifier}" to an npm package: add an npm: entry for it to deno.json "imports"`,
      );
    }
    dependencies[parsed[0]] = parsed[1];
  }
  return dependencies;
}

/** The `@types/*` packages of the import map (tsc needs them; users of the package do not). */
function typePackages(importMap: Record<string, string>): Record<string, string> {
  const types: Record<string, string> = {};
  for (const [key, target] of Object.entries(importMap)) {
    const parsed = key.startsWith("@types/") ? parseNpmSpecifier(target) : undefined;
    if (parsed) types[parsed[0]] = parsed[1];
  }
  return types;
}

/** The package.json of the npm build (server.json is checked against it by a test). */
export async function packageJson(): Promise<Record<string, unknown>> {
  const denoJson = await readDenoJson();
  const sources = await Promise.all((await sourceFiles()).map((f) => Deno.readTextFile(join(rootPath, f))));
  return {
    name: PACKAGE_NAME,
    version: denoJson.version,
    description: SERVER_DESCRIPTION,
    mcpName: REGISTRY_NAME,
    license: "MIT",
    keywords: ["mcp", "mcp-server", "mcp-apps", "model-context-protocol", "cards", "html"],
    type: "module",
    bin: { [PACKAGE_NAME]: "./esm/src/main.js" },
    exports: {
      ".": { types: "./esm/mod.d.ts", import: "./esm/mod.js" },
      "./package.json": "./package.json",
    },
    types: "./esm/mod.d.ts",
    files: ["esm/", "README.md", "LICENSE"],
    engines: { node: ">=20" },
    dependencies: dependenciesFor(bareImports(sources), denoJson.imports),
    devDependencies: { ...NODE_TYPES, ...typePackages(denoJson.imports) },
  };
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023"], // Node 20's language level; newer built-ins fail the build instead of crashing users
    module: "NodeNext",
    moduleResolution: "NodeNext",
    rewriteRelativeImportExtensions: true,
    rootDir: ".stage",
    outDir: "esm",
    declaration: true,
    strict: true,
    skipLibCheck: true,
    noEmitOnError: true,
    types: ["node"],
  },
  include: [".stage/**/*.ts"],
};

async function run(command: string, args: string[], cwd: string): Promise<void> {
  let status;
  try {
    status = await new Deno.Command(command, { args, cwd, stdout: "inherit", stderr: "inherit" }).output();
  } catch (error) {
    throw new Error(`Cannot run ${command}: ${(error as Error).message}`);
  }
  if (!status.success) throw new Error(`${command} ${args.join(" ")} failed with exit code ${status.code}`);
}

/** npm on PATH (npm.cmd on Windows). */
export const NPM = Deno.build.os === "windows" ? "npm.cmd" : "npm";

async function stageSources(files: string[], stageDir: string): Promise<void> {
  await Deno.remove(stageDir, { recursive: true }).catch(() => {});
  for (const file of files) {
    const target = join(stageDir, file);
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.copyFile(join(rootPath, file), target);
  }
}

/** tsc keeps `.ts` in declaration specifiers; consumers resolve the emitted `.js`. */
async function fixDeclarations(dir: string): Promise<number> {
  let fixed = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) fixed += await fixDeclarations(path);
    else if (entry.name.endsWith(".d.ts")) {
      const text = await Deno.readTextFile(path);
      const next = text.replace(/((?:from\s+|import\s*\(\s*)["']\.{1,2}\/[^"']*?)\.ts(["'])/g, "$1.js$2");
      if (next !== text) {
        await Deno.writeTextFile(path, next);
        fixed++;
      }
    }
  }
  return fixed;
}

async function copyDocs(outDir: string): Promise<void> {
  for (const name of ["README.md", "LICENSE"]) {
    try {
      await Deno.copyFile(join(rootPath, name), join(outDir, name));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      console.error(
        `build:npm: warning: ${name} is missing at the repository root; the package ships without it`,
      );
    }
  }
}

async function cleanOutput(outDir: string): Promise<void> {
  await Deno.mkdir(outDir, { recursive: true });
  for await (const entry of Deno.readDir(outDir)) {
    if (entry.name !== "node_modules") await Deno.remove(join(outDir, entry.name), { recursive: true });
  }
}

/** Builds the package into `outDir` (npm/ by default; tests use their own folder) and returns it. */
export async function buildNpm(outDir: string = NPM_DIR): Promise<string> {
  const stageDir = join(outDir, ".stage");
  await cleanOutput(outDir);
  const files = await sourceFiles();
  await stageSources(files, stageDir);
  const pkg = await packageJson();
  await Deno.writeTextFile(join(outDir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
  await Deno.writeTextFile(join(outDir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2) + "\n");
  console.error(`build:npm: installing ${Object.keys(pkg.dependencies as object).length} dependencies`);
  await run(NPM, ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"], outDir);
  console.error(`build:npm: compiling ${files.length} files with ${TYPESCRIPT}`);
  // --no-config: npm/package.json is not part of this Deno workspace.
  await run(Deno.execPath(), [
    "run",
    "--allow-all",
    "--no-config",
    TYPESCRIPT,
    "-p",
    join(outDir, "tsconfig.json"),
  ], outDir);
  const fixed = await fixDeclarations(join(outDir, "esm"));
  const main = join(outDir, "esm", "src", "main.js");
  await Deno.writeTextFile(main, "#!/usr/bin/env node\n" + await Deno.readTextFile(main));
  await copyDocs(outDir);
  await Deno.remove(stageDir, { recursive: true });
  await Deno.remove(join(outDir, "tsconfig.json"));
  console.error(
    `build:npm: wrote ${relative(rootPath, outDir) || outDir}/ (${fixed} declaration files fixed)`,
  );
  return outDir;
}

if (import.meta.main) {
  try {
    await buildNpm();
  } catch (error) {
    console.error(`build:npm: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
