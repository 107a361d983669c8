// deno-lint-ignore-file no-console -- an opt-in test says why it is skipped
/**
 * Red team, local files: read_local_file through a real MCP client on a real temporary tree, with
 * the attacks the path table (tests/fs/paths_test.ts) does not hold: kernel pseudo-files whose
 * sizes lie, a trailing slash after a file's name, and a folder swapped for a symlink to outside the
 * root between the server's checks and its open (a real race, run by a second process).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connect, textOf } from "../helpers.ts";

async function tempDir(): Promise<string> {
  return await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-red-files-" }));
}

async function read(client: Awaited<ReturnType<typeof connect>>, path: string): Promise<string> {
  const result = await client.callTool({ name: "read_local_file", arguments: { path } });
  return `${result.isError ? "error" : "ok"}: ${textOf(result)}`;
}

const PSEUDO_HINT = "Pass the path of a regular file";

Deno.test("red files: kernel pseudo-files (/proc, /sys) are refused by name, never read in part", async () => {
  // Without a root (Node's default) these were readable: /proc reports size 0, so the reader took
  // one byte of /proc/self/environ ("S" of a variable), and all of /proc/self/status would come next.
  await using client = await connect({});
  const cases: [string, string][] = [
    ["/proc/self/environ", "/proc"],
    ["/proc/self/status", "/proc"],
    ["/proc/version", "/proc"],
    ["/sys/kernel/mm/transparent_hugepage/enabled", "/sys"],
  ];
  for (const [path, where] of cases) {
    try {
      await Deno.stat(path);
    } catch {
      continue; // not on this machine (macOS, a container without /sys)
    }
    assertEquals(
      await read(client, path),
      `error: Cannot read "${path}": this is a kernel pseudo-file (${where}), not a document\n${PSEUDO_HINT}`,
    );
  }
  // A symlink to one inside a root is refused the same way (it is outside the root as well).
  const root = await tempDir();
  await Deno.symlink("/proc/self/environ", `${root}/env`);
  await using rooted = await connect({ fsRoot: root } as never);
  assertEquals(
    await read(rooted, "env"),
    'error: Cannot read "env": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link\n' +
      "Pass a path inside the configured folder, or the content inline",
  );
});

Deno.test("red files: a trailing slash after a file's name is not that file", async () => {
  const root = await tempDir();
  await Deno.writeTextFile(`${root}/a.txt`, "alpha");
  await Deno.mkdir(`${root}/sub`);
  await Deno.writeTextFile(`${root}/sub/b.txt`, "beta");
  await using client = await connect({ fsRoot: root } as never);
  const NOT_FOUND = "no such file on the machine running this server\n" +
    "Check the path, or pass the content inline when the file lives on another machine";
  // The shell and open(2) both say "Not a directory" here; the server read the file.
  assertEquals(await read(client, "a.txt/"), `error: Cannot read "a.txt/": ${NOT_FOUND}`);
  assertEquals(await read(client, "a.txt/."), `error: Cannot read "a.txt/.": ${NOT_FOUND}`);
  assertEquals(await read(client, `${root}/a.txt/`), `error: Cannot read "${root}/a.txt/": ${NOT_FOUND}`);
  // A slash inside the path, or doubled, still names the file.
  assertEquals(await read(client, "sub//b.txt"), "ok: beta");
  assertEquals(await read(client, "./sub/./b.txt"), "ok: beta");
});

/** Lays out root/d (a folder, later swapped) and outside/file.txt; returns the base folder. */
async function raceTree(): Promise<string> {
  const base = await tempDir();
  const root = `${base}/root`;
  await Deno.mkdir(`${root}/d-real`, { recursive: true });
  await Deno.mkdir(`${base}/outside`);
  await Deno.writeTextFile(`${root}/d-real/file.txt`, "inside");
  await Deno.writeTextFile(`${base}/outside/file.txt`, "SECRET");
  await Deno.symlink(`${base}/outside`, `${root}/d-link`);
  await Deno.rename(`${root}/d-real`, `${root}/d`);
  return base;
}

/** Runs tests/red/race_child.ts with `permissions` while a second process flips root/d. */
async function race(base: string, permissions: string[]): Promise<Record<string, number>> {
  return await withFlipper(base, () => child(base, permissions));
}

/** Runs tests/red/race_child.ts with `permissions` (and its optional count and path). */
async function child(
  base: string,
  permissions: string[],
  ...args: string[]
): Promise<Record<string, number>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      ...permissions,
      new URL("./race_child.ts", import.meta.url).pathname,
      base,
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** Runs `body` while a second process flips root/d between the folder and a symlink out. */
async function withFlipper<T>(base: string, body: () => Promise<T>): Promise<T> {
  const root = `${base}/root`;
  const flipper = new Deno.Command("python3", {
    args: [
      "-c",
      `import os, time
os.chdir(${JSON.stringify(root)})
end = time.time() + 60
while time.time() < end and not os.path.exists("stop"):
    os.rename("d", "d-real"); os.rename("d-link", "d")
    os.rename("d", "d-link"); os.rename("d-real", "d")`,
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    return await body();
  } finally {
    await Deno.writeTextFile(`${root}/stop`, "");
    await flipper.status;
  }
}

/** Every outcome the race may have: the inside file, or a refusal; which occur depends on timing. */
const RACE_OUTCOMES = new Set([
  "ok: inside",
  'forbidden: Cannot read "d/file.txt": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link',
  'not_found: Cannot read "d/file.txt": no such file on the machine running this server',
  'forbidden: Cannot read "d/file.txt": the file was swapped while it was being opened',
]);

Deno.test("red files: under --allow-read=<root>, where /proc/self/fd is out of reach, reads still check the opened file", async () => {
  // The fallback `deno task start` runs: the path resolved again must lead to the very file opened.
  const base = await raceTree();
  const repo = new URL("../../", import.meta.url).pathname;
  const cache = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
  const confined = [`--allow-read=${base},${repo},${cache}`, "--allow-env"];
  assertDeep(await child(base, confined, "20"), { "ok: inside": 20 });
  assertDeep(await child(base, confined, "20", "d-link/file.txt"), {
    'forbidden: Cannot read "d-link/file.txt": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link':
      20,
  });
});

Deno.test("red files: a folder swapped for a symlink mid-read never leaks, by the kernel's own path of the file", async () => {
  // Before the fix, about one read in three during the flipping returned "SECRET".
  const outcomes = await race(await raceTree(), ["--allow-all"]);
  assertDeep(Object.keys(outcomes).filter((o) => !RACE_OUTCOMES.has(o)), []);
});

const SOAK = Deno.env.get("MCC_RED_RACE") !== undefined;
if (!SOAK) {
  console.error("red files: the race soak under --allow-read=<root> is opt-in (MCC_RED_RACE=1): skipped");
}

Deno.test({
  // Opt-in soak (MCC_RED_RACE=1): without openat(2) this path only narrows the race. Measured: no
  // leak in 3 x 4,000 flipped reads at 2 rounds (4 are used); before the fix about 1 read in 3 leaked.
  name: "red files: the same race under --allow-read=<root>, where /proc/self/fd is out of reach",
  ignore: !SOAK,
  fn: async () => {
    const base = await raceTree();
    const repo = new URL("../../", import.meta.url).pathname;
    const cache = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
    const outcomes = await race(base, [`--allow-read=${base},${repo},${cache}`, "--allow-env"]);
    assertDeep(Object.keys(outcomes).filter((o) => !RACE_OUTCOMES.has(o)), []);
  },
});

Deno.test("red files: an offset inside a surrogate pair starts at the whole character, never half of it", async () => {
  const root = await tempDir();
  await Deno.writeTextFile(`${root}/e.txt`, "😀😀end");
  await using client = await connect({ fsRoot: root } as never);
  const at = async (offset: number) => {
    const r = await client.callTool({ name: "read_local_file", arguments: { path: "e.txt", offset } });
    return [...(r.content as { text: string }[]).map((c) => c.text), r.structuredContent];
  };
  // Before the fix offset 1 returned "\udE00😀end": a lone low surrogate, which strict UTF-8 encoders
  // (Python's, Rust's) refuse to write, and which no reader can show.
  assertDeep(await at(1), [
    "😀😀end",
    'The whole of "e.txt": 7 characters, 1 lines.',
    { path: "e.txt", chars: 7, lines: 1, offset: 0, end: 7, hasMore: false },
  ]);
  assertDeep(await at(3), [
    "😀end",
    'Characters 2 to 7 of 7: the end of "e.txt".',
    { path: "e.txt", chars: 7, lines: 1, offset: 2, end: 7, hasMore: false },
  ]);
  assertDeep((await at(4))[0], "end");
});
