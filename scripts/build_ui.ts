// deno-lint-ignore-file no-console -- a build script reports on stderr
/**
 * Bundles the browser runtime and the stylesheets into src/ui/assets.gen.ts, a committed module, so
 * the server never reads its own files at run time (deno run, the npm build and the binary alike).
 *
 *   deno task build:ui           rewrite the module
 *   deno task build:ui --check   fail when the committed module is stale
 *
 * One template per card kind (each card's `view`, gathered as KIND_UI by src/registry.ts; see
 * src/ui/kinds.ts): the runtime is bundled once per kind by esbuild with only that kind's widgets
 * (and, by its flags, tutor terms, move handles and whole downloads of parts), then compressed again
 * by terser; kinds with the same widgets share one
 * bundle. Each stylesheet is minified by esbuild, and the stylesheets' own custom properties get
 * short names (see shortNames); a kind's CSS is its stylesheets joined in order. `deno task
 * bench:template` reports the sizes against a baseline. The build refuses a runtime that could end
 * its own script element, and any kind's template over budget.
 */
import * as esbuild from "esbuild";
import { minify as terser } from "terser";
import {
  kindStyles,
  type KindUi,
  MAX_GZIP_BYTES,
  MAX_PARTS_GZIP_BYTES,
  MAX_PARTS_RAW_BYTES,
  MAX_RAW_BYTES,
  PLAIN_UI,
} from "../src/ui/kinds.ts";
import { standaloneHtml } from "../src/ui/shared/document.ts";
import { PARTS_TEMPLATE } from "../src/ui/shared/protocol.ts";

export { kindStyles, MAX_GZIP_BYTES, MAX_PARTS_GZIP_BYTES, MAX_RAW_BYTES };

const root = new URL("../", import.meta.url);

/**
 * Each kind's view, from the registry (each card file declares its own). Loading the registry loads
 * the server, which reads the generated module this script writes: any earlier one will do, but one
 * a merge left with conflict markers in it will not.
 */
const { KIND_UI } = await import("../src/registry.ts").catch((error) => {
  console.error(
    `Cannot load the registry (${error.message}). If src/ui/assets.gen.ts or src/ui/shells.gen.ts is ` +
      "half-merged, take either side (git checkout --theirs <file>) and run deno task build:ui again.",
  );
  Deno.exit(1);
});
const out = new URL("src/ui/assets.gen.ts", root);
const shellsOut = new URL("src/ui/shells.gen.ts", root);
const runtimeDir = new URL("src/ui/runtime/", root).pathname;

/** The gzip budget of one template: get_card's parts template has its own (src/ui/kinds.ts). */
export const gzipBudget = (kind: string) => kind === PARTS_TEMPLATE ? MAX_PARTS_GZIP_BYTES : MAX_GZIP_BYTES;
/** The raw budget of one template. */
export const rawBudget = (kind: string) => kind === PARTS_TEMPLATE ? MAX_PARTS_RAW_BYTES : MAX_RAW_BYTES;

/** `tableWidget` for `table`, `codeTourWidget` for `code_tour`: the export each widget file names. */
const widgetExport = (name: string) => `${name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Widget`;

/**
 * The entry of one kind's bundle: the runtime's start with the kind's widgets (and the parts
 * gatherer), then the late ones, which enhance after selection: tutor terms, then move handles.
 */
export function kindEntry({ widgets, terms, movable, parts }: KindUi): string {
  const own = widgets.map((w) => [widgetExport(w), `./widgets/${w}.ts`]);
  if (parts) own.push(["partsWidget", "./parts.ts"]);
  const late = [
    ...terms ? [["tutorWidget", "./widgets/tutor.ts"]] : [],
    ...movable ? [["moveWidget", "./widgets/move.ts"]] : [],
  ];
  const all = [...own, ...late];
  const names = (from: number, to: number) => all.slice(from, to).map((_, i) => `w${from + i}`).join(", ");
  return [
    `import { start } from "./main.ts";`,
    ...all.map(([name, file], i) => `import { ${name} as w${i} } from "${file}";`),
    `start([${names(0, own.length)}]${late.length ? `, [${names(own.length, all.length)}]` : ""});`,
  ].join("\n");
}

/**
 * One kind's runtime: esbuild bundles and minifies, then terser compresses the result once more (it
 * inlines, joins and renames where esbuild does not: about 1 KB raw and 0.7 KB gzip less).
 */
async function bundleRuntime(ui: KindUi): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: kindEntry(ui), resolveDir: runtimeDir, sourcefile: "kind.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  // unsafe_arrows turns function expressions that use neither `this` nor `arguments` into arrows: the
  // runtime never calls one with `new`.
  const out = await terser(result.outputFiles[0].text, {
    ecma: 2020,
    compress: { passes: 3, unsafe_arrows: true },
  });
  if (!out.code) throw new Error("terser returned no code");
  return out.code;
}

/**
 * Every stylesheet, minified by esbuild (it also merges and shortens rules), with the custom
 * properties the stylesheets keep to themselves renamed to short ones (`--mcc-fg-2` to `--_b`, the
 * most used first, one naming for all sheets so that any join of them agrees). A property any
 * TypeScript file under src/ names (the runtime sets `--mcc-safe-*`) keeps its name, so nothing
 * outside the stylesheets can miss it.
 */
export async function buildStyles(): Promise<Map<string, string>> {
  const sheets = new Map<string, string>();
  for (const name of await styleFiles()) {
    const text = await Deno.readTextFile(new URL(`src/ui/styles/${name}.css`, root));
    sheets.set(name, (await esbuild.transform(text, { loader: "css", minify: true })).code.trim());
  }
  const names = shortNames([...sheets.values()].join(""), await namesInSource());
  for (const [name, css] of sheets) sheets.set(name, renameProperties(css, names));
  return sheets;
}

/** base first, then the other stylesheets in name order: the cascade is stable in every join. */
async function styleFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(new URL("src/ui/styles/", root))) {
    if (entry.isFile && entry.name.endsWith(".css") && entry.name !== "base.css") {
      names.push(entry.name.slice(0, -4));
    }
  }
  return ["base", ...names.sort()];
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

/** Short names for the stylesheets' own custom properties, the most used first. */
export function shortNames(css: string, keep: Set<string>): Map<string, string> {
  const uses = new Map<string, number>();
  for (const [name] of css.matchAll(/--mcc-[\w-]+/g)) {
    const kept = [...keep].some((k) => name === k || (k.endsWith("-") && name.startsWith(k)));
    if (!kept) uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return new Map([...uses].sort((a, b) => b[1] - a[1]).map(([name], i) => [name, `--_${i.toString(36)}`]));
}

/** Renames custom properties, and drops the spaces esbuild keeps in their values (after the colon, around commas). */
export function renameProperties(css: string, short: Map<string, string>): string {
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

/** One runtime bundle and the widgets it carries. */
export interface Runtime {
  widgets: readonly string[];
  terms: boolean;
  movable: boolean;
  parts: boolean;
  runtime: string;
}

/** One kind's template as the build writes it, with its sizes. */
export interface Template {
  runtime: string;
  css: string;
  /** The stylesheets joined into `css`, in order. */
  styles: string[];
  raw: number;
  gzip: number;
}

/** Bundles every kind's runtime and joins its stylesheets, measured together as its template ships them. */
export async function buildTemplates(): Promise<
  { templates: Map<string, Template>; sheets: Map<string, string>; runtimes: Runtime[] }
> {
  const uis = new Map<string, KindUi>(); // the widgets of each bundle, by entry
  const sheets = await buildStyles();
  const bundles = new Map<string, Promise<string>>(); // by entry: kinds with the same widgets share one
  const templates = new Map<string, Template>();
  try {
    for (const [kind, ui] of Object.entries(KIND_UI)) {
      if (ui.css !== undefined) {
        throw new Error(`${kind}: a built-in kind keeps its CSS in src/ui/styles/, not in view.css`);
      }
      const entry = kindEntry(ui);
      if (!bundles.has(entry)) bundles.set(entry, bundleRuntime(ui)), uis.set(entry, ui);
      const runtime = await bundles.get(entry)!;
      const wanted = kindStyles(ui);
      for (const name of wanted) {
        if (!sheets.has(name)) throw new Error(`${kind}: no stylesheet src/ui/styles/${name}.css`);
      }
      const styles = [...sheets.keys()].filter((name) => wanted.has(name));
      const css = styles.map((name) => sheets.get(name)).join("");
      const bytes = new TextEncoder().encode(css + runtime);
      templates.set(kind, { runtime, css, styles, raw: bytes.length, gzip: await gzipSize(bytes) });
    }
    // The bundle with no kind's widgets, for kinds defined outside the build (createServer({ cards })).
    const plain = kindEntry(PLAIN_UI);
    if (!bundles.has(plain)) bundles.set(plain, bundleRuntime(PLAIN_UI)), uis.set(plain, PLAIN_UI);
    const runtimes: Runtime[] = [];
    for (const [entry, runtime] of bundles) {
      const { widgets, terms = false, movable = false, parts = false } = uis.get(entry)!;
      runtimes.push({ widgets, terms, movable, parts, runtime: await runtime });
    }
    return { templates, sheets, runtimes };
  } finally {
    await esbuild.stop();
  }
}

/** The UI version: changes whenever a runtime or a stylesheet changes. */
async function uiVersionOf(bundles: readonly string[], sheets: Map<string, string>): Promise<string> {
  const all = [...sheets.values(), ...bundles].join("\n");
  return (await sha256Base64(all)).replace(/[^a-zA-Z0-9]/g, "").slice(0, 12);
}

/**
 * The small module of what start-up needs to know about the assets without loading their 500 KB:
 * the characters each kind's emptiest standalone document takes JSON-escaped (the embed budget).
 */
async function shellsModule(
  templates: Map<string, Template>,
  sheets: Map<string, string>,
  runtimes: readonly Runtime[],
): Promise<string> {
  const version = await uiVersionOf(bundleOrder(templates, runtimes), sheets);
  const sizes: string[] = [];
  for (const [kind, t] of templates) {
    if (kind === PARTS_TEMPLATE) continue; // a view only: every document is of its card's own kind
    const scriptHash = `'sha256-${await sha256Base64(t.runtime)}'`;
    const document = standaloneHtml({
      title: "",
      cardId: "",
      bodyHtml: "",
      css: t.css,
      runtime: t.runtime,
      scriptHash,
      version,
    });
    sizes.push(`  ${kind}: ${JSON.stringify(document).length},`);
  }
  return `// Generated by scripts/build_ui.ts with src/ui/assets.gen.ts. Do not edit.
/** Characters each kind's emptiest standalone document takes JSON-escaped: known without loading the assets. */
export const SHELL_CHARS: Readonly<Record<string, number>> = {
${sizes.join("\n")}
};
`;
}

/** Bundles in the order the kinds first use them; one no kind uses (the plain one) comes last. */
function bundleOrder(templates: Map<string, Template>, runtimes: readonly Runtime[]): string[] {
  const used = [...new Set([...templates.values()].map((t) => t.runtime))];
  return [...used, ...runtimes.map((r) => r.runtime).filter((code) => !used.includes(code))];
}

/** The generated module's text: each stylesheet and each distinct bundle once, joined per kind. */
async function assetsModule(
  templates: Map<string, Template>,
  sheets: Map<string, string>,
  runtimes: readonly Runtime[],
): Promise<string> {
  const bundles = bundleOrder(templates, runtimes);
  const kinds: string[] = [];
  for (const [kind, t] of templates) {
    const css = t.styles.map((name) => `STYLESHEETS.${name}`).join(" + ");
    const hash = `'sha256-${await sha256Base64(t.runtime)}'`;
    kinds.push(`  ${kind}: { css: ${css}, runtime: R[${bundles.indexOf(t.runtime)}], hash: "${hash}" },`);
  }
  const byWidgets: string[] = [];
  for (const r of runtimes.toSorted((a, b) => bundles.indexOf(a.runtime) - bundles.indexOf(b.runtime))) {
    const hash = `'sha256-${await sha256Base64(r.runtime)}'`;
    byWidgets.push(
      `  { widgets: ${
        JSON.stringify(r.widgets)
      }, terms: ${r.terms}, movable: ${r.movable}, parts: ${r.parts}, runtime: R[${
        bundles.indexOf(r.runtime)
      }], hash: "${hash}" },`,
    );
  }
  const uiVersion = await uiVersionOf(bundles, sheets);
  return `// Generated by scripts/build_ui.ts from src/ui/runtime/, src/ui/styles/ and src/ui/kinds.ts. Do not edit.
/** Every stylesheet, minified, in cascade order. */
export const STYLESHEETS = {
${[...sheets].map(([name, css]) => `  ${name}: ${JSON.stringify(css)},`).join("\n")}
} as const;
/** The runtime bundles, minified: one per distinct set of widgets. */
const R: readonly string[] = [
${bundles.map((code) => `  ${JSON.stringify(code)},`).join("\n")}
];
/** One card kind's template: its stylesheet, its runtime, and the runtime's CSP source ('sha256-...'). */
export interface KindAssets {
  css: string;
  runtime: string;
  hash: string;
}
/** Per card kind (src/ui/kinds.ts). */
export const ASSETS: Readonly<Record<string, KindAssets>> = {
${kinds.join("\n")}
};
/** Every runtime bundle by the widgets it carries, for kinds defined outside the build (src/ui/template.ts). */
export const BUNDLES: readonly {
  widgets: readonly string[];
  terms: boolean;
  movable: boolean;
  parts: boolean;
  runtime: string;
  hash: string;
}[] = [
${byWidgets.join("\n")}
];
/** Changes whenever a runtime or a stylesheet changes. */
export const UI_VERSION = ${JSON.stringify(uiVersion)};
`;
}

if (import.meta.main) {
  const { templates, sheets, runtimes } = await buildTemplates();
  const problems: string[] = [];
  const lines: string[] = [];
  for (const [kind, { runtime, css, raw, gzip }] of templates) {
    if (/<\/script/i.test(runtime) || /<\/style/i.test(css)) {
      problems.push(
        `${kind}: the runtime or CSS contains a closing </script or </style tag: it would end its own element`,
      );
    }
    if (raw > rawBudget(kind) || gzip > gzipBudget(kind)) {
      problems.push(
        `${kind}: template over budget (${rawBudget(kind)} B raw, ${
          gzipBudget(kind)
        } B gzip): ${raw} B raw, ${gzip} B gzip`,
      );
    }
    lines.push(`  ${kind.padEnd(17)} ${String(raw).padStart(6)} B raw ${String(gzip).padStart(6)} B gzip`);
  }
  if (problems.length) fail(problems.join("\n"));
  const sizes = `templates per card kind (runtime + css):\n${lines.join("\n")}`;
  const module = await assetsModule(templates, sheets, runtimes);
  const shells = await shellsModule(templates, sheets, runtimes);
  if (Deno.args.includes("--check")) {
    const current = await Deno.readTextFile(out).catch(() => "");
    if (current !== module) fail("src/ui/assets.gen.ts is stale: run `deno task build:ui`");
    if (await Deno.readTextFile(shellsOut).catch(() => "") !== shells) {
      fail("src/ui/shells.gen.ts is stale: run `deno task build:ui`");
    }
    console.error(`src/ui/assets.gen.ts is up to date; ${sizes}`);
  } else {
    await Deno.writeTextFile(out, module);
    await Deno.writeTextFile(shellsOut, shells);
    console.error(`wrote src/ui/assets.gen.ts and src/ui/shells.gen.ts; ${sizes}`);
  }
}
