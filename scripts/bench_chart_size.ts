// deno-lint-ignore-file no-console -- a report script prints its table
/**
 * What a chart card costs in the result, reproducibly: every chart golden case and the browser
 * checks' stress inputs (tests/browser/chart_inputs.ts) through a real in-memory MCP client, as
 * the serialized CallToolResult's length in characters (what MCP_CHAT_CARDS_RESULT_LIMIT measures).
 *
 *   deno run -A scripts/bench_chart_size.ts                 the working tree
 *   deno run -A scripts/bench_chart_size.ts --base main     against a ref, in a temporary worktree
 *                                                          (e.g. `--base $(git merge-base HEAD main)`)
 */
import { type Args, EXAMPLES, stress } from "../tests/browser/chart_inputs.ts";

const root = new URL("../", import.meta.url);
const option = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};

/** Every case: the golden inputs, then the stress inputs of every kind. */
function cases(): [string, Args][] {
  const dir = new URL("tests/cards/chart/", root);
  const golden = [...Deno.readDirSync(dir)].map((e) => e.name)
    .filter((n) => n.endsWith(".json") && !n.startsWith("error_")).sort()
    .map((n): [string, Args] => [n.slice(0, -5), JSON.parse(Deno.readTextFileSync(new URL(n, dir)))]);
  const stressed = Object.keys(EXAMPLES).flatMap((kind) =>
    stress(kind).map(([name, args]): [string, Args] => [`${kind}: ${name}`, args])
  );
  return [...golden, ...stressed];
}

/** Result sizes of every case, rendered by the server at `tree` (a checkout's root). */
async function sizes(tree: string): Promise<Record<string, number>> {
  const { connect } = await import(new URL("tests/helpers.ts", tree).href);
  const client = await connect({ resultLimit: 20_000_000 });
  const out: Record<string, number> = {};
  try {
    for (const [name, args] of cases()) {
      const result = await client.callTool({ name: "create_chart_card", arguments: args });
      out[name] = result.isError ? -1 : JSON.stringify(result).length;
    }
  } finally {
    await client.close();
  }
  return out;
}

const tree = option("--root");
if (tree) {
  // the child run of --base: print the figures for the parent
  console.log(JSON.stringify(await sizes(new URL(tree.endsWith("/") ? tree : tree + "/", "file:///").href)));
  Deno.exit(0);
}

const base = option("--base");
let before: Record<string, number> | undefined;
if (base) {
  const dir = await Deno.makeTempDir({ prefix: "mcc-base-" });
  const git = (...args: string[]) => new Deno.Command("git", { args, cwd: root }).output();
  const added = await git("worktree", "add", "--detach", dir, base);
  if (!added.success) throw new Error(new TextDecoder().decode(added.stderr));
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      // the ref's own dependencies: its import map
      args: ["run", "-A", "--config", `${dir}/deno.json`, new URL(import.meta.url).pathname, "--root", dir],
      cwd: root,
      stderr: "inherit",
    }).output();
    before = JSON.parse(new TextDecoder().decode(run.stdout));
  } finally {
    await git("worktree", "remove", "--force", dir);
  }
}

const now = await sizes(root.href);
const fmt = (n: number | undefined) => n === undefined ? "" : n < 0 ? "refused" : n.toLocaleString("en-US");
console.log(
  `${"case".padEnd(38)} ${base ? `${base.padStart(10)} ` : ""}${"now".padStart(10)}${base ? "   ratio" : ""}`,
);
let sumBefore = 0;
let sumNow = 0;
for (const [name, size] of Object.entries(now)) {
  const was = before?.[name];
  const ratio = was && was > 0 && size > 0 ? (size / was).toFixed(2) : "";
  if (was && was > 0 && size > 0) [sumBefore, sumNow] = [sumBefore + was, sumNow + size];
  console.log(
    `${name.padEnd(38)} ${base ? `${fmt(was).padStart(10)} ` : ""}${fmt(size).padStart(10)}${
      base ? ratio.padStart(8) : ""
    }`,
  );
}
if (base) {
  console.log(
    `all accepted by both: ${fmt(sumBefore)} -> ${fmt(sumNow)} (${(sumNow / sumBefore).toFixed(2)})`,
  );
}
