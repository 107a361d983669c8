// deno-lint-ignore-file no-console -- a build script reports on stderr
/**
 * Builds the one-click Claude Desktop bundle (.mcpb): the npm package as users install it (packed,
 * then installed with its production dependencies) under server/, with manifest.json beside it,
 * validated and packed by the official `mcpb` CLI from npm.
 *
 *   deno task build:mcpb        -> dist/mcp-chat-cards-<version>.mcpb
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { buildNpm, NPM } from "./build_npm.ts";

/** The bundle CLI, pinned. */
export const MCPB_PACKAGE = "@anthropic-ai/mcpb@2.1.2";

const rootPath = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/^\/([A-Za-z]:)/, "$1");

async function run(command: string, args: string[], cwd: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(command, { args, cwd, stdin: "null" }).output();
  const out = new TextDecoder().decode(stdout);
  if (code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${code}):\n${out}${new TextDecoder().decode(stderr)}`,
    );
  }
  return out;
}

/** `npm pack`s a built package directory into `destination`; returns the tarball path. */
export async function packNpm(packageDir: string, destination: string): Promise<string> {
  const out = await run(NPM, ["pack", "--json", "--pack-destination", destination], packageDir);
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  return join(destination, filename);
}

/** Installs a tarball (production dependencies only) into a fresh folder, as users' npm would. */
export async function installTarball(tarball: string, dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "package.json"),
    JSON.stringify({ name: "install-check", private: true }),
  );
  await run(NPM, ["install", "--no-audit", "--no-fund", "--omit=dev", tarball], dir);
}

/** Lays out the bundle: manifest.json, LICENSE and server/node_modules from an install folder. */
export async function assembleBundle(installDir: string, bundleDir: string): Promise<void> {
  await Deno.remove(bundleDir, { recursive: true }).catch(() => {});
  await Deno.mkdir(join(bundleDir, "server"), { recursive: true });
  await Deno.copyFile(join(rootPath, "manifest.json"), join(bundleDir, "manifest.json"));
  await Deno.copyFile(join(rootPath, "LICENSE"), join(bundleDir, "LICENSE"));
  cpSync(join(installDir, "node_modules"), join(bundleDir, "server", "node_modules"), { recursive: true });
  await prune(join(bundleDir, "server", "node_modules"));
}

/** Files Node never loads: type declarations, TypeScript sources, source maps, Markdown. */
const NOT_RUN = /\.(d\.[cm]?ts|[cm]?ts|map|md|markdown)$/i;

/** Drops what only editors and compilers read (about a quarter of the bundle); licences stay. */
async function prune(dir: string): Promise<void> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) await prune(path);
    else if (NOT_RUN.test(entry.name)) await Deno.remove(path);
  }
}

/** Runs the mcpb CLI (fetched from npm on first use). */
export function mcpb(args: string[], cwd: string): Promise<string> {
  return run(NPM, ["exec", "--yes", `--package=${MCPB_PACKAGE}`, "--", "mcpb", ...args], cwd);
}

/** Builds dist/mcp-chat-cards-<version>.mcpb; returns its path. */
export async function buildMcpb(): Promise<string> {
  const packageDir = await buildNpm();
  const work = join(packageDir, ".mcpb");
  await Deno.remove(work, { recursive: true }).catch(() => {});
  await Deno.mkdir(work, { recursive: true });
  const tarball = await packNpm(packageDir, work);
  await installTarball(tarball, join(work, "install"));
  const bundle = join(work, "bundle");
  await assembleBundle(join(work, "install"), bundle);
  await mcpb(["validate", join(bundle, "manifest.json")], rootPath);
  const version = JSON.parse(await Deno.readTextFile(join(rootPath, "manifest.json"))).version;
  await Deno.mkdir(join(rootPath, "dist"), { recursive: true });
  const output = join(rootPath, "dist", `mcp-chat-cards-${version}.mcpb`);
  await mcpb(["pack", bundle, output], rootPath);
  return output;
}

if (import.meta.main) {
  try {
    console.error(`build:mcpb: wrote ${await buildMcpb()}`);
  } catch (error) {
    console.error(`build:mcpb: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
