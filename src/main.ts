/**
 * The program: flags and variables -> config -> server -> stdio (or HTTP with --http).
 */
import { ConfigError, helpText, parseConfig, readEnv } from "./config.ts";
import { log } from "./log.ts";
import { SERVER_NAME, VERSION } from "./version.ts";

// deno-lint-ignore no-explicit-any
const g = globalThis as any; // Deno or Node: this file alone touches the process

/** Writes to stdout: only --help and --version, which answer and exit before any server starts. */
function print(text: string): void {
  const bytes = new TextEncoder().encode(`${text}\n`);
  if (g.Deno) g.Deno.stdout.writeSync(bytes);
  else g.process.stdout.write(bytes);
}

function stdinIsTerminal(): boolean {
  return g.Deno ? g.Deno.stdin.isTerminal() : g.process.stdin.isTTY === true;
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    print(helpText());
    return 0;
  }
  if (args.includes("--version")) {
    print(`${SERVER_NAME} ${VERSION}`);
    return 0;
  }
  let config;
  try {
    config = parseConfig(args, readEnv());
    // The checks that need facts from above config.ts: the bind address, the embedded document.
    if (config.http) (await import("./http/guard.ts")).assertSafeBind(config);
    if (config.embedHtml) (await import("./output/result.ts")).assertEmbedRoom(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      log(`Cannot start: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (config.fsRoot !== undefined) {
    const { rootProblem } = await import("./fs/read.ts");
    const problem = await rootProblem(config.fsRoot);
    if (problem) {
      log(`Cannot start: MCP_CHAT_CARDS_FS_ROOT (--fs-root) "${config.fsRoot}" ${problem}`);
      return 2;
    }
  }
  // Each transport is loaded only when chosen, so neither start-up pays for the other.
  if (config.http) {
    const { serveHttp } = await import("./mcp/http/serve.ts");
    return serveHttp(config);
  }
  const [{ serveStdio }, { createServer }, { openCardStores }] = await Promise.all([
    import("./mcp/stdio.ts"),
    import("./mcp/server.ts"),
    import("./store/open.ts"),
  ]);
  const stores = await openCardStores(config);
  if (!stores) return 1;
  const session = crypto.randomUUID(); // stdio is one session
  const [store, webForms] = [stores.session(session), stores.sessionForms(session)];
  const { stdin, stdout } = await import("node:process");
  await serveStdio(() => createServer({ ...config, store, webForms }), { stdin, stdout });
  if (stdinIsTerminal()) {
    // A person ran the start command by hand: a silent terminal looks broken.
    log(
      "Serving MCP on stdio: an MCP client (Claude Desktop, VS Code, Goose) starts this command itself; --http serves HTTP, --help lists the settings, Ctrl+C stops",
    );
  }
  return -1; // keep running until stdin closes
}

const argv: string[] = g.Deno ? g.Deno.args : g.process.argv.slice(2);
const code = await main(argv);
if (code >= 0) g.Deno ? g.Deno.exit(code) : g.process.exit(code);
