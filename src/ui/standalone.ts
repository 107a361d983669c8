/**
 * The standalone document (ui://mcp-chat-cards/html/<id>): the same stylesheet and runtime as the
 * template with the card already in place, under a CSP that allows nothing external.
 */
import { escape } from "../html/html.ts";
import type { StoredCard } from "../output/store.ts";
import { CSS, RUNTIME, RUNTIME_CSP_HASH, UI_VERSION } from "./assets.gen.ts";

/** The Content-Security-Policy of every standalone document. */
export const STANDALONE_CSP =
  `default-src 'none'; script-src ${RUNTIME_CSP_HASH}; style-src 'unsafe-inline'; img-src data:; media-src data:; base-uri 'none'; form-action 'none'`;

/** A self-contained HTML document showing one card. */
export function standaloneDocument(card: StoredCard): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${STANDALONE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="mcp-chat-cards-ui" content="${UI_VERSION}">
<title>${escape(card.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main id="mcc-root" data-mcc-mode="standalone" data-mcc-card-id="${escape(card.id)}">
${card.articleHtml}
</main>
<script>${RUNTIME}</script>
</body>
</html>
`;
}
