/**
 * Finds the card in whatever a host delivers. Hosts differ in how they wrap a tool result, so the
 * search is breadth-first through objects, arrays and JSON-looking strings rather than one fixed
 * path; it also recognises an embedded standalone document and a link to one.
 */
import { CARD_URI_PREFIX } from "../shared/protocol.ts";

/** A card as the view paints it. */
export interface CardPayload {
  articleHtml: string;
  id?: string;
  kind?: string;
  title?: string;
}

/** URIs of standalone card documents. */
export const CARD_URI = new RegExp("^" + CARD_URI_PREFIX.replace(/[/.]/g, "\\$&") + "[A-Za-z0-9._~-]+$");

const MAX_NODES = 5_000;

type Json = Record<string, unknown>;

/** The article inside a standalone document's root, parsed inertly (no script runs). */
export function articleFromDocument(documentHtml: string): string | undefined {
  const doc = new DOMParser().parseFromString(documentHtml, "text/html");
  return doc.querySelector("#mcc-root .mcc-card")?.outerHTML;
}

function asCard(value: Json): CardPayload | undefined {
  // Only a card article counts: junk in its place must not latch the view and shut out the real card.
  if (typeof value.articleHtml !== "string" || !value.articleHtml.includes('class="mcc-card')) {
    return undefined;
  }
  const config = (value.config ?? {}) as Json;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    articleHtml: value.articleHtml,
    id: text(config.id),
    kind: text(config.kind),
    title: text(config.title),
  };
}

function fromString(text: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") && text.includes("articleHtml")) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  // A whole standalone document only: text that merely holds markup (a summary quoting the model's
  // title) is never parsed for a card, since nothing sanitized it.
  if (/^\s*<!doctype html/i.test(text) && text.includes('id="mcc-root"')) {
    const articleHtml = articleFromDocument(text);
    const id = /data-mcc-card-id="([^"]*)"/.exec(text)?.[1];
    return articleHtml ? { articleHtml, config: { id } } : undefined;
  }
  return undefined;
}

/**
 * The first card payload found breadth-first in `value`. Strings are looked into only where a
 * host puts serialized content (a `text` field): a title or a link name may hold any text the
 * model wrote, and must never be taken for a card.
 */
export function findCard(value: unknown): CardPayload | undefined {
  const queue: [string, unknown][] = [["", value]];
  for (let seen = 0; queue.length && seen < MAX_NODES; seen++) {
    let [key, node] = queue.shift()!;
    if (typeof node === "string") node = key === "text" ? fromString(node) : undefined;
    if (!node || typeof node !== "object") continue;
    const card = Array.isArray(node) ? undefined : asCard(node as Json);
    if (card) return card;
    queue.push(...Object.entries(node));
  }
  return undefined;
}

/**
 * The first standalone-document URI in a `uri` field of `value` (a resource link or resource): text
 * that only names one (any tool's output may) is no reason to read it.
 */
export function findCardUri(value: unknown): string | undefined {
  let uri: string | undefined;
  JSON.stringify(value, (key, v) => {
    if (key === "uri" && !uri && typeof v === "string") uri = CARD_URI.exec(v)?.[0];
    return v;
  });
  return uri;
}
