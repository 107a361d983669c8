/**
 * The program: flags and variables -> config -> server -> stdio (or HTTP with --http).
 */
import { ConfigError, helpText, parseConfig, readEnv } from "./config.ts";
import { log } from "./log.ts";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    log(helpText());
    return 0;
  }
  let config;
  try {
    config = parseConfig(args, readEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      log(`Cannot start: ${error.message}`);
      return 2;
    }
    throw error;
  }
  // Each transport is loaded only when chosen, so neither start-up pays for the other.
  if (config.http) {
    const { serveHttp } = await import("./mcp/http_serve.ts");
    return serveHttp(config);
  }
  const [{ serveStdio }, { createServer }, { openCardStores, StoreStartError }] = await Promise.all([
    import("./mcp/stdio.ts"),
    import("./mcp/server.ts"),
    import("./mcp/card_stores.ts"),
  ]);
  let stores;
  try {
    stores = await openCardStores(config);
  } catch (error) {
    if (!(error instanceof StoreStartError)) throw error;
    log(`Cannot start: ${error.message}`);
    return 1;
  }
  const connection = stores.session(crypto.randomUUID()); // stdio is one session
  const { stdin, stdout } = await import("node:process");
  await serveStdio(() => createServer({ ...config, store: connection }), { stdin, stdout });
  return -1; // keep running until stdin closes
}

// deno-lint-ignore no-explicit-any
const g = globalThis as any;
const argv: string[] = g.Deno ? g.Deno.args : g.process.argv.slice(2);
const code = await main(argv);
if (code >= 0) g.Deno ? g.Deno.exit(code) : g.process.exit(code);
