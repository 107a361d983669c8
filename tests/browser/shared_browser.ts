// deno-lint-ignore-file no-console -- prints the endpoint for the script that started it
/**
 * One Chromium for every browser test file of a run, for whoever wants one: start this, export the
 * endpoint it prints as MCC_BROWSER_WS, and each file's harness (harness.ts) connects to that browser
 * with a context of its own instead of using its worker's own browser. CI does not: every command
 * then passes through this process's Playwright relay, which with the headless shell costs about what
 * the launches it saves do (386 against 357 CPU-s on five browser files; the whole run within 2%).
 * Runs until SIGTERM or SIGINT, or until the process that started it is gone.
 *
 *   deno run -A tests/browser/shared_browser.ts     prints ws://127.0.0.1:<port>/<id>
 */
import { chromium } from "playwright-core";
import { bundle, CHROMIUM, FLAGS } from "./harness.ts";

// The first `deno bundle` on an empty cache installs esbuild: done here, once, before the test files
// start bundling their host pages side by side.
await bundle("tests/browser/page/host.ts");
const server = await chromium.launchServer({ executablePath: CHROMIUM, args: [...FLAGS], host: "127.0.0.1" });
console.log(server.wsEndpoint());

const stop = async () => {
  await server.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
// The script that started it may die without a signal: once orphaned, this goes too.
const parent = Deno.ppid;
setInterval(() => Deno.ppid !== parent && stop(), 2_000);
