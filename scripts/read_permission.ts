// deno-lint-ignore-file no-console -- the flag is this script's output
/**
 * Prints the Deno read permission for the configured root, for `deno task start`: Deno fixes
 * permissions when it starts, so the root (MCP_CHAT_CARDS_FS_ROOT) has to reach the flags, and a
 * task cannot write a flag conditionally. The task runs this first and passes its one line on:
 *
 *   --allow-read=<root>   when MCP_CHAT_CARDS_FS_ROOT is set (the code confines reads to it too)
 *   --deny-read           when it is not (the server then reads no file at all)
 */

/** The read flag for a root, or for none. */
export function readPermission(root: string | undefined): string {
  const dir = root?.trim();
  return dir ? `--allow-read=${dir}` : "--deny-read";
}

/** How the start task writes the call of this script (one shell word, quoted for spaces in paths). */
export const READ_PERMISSION_WORD =
  `"$(deno run -q --allow-env=MCP_CHAT_CARDS_FS_ROOT scripts/read_permission.ts)"`;

/**
 * The words of a task command with this script's word replaced by its output for `root`: what
 * `deno task` runs, for tests that start the server without the task shell.
 */
export function taskWords(task: string, root?: string): string[] {
  const [before, after] = task.split(READ_PERMISSION_WORD);
  const words = (s: string | undefined) => (s ?? "").split(/\s+/).filter(Boolean);
  return after === undefined ? words(before) : [...words(before), readPermission(root), ...words(after)];
}

if (import.meta.main) console.log(readPermission(Deno.env.get("MCP_CHAT_CARDS_FS_ROOT")));
