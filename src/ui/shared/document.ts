/**
 * The standalone card document, written once and used on both sides: the server serves it at
 * ui://mcp-chat-cards/html/<id> and the browser runtime rebuilds it for "Copy card". Pure string
 * work with no DOM and no Deno, so it type-checks under both configurations.
 */
import { escape } from "./escape.ts";

/** Everything a standalone document is made of. */
export interface DocumentParts {
  title: string;
  /** Card id, kept on the root so the copy of a copy still knows its card. */
  cardId: string;
  /** Markup placed inside the root: one card article (or several, for the gallery). */
  bodyHtml: string;
  css: string;
  runtime: string;
  /** CSP source of the runtime script, `'sha256-...'`. */
  scriptHash: string;
  version: string;
  /** Extra stylesheet after the card CSS (the gallery's layout). */
  extraCss?: string;
}

/** The CSP of a standalone document: nothing external, the runtime only by its hash. */
export function standaloneCsp(scriptHash: string): string {
  return `default-src 'none'; script-src ${scriptHash}; style-src 'unsafe-inline'; img-src data:; media-src data:; base-uri 'none'; form-action 'none'`;
}

/** A self-contained HTML document: inline CSS and runtime under {@link standaloneCsp}. */
export function standaloneHtml(p: DocumentParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${standaloneCsp(p.scriptHash)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mcp-chat-cards-ui" content="${escape(p.version)}">
<meta name="mcp-chat-cards-script" content="${p.scriptHash}">
<title>${escape(p.title)}</title>
<style id="mcc-css">${p.css}</style>${p.extraCss ? `\n<style>${p.extraCss}</style>` : ""}
</head>
<body>
<main id="mcc-root" data-mcc-mode="standalone" data-mcc-card-id="${escape(p.cardId)}">
${p.bodyHtml}
</main>
<script id="mcc-runtime">${p.runtime}</script>
</body>
</html>
`;
}
