// deno-lint-ignore-file no-console -- a build script reports on stderr
/**
 * Compiles the server into one binary with `deno compile`, the permission flags baked in:
 *
 *   deno task compile                          this machine's platform, no file access
 *   deno task compile --fs-root ~/Documents    reads confined to that folder (baked in too)
 *   deno task compile --target aarch64-apple-darwin
 *   deno task compile --all-targets            every release target, into dist/
 *
 * `deno compile` downloads its `denort` runtime unless DENORT_BIN names a local copy (for offline
 * builds; it must match this Deno's version and the target). The smoke tests run the server under
 * `deno run` with exactly `permissionFlags()`, so the recipe is proven where no runtime exists.
 */
import { join, resolve } from "node:path";
import { DEPENDENCY_ENV_NAMES, ENV_NAMES } from "../src/config.ts";
import { readPermission } from "./read_permission.ts";

/** Release targets: Linux x64/arm64, macOS x64/arm64, Windows x64. */
export const RELEASE_TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/** The entry point, relative to the repository root. */
export const ENTRY = "src/main.ts";

/**
 * The permission flags of the binary (and of `deno task start`):
 * - reads: none (`--deny-read`), or only the configured root (the server reads nothing of its own
 *   at run time); `deno task start` writes the same flag from MCP_CHAT_CARDS_FS_ROOT;
 * - writes, subprocesses, FFI, system info: none;
 * - network: allowed (fetching references needs any public host; the code's guards block private
 *   ranges, and HTTP mode listens);
 * - environment: only the server's MCP_CHAT_CARDS_* variables and the few its dependencies read.
 */
export function permissionFlags(fsRoot?: string): string[] {
  return [
    "--no-prompt",
    readPermission(fsRoot),
    "--allow-net",
    `--allow-env=${[...ENV_NAMES, ...DEPENDENCY_ENV_NAMES].join(",")}`,
  ];
}

/** Arguments baked in after the entry point: the root, so the binary confines reads to it. */
export function bakedArgs(fsRoot?: string): string[] {
  return fsRoot === undefined ? [] : ["--fs-root", fsRoot];
}

/** The `deno compile` arguments for one target. */
export function compileArgs(options: { output: string; target?: string; fsRoot?: string }): string[] {
  const args = ["compile", ...permissionFlags(options.fsRoot), "--output", options.output];
  if (options.target) args.push("--target", options.target);
  return [...args, ENTRY, ...bakedArgs(options.fsRoot)];
}

interface CompileRequest {
  targets: (string | undefined)[];
  fsRoot?: string;
  output?: string;
}

function parseArgs(args: string[]): CompileRequest {
  const request: CompileRequest = { targets: [undefined] };
  for (let i = 0; i < args.length; i++) {
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${args[i - 1]} needs a value`);
      return v;
    };
    if (args[i] === "--all-targets") request.targets = [...RELEASE_TARGETS];
    else if (args[i] === "--target") request.targets = [value()];
    else if (args[i] === "--fs-root") request.fsRoot = resolve(value());
    else if (args[i] === "--output") request.output = value();
    else {throw new Error(
        `Unknown flag "${args[i]}": use --target T, --all-targets, --fs-root DIR, --output PATH`,
      );}
  }
  return request;
}

function outputFor(target: string | undefined, request: CompileRequest): string {
  if (request.output && request.targets.length === 1) return request.output;
  const name = target ? `mcp-chat-cards-${target}` : "mcp-chat-cards";
  return join("dist", target?.includes("windows") ? `${name}.exe` : name);
}

/** What a failed `deno compile` reports; without DENORT_BIN the usual cause is the runtime download. */
export function compileFailure(
  target: string | undefined,
  code: number,
  runtime: string | undefined,
): string {
  const failed = `deno compile for ${target ?? "this platform"} failed with exit code ${code}`;
  return runtime
    ? failed
    : `${failed}. If it could not download denort (offline, or a proxy), set DENORT_BIN to a denort binary of the same Deno version and target`;
}

/** Compiles every requested target; returns the paths written. */
export async function compile(request: CompileRequest): Promise<string[]> {
  const root = new URL("../", import.meta.url);
  const written: string[] = [];
  const runtime = Deno.env.get("DENORT_BIN");
  console.error(
    runtime ? `compile: using DENORT_BIN=${runtime}` : "compile: DENORT_BIN unset; deno downloads denort",
  );
  for (const target of request.targets) {
    const output = outputFor(target, request);
    const { success, code } = await new Deno.Command(Deno.execPath(), {
      args: compileArgs({ output, target, fsRoot: request.fsRoot }),
      cwd: root,
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!success) throw new Error(compileFailure(target, code, runtime));
    written.push(output);
  }
  return written;
}

if (import.meta.main) {
  try {
    const written = await compile(parseArgs(Deno.args));
    console.error(`compile: wrote ${written.join(", ")}`);
  } catch (error) {
    console.error(`compile: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
