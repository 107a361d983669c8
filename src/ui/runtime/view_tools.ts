/**
 * Tools the card offers its host (MCP Apps `appCapabilities.tools`, what ext-apps 1.7's
 * `App.registerTool` declares): the host lists them with `tools/list` and calls them with
 * `tools/call`, so its model can ask the card what the reader is looking at instead of asking the
 * reader: a table's selected row and its sort and filter, a chart's focused point, a form's current
 * values, a document's current section. Read-only, no arguments; each answer names the card (id,
 * title) it comes from, as JSON text (data, never prose the page wrote) and as structured content.
 * Each tool lives with its kind's widget (`Widget.tools`), so a template carries only its own.
 */
import { WIDGETS } from "./widgets/index.ts";
import type { ViewTool } from "./widgets/types.ts";

type Json = Record<string, unknown>;

/** The template's tools the painted card offers (none before a card is painted). */
function offered(article: Element | null): ViewTool[] {
  return article ? WIDGETS.flatMap((w) => w.tools ?? []).filter((t) => t.offers(article)) : [];
}

/** The tools the painted card offers, as `tools/list` lists them. */
export function listViewTools(article: Element | null): Json[] {
  return offered(article).map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  }));
}

/** Calls one of the card's tools; undefined when the card offers no tool of that name. */
export function callViewTool(name: unknown, article: Element | null, card: Json): Json | undefined {
  const tool = offered(article).find((t) => t.name === name);
  if (!tool) return undefined;
  const answer = { card, ...tool.read(article!) };
  return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
}
