/**
 * The standalone document (ui://mcp-chat-cards/html/<id>): the card kind's stylesheet and runtime,
 * as in its template, with the card already in place, under a CSP that allows nothing external.
 * The document itself is written by shared/document.ts, which "Copy card" uses in the browser too.
 */
import { UI_VERSION } from "./assets.gen.ts";
import { standaloneCsp, standaloneHtml } from "./shared/document.ts";
import { kindAssets } from "./template.ts";

/** The Content-Security-Policy of a standalone document of `kind`. */
export function standaloneCspOf(kind: string): string {
  return standaloneCsp(kindAssets(kind).hash);
}

/** A self-contained HTML document showing one card. */
export function standaloneDocument(
  card: { id: string; kind: string; title: string; articleHtml: string },
): string {
  const { css, runtime, hash } = kindAssets(card.kind);
  return standaloneHtml({
    title: card.title,
    cardId: card.id,
    bodyHtml: card.articleHtml,
    css,
    runtime,
    scriptHash: hash,
    version: UI_VERSION,
  });
}

/**
 * Characters the emptiest standalone document of `kind` takes JSON-escaped (all kinds: the
 * largest), as the UI build measured them (tests/config_test.ts measures them again).
 */
export { documentShellChars } from "./shells.ts";
