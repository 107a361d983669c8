/**
 * The MCP Apps templates (`ui://mcp-chat-cards/template/<kind>.html`): one per card kind, each the
 * kind's stylesheet and runtime with no card (src/ui/kinds.ts says what each carries). The host
 * reads a tool's template once and delivers each of its results to it; the runtime paints the card.
 * A template carries its runtime's CSP hash so "Copy card" can rebuild the standalone document
 * inside the view, and the server's version, which the view reports as its appInfo.
 */
import { gzipSync } from "fflate";
import { VERSION } from "../version.ts";
import * as built from "./assets.gen.ts";
import type { KindAssets } from "./assets.gen.ts";
import { kindStyles, type KindUi, MAX_GZIP_BYTES, MAX_RAW_BYTES } from "./kinds.ts";

// Read through the namespace, so a generated module older than this code (a merge, a checkout)
// still loads: `deno task build:ui` imports the registry, hence this file, to write a new one.
const { ASSETS, STYLESHEETS, UI_VERSION } = built;
const BUNDLES: typeof built.BUNDLES = built.BUNDLES ?? [];

/** The built-in card kinds that have a template, in the registry's order. */
export const TEMPLATE_KINDS: readonly string[] = Object.keys(ASSETS);

/** Templates of kinds added when a server was created (`createServer({ cards })`), by kind. */
const added = new Map<string, KindAssets>();

/** The stylesheet and runtime of one card kind's template. */
export function kindAssets(kind: string): KindAssets {
  const assets = Object.hasOwn(ASSETS, kind) ? ASSETS[kind] : added.get(kind);
  if (!assets) throw new Error(`No card template for kind "${kind}" (src/ui/kinds.ts)`);
  return assets;
}

/**
 * Makes the template of a kind defined outside the build, as the build makes the built-in ones:
 * the built runtime that carries exactly its widgets, every template's stylesheets, its own and
 * then its `css`, within the same budget. Throws, naming the kind and what to change, for widgets
 * no built runtime carries, an unknown stylesheet, CSS that would close its element, a template
 * over budget, or a built-in kind's name.
 */
export function addKindTemplate(kind: string, ui: KindUi): void {
  const problem = (text: string) => new Error(`Card kind "${kind}": ${text}`);
  if (Object.hasOwn(ASSETS, kind)) throw problem("a built-in kind has that name; choose another");
  // The runtime with exactly the kind's widgets; it must carry what the kind's flags add (tutor terms,
  // move handles, whole downloads), which act only on cards whose markup asks for them.
  const flags = (ui: { terms?: boolean; movable?: boolean; parts?: boolean }) =>
    (["terms", "movable", "parts"] as const).filter((flag) => ui[flag]);
  const same = BUNDLES.filter((b) => b.widgets.join() === ui.widgets.join());
  if (!same.length) {
    throw problem(
      `no built runtime carries exactly the widgets ${JSON.stringify(ui.widgets)}; use one of ${
        [...new Set(BUNDLES.map((b) => JSON.stringify(b.widgets)))].join(", ")
      }`,
    );
  }
  const bundle = same.find((b) => flags(ui).every((flag) => b[flag]));
  if (!bundle) {
    const lacking = flags(ui).filter((flag) => !same.some((b) => b[flag]));
    throw problem(
      `the built runtime with the widgets ${JSON.stringify(ui.widgets)} has no ${
        lacking.join(" or ")
      } (tutor terms, move handles, whole downloads); use the widgets [] for such a kind`,
    );
  }
  const sheets = STYLESHEETS as Record<string, string>;
  const unknown = ui.styles.filter((name) => !Object.hasOwn(sheets, name));
  if (unknown.length) {
    throw problem(
      `no stylesheet ${unknown.join(", ")}; the built ones are ${Object.keys(sheets).join(", ")}`,
    );
  }
  if (/<\/style/i.test(ui.css ?? "")) {
    throw problem("its css contains </style, which would end its own element");
  }
  const wanted = kindStyles(ui);
  const css = Object.keys(sheets).filter((name) => wanted.has(name)).map((name) => sheets[name]).join("") +
    (ui.css ?? "");
  const bytes = new TextEncoder().encode(css + bundle.runtime);
  const gzip = gzipSync(bytes).length;
  if (bytes.length > MAX_RAW_BYTES || gzip > MAX_GZIP_BYTES) {
    throw problem(
      `its template is over budget (${MAX_RAW_BYTES} B raw, ${MAX_GZIP_BYTES} B gzip): ${bytes.length} B raw, ${gzip} B gzip`,
    );
  }
  const assets = { css, runtime: bundle.runtime, hash: bundle.hash };
  const known = added.get(kind);
  if (known && (known.css !== css || known.runtime !== assets.runtime)) {
    throw problem("another server in this process declared it with a different view");
  }
  added.set(kind, assets);
}

const cache = new Map<string, string>();

/** One card kind's template document (built once, then reused). */
export function templateHtml(kind: string): string {
  let html = cache.get(kind);
  if (html) return html;
  const { css, runtime, hash } = kindAssets(kind);
  html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mcp-chat-cards-ui" content="${UI_VERSION}">
<meta name="mcp-chat-cards-version" content="${VERSION}">
<meta name="mcp-chat-cards-script" content="${hash}">
<title>mcp-chat-cards</title>
<style id="mcc-css">${css}</style>
</head>
<body>
<main id="mcc-root" data-mcc-mode="app" data-mcc-template="${kind}"></main>
<script id="mcc-runtime">${runtime}</script>
</body>
</html>
`;
  cache.set(kind, html);
  return html;
}
