/**
 * Tools the card offers its host (MCP Apps `appCapabilities.tools`, what ext-apps 1.7's
 * `App.registerTool` declares): the host lists them with `tools/list` and calls them with
 * `tools/call`, so its model can ask the card what the reader is looking at instead of asking the
 * reader: a table's selected row and its sort and filter, a chart's focused point, a form's current
 * values, a document's current section. Read-only, no arguments; each answer names the card (id,
 * title) it comes from, as JSON text (data, never prose the page wrote) and as structured content.
 */
import { cap } from "./dom.ts";
import { about, picked } from "./selection.ts";

type Json = Record<string, unknown>;

interface ViewTool {
  name: string;
  description: string;
  /** The card holds what the tool reads. */
  offers(article: Element): boolean;
  read(article: Element): Json;
}

const line = (text?: string | null) => cap((text ?? "").replace(/\s+/g, " ").trim(), 500);

/** What `el` is, when it is the reader's selection inside `article` and matches `selector`. */
function chosen(article: Element, selector: string): Json | null {
  const el = picked && article.contains(picked) && picked.matches(selector) ? picked : undefined;
  return el ? about(el)[2] : null;
}

function tableView(article: Element): Json {
  const sorted = article.querySelector(".mcc-table th[aria-sort]:not([aria-sort=none])");
  const filter = article.querySelector<HTMLInputElement>("input[type=search]");
  return {
    selectedRow: chosen(article, "tr"),
    sort: sorted ? { column: line(sorted.textContent), order: sorted.getAttribute("aria-sort") } : null,
    filter: filter?.value ? line(filter.value) : null,
    rowsShown: article.querySelectorAll(".mcc-table tbody tr:not([hidden])").length,
  };
}

function chartFocus(article: Element): Json {
  const focused = article.contains(document.activeElement) && document.activeElement!.matches(".mcc-pt")
    ? about(document.activeElement!)[2]
    : null;
  return { focused: focused ?? chosen(article, ".mcc-pt, .mcc-legend li") };
}

/** The form's fields by name; hidden and password fields never leave the card. */
function formValues(article: Element): Json {
  const values: Json = {};
  for (const field of article.querySelectorAll<HTMLInputElement>("form [name]")) {
    if (field.type === "hidden" || field.type === "password" || field.localName === "button") continue;
    if (field.type === "checkbox") values[field.name] = field.checked;
    else if (field.type !== "radio" || field.checked) values[field.name] = line(field.value);
  }
  return { values };
}

function documentSection(article: Element): Json {
  const sections = [...article.querySelectorAll<HTMLDetailsElement>("details.mcc-md-section")];
  const current = sections.find((s) => s.contains(document.activeElement)) ?? sections.find((s) => s.open);
  return {
    current: current ? line(current.querySelector("summary")?.textContent) : null,
    sections: sections.map((s) => ({ heading: line(s.querySelector("summary")?.textContent), open: s.open })),
  };
}

const TOOLS: readonly ViewTool[] = [
  {
    name: "table_view",
    description: "The table card's selected row, sort and filter",
    offers: (a) => !!a.querySelector(".mcc-table") && !a.querySelector(".mcc-chart"),
    read: tableView,
  },
  {
    name: "chart_focus",
    description: "The chart card's focused or selected point",
    offers: (a) => !!a.querySelector(".mcc-chart"),
    read: chartFocus,
  },
  {
    name: "form_values",
    description: "The form card's current values",
    offers: (a) => !!a.querySelector("form [name]"),
    read: formValues,
  },
  {
    name: "document_section",
    description: "The document card's current section",
    offers: (a) => !!a.querySelector("details.mcc-md-section"),
    read: documentSection,
  },
];

/** The tools the painted card offers (none before a card is painted). */
export function listViewTools(article: Element | null): Json[] {
  return TOOLS.filter((t) => article && t.offers(article)).map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  }));
}

/** Calls one of the card's tools; undefined when the card offers no tool of that name. */
export function callViewTool(name: unknown, article: Element | null, card: Json): Json | undefined {
  const tool = TOOLS.find((t) => t.name === name && article && t.offers(article));
  if (!tool || !article) return undefined;
  const answer = { card, ...tool.read(article) };
  return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
}
