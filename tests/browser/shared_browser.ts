// deno-lint-ignore-file no-console -- prints the endpoint for the script that started it
/**
 * One Chromium for every browser test file of a run: `.ci/run` starts this, reads the endpoint it
 * prints, and exports it as MCC_BROWSER_WS; each file's harness (harness.ts) then connects to that
 * browser with a context of its own instead of starting a browser of its own (a second or two of
 * start-up and a few hundred MB each, times 23 files, several at once under `--parallel`). Runs
 * until SIGTERM or SIGINT, or until the process that started it is gone.
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
