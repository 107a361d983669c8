// deno-lint-ignore-file no-console -- a report script prints its table
/**
 * The templates' sizes, reproducibly: builds every card kind's template from the working tree
 * exactly as `deno task build:ui` does, and sets each against a baseline measured in the same run
 * (the src/ui/assets.gen.ts committed at a git ref: the same kind's template, or the single template
 * every kind shared before the split per kind) and against the budget.
 *
 *   deno task bench:template                  working tree against HEAD
 *   deno task bench:template --base main      against another ref (a branch, a tag, a commit)
 *   deno task bench:template --modules        also the minified bytes of every runtime module of one
 *                                             kind (--kind chart; default table)
 *
 * Figures are bytes: raw UTF-8, and gzip as the build measures it (CompressionStream, one stream
 * over CSS + runtime). The per-module split comes from esbuild's metafile (before terser), so it
 * adds up to a little more than the shipped runtime.
 */
import * as esbuild from "esbuild";
import { buildTemplates, gzipSize, kindEntry, MAX_GZIP_BYTES, MAX_RAW_BYTES } from "./build_ui.ts";
import { KIND_UI } from "../src/registry.ts";

const root = new URL("../", import.meta.url);

interface Sizes {
  raw: number;
  gzip: number;
}

async function measure(css: string, runtime: string): Promise<Sizes> {
  const bytes = new TextEncoder().encode(css + runtime);
  return { raw: bytes.length, gzip: await gzipSize(bytes) };
}

/** Each kind's template committed at `ref` (one for all kinds before the split, under "*"). */
async function committed(ref: string): Promise<Map<string, Sizes>> {
  const { code, stdout, stderr } = await new Deno.Command("git", {
    args: ["show", `${ref}:src/ui/assets.gen.ts`],
    cwd: root,
  }).output();
  if (code !== 0) throw new Error(`git show ${ref} failed: ${new TextDecoder().decode(stderr)}`);
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeFile(file, stdout);
    const module = await import(`file://${file}`);
    const sizes = new Map<string, Sizes>();
    if (module.ASSETS) {
      for (
        const [kind, a] of Object.entries(module.ASSETS as Record<string, { css: string; runtime: string }>)
      ) {
        sizes.set(kind, await measure(a.css, a.runtime));
      }
    } else sizes.set("*", await measure(module.CSS, module.RUNTIME));
    return sizes;
  } finally {
    await Deno.remove(file);
  }
}

/** Minified bytes each runtime module of `kind` contributes, largest first. */
async function moduleSizes(kind: string): Promise<[string, number][]> {
  const result = await esbuild.build({
    stdin: {
      contents: kindEntry(KIND_UI[kind]),
      resolveDir: new URL("src/ui/runtime/", root).pathname,
      sourcefile: "kind.ts",
      loader: "ts",
    },
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
const option = (name: string) => args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const ref = option("--base") ?? "HEAD";
const base = await committed(ref);
const { templates } = await buildTemplates();

const cell = (n: number, width = 8) => String(n).padStart(width);
console.log(
  `${"kind".padEnd(17)}${"raw".padStart(8)}${"gzip".padStart(8)}   vs ${ref.slice(0, 9)}: ${
    "raw".padStart(8)
  }${"gzip".padStart(8)}${"ratio".padStart(8)}`,
);
for (const [kind, now] of templates) {
  const was = base.get(kind) ?? base.get("*");
  const against = was
    ? `${cell(was.raw)}${cell(was.gzip)}${(now.gzip / was.gzip).toFixed(3).padStart(8)}`
    : "   (no such kind)";
  console.log(
    `${kind.padEnd(17)}${cell(now.raw)}${cell(now.gzip)}   ${
      " ".repeat(ref.slice(0, 9).length + 5)
    }${against}`,
  );
}
const largest = [...templates.values()].reduce((a, b) => (b.gzip > a.gzip ? b : a));
console.log(
  `budget per template: ${MAX_RAW_BYTES} B raw, ${MAX_GZIP_BYTES} B gzip; the largest is ${largest.raw} B raw, ${largest.gzip} B gzip`,
);
if (args.includes("--modules")) {
  const kind = option("--kind") ?? "table";
  console.log(`modules of the ${kind} template:`);
  for (const [file, bytes] of await moduleSizes(kind)) console.log(`${String(bytes).padStart(7)}  ${file}`);
}
