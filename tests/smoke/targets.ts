/**
 * How the smoke tests start each target as a real process: stdio through the SDK's client
 * transport, HTTP as a child that prints where it listens, stopped with SIGTERM.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { ENTRY, permissionFlags } from "../../scripts/compile.ts";

export const ROOT = new URL("../../", import.meta.url);
export const ROOT_PATH = decodeURIComponent(ROOT.pathname);

/** This process's environment without any MCP_CHAT_CARDS_* variable, so settings come only from the test. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !name.startsWith("MCP_CHAT_CARDS_")),
  );
  return { ...env, ...extra };
}

/** `deno run` with exactly the flags `deno task compile` bakes into the binary. */
export function denoRunArgs(extra: string[] = []): string[] {
  return ["run", ...permissionFlags(), ENTRY, ...extra];
}

/** A stdio transport to a child process; the SDK passes only a few variables unless told. */
export function stdioTransport(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): StdioClientTransport {
  return new StdioClientTransport({
    command,
    args,
    cwd: options.cwd ?? ROOT_PATH,
    env: cleanEnv(options.env),
    stderr: "pipe",
  });
}

/** A running HTTP server process. */
export interface HttpTarget {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: URL;
  /** Everything the server printed to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM (or `signal`) and resolves with the exit status once the process is gone. */
  stop(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
  process: Deno.ChildProcess;
}

/** Starts `command args` (which must include --http) and waits for its "Listening on" line. */
export async function startHttp(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<HttpTarget> {
  const process = new Deno.Command(command, {
    args,
    cwd: options.cwd ?? ROOT_PATH,
    env: cleanEnv(options.env),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const reader = process.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let listening: URL | undefined;
  while (!listening) {
    const { value, done } = await reader.read();
    if (done) {
      const status = await process.status;
      throw new Error(`server exited with ${status.code} before listening:\n${text}`);
    }
    text += value;
    const match = /Listening on (http:\/\/\S+\/mcp)/.exec(text);
    if (match) listening = new URL(match[1]);
  }
  const drained = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
    }
  })();
  return {
    url: listening,
    stderr: () => text,
    process,
    stop: async (signal = "SIGTERM") => {
      try {
        process.kill(signal);
      } catch {
        // already gone
      }
      const status = await process.status;
      await drained;
      return status;
    },
  };
}

/** A Streamable HTTP client transport; `agent: false` semantics come from fetch. */
export function httpTransport(url: URL, headers: Record<string, string> = {}): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(url, { requestInit: { headers } });
}

/** Runs a command to completion, returning its exit code and output. */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command(command, {
    args,
    cwd: options.cwd ?? ROOT_PATH,
    env: cleanEnv(options.env),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

/** The version of a command-line tool, or undefined when it is not installed. */
export async function toolVersion(command: string, args = ["--version"]): Promise<string | undefined> {
  try {
    const { code, stdout } = await runCommand(command, args);
    return code === 0 ? stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}
