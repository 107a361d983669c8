// deno-lint-ignore-file no-console -- the counts are this script's output
/**
 * The race of tests/red/files_test.ts in its own process, so the test can run it under full read
 * access (the kernel check) and under `--allow-read=<base>` (the fallback `deno task start` uses).
 * Arguments: the base folder the test laid out, then optionally how many reads (4,000) and of
 * which path ("d/file.txt"). Prints a JSON object of outcome counts.
 */
import { ToolError } from "../../src/errors.ts";
import { readLocalText } from "../../src/fs/read.ts";

const base = Deno.args[0];
const root = `${base}/root`;
const reads = Number(Deno.args[1] ?? 4_000);
const path = Deno.args[2] ?? "d/file.txt";
const outcomes: Record<string, number> = {};
for (let i = 0; i < reads; i++) {
  let outcome: string;
  try {
    outcome = `ok: ${await readLocalText(path, { root, maxBytes: 1_024 })}`;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    outcome = `${error.code}: ${error.message}`;
  }
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  if (outcome === "ok: SECRET" && !Deno.env.get("RACE_ALL")) break;
}
console.log(JSON.stringify(outcomes));
