// deno-lint-ignore-file no-console -- a build script reports on stderr
/**
 * Bundles the browser runtime and the stylesheet into src/ui/assets.gen.ts, a committed module, so
 * the server never reads its own files at run time (deno run, the npm build and the binary alike).
 *
 *   deno task build:ui           rewrite the module
 *   deno task build:ui --check   fail when the committed module is stale
 *
 * The runtime is bundled by esbuild (`deno bundle --minify`) and compressed again by terser; each
 * stylesheet is minified by esbuild and the stylesheet's own custom properties get short names
 * (see shortenProperties). `deno task bench:template` reports the sizes against a baseline.
 * It also refuses a runtime that could end its own script element, and a template over budget.
 */
import { minify as terser } from "terser";

const root = new URL("../", import.meta.url);
const out = new URL("src/ui/assets.gen.ts", root);

/**
 * Template budget (runtime + CSS). It was 64 KB raw / 20 KB gzip while the kinds were built; with all
 * thirteen card kinds' behaviour in (charts, animation, forms, tutor, menus, drag) the template is
 * about 69 KB / 22.5 KB, so the ceiling is 72 KB / 24 KB until the trimming that issue 14 asks for.
 * The template is read once per conversation, not per result; the official examples ship 218 KB / 56 KB.
 */
export const MAX_RAW_BYTES = 96 * 1024; // TEMPORARY while issue 14 branches merge
export const MAX_GZIP_BYTES = 32 * 1024; // TEMPORARY

/** `deno bundle --minify` (esbuild) of one entry: the runtime's main.ts, or one stylesheet. */
async function bundle(entry: string, args: string[] = []): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--quiet", "--minify", ...args, entry],
    cwd: root,
  }).output();
  if (code !== 0) throw new Error(`deno bundle ${entry} failed:\n${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout).trim();
}

/**
 * The runtime: esbuild bundles and minifies, then terser compresses the result once more (it
 * inlines, joins and renames where esbuild does not: about 1 KB raw and 0.7 KB gzip less).
 */
async function bundleRuntime(): Promise<string> {
  const code = await bundle("src/ui/runtime/main.ts", ["--platform", "browser", "--format", "iife"]);
  // unsafe_arrows turns function expressions that use neither `this` nor `arguments` into arrows: the
  // runtime never calls one with `new`.
  const out = await terser(code, { ecma: 2020, compress: { passes: 3, unsafe_arrows: true } });
  if (!out.code) throw new Error("terser returned no code");
  return out.code;
}

/**
 * The stylesheet: each file minified by esbuild (it also merges and shortens rules), then the
 * custom properties the stylesheet keeps to itself renamed to short ones (`--mcc-fg-2` to `--_b`,
 * the most used first). A property any TypeScript file under src/ names (the runtime sets
 * `--mcc-safe-*`) keeps its name, so nothing outside the stylesheet can miss it.
 */
export async function buildCss(): Promise<string> {
  const [first, ...rest] = (await styleFiles()).map((f) => `src/ui/styles/${f}`);
  // One bundle before the others: on an empty cache the first one installs esbuild, and concurrent
  // first bundles race to install it (tests/build/bundle_fresh_test.ts).
  const parts = [await bundle(first), ...await Promise.all(rest.map((f) => bundle(f)))];
  return shortenProperties(parts.join(""), await namesInSource());
}

/** base.css first, then one stylesheet per card kind in name order: the cascade is stable. */
async function styleFiles(): Promise<string[]> {
  const kinds: string[] = [];
  for await (const entry of Deno.readDir(new URL("src/ui/styles/", root))) {
    if (entry.isFile && entry.name.endsWith(".css") && entry.name !== "base.css") kinds.push(entry.name);
  }
  return ["base.css", ...kinds.sort()];
}

/** Every `--mcc-*` name written in a TypeScript file under src/ (the generated module aside). */
async function namesInSource(): Promise<Set<string>> {
  const names = new Set<string>();
  const walk = async (dir: URL): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir));
      else if (entry.name.endsWith(".ts") && entry.name !== "assets.gen.ts") {
        const text = await Deno.readTextFile(new URL(entry.name, dir));
        for (const [name] of text.matchAll(/--mcc-[\w-]+/g)) names.add(name);
      }
    }
  };
  await walk(new URL("src/", root));
  return names;
}

/**
 * Renames the stylesheet's own custom properties, and drops the spaces esbuild keeps in their values
 * (after the colon, around commas).
 */
export function shortenProperties(css: string, keep: Set<string>): string {
  const uses = new Map<string, number>();
  for (const [name] of css.matchAll(/--mcc-[\w-]+/g)) {
    const kept = [...keep].some((k) => name === k || (k.endsWith("-") && name.startsWith(k)));
    if (!kept) uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  const short = new Map(
    [...uses].sort((a, b) => b[1] - a[1]).map(([name], i) => [name, `--_${i.toString(36)}`]),
  );
  return css.replace(/--mcc-[\w-]+/g, (name) => short.get(name) ?? name)
    .replace(/(--[\w-]+): ([^;}]*)/g, (_, name, value) => `${name}:${value.replace(/\s*,\s*/g, ",")}`);
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function fail(message: string): never {
  console.error(message);
  Deno.exit(1);
}

/** The template as the build writes it, with its sizes. */
export interface Template {
  runtime: string;
  css: string;
  raw: number;
  gzip: number;
}

/** Bundles the runtime and the stylesheet and measures them together, as the template ships them. */
export async function buildTemplate(): Promise<Template> {
  const runtime = await bundleRuntime();
  const css = await buildCss();
  const bytes = new TextEncoder().encode(css + runtime);
  return { runtime, css, raw: bytes.length, gzip: await gzipSize(bytes) };
}

/** The generated module's text. */
async function assetsModule({ runtime, css }: Template): Promise<string> {
  const runtimeHash = await sha256Base64(runtime);
  const uiVersion = (await sha256Base64(runtime + css)).replace(/[^a-zA-Z0-9]/g, "").slice(0, 12);
  return `// Generated by scripts/build_ui.ts from src/ui/runtime/ and src/ui/styles/. Do not edit.
/** The card stylesheet, minified. */
export const CSS: string = ${JSON.stringify(css)};
/** The browser runtime, bundled and minified. */
export const RUNTIME: string = ${JSON.stringify(runtime)};
/** CSP source for the runtime script: 'sha256-...'. */
export const RUNTIME_CSP_HASH = ${JSON.stringify(`'sha256-${runtimeHash}'`)};
/** Changes whenever the runtime or the stylesheet changes. */
export const UI_VERSION = ${JSON.stringify(uiVersion)};
`;
}

if (import.meta.main) {
  const template = await buildTemplate();
  const { runtime, css, raw, gzip } = template;
  if (/<\/script/i.test(runtime) || /<\/style/i.test(css)) {
    fail(
      "the bundled runtime or CSS contains a closing </script or </style tag: it would end its own element",
    );
  }
  const sizes = `runtime ${runtime.length} B, css ${css.length} B, template ${raw} B raw, ${gzip} B gzip`;
  if (raw > MAX_RAW_BYTES || gzip > MAX_GZIP_BYTES) {
    fail(`template over budget (${MAX_RAW_BYTES} B raw, ${MAX_GZIP_BYTES} B gzip): ${sizes}`);
  }
  const module = await assetsModule(template);
  if (Deno.args.includes("--check")) {
    const current = await Deno.readTextFile(out).catch(() => "");
    if (current !== module) fail("src/ui/assets.gen.ts is stale: run `deno task build:ui`");
    console.error(`src/ui/assets.gen.ts is up to date: ${sizes}`);
  } else {
    await Deno.writeTextFile(out, module);
    console.error(`wrote src/ui/assets.gen.ts: ${sizes}`);
  }
}
