/**
 * The standalone document (ui://mcp-chat-cards/html/<id>): the same stylesheet and runtime as the
 * template with the card already in place, under a CSP that allows nothing external. The document
 * itself is written by runtime/document.ts, which "Copy card" uses in the browser too.
 */
import type { StoredCard } from "../output/store.ts";
import { CSS, RUNTIME, RUNTIME_CSP_HASH, UI_VERSION } from "./assets.gen.ts";
import { standaloneCsp, standaloneHtml } from "./runtime/document.ts";

/** The Content-Security-Policy of every standalone document. */
export const STANDALONE_CSP: string = standaloneCsp(RUNTIME_CSP_HASH);

/** A self-contained HTML document showing one card. */
export function standaloneDocument(card: StoredCard): string {
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
