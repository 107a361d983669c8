/**
 * The path rules as a table: every case is a path the model might send, and the exact outcome
 * (the text read, or the refusal's code, message and hint). Real files in a temporary tree:
 * symlinks in and out of the root, a FIFO, a socket, a device, size limits and encodings.
 * The pure rules also run under the other OS's grammar (win32 on this POSIX machine).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { ToolError } from "../../src/errors.ts";
import { checkPath, isInside } from "../../src/fs/paths.ts";
import { readLocalText } from "../../src/fs/read.ts";

const LIMIT = 1_024;

async function tree() {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-paths-" }));
  const root = `${base}/root`;
  const outside = `${base}/outside`;
  await Deno.mkdir(`${root}/sub/deep`, { recursive: true });
  await Deno.mkdir(outside);
  const write = (p: string, data: string | Uint8Array) =>
    typeof data === "string" ? Deno.writeTextFile(p, data) : Deno.writeFile(p, data);
  await write(`${root}/a.txt`, "alpha\n");
  await write(`${root}/sub/b.md`, "# B\n");
  await write(`${root}/sub/deep/c.txt`, "deep");
  await write(`${root}/with space.txt`, "spaced");
  await write(`${root}/ünïcode.txt`, "unicode name");
  await write(`${root}/%2e%2e`, "a literal name, never decoded");
  await write(`${root}/..dots.txt`, "dots in a name");
  await write(`${root}/empty.txt`, "");
  await write(`${root}/exact.txt`, "x".repeat(LIMIT));
  await write(`${root}/big.txt`, "x".repeat(LIMIT + 1));
  await write(`${root}/nul.bin`, new Uint8Array([0x68, 0x69, 0x00, 0x21]));
  await write(
    `${root}/controls.bin`,
    new Uint8Array(Array.from({ length: 40 }, (_, i) => (i % 2 ? 0x41 : 0x01))),
  );
  await write(`${root}/latin1.txt`, new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  await write(`${root}/truncated-utf8.txt`, new Uint8Array([0x6f, 0x6b, 0xe2, 0x82]));
  await write(`${root}/utf16le.txt`, new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]));
  await write(`${root}/utf16be.txt`, new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0x69]));
  await write(`${root}/utf32.txt`, new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x68, 0, 0, 0]));
  await write(`${root}/bom.txt`, new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]));
  await write(`${root}/crlf.txt`, "a\r\nb\r\n");
  await write(`${root}/emoji.txt`, "🚀 &amp; <b>");
  await write(`${outside}/secret.txt`, "secret");
  await write(`${base}/rootsibling.txt`, "sibling");
  await Deno.mkdir(`${base}/root-evil`);
  await write(`${base}/root-evil/x.txt`, "prefix trick");
  await Deno.symlink(`${root}/a.txt`, `${root}/link-in`);
  await Deno.symlink("sub/b.md", `${root}/link-in-relative`);
  await Deno.symlink(`${outside}/secret.txt`, `${root}/link-out`);
  await Deno.symlink(outside, `${root}/dir-link-out`);
  await Deno.symlink(`${root}/sub`, `${root}/dir-link-in`);
  await Deno.symlink(`${root}/missing.txt`, `${root}/dangling`);
  await Deno.symlink(`${root}/loop-b`, `${root}/loop-a`);
  await Deno.symlink(`${root}/loop-a`, `${root}/loop-b`);
  await Deno.symlink("/dev/null", `${root}/devnull`);
  await new Deno.Command("mkfifo", { args: [`${root}/fifo`] }).output();
  const socket = Deno.listen({ transport: "unix", path: `${root}/sock` });
  return { base, root, outside, socket };
}

/** The outcome of one read as one string: `ok: <text>` or `<code>: <message> | <hint>`. */
async function outcome(path: string, options: { root?: string }): Promise<string> {
  try {
    return `ok: ${await readLocalText(path, { ...options, maxBytes: LIMIT })}`;
  } catch (error) {
    if (error instanceof ToolError) return `${error.code}: ${error.message} | ${error.hint}`;
    throw error;
  }
}

const INLINE =
  "Paths resolve on the machine running this server; pass the content inline instead (markdown, or files for a code tour)";
const OUTSIDE = "Pass a path inside the configured folder, or the content inline";
const NOT_FOUND =
  "no such file on the machine running this server | Check the path, or pass the content inline when the file lives on another machine";
const CONVERT = "Convert the file to UTF-8, or pass the content inline";

Deno.test("path rules: a table of reads with and without a root", async () => {
  const { base, root, outside, socket } = await tree();
  try {
    const R = { root };
    const N = {};
    // [case, path, options, expected outcome]
    const cases: [string, string, { root?: string }, string][] = [
      // Plain reads
      ["absolute path inside the root", `${root}/a.txt`, R, "ok: alpha\n"],
      ["relative path resolves against the root", "a.txt", R, "ok: alpha\n"],
      ["relative path into a subfolder", "sub/b.md", R, "ok: # B\n"],
      ["dot segments that stay inside", "sub/./deep/../b.md", R, "ok: # B\n"],
      ["three levels deep", "sub/deep/c.txt", R, "ok: deep"],
      ["absolute path without a root", `${root}/a.txt`, N, "ok: alpha\n"],
      ["absolute path outside any root when none is set", `${outside}/secret.txt`, N, "ok: secret"],
      ["a name with spaces", "with space.txt", R, "ok: spaced"],
      ["a Unicode name", "ünïcode.txt", R, "ok: unicode name"],
      ["percent-encoding is never decoded", "%2e%2e", R, "ok: a literal name, never decoded"],
      ["two dots inside a name are not traversal", "..dots.txt", R, "ok: dots in a name"],
      ["an empty file", "empty.txt", R, "ok: "],
      ["exactly at the size limit", "exact.txt", R, `ok: ${"x".repeat(LIMIT)}`],
      ["a UTF-8 BOM is dropped", "bom.txt", R, "ok: hi"],
      ["CRLF line endings are kept", "crlf.txt", R, "ok: a\r\nb\r\n"],
      ["entities and tags are read as text", "emoji.txt", R, "ok: 🚀 &amp; <b>"],
      [
        "the root itself with a trailing slash inside",
        "sub/",
        R,
        `invalid_input: Cannot read "sub/": this is a directory, not a file | Pass the path of one file (zip a folder for a code tour)`,
      ],
      // Traversal
      [
        "parent traversal",
        "../outside/secret.txt",
        R,
        `forbidden: Cannot read "../outside/secret.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "traversal hidden in the middle",
        "sub/../../outside/secret.txt",
        R,
        `forbidden: Cannot read "sub/../../outside/secret.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "absolute path outside the root",
        `${outside}/secret.txt`,
        R,
        `forbidden: Cannot read "${outside}/secret.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "a sibling that shares the root's prefix",
        `${base}/root-evil/x.txt`,
        R,
        `forbidden: Cannot read "${base}/root-evil/x.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "the root's parent",
        "..",
        R,
        `forbidden: Cannot read "..": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "a file beside the root",
        "../rootsibling.txt",
        R,
        `forbidden: Cannot read "../rootsibling.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "/etc/passwd",
        "/etc/passwd",
        R,
        `forbidden: Cannot read "/etc/passwd": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "many dots",
        "../../../../../../../../etc/passwd",
        R,
        `forbidden: Cannot read "../../../../../../../../etc/passwd": the path is outside MCP_CHAT_CARDS_FS_ROOT | ${OUTSIDE}`,
      ],
      [
        "backslash is a name character on POSIX",
        "..\\outside\\secret.txt",
        R,
        `not_found: Cannot read "..\\outside\\secret.txt": ${NOT_FOUND}`,
      ],
      [
        "encoded traversal stays a literal name",
        "%2e%2e%2foutside%2fsecret.txt",
        R,
        `not_found: Cannot read "%2e%2e%2foutside%2fsecret.txt": ${NOT_FOUND}`,
      ],
      [
        "fullwidth dots are names, not traversal",
        "．．/outside/secret.txt",
        R,
        `not_found: Cannot read "．．/outside/secret.txt": ${NOT_FOUND}`,
      ],
      [
        "overlong UTF-8 dots are not decoded",
        "\u00c0\u00ae\u00c0\u00ae/secret.txt",
        R,
        `not_found: Cannot read "\u00c0\u00ae\u00c0\u00ae/secret.txt": ${NOT_FOUND}`,
      ],
      // Symlinks
      ["a symlink inside the root to a file inside", "link-in", R, "ok: alpha\n"],
      ["a relative symlink inside the root", "link-in-relative", R, "ok: # B\n"],
      ["a folder symlink inside the root", "dir-link-in/b.md", R, "ok: # B\n"],
      [
        "a symlink inside the root to a file outside",
        "link-out",
        R,
        `forbidden: Cannot read "link-out": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link | ${OUTSIDE}`,
      ],
      [
        "a folder symlink pointing outside",
        "dir-link-out/secret.txt",
        R,
        `forbidden: Cannot read "dir-link-out/secret.txt": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link | ${OUTSIDE}`,
      ],
      [
        "a symlink to a device outside the root",
        "devnull",
        R,
        `forbidden: Cannot read "devnull": the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link | ${OUTSIDE}`,
      ],
      ["a dangling symlink", "dangling", R, `not_found: Cannot read "dangling": ${NOT_FOUND}`],
      [
        "a symlink loop",
        "loop-a",
        R,
        `invalid_input: Cannot read "loop-a": too many levels of symbolic links | Pass the file's real path`,
      ],
      ["symlink out is fine without a root", `${root}/link-out`, N, "ok: secret"],
      // Special files
      [
        "a FIFO is refused without blocking",
        "fifo",
        R,
        `invalid_input: Cannot read "fifo": this is a named pipe (FIFO), not a regular file | Pass the path of a regular file`,
      ],
      [
        "a socket",
        "sock",
        R,
        `invalid_input: Cannot read "sock": this is a socket, not a regular file | Pass the path of a regular file`,
      ],
      [
        "a character device",
        "/dev/null",
        N,
        `invalid_input: Cannot read "/dev/null": this is a character device, not a regular file | Pass the path of a regular file`,
      ],
      [
        "a directory",
        root,
        N,
        `invalid_input: Cannot read "${root}": this is a directory, not a file | Pass the path of one file (zip a folder for a code tour)`,
      ],
      [
        "the root itself",
        ".",
        R,
        `invalid_input: Cannot read ".": this is a directory, not a file | Pass the path of one file (zip a folder for a code tour)`,
      ],
      ["a missing file", "missing.txt", R, `not_found: Cannot read "missing.txt": ${NOT_FOUND}`],
      ["a file used as a folder", "a.txt/x", R, `not_found: Cannot read "a.txt/x": ${NOT_FOUND}`],
      // Sizes and content
      [
        "one byte over the limit",
        "big.txt",
        R,
        `too_large: Cannot read "big.txt": the file has ${
          LIMIT + 1
        } bytes, the limit is ${LIMIT} | Pass a smaller file, or the part that matters inline`,
      ],
      [
        "a NUL byte means binary",
        "nul.bin",
        R,
        `unsupported: Cannot read "nul.bin": the file is binary, not text | Only text files can be read; pass a text file`,
      ],
      [
        "mostly control characters means binary",
        "controls.bin",
        R,
        `unsupported: Cannot read "controls.bin": the file is binary, not text | Only text files can be read; pass a text file`,
      ],
      [
        "Latin-1 text",
        "latin1.txt",
        R,
        `unsupported: Cannot read "latin1.txt": the file is not valid UTF-8 (first bad byte at offset 3); only UTF-8 is read | ${CONVERT}`,
      ],
      [
        "UTF-8 cut in the middle of a character",
        "truncated-utf8.txt",
        R,
        `unsupported: Cannot read "truncated-utf8.txt": the file is not valid UTF-8 (first bad byte at offset 2); only UTF-8 is read | ${CONVERT}`,
      ],
      [
        "UTF-16 little-endian",
        "utf16le.txt",
        R,
        `unsupported: Cannot read "utf16le.txt": the file is UTF-16 (LE) text; only UTF-8 is read | ${CONVERT}`,
      ],
      [
        "UTF-16 big-endian",
        "utf16be.txt",
        R,
        `unsupported: Cannot read "utf16be.txt": the file is UTF-16 (BE) text; only UTF-8 is read | ${CONVERT}`,
      ],
      [
        "UTF-32",
        "utf32.txt",
        R,
        `unsupported: Cannot read "utf32.txt": the file is UTF-32 text; only UTF-8 is read | ${CONVERT}`,
      ],
      // Shapes of the path text
      [
        "an empty path",
        "",
        R,
        `invalid_input: Cannot read "": the path is empty | Pass the absolute path of a file`,
      ],
      [
        "only spaces",
        "   ",
        R,
        `invalid_input: Cannot read "   ": the path is empty | Pass the absolute path of a file`,
      ],
      [
        "surrounding whitespace",
        " a.txt",
        R,
        `invalid_input: Cannot read " a.txt": the path starts or ends with whitespace | Pass the path without surrounding spaces`,
      ],
      [
        "a NUL character",
        "a.txt\0.md",
        R,
        `invalid_input: Cannot read "a.txt\\0.md": the path contains a NUL character | Pass the path without control characters`,
      ],
      [
        "a path over 4096 characters",
        "a/".repeat(2_049),
        R,
        `invalid_input: Cannot read "${
          "a/".repeat(100).slice(0, 199)
        }…": the path has 4098 characters, the limit is 4096 | Pass a shorter path`,
      ],
      [
        "a file URL",
        `file://${root}/a.txt`,
        R,
        `invalid_input: Cannot read "file://${root}/a.txt": this is a URL, not a file path | Pass a plain file path; fetch web pages with fetch_reference`,
      ],
      [
        "an https URL",
        "https://example.com/a.md",
        N,
        `invalid_input: Cannot read "https://example.com/a.md": this is a URL, not a file path | Pass a plain file path; fetch web pages with fetch_reference`,
      ],
      [
        "an unexpanded ~/",
        "~/notes.md",
        R,
        `invalid_input: Cannot read "~/notes.md": "~" is not expanded here: the server does not know whose home directory is meant | ${INLINE}`,
      ],
      [
        "a bare ~",
        "~",
        N,
        `invalid_input: Cannot read "~": "~" is not expanded here: the server does not know whose home directory is meant | ${INLINE}`,
      ],
      [
        "~user/",
        "~jane/notes.md",
        N,
        `invalid_input: Cannot read "~jane/notes.md": "~" is not expanded here: the server does not know whose home directory is meant | ${INLINE}`,
      ],
      [
        "a tilde inside a name is fine",
        "sub/~backup",
        R,
        `not_found: Cannot read "sub/~backup": ${NOT_FOUND}`,
      ],
      [
        "$HOME",
        "$HOME/notes.md",
        N,
        `invalid_input: Cannot read "$HOME/notes.md": environment variables are not expanded here | ${INLINE}`,
      ],
      [
        "${HOME}",
        "${HOME}/notes.md",
        N,
        `invalid_input: Cannot read "\${HOME}/notes.md": environment variables are not expanded here | ${INLINE}`,
      ],
      [
        "%USERPROFILE%",
        "%USERPROFILE%\\notes.md",
        N,
        `invalid_input: Cannot read "%USERPROFILE%\\notes.md": environment variables are not expanded here | ${INLINE}`,
      ],
      [
        "a Windows drive path on POSIX",
        "C:\\Users\\jane\\GUIDE.md",
        N,
        `invalid_input: Cannot read "C:\\Users\\jane\\GUIDE.md": this is a Windows path, but this server runs on a POSIX system (Linux or macOS) | ${INLINE}`,
      ],
      [
        "a Windows path with forward slashes",
        "C:/Users/jane/Downloads/GUIDE.md",
        R,
        `invalid_input: Cannot read "C:/Users/jane/Downloads/GUIDE.md": this is a Windows path, but this server runs on a POSIX system (Linux or macOS) | ${INLINE}`,
      ],
      [
        "a lowercase drive",
        "d:\\x.md",
        N,
        `invalid_input: Cannot read "d:\\x.md": this is a Windows path, but this server runs on a POSIX system (Linux or macOS) | ${INLINE}`,
      ],
      [
        "a UNC path",
        "\\\\server\\share\\x.md",
        N,
        `invalid_input: Cannot read "\\\\server\\share\\x.md": this is a Windows path, but this server runs on a POSIX system (Linux or macOS) | ${INLINE}`,
      ],
      [
        "a \\\\?\\ long path",
        "\\\\?\\C:\\x.md",
        N,
        `invalid_input: Cannot read "\\\\?\\C:\\x.md": this is a Windows path, but this server runs on a POSIX system (Linux or macOS) | ${INLINE}`,
      ],
      [
        "a relative path without a root",
        "a.txt",
        N,
        `invalid_input: Cannot read "a.txt": the path is relative and MCP_CHAT_CARDS_FS_ROOT is not set | Pass an absolute path, or pass the content inline`,
      ],
    ];
    const failures: string[] = [];
    for (const [name, path, options, expected] of cases) {
      const got = await outcome(path, options);
      if (got !== expected) failures.push(`${name}\n  expected: ${expected}\n  got:      ${got}`);
    }
    assertEquals(failures.join("\n"), "");
    assertEquals(cases.length >= 60, true, `${cases.length} cases`);
  } finally {
    socket.close();
    await Deno.remove(base, { recursive: true });
  }
});

/** The refusal for a path judged under the win32 grammar, or the resolved path. */
function win(path: string, root?: string): string {
  try {
    return checkPath(path, { root, flavor: "win32" }).resolved;
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
}

Deno.test("path rules under Windows: POSIX paths, drives, UNC and case", () => {
  const cases: [string, string | undefined, string][] = [
    [
      "/home/demo-user/project.zip",
      undefined,
      `Cannot read "/home/demo-user/project.zip": this is a POSIX path, but this server runs on Windows`,
    ],
    [
      "/tmp/x.md",
      "C:\\work",
      `Cannot read "/tmp/x.md": this is a POSIX path, but this server runs on Windows`,
    ],
    [
      "~/x.md",
      undefined,
      `Cannot read "~/x.md": "~" is not expanded here: the server does not know whose home directory is meant`,
    ],
    [
      "C:x.md",
      undefined,
      `Cannot read "C:x.md": a drive-relative Windows path depends on that drive's current folder`,
    ],
    ["C:\\Users\\jane\\GUIDE.md", undefined, "C:\\Users\\jane\\GUIDE.md"],
    ["C:/Users/jane/GUIDE.md", undefined, "C:\\Users\\jane\\GUIDE.md"],
    ["\\\\server\\share\\x.md", undefined, "\\\\server\\share\\x.md"],
    ["notes\\a.md", "C:\\work", "C:\\work\\notes\\a.md"],
    [
      "..\\secret.txt",
      "C:\\work",
      `Cannot read "..\\secret.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT`,
    ],
    [
      "D:\\work\\a.md",
      "C:\\work",
      `Cannot read "D:\\work\\a.md": the path is outside MCP_CHAT_CARDS_FS_ROOT`,
    ],
    ["c:\\WORK\\a.md", "C:\\work", "c:\\WORK\\a.md"],
    [
      "C:\\work-evil\\a.md",
      "C:\\work",
      `Cannot read "C:\\work-evil\\a.md": the path is outside MCP_CHAT_CARDS_FS_ROOT`,
    ],
    [
      "notes.md",
      undefined,
      `Cannot read "notes.md": the path is relative and MCP_CHAT_CARDS_FS_ROOT is not set`,
    ],
  ];
  assertDeep(cases.map(([p, r]) => win(p, r)), cases.map((c) => c[2]));
});

Deno.test("isInside compares whole segments", () => {
  assertEquals(isInside("/a/b", "/a"), true);
  assertEquals(isInside("/a", "/a"), true);
  assertEquals(isInside("/ab", "/a"), false);
  assertEquals(isInside("/a/../b", "/a"), false);
  assertEquals(isInside("/a/..b", "/a"), true);
});

Deno.test("a root reached through a symlink: paths under either spelling are inside", async () => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-rootlink-" }));
  try {
    await Deno.mkdir(`${base}/real`);
    await Deno.writeTextFile(`${base}/real/a.txt`, "via the real path");
    await Deno.symlink(`${base}/real`, `${base}/link`);
    const root = `${base}/link`;
    const read = (path: string) => readLocalText(path, { root, maxBytes: LIMIT });
    assertEquals(await read(`${base}/link/a.txt`), "via the real path");
    assertEquals(await read(`${base}/real/a.txt`), "via the real path");
    assertEquals(await read("a.txt"), "via the real path");
    const refused = await read(`${base}/elsewhere.txt`).catch((e: ToolError) => e.message);
    assertEquals(refused, `Cannot read "${base}/elsewhere.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT`);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("a refused path is quoted whole up to 200 characters, cut to 199 and an ellipsis from 201", () => {
  const refusal = (path: string) => {
    try {
      checkPath(path, { flavor: "posix" });
    } catch (error) {
      return (error as ToolError).message;
    }
    return "accepted";
  };
  const relative = (n: number) => "a".repeat(n);
  assertEquals(
    refusal(relative(200)),
    `Cannot read "${relative(200)}": the path is relative and MCP_CHAT_CARDS_FS_ROOT is not set`,
  );
  assertEquals(
    refusal(relative(201)),
    `Cannot read "${relative(199)}…": the path is relative and MCP_CHAT_CARDS_FS_ROOT is not set`,
  );
});

Deno.test("a URL and a drive-relative path are recognised only at the start of the path", () => {
  // `scheme://` in the middle is a strange folder name, not a URL; `x:` in the middle of a
  // Windows path is an alternate data stream's colon, not a drive.
  assertEquals(checkPath("/srv/notes/web://b.md", { flavor: "posix" }).resolved, "/srv/notes/web:/b.md");
  assertEquals(win("C:\\data\\notes:txt"), "C:\\data\\notes:txt");
  // A doubled slash inside a Windows path is not the `//host` start of a POSIX-looking path.
  assertEquals(win("C:\\data//notes.md"), "C:\\data\\notes.md");
  assertEquals(win("//server").includes("this is a POSIX path"), true);
  assertEquals(win("http://example.com/x.md").includes("this is a URL, not a file path"), true);
});

/** The first block device in /dev this process can see (loop devices on Linux), if any. */
function blockDevice(): string | undefined {
  try {
    for (const entry of Deno.readDirSync("/dev")) {
      const path = `/dev/${entry.name}`;
      try {
        if (Deno.lstatSync(path).isBlockDevice) return path;
      } catch {
        // raced away or unreadable: try the next
      }
    }
  } catch {
    return undefined;
  }
}

const BLOCK_DEVICE = Deno.build.os === "windows" ? undefined : blockDevice();

Deno.test({
  name: "a block device is refused by name, not as some other kind of file",
  ignore: BLOCK_DEVICE === undefined,
}, async () => {
  assertEquals(
    await outcome(BLOCK_DEVICE!, {}),
    `invalid_input: Cannot read "${BLOCK_DEVICE}": this is a block device, not a regular file | Pass the path of a regular file`,
  );
});

Deno.test("a file's refusal quotes its path whole up to 200 characters, cut to 199 and an ellipsis from 201", async () => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-longname-" }));
  try {
    const name = (n: number) => "b".repeat(n - 4) + ".bin";
    for (const n of [200, 201]) await Deno.writeFile(`${base}/${name(n)}`, new Uint8Array([0, 1, 2]));
    const BINARY = "the file is binary, not text | Only text files can be read; pass a text file";
    assertEquals(
      await outcome(name(200), { root: base }),
      `unsupported: Cannot read "${name(200)}": ${BINARY}`,
    );
    assertEquals(
      await outcome(name(201), { root: base }),
      `unsupported: Cannot read "${name(201).slice(0, 199)}…": ${BINARY}`,
    );
    // A missing file's refusal comes from the read itself, before any text is decoded.
    const missing = "m".repeat(201);
    assertEquals(
      await outcome(missing, { root: base }),
      `not_found: Cannot read "${missing.slice(0, 199)}…": ${NOT_FOUND}`,
    );
    assertEquals(
      await outcome(missing.slice(1), { root: base }),
      `not_found: Cannot read "${missing.slice(1)}": ${NOT_FOUND}`,
    );
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("on POSIX a backslash is part of a name: a file named with a trailing backslash is read, not taken for a folder", async () => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-backslash-" }));
  try {
    await Deno.writeTextFile(`${base}/notes\\`, "backslash");
    await Deno.writeTextFile(`${base}/notes.`, "dot");
    assertEquals(await outcome("notes\\", { root: base }), "ok: backslash");
    assertEquals(await outcome("notes.", { root: base }), "ok: dot");
    assertEquals(await outcome("notes./", { root: base }), `not_found: Cannot read "notes./": ${NOT_FOUND}`);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});
