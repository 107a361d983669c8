/**
 * The command line a first user types, under `deno run` with the binary's flags: --help and
 * --version answer on stdout and exit 0, a bad setting exits 2 with one line naming it, and none
 * of them starts a server.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { helpText } from "../../src/config.ts";
import { VERSION } from "../../src/version.ts";
import { compileFailure, ENTRY, permissionFlags } from "../../scripts/compile.ts";
import { denoRunArgs, runCommand } from "./targets.ts";

const run = (args: string[], env: Record<string, string> = {}) =>
  runCommand(Deno.execPath(), denoRunArgs(args), { env });

Deno.test("cli: --help and -h print the settings on stdout, unprefixed, and exit 0", async () => {
  for (const flag of ["--help", "-h"]) {
    const { code, stdout, stderr } = await run([flag]);
    assertEquals(stderr, "");
    assertEquals(stdout, helpText() + "\n");
    assertEquals(code, 0, flag);
  }
  assertEquals(helpText().split("\n")[2], "Usage: mcp-chat-cards [--http [--port N] [--host H]] [options]");
});

Deno.test("cli: --version prints the name and version on stdout and exits 0", async () => {
  const { code, stdout, stderr } = await run(["--version"]);
  assertDeep([code, stdout, stderr], [0, `mcp-chat-cards ${VERSION}\n`, ""]);
});

Deno.test("cli: a bad flag or variable exits 2 with one line naming it", async () => {
  const flag = await run(["--card-budget", "abc"]);
  assertDeep(
    [flag.code, flag.stdout, flag.stderr],
    [
      2,
      "",
      '[mcp-chat-cards] Cannot start: --card-budget must be a whole number from 2000 to 2000000, got "abc"\n',
    ],
  );
  const variable = await run([], { MCP_CHAT_CARDS_HTTP_MAX_BODY: "12" });
  assertDeep(
    [variable.code, variable.stdout, variable.stderr],
    [
      2,
      "",
      '[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_HTTP_MAX_BODY must be a whole number from 1024 to 67108864, got "12"\n',
    ],
  );
  const unknown = await run(["--verbose"]);
  assertDeep(
    [unknown.code, unknown.stderr],
    [2, '[mcp-chat-cards] Cannot start: Unknown flag "--verbose": run with --help for the list\n'],
  );
});

Deno.test("cli: a read root that is missing or not a folder exits 2 naming the setting; stdio and --http alike", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcc-root-" });
  try {
    const missing = `${dir}/Documents`;
    const file = `${dir}/notes.txt`;
    await Deno.writeTextFile(file, "x");
    const start = (root: string, args: string[] = []) =>
      runCommand(Deno.execPath(), ["run", ...permissionFlags(root), ENTRY, ...args], {
        env: { MCP_CHAT_CARDS_FS_ROOT: root },
      });
    for (const args of [[], ["--http", "--port", "0"]]) {
      const gone = await start(missing, args);
      assertDeep(
        [gone.code, gone.stderr],
        [
          2,
          `[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_FS_ROOT (--fs-root) "${missing}" does not exist: create the folder or name another\n`,
        ],
      );
    }
    const notDir = await start(file);
    assertDeep(
      [notDir.code, notDir.stderr],
      [2, `[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_FS_ROOT (--fs-root) "${file}" is not a folder\n`],
    );
    // A real folder starts (stdin is closed at once, so the stdio server ends cleanly).
    const ok = await start(dir);
    assertDeep([ok.code, ok.stderr], [0, ""]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** `script` (util-linux) gives the child a real terminal, as a person running the start command has. */
const hasScript = await runCommand("script", ["--version"]).then((r) => r.code === 0, () => false);

Deno.test({
  name: "cli: started by hand in a terminal, the stdio server says what it is waiting for",
  ignore: !hasScript,
  fn: async () => {
    const line = [Deno.execPath(), ...denoRunArgs()].map((w) => `'${w}'`).join(" ");
    // The terminal's input ends at once (stdin is /dev/null), so the server stops after its hint.
    // --foreground keeps the server in the terminal's foreground group: in a group of its own, its read
    // of the terminal would stop it (SIGTTIN), where no timeout can end it.
    const { stdout } = await runCommand("script", [
      "-qec",
      `timeout --foreground 10 ${line} </dev/tty`,
      "/dev/null",
    ]);
    assertEquals(
      stdout.replaceAll("\r", ""),
      "[mcp-chat-cards] Serving MCP on stdio: an MCP client (Claude Desktop, VS Code, Goose) starts this command itself; --http serves HTTP, --help lists the settings, Ctrl+C stops\n",
    );
  },
});

Deno.test("cli: started by a client (stdin not a terminal), the stdio server writes nothing to stderr", async () => {
  const { code, stderr } = await run([]);
  assertDeep([code, stderr], [0, ""]);
});

Deno.test("cli: a failed deno task compile names DENORT_BIN when it had to download the runtime", () => {
  assertEquals(
    compileFailure(undefined, 1, undefined),
    "deno compile for this platform failed with exit code 1. If it could not download denort (offline, or a proxy), set DENORT_BIN to a denort binary of the same Deno version and target",
  );
  assertEquals(
    compileFailure("aarch64-apple-darwin", 1, "/opt/denort"),
    "deno compile for aarch64-apple-darwin failed with exit code 1",
  );
});
