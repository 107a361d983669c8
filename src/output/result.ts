/**
 * Builds every card tool's result, whatever the card: a text summary that stands alone, a link
 * to the standalone document for hosts without MCP Apps, and the structured card for the view.
 * It also picks the requested part and refuses results over the ceiling instead of sending them.
 */
import { type Config, ConfigError } from "../config.ts";
import { ToolError } from "../errors.ts";
import { type Html, join } from "../html/html.ts";
import { shortHash } from "../html/ids.ts";
import { cardFrame } from "../html/shell.ts";
import { plural } from "../render/summary.ts";
import { CARD_URI_PREFIX, PULL_TOOL } from "../ui/shared/protocol.ts";
import { documentShellChars, standaloneDocument } from "../ui/standalone.ts";
import { type Block, formatCount, packBlocks, renderBlock } from "./budget.ts";
import { type CardStorage, type StoredCard, StoreUnavailableError } from "../store/card_store.ts";

/** What a card's render step returns. */
export interface CardOutput {
  title: string;
  /** Plain-text (markdown-friendly) summary that carries the card's point without the visual. */
  summary: string;
  /** Natural blocks in order: split points for splittable cards, simply joined for the rest. */
  blocks: Block[];
  /** The reader may reorder the blocks (document sections, tour files): each gets a move handle. */
  movable?: boolean;
}

/** The MCP content blocks a card result may carry. */
export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "resource_link"; uri: string; name: string; mimeType: string; description?: string }
  | { type: "resource"; resource: { uri: string; mimeType: string; text: string } };

/** `structuredContent.parts`, the one completeness check for every card. */
export interface Parts {
  current: number;
  total: number;
  hasMore: boolean;
}

/** A card tool's result. */
export interface CardResult {
  [key: string]: unknown;
  content: ContentBlock[];
  structuredContent: {
    /** `articleHtml` only for MCP Apps hosts: the others cannot paint it, and some pass it to the model. */
    card: { articleHtml?: string; config: { id: string; kind: string; title: string; tool: string } };
    parts: Parts;
  };
  /** Not for the model: `viewUUID` keys what the view remembers across reloads (tab, scroll, input). */
  _meta: { viewUUID: string };
}

/** Everything about the call that shapes the result, besides the card itself. */
export interface ResultContext {
  tool: string;
  kind: string;
  splittable: boolean;
  /** 1-based part asked for; undefined means 1. */
  part?: number;
  config: Config;
  store: CardStorage;
  /** The client declared the MCP Apps extension: skip the fallback link. */
  apps: boolean;
  /** Makes the card id (random in production, fixed in tests). */
  newId: () => string;
  /** Data for the runtime on the card frame (`data-mcc-<name>`), e.g. tutor terms and context actions. */
  frameData?: Readonly<Record<string, string>>;
  /**
   * More structured content the tool sends beside the card (mirror_web_form's form outline): it is
   * measured with the card, so a result over the ceiling is refused before anything is stored.
   */
  structured?: Readonly<Record<string, unknown>>;
  /** The too-large refusal's hint, for a tool whose way out is not shortening its input. */
  tooLargeHint?: string;
}

/**
 * Packs, frames, stores and measures a rendered card into the tool result. Every part is framed
 * and stored under the card's id, so get_card serves part k later from the stored render
 * (any replica, with a shared store) instead of rendering the input again.
 */
export async function buildCardResult(card: CardOutput, ctx: ResultContext): Promise<CardResult> {
  const rendered = card.blocks.map(renderBlock); // once: the budget's sample and the packing read it
  const parts = ctx.splittable
    ? packBlocks(card.blocks, partBudget(card, rendered, ctx), rendered)
    : [rendered];
  const total = parts.length;
  const current = ctx.part ?? 1;
  if (current > total) {
    throw new ToolError(
      "invalid_input",
      `Invalid "part": this input renders as ${plural(total, "part")}, got ${current}`,
      `Call ${ctx.tool} with part from 1 to ${total}`,
    );
  }
  const id = ctx.newId();
  const stored = parts.map((blocks, i): StoredCard => {
    const title = total > 1 ? `${card.title} (part ${i + 1} of ${total})` : card.title;
    const articleHtml = cardFrame({
      kind: ctx.kind,
      title,
      body: join(blocks, "\n"),
      idPrefix: "m" + shortHash(ctx.kind + "\n" + title),
      data: ctx.frameData,
      movable: card.movable === true && blocks.length > 1,
    }).value;
    return total > 1
      ? { id, kind: ctx.kind, title, articleHtml, tool: ctx.tool, part: i + 1, total }
      : { id, kind: ctx.kind, title, articleHtml, tool: ctx.tool };
  });
  const result = partResult(stored[current - 1], card.summary, ctx);
  if (ctx.structured) result.structuredContent = { ...ctx.structured, ...result.structuredContent };
  // Measured with the article whatever the host, so one input is accepted or refused alike everywhere.
  assertUnderCeiling(result, ctx);
  await storeCard(ctx.store, stored); // only once the result is certain to be sent
  // A new object rather than \`delete\`: a deleted key leaves a slow object every later walk pays for.
  if (!ctx.apps) result.structuredContent.card = { config: result.structuredContent.card.config };
  return result;
}

/** What shapes a result besides the stored part: the host, the settings, the tool. */
export interface PartContext {
  tool: string;
  apps: boolean;
  config: Config;
}

/**
 * The result showing one stored part: `text` (the card's summary, or a line about the part), the
 * way to the next part, the document link for hosts without MCP Apps, and the structured card.
 */
export function partResult(shown: StoredCard, text: string, ctx: PartContext): CardResult {
  const { id, kind, title, articleHtml } = shown;
  const current = shown.part ?? 1;
  const total = shown.total ?? 1;
  const hasMore = current < total;
  const lines = [text];
  if (total > 1) lines.push(nextPartLine(id, current, total));
  const content: ContentBlock[] = [{ type: "text", text: lines.join("\n\n") }];
  if (!ctx.apps) {
    const uri = partUri(id, current);
    content.push(
      ctx.config.embedHtml
        ? { type: "resource", resource: { uri, mimeType: "text/html", text: standaloneDocument(shown) } }
        : {
          type: "resource_link",
          uri,
          name: title,
          mimeType: "text/html",
          description: "The card as a standalone HTML document",
        },
    );
  }
  return {
    content,
    structuredContent: {
      card: { articleHtml, config: { id, kind, title, tool: ctx.tool } },
      parts: { current, total, hasMore },
    },
    // A fresh id per call (the ext-apps viewUUID pattern): the view keys the state it remembers by it.
    _meta: { viewUUID: crypto.randomUUID() },
  };
}

/** Where a card's parts are read: part 1 at the card's id, part k (k > 1) under it. */
export function partUri(id: string, part: number): string {
  return CARD_URI_PREFIX + (part === 1 ? id : `${id}/${part}`);
}

/** The sentence that says which part this is and how to get the next (get_card by the card's id). */
export function nextPartLine(id: string, current: number, total: number): string {
  return current < total
    ? `This is part ${current} of ${total}. For part ${current + 1}, call ${PULL_TOOL} with ${
      JSON.stringify({ id, part: current + 1 })
    }.`
    : `This is part ${current} of ${total}, the last one.`;
}

/** Room the frame, config, links and the part line take in a result, besides the title. */
const RESULT_OVERHEAD = 1_500;

/**
 * The budget parts are packed to: the configured one, lowered when a part that size would not
 * fit under the result ceiling next to the summary once serialized (JSON escapes quotes and line
 * breaks, so the markup's own escaping ratio is applied). A split card then never trips the
 * ceiling on a part it chose itself.
 */
function partBudget(card: CardOutput, rendered: readonly Html[], ctx: ResultContext): number {
  // A sample is enough for the ratio: the first 64K characters.
  let sample = "";
  for (const block of rendered) {
    if (sample.length >= 65_536) break;
    sample += (sample ? "\n" : "") + block.value.slice(0, 65_536);
  }
  sample = sample.slice(0, 65_536);
  const ratio = sample.length ? JSON.stringify(sample).length / sample.length : 1;
  // An embedded standalone document carries the stylesheet and runtime on top of the article.
  const documentShell = !ctx.apps && ctx.config.embedHtml ? documentShellChars(ctx.kind) : 0;
  const room = ctx.config.resultLimit - JSON.stringify(card.summary).length -
    3 * JSON.stringify(card.title).length - documentShell -
    RESULT_OVERHEAD;
  return Math.max(1, Math.min(ctx.config.cardBudget, Math.floor(room / ratio)));
}

/**
 * Stores the card for a later read of its standalone document. A store that cannot be reached
 * does not fail the call: the summary and structuredContent carry the card without it, the store
 * has logged the outage once, and a read of this id will say it is missing.
 */
async function storeCard(store: CardStorage, [first, ...more]: readonly StoredCard[]): Promise<void> {
  try {
    await store.put(first, more);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
  }
}

/**
 * The exact serialized size, or a cheaper upper bound when that already fits: JSON.stringify
 * writes each character of a string as at most six (\uXXXX), so the big strings need not be
 * serialized just to be measured.
 */
function serializedSize(result: CardResult, limit: number): number {
  const { card, parts } = result.structuredContent;
  const big = (card.articleHtml?.length ?? 0) +
    result.content.reduce((n, c) => n + ("text" in c ? c.text.length : 0), 0);
  const skeleton = {
    content: result.content.map((c) => ("text" in c ? { ...c, text: "" } : c)),
    structuredContent: { ...result.structuredContent, card: { ...card, articleHtml: "" }, parts },
    _meta: result._meta,
  };
  const bound = JSON.stringify(skeleton).length + 6 * big;
  return bound <= limit ? bound : JSON.stringify(result).length;
}

function assertUnderCeiling(result: CardResult, ctx: ResultContext): void {
  const limit = ctx.config.resultLimit;
  const size = serializedSize(result, limit);
  if (size <= limit) return;
  // Hints name what the caller can do; the settings are the user's, so they come last, as such.
  const hint = ctx.tooLargeHint ??
    (ctx.splittable
      ? "Shorten the longest text or cells, or send the content over several calls (the user may lower MCP_CHAT_CARDS_CARD_BUDGET)"
      : "Split the content across several smaller cards or shorten long text (the user may raise MCP_CHAT_CARDS_RESULT_LIMIT if the host accepts larger results)");
  throw new ToolError(
    "too_large",
    `Card is too large: the result is ${formatCount(size)} characters, ${
      formatCount(size - limit)
    } over the ${formatCount(limit)}-character ceiling (MCP_CHAT_CARDS_RESULT_LIMIT)`,
    hint,
  );
}

/**
 * Room one result needs for the card itself next to an embedded document: a summary (up to 4,000
 * characters), the frame and links, and an article of about 20,000 characters, which the result
 * carries twice (in the document and in structuredContent), JSON-escaped.
 */
const EMBED_CARD_ROOM = 48_000;

/** Characters the largest kind's embedded document (stylesheet and runtime) takes in a result, JSON-escaped. */
export function embeddedDocumentChars(): number {
  return documentShellChars();
}

/**
 * The smallest MCP_CHAT_CARDS_RESULT_LIMIT embedding works with: the document as measured (so it
 * follows the template's size) plus {@link EMBED_CARD_ROOM}, rounded up to a thousand.
 */
export function embedMinimum(): number {
  return Math.ceil((embeddedDocumentChars() + EMBED_CARD_ROOM) / 1_000) * 1_000;
}

/**
 * Embedding under a ceiling that cannot hold the document refuses every card: with
 * MCP_CHAT_CARDS_EMBED_HTML, refuses (ConfigError) a result limit below {@link embedMinimum}.
 */
export function assertEmbedRoom(config: Config): void {
  if (!config.embedHtml) return;
  const minimum = embedMinimum();
  if (config.resultLimit >= minimum) return;
  throw new ConfigError(
    `MCP_CHAT_CARDS_EMBED_HTML (--embed-html) needs MCP_CHAT_CARDS_RESULT_LIMIT (--result-limit) of at least ${minimum}: every result then carries the ${embeddedDocumentChars()}-character card document as well as the card; got ${config.resultLimit}`,
  );
}
