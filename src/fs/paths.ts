/**
 * Path rules for local reads, decided on the text of the path alone (no file system here): a path
 * must belong to this server's operating system, must not lean on a shell to expand it, and, when a
 * root is configured, must stay inside it. `read.ts` repeats the confinement on the real path.
 */
import { posix, win32 } from "node:path";
import { platform } from "node:process";
import { ToolError } from "../errors.ts";

/** Which path grammar the server runs under. */
export type PathFlavor = "posix" | "win32";

/** The flavor of the running server. */
export const HOST_FLAVOR: PathFlavor = platform === "win32" ? "win32" : "posix";

/** Longest path accepted, in characters (PATH_MAX on Linux). */
export const MAX_PATH_CHARS = 4_096;

/** The hint every wrong-machine refusal carries: the file is not on this server. */
const INLINE_HINT =
  "Paths resolve on the machine running this server; pass the content inline instead (markdown, or files for a code tour)";

/** What a rule decided about one path string. */
export interface PathCheck {
  /** The absolute, normalized path to read. */
  resolved: string;
}

function refuse(
  path: string,
  problem: string,
  hint = INLINE_HINT,
  code: "invalid_input" | "forbidden" = "invalid_input",
) {
  return new ToolError(code, `Cannot read "${path}": ${problem}`, hint);
}

const WINDOWS_DRIVE = /^[a-zA-Z]:(?:[\\/]|$)/;
const WINDOWS_UNC = /^(?:\\\\|\/\/[?.]\/)/;
const UNEXPANDED_VAR = /(?:^|[\\/])(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_()]*%)(?:[\\/]|$)/;

/**
 * Checks a path's text and resolves it: refuses NUL, empty and overlong paths, URLs, paths from the
 * other operating system, unexpanded `~` and environment variables, relative paths without a root,
 * and anything that leaves `root` lexically. `root` must already be absolute for `flavor`.
 */
export function checkPath(path: string, options: { root?: string; flavor?: PathFlavor } = {}): PathCheck {
  const flavor = options.flavor ?? HOST_FLAVOR;
  const p = flavor === "win32" ? win32 : posix;
  const shown = path.length > 200 ? path.slice(0, 199) + "…" : path;
  if (path.trim() === "") throw refuse(shown, "the path is empty", "Pass the absolute path of a file");
  if (path.includes("\0")) {
    throw refuse(
      shown.replaceAll("\0", "\\0"),
      "the path contains a NUL character",
      "Pass the path without control characters",
    );
  }
  if (path.length > MAX_PATH_CHARS) {
    throw refuse(
      shown,
      `the path has ${path.length} characters, the limit is ${MAX_PATH_CHARS}`,
      "Pass a shorter path",
    );
  }
  if (path.trim() !== path) {
    throw refuse(
      shown,
      "the path starts or ends with whitespace",
      "Pass the path without surrounding spaces",
    );
  }
  if (/^[a-zA-Z][a-zA-Z0-9+.-]+:\/\//.test(path)) {
    throw refuse(
      shown,
      "this is a URL, not a file path",
      "Pass a plain file path; fetch web pages with fetch_reference",
    );
  }
  if (/^~[^\\/]*(?:[\\/]|$)/.test(path)) {
    throw refuse(
      shown,
      '"~" is not expanded here: the server does not know whose home directory is meant',
      INLINE_HINT,
    );
  }
  if (UNEXPANDED_VAR.test(path)) {
    throw refuse(shown, "environment variables are not expanded here", INLINE_HINT);
  }
  if (flavor === "posix") {
    if (WINDOWS_DRIVE.test(path) || WINDOWS_UNC.test(path)) {
      throw refuse(shown, "this is a Windows path, but this server runs on a POSIX system (Linux or macOS)");
    }
  } else {
    // win32.isAbsolute("/home/u") is true (it means the current drive): a POSIX path needs its own test.
    if (/^\/(?!\/)/.test(path) || /^\/\/(?![?.]\/)[^/\\]*$/.test(path)) {
      throw refuse(shown, "this is a POSIX path, but this server runs on Windows");
    }
    if (/^[a-zA-Z]:(?![\\/])/.test(path)) {
      throw refuse(
        shown,
        "a drive-relative Windows path depends on that drive's current folder",
        "Pass an absolute path such as C:\\\\Users\\\\me\\\\file.md",
      );
    }
  }
  const root = options.root;
  if (!p.isAbsolute(path) && root === undefined) {
    throw refuse(
      shown,
      "the path is relative and MCP_CHAT_CARDS_FS_ROOT is not set",
      "Pass an absolute path, or pass the content inline",
    );
  }
  const resolved = root === undefined ? p.resolve(path) : p.resolve(root, path);
  if (root !== undefined && !isInside(resolved, root, flavor)) {
    throw refuse(
      shown,
      "the path is outside MCP_CHAT_CARDS_FS_ROOT",
      "Pass a path inside the configured folder, or the content inline",
      "forbidden",
    );
  }
  return { resolved };
}

/** True when `path` is `root` or below it (both absolute, same flavor); compared lexically. */
export function isInside(path: string, root: string, flavor: PathFlavor = HOST_FLAVOR): boolean {
  const p = flavor === "win32" ? win32 : posix;
  const rel = p.relative(p.resolve(root), p.resolve(path));
  if (rel === "") return true;
  if (p.isAbsolute(rel)) return false; // another drive on Windows
  return rel !== ".." && !rel.startsWith(".." + p.sep);
}
