// deno-lint-ignore-file no-console -- the binary test says which proof ran
/**
 * The Deno targets: the stdio server under `deno run` with exactly the permission flags the
 * compiled binary bakes in (which also proves it reads none of its own files at run time), and
 * the binary itself whenever a `denort` runtime is available (DENORT_BIN).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { compileArgs, permissionFlags } from "../../scripts/compile.ts";
import { taskWords } from "../../scripts/read_permission.ts";
import { assertSameAsReference, smokeOver } from "./suite.ts";
import { denoRunArgs, ROOT_PATH, runCommand, stdioTransport } from "./targets.ts";

Deno.test("smoke: stdio under deno run with the binary's baked-in flags matches the reference", async () => {
  const transcript = await smokeOver(stdioTransport(Deno.execPath(), denoRunArgs()));
  await assertSameAsReference(transcript, "deno run (compile flags)");
});

Deno.test("smoke: `deno task start` runs exactly the compile task's flags", async () => {
  const denoJson = JSON.parse(await Deno.readTextFile(join(ROOT_PATH, "deno.json")));
  assertDeep(taskWords(denoJson.tasks.start as string), ["deno", ...denoRunArgs()]);
  assertDeep(taskWords(denoJson.tasks.start as string, "/data"), [
    "deno",
    "run",
    ...permissionFlags("/data"),
    "src/main.ts",
  ]);
});

Deno.test("smoke: the compile recipe bakes flags, target and the confined root", () => {
  assertDeep(compileArgs({ output: "dist/x", target: "aarch64-apple-darwin", fsRoot: "/data" }), [
    "compile",
    ...permissionFlags("/data"),
    "--output",
    "dist/x",
    "--target",
    "aarch64-apple-darwin",
    "src/main.ts",
    "--fs-root",
    "/data",
  ]);
  assertEquals(permissionFlags().some((f) => f.startsWith("--allow-read")), false);
  assertEquals(permissionFlags().includes("--allow-all"), false);
  assertEquals(permissionFlags("/data").includes("--allow-read=/data"), true);
});

Deno.test("smoke: a non-loopback bind without a token exits with one clear line, never listening", async () => {
  const { code, stdout, stderr } = await runCommand(
    Deno.execPath(),
    denoRunArgs(["--http", "--host", "0.0.0.0"]),
  );
  assertEquals(code, 2);
  assertEquals(stdout, "");
  assertEquals(
    stderr,
    `[mcp-chat-cards] Cannot start: --host "0.0.0.0" is not a loopback address: set MCP_CHAT_CARDS_HTTP_TOKEN (at least 16 characters) so clients must authenticate\n`,
  );
});

const denort = Deno.env.get("DENORT_BIN");
const haveRuntime = denort !== undefined && (await Deno.stat(denort).then(() => true, () => false));
console.error(
  haveRuntime
    ? `binary: DENORT_BIN=${denort}: compiling the binary and running the smoke suite on it`
    : "binary: no denort runtime here (DENORT_BIN unset or missing), so the binary is not built; " +
      "its recipe is proven by the smoke test under deno run with the same baked-in flags",
);

Deno.test({
  name: "smoke: without a runtime, deno compile accepts the recipe and stops only at the missing denort",
  ignore: haveRuntime,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcc-compile-" });
    try {
      // A DENORT_BIN that does not exist: compile checks flags and module graph, then fails
      // offline where it would read the runtime (it never reaches for the network).
      const missing = join(dir, "no-denort");
      const { code, stderr } = await runCommand(Deno.execPath(), compileArgs({ output: join(dir, "bin") }), {
        env: { DENORT_BIN: missing, NO_COLOR: "1" },
      });
      assertEquals(code, 1);
      assertEquals(stderr.includes("Compile src/main.ts"), true, stderr);
      assertEquals(stderr.includes(`Could not find denort at '${missing}'`), true, stderr);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "smoke: the compiled binary matches the reference",
  ignore: !haveRuntime,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "mcc-binary-" });
    try {
      const output = join(dir, Deno.build.os === "windows" ? "mcp-chat-cards.exe" : "mcp-chat-cards");
      const built = await runCommand(Deno.execPath(), compileArgs({ output }));
      assertEquals(built.code, 0, built.stderr);
      const transcript = await smokeOver(stdioTransport(output, [], { cwd: dir }));
      await assertSameAsReference(transcript, "compiled binary");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
