/**
 * The only code that reads local files. Every read goes through the path rules, then the same
 * confinement on the real path (a symlink inside the root may point anywhere), then a check that
 * the opened handle is a regular file of bounded size. Deno's `--allow-read` is the second fence;
 * its `NotCapable` denial becomes the same clean refusal.
 */
import { constants } from "node:fs";
import { open, readlink, realpath, stat } from "node:fs/promises";
import { ToolError } from "../errors.ts";
import { checkPath, HOST_FLAVOR, isInside, type PathFlavor } from "./paths.ts";
import { decodeText, describeNotText } from "./text.ts";

/** Where and how much a read may take. */
export interface ReadOptions {
  /** Confine reads to this absolute directory (MCP_CHAT_CARDS_FS_ROOT). */
  root?: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Path grammar; the host's by default (tests pass the other one). */
  flavor?: PathFlavor;
}

/** Largest text file `read_local_file` and `create_markdown_card(path)` accept. */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;

/** Largest archive `unpack_archive` and `create_code_tour_card(archivePath)` open. */
export const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;

/**
 * Why the configured read root cannot serve, checked once at start-up: missing or not a folder.
 * A root the runtime may not look at (Deno without --allow-read for it) passes here: each read then
 * says that the server was started without read access.
 */
export async function rootProblem(root: string): Promise<string | undefined> {
  try {
    return (await stat(root)).isDirectory() ? undefined : "is not a folder";
  } catch (error) {
    const code = (error as { code?: string })?.code;
    return code === "ENOENT" || code === "ENOTDIR"
      ? "does not exist: create the folder or name another"
      : undefined;
  }
}

const OUTSIDE_HINT = "Pass a path inside the configured folder, or the content inline";

function refusal(
  code: ConstructorParameters<typeof ToolError>[0],
  path: string,
  problem: string,
  hint: string,
  cause?: unknown,
) {
  return new ToolError(code, `Cannot read "${path}": ${problem}`, hint, { cause });
}

/** Turns a file-system error into a refusal that shows no path the caller did not send. */
function fsRefusal(error: unknown, path: string, root: string | undefined): ToolError {
  const e = error as { name?: string; code?: string };
  if (e?.name === "NotCapable" || e?.name === "PermissionDenied") {
    // The code's own confinement already passed, so a denial means the runtime was not granted
    // the folder: say which grant is missing rather than blame the path.
    return refusal(
      "forbidden",
      path,
      "this server was started without read access to that folder",
      root === undefined
        ? "Set MCP_CHAT_CARDS_FS_ROOT to the folder where the server is configured (under deno run, grant the same folder with --allow-read; see the README), or pass the content inline"
        : "Grant the MCP_CHAT_CARDS_FS_ROOT folder to Deno with --allow-read (deno task start does so from the variable, not from --fs-root; see the README), or pass the content inline",
      error,
    );
  }
  switch (e?.code) {
    case "ENOENT":
    case "ENOTDIR":
      return refusal(
        "not_found",
        path,
        "no such file on the machine running this server",
        "Check the path, or pass the content inline when the file lives on another machine",
        error,
      );
    case "EACCES":
    case "EPERM":
      return refusal(
        "forbidden",
        path,
        "permission denied",
        "Pass a file this server's user may read",
        error,
      );
    case "ELOOP":
      return refusal(
        "invalid_input",
        path,
        "too many levels of symbolic links",
        "Pass the file's real path",
        error,
      );
    case "ENAMETOOLONG":
      return refusal(
        "invalid_input",
        path,
        "the path is too long for this system",
        "Pass a shorter path",
        error,
      );
  }
  return refusal(
    "internal",
    path,
    `the file could not be read (${e?.code ?? e?.name ?? "error"})`,
    "Try again, or pass the content inline",
    error,
  );
}

function describeType(
  st: {
    isDirectory(): boolean;
    isFIFO(): boolean;
    isSocket(): boolean;
    isCharacterDevice(): boolean;
    isBlockDevice(): boolean;
  },
): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a named pipe (FIFO)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/**
 * The path rules, with one allowance: a path written under the root's real location (macOS's
 * /private/tmp for a root of /tmp, say) is inside the root too.
 */
async function checkAgainstRoot(path: string, root: string | undefined, flavor: PathFlavor) {
  try {
    return checkPath(path, { root, flavor });
  } catch (error) {
    if (!(error instanceof ToolError) || error.code !== "forbidden" || root === undefined) throw error;
    const real = await realpath(root).catch(() => root);
    if (real === root) throw error;
    try {
      return checkPath(path, { root: real, flavor });
    } catch {
      throw error;
    }
  }
}

/**
 * A folder on the checked path may be swapped for a symlink between the checks and the open (a
 * local process racing the server), and the open then follows it out of the root. So the opened
 * handle is checked again. Where the kernel tells (Linux's /proc/self/fd, readable under Node and
 * under Deno with full read access), the file's true path must be inside the root: exact. Elsewhere
 * (Deno confined by --allow-read) the path is resolved again, four times, and must stay inside the root
 * and lead to the very file the handle holds (same device and inode). Node has no openat(2), so
 * there the race is narrowed to swaps timed to the microsecond rather than closed.
 */
async function confirmInside(
  handle: { fd: number; stat(): Promise<{ dev: number; ino: number }> },
  real: string,
  realRoot: string,
  flavor: PathFlavor,
  shown: string,
  throughLink: () => ToolError,
): Promise<void> {
  const swapped = () =>
    refusal(
      "forbidden",
      shown,
      "the file was swapped while it was being opened",
      "Try again once the folder stops changing",
    );
  if (flavor === "posix") {
    const truePath = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (truePath !== undefined && truePath.startsWith("/")) {
      if (!isInside(truePath, realRoot, flavor)) throw throughLink();
      return;
    }
  }
  const opened = await handle.stat();
  for (let round = 0; round < 4; round++) {
    let now: { dev: number; ino: number };
    try {
      const again = await realpath(real);
      if (!isInside(again, realRoot, flavor)) throw throughLink();
      now = await stat(again);
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw swapped();
    }
    if (now.dev !== opened.dev || now.ino !== opened.ino) throw swapped();
  }
}

/** Reads a whole regular file under every rule above; `path` is the caller's text, shown in refusals. */
export async function readLocalBytes(path: string, options: ReadOptions): Promise<Uint8Array> {
  const flavor = options.flavor ?? HOST_FLAVOR;
  const { resolved } = await checkAgainstRoot(path, options.root, flavor);
  const shown = path.length > 200 ? path.slice(0, 199) + "…" : path;
  let real: string;
  let realRoot: string | undefined;
  const throughLink = () =>
    refusal(
      "forbidden",
      shown,
      "the path leads outside MCP_CHAT_CARDS_FS_ROOT through a symbolic link",
      OUTSIDE_HINT,
    );
  try {
    real = await realpath(resolved);
    if (options.root !== undefined) {
      realRoot = await realpath(options.root);
      if (!isInside(real, realRoot, flavor)) throw throughLink();
    }
  } catch (error) {
    throw error instanceof ToolError ? error : fsRefusal(error, shown, options.root);
  }
  // Kernel pseudo-files report a size of 0 (or 4096) whatever they hold, and /proc/self holds this
  // server's own environment and memory: they are not documents, whatever the permissions say.
  const pseudo = flavor === "posix" ? /^\/(proc|sys)(?:\/|$)/.exec(real)?.[1] : undefined;
  if (pseudo !== undefined) {
    throw refusal(
      "invalid_input",
      shown,
      `this is a kernel pseudo-file (/${pseudo}), not a document`,
      "Pass the path of a regular file",
    );
  }
  // "a.txt/" names a folder: open(2) says ENOTDIR for a file there, so does this server.
  const folderOnly = (flavor === "win32" ? /[\\/]\.?$/ : /\/\.?$/).test(path);
  const notRegular = (st: Parameters<typeof describeType>[0]) =>
    st.isDirectory()
      ? refusal(
        "invalid_input",
        shown,
        "this is a directory, not a file",
        "Pass the path of one file (zip a folder for a code tour)",
      )
      : refusal(
        "invalid_input",
        shown,
        `this is ${describeType(st)}, not a regular file`,
        "Pass the path of a regular file",
      );
  let handle;
  try {
    // Judge the type before opening: opening a socket fails and a FIFO could wait for a writer.
    const before = await stat(real);
    if (!before.isFile()) throw notRegular(before);
    if (folderOnly) throw fsRefusal({ code: "ENOTDIR" }, shown, options.root);
    // Non-blocking, so a FIFO swapped in after the checks cannot hang the read.
    handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw error instanceof ToolError ? error : fsRefusal(error, shown, options.root);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw notRegular(st);
    if (realRoot !== undefined) await confirmInside(handle, real, realRoot, flavor, shown, throughLink);
    if (st.size > options.maxBytes) {
      throw refusal(
        "too_large",
        shown,
        `the file has ${st.size} bytes, the limit is ${options.maxBytes}`,
        "Pass a smaller file, or the part that matters inline",
      );
    }
    // Read at most one byte past the limit: a file that grows after stat is still caught.
    const buffer = new Uint8Array(Math.min(st.size, options.maxBytes) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > options.maxBytes) {
      throw refusal(
        "too_large",
        shown,
        `the file has more than ${options.maxBytes} bytes`,
        "Pass a smaller file, or the part that matters inline",
      );
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    throw error instanceof ToolError ? error : fsRefusal(error, shown, options.root);
  } finally {
    await handle.close();
  }
}

/** Reads a local UTF-8 text file: binary content and other encodings are refused by name. */
export async function readLocalText(path: string, options: ReadOptions): Promise<string> {
  const bytes = await readLocalBytes(path, options);
  const decoded = decodeText(bytes);
  if ("text" in decoded) return decoded.text;
  const shown = path.length > 200 ? path.slice(0, 199) + "…" : path;
  throw refusal(
    "unsupported",
    shown,
    describeNotText(decoded.notText),
    decoded.notText.kind === "binary"
      ? "Only text files can be read; pass a text file"
      : "Convert the file to UTF-8, or pass the content inline",
  );
}
