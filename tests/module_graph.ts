/**
 * The module graph of src/ as Deno resolves it (`deno info --json` over every file): what the
 * architecture test ranks, and what the prose test reads facts from (which tools reach the file
 * reader). Real resolution, not a pattern over source: every import form counts.
 */
import { join, relative } from "node:path";

/** One import: a module under src/ (its path there) or an outside specifier (`node:fs`, `npm:zod`). */
export interface Import {
  to: string;
  /** Only its types are used (erased at run time, still a dependency of the design). */
  typeOnly: boolean;
  /** `import()`: loaded when the code runs it, not when the importing module loads. */
  dynamic: boolean;
}

/** A module under src/ and what it imports. */
export interface Module {
  path: string;
  imports: Import[];
}

/** Every TypeScript file under `dir`, generated modules apart, as paths relative to it. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of Deno.readDirSync(at)) {
      const path = join(at, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".gen.ts")) files.push(relative(dir, path));
    }
  };
  walk(dir);
  return files.sort();
}

/** The module graph of `<root>/src` as Deno resolves it: one `deno info --json` over every file. */
export async function readGraph(root: string): Promise<Module[]> {
  const src = join(root, "src");
  const temp = await Deno.makeTempDir({ prefix: "mcc-graph-" });
  try {
    const entry = join(temp, "entry.ts");
    const lines = sourceFiles(src).map((f) => `import ${JSON.stringify(`file://${join(src, f)}`)};`);
    await Deno.writeTextFile(entry, lines.join("\n"));
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", join(root, "deno.json"), entry],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(`deno info failed: ${new TextDecoder().decode(out.stderr)}`);
    return modulesOf(JSON.parse(new TextDecoder().decode(out.stdout)), src);
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
}

type Dependency = { code?: { specifier: string }; type?: { specifier: string }; isDynamic?: boolean };
type InfoModule = { specifier: string; dependencies?: Dependency[] };

function modulesOf(info: { modules: InfoModule[] }, src: string): Module[] {
  const prefix = `file://${src}/`;
  const name = (specifier: string) =>
    specifier.startsWith(prefix) ? decodeURIComponent(specifier.slice(prefix.length)) : specifier;
  return info.modules.filter((m) => m.specifier.startsWith(prefix)).map((m) => ({
    path: name(m.specifier),
    imports: (m.dependencies ?? []).flatMap((d) => {
      const target = d.code ?? d.type;
      return target ? [{ to: name(target.specifier), typeOnly: !d.code, dynamic: d.isDynamic === true }] : [];
    }),
  })).sort((a, b) => a.path.localeCompare(b.path));
}

/** Every module `from` reaches through code imports (type-only ones are erased at run time). */
export function reachable(modules: Module[], from: string): Set<string> {
  const byPath = new Map(modules.map((m) => [m.path, m]));
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    for (const { to, typeOnly } of byPath.get(stack.pop()!)?.imports ?? []) {
      if (!typeOnly && !seen.has(to)) stack.push(to), seen.add(to);
    }
  }
  return seen;
}
