// deno-lint-ignore-file no-console -- a report script prints its table
/**
 * The template's size, reproducibly: builds the runtime and the stylesheet from the working tree
 * exactly as `deno task build:ui` does, and sets them against a baseline measured in the same run
 * (the src/ui/assets.gen.ts committed at a git ref) and against the budget.
 *
 *   deno task bench:template                  working tree against HEAD
 *   deno task bench:template --base main      against another ref (a branch, a tag, a commit)
 *   deno task bench:template --modules        also the minified bytes of every runtime module
 *
 * Figures are bytes: raw UTF-8, and gzip as the build measures it (CompressionStream, one stream
 * over CSS + runtime). The per-module split comes from esbuild's metafile (before terser), so it
 * adds up to a little more than the shipped runtime.
 */
import * as esbuild from "esbuild";
import { buildTemplate, gzipSize, MAX_GZIP_BYTES, MAX_RAW_BYTES, type Template } from "./build_ui.ts";

const root = new URL("../", import.meta.url);

/** The template committed at `ref`. */
async function committed(ref: string): Promise<Template> {
  const { code, stdout, stderr } = await new Deno.Command("git", {
    args: ["show", `${ref}:src/ui/assets.gen.ts`],
    cwd: root,
  }).output();
  if (code !== 0) throw new Error(`git show ${ref} failed: ${new TextDecoder().decode(stderr)}`);
  const text = new TextDecoder().decode(stdout);
  const constant = (name: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`export const ${name}: string = `));
    if (!line) throw new Error(`${ref}: no ${name} in src/ui/assets.gen.ts`);
    return JSON.parse(line.slice(line.indexOf("= ") + 2, -1)) as string;
  };
  const [css, runtime] = [constant("CSS"), constant("RUNTIME")];
  const bytes = new TextEncoder().encode(css + runtime);
  return { css, runtime, raw: bytes.length, gzip: await gzipSize(bytes) };
}

/** Minified bytes each runtime module contributes, largest first. */
async function moduleSizes(): Promise<[string, number][]> {
  const result = await esbuild.build({
    entryPoints: [new URL("src/ui/runtime/main.ts", root).pathname],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    write: false,
    metafile: true,
  });
  await esbuild.stop();
  const output = Object.values(result.metafile.outputs)[0];
  return Object.entries(output.inputs).map(([file, v]) => [file.replace(/^.*src\//, "src/"), v.bytesInOutput])
    .sort((a, b) => (b[1] as number) - (a[1] as number)) as [string, number][];
}

const args = Deno.args;
const ref = args.includes("--base") ? args[args.indexOf("--base") + 1] : "HEAD";
const [base, now] = await Promise.all([committed(ref), buildTemplate()]);

const row = (name: string, b: number, n: number) =>
  `${name.padEnd(14)}${String(b).padStart(9)}${String(n).padStart(9)}${String(n - b).padStart(8)}${
    (n / b).toFixed(3).padStart(8)
  }`;
console.log(
  `${"bytes".padEnd(14)}${ref.slice(0, 9).padStart(9)}${"now".padStart(9)}${"diff".padStart(8)}${
    "ratio".padStart(8)
  }`,
);
console.log(row("runtime", base.runtime.length, now.runtime.length));
console.log(row("css", base.css.length, now.css.length));
console.log(row("template raw", base.raw, now.raw));
console.log(row("template gzip", base.gzip, now.gzip));
console.log(
  `budget: ${now.raw} of ${MAX_RAW_BYTES} B raw (${(now.raw / 1024).toFixed(1)} KB), ` +
    `${now.gzip} of ${MAX_GZIP_BYTES} B gzip (${(now.gzip / 1024).toFixed(1)} KB)`,
);
if (args.includes("--modules")) {
  for (const [file, bytes] of await moduleSizes()) console.log(`${String(bytes).padStart(7)}  ${file}`);
}
