/**
 * The MCP Apps template (ui://mcp-chat-cards/card.html): stylesheet and runtime, no card. The host
 * reads it once and delivers each tool result to it; the runtime paints the card. It carries the
 * runtime's CSP hash so "Copy card" can rebuild the standalone document inside the view, and the
 * server's version, which the view reports as its appInfo.
 */
import { VERSION } from "../version.ts";
import { CSS, RUNTIME, RUNTIME_CSP_HASH, UI_VERSION } from "./assets.gen.ts";

let cached: string | undefined;

/** The template document (built once, then reused). */
export function templateHtml(): string {
  cached ??= `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mcp-chat-cards-ui" content="${UI_VERSION}">
<meta name="mcp-chat-cards-version" content="${VERSION}">
<meta name="mcp-chat-cards-script" content="${RUNTIME_CSP_HASH}">
<title>mcp-chat-cards</title>
<style id="mcc-css">${CSS}</style>
</head>
<body>
<main id="mcc-root" data-mcc-mode="app"></main>
<script id="mcc-runtime">${RUNTIME}</script>
</body>
</html>
`;
  return cached;
}
