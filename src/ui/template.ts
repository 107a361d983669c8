/**
 * The MCP Apps templates (`ui://mcp-chat-cards/template/<kind>.html`): one per card kind, each the
 * kind's stylesheet and runtime with no card (src/ui/kinds.ts says what each carries). The host
 * reads a tool's template once and delivers each of its results to it; the runtime paints the card.
 * A template carries its runtime's CSP hash so "Copy card" can rebuild the standalone document
 * inside the view, and the server's version, which the view reports as its appInfo.
 */
import { VERSION } from "../version.ts";
import { ASSETS, type KindAssets, UI_VERSION } from "./assets.gen.ts";

/** The card kinds that have a template, in src/ui/kinds.ts order. */
export const TEMPLATE_KINDS: readonly string[] = Object.keys(ASSETS);

/** The stylesheet and runtime of one card kind's template. */
export function kindAssets(kind: string): KindAssets {
  const assets = Object.hasOwn(ASSETS, kind) ? ASSETS[kind] : undefined;
  if (!assets) throw new Error(`No card template for kind "${kind}" (src/ui/kinds.ts)`);
  return assets;
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
