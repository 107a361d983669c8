/**
 * The standalone document (ui://mcp-chat-cards/html/<id>): the same stylesheet and runtime as the
 * template with the card already in place, under a CSP that allows nothing external. The document
 * itself is written by shared/document.ts, which "Copy card" uses in the browser too.
 */
import { CSS, RUNTIME, RUNTIME_CSP_HASH, UI_VERSION } from "./assets.gen.ts";
import { standaloneCsp, standaloneHtml } from "./shared/document.ts";

/** The Content-Security-Policy of every standalone document. */
export const STANDALONE_CSP: string = standaloneCsp(RUNTIME_CSP_HASH);

/** A self-contained HTML document showing one card. */
export function standaloneDocument(card: { id: string; title: string; articleHtml: string }): string {
  return standaloneHtml({
    title: card.title,
    cardId: card.id,
    bodyHtml: card.articleHtml,
    css: CSS,
    runtime: RUNTIME,
    scriptHash: RUNTIME_CSP_HASH,
    version: UI_VERSION,
  });
}
