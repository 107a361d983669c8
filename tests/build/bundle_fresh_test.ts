/**
 * The suite must pass on a fresh machine, where the first `deno bundle` also installs esbuild
 * into an empty cache (two concurrent first bundles once raced there and one failed). This runs
 * the UI build's one bundle on an empty DENO_DIR and checks it reproduces the committed
 * src/ui/assets.gen.ts byte for byte. It downloads esbuild from npm, so it is slow (seconds).
 */
import { strictEqual as assertEquals } from "node:assert/strict";

const root = new URL("../../", import.meta.url);

Deno.test({
  name: "the UI bundles on an empty DENO_DIR and matches the committed assets",
  sanitizeResources: false,
}, async () => {
  const denoDir = await Deno.makeTempDir({ prefix: "mcc-fresh-deno-dir-" });
  try {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-env", "--allow-run", "scripts/build_ui.ts", "--check"],
      cwd: root,
      env: { ...Deno.env.toObject(), DENO_DIR: denoDir },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(stderr);
    assertEquals(code, 0, out.slice(-3000));
    assertEquals(out.includes("src/ui/assets.gen.ts is up to date"), true, out.slice(-3000));
  } finally {
    await Deno.remove(denoDir, { recursive: true }).catch(() => {});
  }
});
