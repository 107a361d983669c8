/**
 * Tools the card offers its host (MCP Apps `appCapabilities.tools`, what ext-apps 1.7's
 * `App.registerTool` declares): the host lists them with `tools/list` and calls them with
 * `tools/call`, so its model can ask the card what the reader is looking at instead of asking the
 * reader: a table's selected row and its sort and filter, a chart's focused point, a form's current
 * values, a document's current section. Read-only, no arguments; each answer names the card (id,
 * title) it comes from, as JSON text (data, never prose the page wrote) and as structured content.
 * Each tool is its kind's widget's (`Widget.tools`: a table's template carries no form tool); this
 * is the protocol side every template shares.
 */
import { about, line, picked } from "./selection.ts";
import { WIDGETS } from "./widgets/in_use.ts";
import type { Json, ViewTool } from "./widgets/types.ts";

export { line };

/** What `el` is, when it is the reader's selection inside `article` and matches `selector`. */
export function chosen(article: Element, selector: string): Json | null {
  const el = picked && article.contains(picked) && picked.matches(selector) ? picked : undefined;
  return el ? about(el)[2] : null;
}

/** The tools of this template's widgets that `article` offers (none before a card is painted). */
const offered = (article: Element | null): ViewTool[] =>
  article ? WIDGETS.flatMap((w) => w.tools ?? []).filter((t) => t.offers(article)) : [];

/** The tools the painted card offers, as `tools/list` describes them. */
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
  if (!tool || !article) return undefined;
  const answer = { card, ...tool.read(article) };
  return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
}
