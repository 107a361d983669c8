/**
 * A diagram from Mermaid text: parsed (mermaid.ts), drawn as SVG (graph_svg.ts, sequence_svg.ts)
 * with a title and description for screen readers, and a text alternative listing every node and
 * edge (or every message) that the runtime also reads to name the focusable marks. Text the parser
 * cannot read never breaks a card: the source shows as code, and a note names each line it could
 * not read and why.
 */
import { invalidInput } from "../../errors.ts";
import { escape, type Html, raw } from "../../html/html.ts";
import { idMaker } from "../../html/ids.ts";
import { quoteLine } from "../../quote.ts";
import { codeFigure } from "../code_view.ts";
import { plural } from "../summary.ts";
import { clip } from "../svg/text.ts";
import { drawGraph, graphLayoutReady } from "./graph_svg.ts";
import { parseMermaid } from "./mermaid.ts";
import type { GraphDiagram, GraphEdge, SequenceDiagram, Unsupported } from "./model.ts";
import { drawSequence } from "./sequence_svg.ts";

/** Longest Mermaid source a diagram takes, in characters. */
export const MAX_MERMAID_CHARS = 20_000;
/** Most nodes a graph diagram lays out (layout time grows fast, and every node travels in the result). */
export const MAX_NODES = 150;
/** Most edges a graph diagram lays out. */
export const MAX_EDGES = 300;
/** Most participants and rows (messages, notes) a sequence diagram draws. */
export const MAX_PARTICIPANTS = 20;
export const MAX_STEPS = 200;
/**
 * Nodes and edges (participants and rows, for a sequence) one document lays out in all its mermaid
 * fences: a full-size graph takes a second or more to lay out, and a 1 MB document holds 260 of them.
 * Past it, a fence shows as its source with the reason.
 */
export const MAX_DOCUMENT_DIAGRAM_ITEMS = 2_000;

/** What is left of one document's diagram budget ({@link MAX_DOCUMENT_DIAGRAM_ITEMS}). */
export interface DiagramBudget {
  left: number;
}

export { loadGraphLayout } from "./graph_svg.ts";

/** A rendered diagram: the figure, its plain-text conclusion, and whether a diagram was drawn. */
export interface RenderedDiagram {
  html: Html;
  summary: string;
  drawn: boolean;
}

const q = (text: string) => quoteLine(text, 80);

const KIND_NAMES: Record<string, string> = {
  flowchart: "Flowchart",
  state: "State diagram",
  class: "Class diagram",
  sequence: "Sequence diagram",
};
const DIRECTION_WORDS = {
  TB: "top to bottom",
  BT: "bottom to top",
  LR: "left to right",
  RL: "right to left",
};

/** The source as code, with a note naming what could not be read. */
function sourceFallback(source: string, problems: readonly Unsupported[], lead: string): RenderedDiagram {
  const shown = problems.slice(0, 10).map((p) =>
    p.text ? `line ${p.line} (${clip(p.text, 60)}): ${p.reason}` : `line ${p.line}: ${p.reason}`
  );
  const more = problems.length > 10 ? `; and ${problems.length - 10} more` : "";
  const note = `${lead}: ${shown.join("; ")}${more}.`;
  return {
    html: raw(
      `<figure class="mcc-dg mcc-dg-source"><p class="mcc-dg-note">${escape(note)}</p>${
        codeFigure(source, { label: "mermaid" }).value
      }</figure>`,
    ),
    summary: `Mermaid source shown as code. ${
      problems.slice(0, 5).map((p) => `Line ${p.line}: ${p.reason}${p.text ? ` (${q(p.text)})` : ""}`).join(
        ". ",
      )
    }${problems.length > 5 ? `. And ${problems.length - 5} more` : ""}.`,
    drawn: false,
  };
}

/** Why a diagram is over a limit, or undefined. */
function overLimit(d: GraphDiagram | SequenceDiagram): string | undefined {
  if (d.type === "sequence") {
    if (d.participants.length > MAX_PARTICIPANTS) {
      return `${d.participants.length} participants is more than ${MAX_PARTICIPANTS}`;
    }
    const rows = d.steps.filter((s) => s.kind === "message" || s.kind === "note").length;
    return rows > MAX_STEPS ? `${rows} messages and notes is more than ${MAX_STEPS}` : undefined;
  }
  if (d.nodes.length > MAX_NODES) return `${d.nodes.length} nodes is more than ${MAX_NODES}`;
  if (d.edges.length > MAX_EDGES) return `${d.edges.length} edges is more than ${MAX_EDGES}`;
  return undefined;
}

/**
 * Renders Mermaid text. With `field`, a diagram over a limit is refused as that input field (a
 * card's own diagram); without, it shows as source like any diagram this card cannot draw (a fence
 * in a document).
 */
export function renderMermaid(
  source: string,
  options: { title?: string; field?: string; budget?: DiagramBudget } = {},
): RenderedDiagram {
  if (source.length > MAX_MERMAID_CHARS) {
    if (options.field) {
      throw invalidInput(
        options.field,
        `${source.length} characters is more than ${MAX_MERMAID_CHARS}`,
        "Split the diagram into several smaller ones",
      );
    }
    return sourceFallback(source, [{
      line: 1,
      text: "",
      reason: `longer than ${MAX_MERMAID_CHARS} characters`,
    }], "Not drawn");
  }
  const parsed = parseMermaid(source);
  if ("unsupported" in parsed) {
    return sourceFallback(source, parsed.unsupported, "Not drawn, this card cannot read");
  }
  const d = parsed.diagram;
  const over = overLimit(d);
  if (over) {
    if (options.field) throw invalidInput(options.field, over, "Split the diagram into several smaller ones");
    return sourceFallback(source, [{ line: 1, text: "", reason: over }], "Not drawn, too large");
  }
  if (options.budget) {
    const items = d.type === "sequence"
      ? d.participants.length + d.steps.length
      : d.nodes.length + d.edges.length;
    if (items > options.budget.left) {
      return sourceFallback(source, [{
        line: 1,
        text: "",
        reason: `this document's diagrams pass ${
          MAX_DOCUMENT_DIAGRAM_ITEMS.toLocaleString("en-US")
        } nodes and edges`,
      }], "Not drawn, too large");
    }
    options.budget.left -= items;
  }
  if (d.type !== "sequence" && !graphLayoutReady()) {
    return sourceFallback(
      source,
      [{ line: 1, text: "", reason: "the layout library did not load" }],
      "Not drawn",
    );
  }
  const id = idMaker(`diagram\n${options.title ?? ""}\n${source}`);
  // one id per marker kind: the definition and every edge that uses it must agree
  const markerIds = new Map<string, string>();
  const markerId = (name: string) => markerIds.get(name) ?? markerIds.set(name, id(name)).get(name)!;
  const drawn = d.type === "sequence" ? drawSequence(d, markerId) : drawGraph(d, markerId);
  const summary = d.type === "sequence" ? sequenceSummary(d) : graphSummary(d);
  const tid = id("dg-title");
  const did = id("dg-desc");
  const title = options.title ?? KIND_NAMES[d.type];
  const svg =
    `<svg class="mcc-dg-svg" viewBox="0 0 ${drawn.width} ${drawn.height}" width="${drawn.width}" height="${drawn.height}" role="img" aria-labelledby="${tid} ${did}">` +
    `<title id="${tid}">${escape(clip(title, 200))}</title><desc id="${did}">${
      escape(summary)
    }</desc>${drawn.body}</svg>`;
  const ignored = parsed.ignored.length
    ? `<p class="mcc-dg-note">${escape(ignoredNote(parsed.ignored))}</p>`
    : "";
  const alt = d.type === "sequence" ? sequenceAlternative(d) : graphAlternative(d);
  const html =
    `<figure class="mcc-dg" data-mcc-diagram="${d.type}"><div class="mcc-dg-plot">${svg}</div>${ignored}` +
    `<details class="mcc-dg-more"><summary>${
      d.type === "sequence" ? "Messages" : "Nodes and edges"
    }</summary>${alt}</details></figure>`;
  const ignoredLine = parsed.ignored.length
    ? ` ${plural(parsed.ignored.length, "line")} of styling or notes not drawn.`
    : "";
  return { html: raw(html), summary: summary + ignoredLine, drawn: true };
}

/** "Not drawn: lines 13 and 14 (styling …)": the lines skipped, grouped by why. */
function ignoredNote(ignored: readonly Unsupported[]): string {
  const byReason = new Map<string, number[]>();
  for (const p of ignored) byReason.set(p.reason, [...(byReason.get(p.reason) ?? []), p.line]);
  const parts = [...byReason].map(([reason, ns]) => {
    const shown = ns.length > 6
      ? `${ns.slice(0, 6).join(", ")} and ${ns.length - 6} more`
      : ns.length > 1
      ? `${ns.slice(0, -1).join(", ")} and ${ns.at(-1)}`
      : String(ns[0]);
    return `${ns.length > 1 ? "lines" : "line"} ${shown} (${reason})`;
  });
  return `Not drawn: ${parts.join("; ")}.`;
}

// --- graphs ---

const RELATIONS: Partial<Record<GraphEdge["head"], string>> = {
  triangle: "inheritance",
  diamond: "composition",
  open_diamond: "aggregation",
};

function edgeWords(
  d: GraphDiagram,
  e: GraphEdge,
  name: (id: string) => string,
  say = (text: string) => text,
): string {
  const rel = RELATIONS[e.head] ?? RELATIONS[e.tail];
  const arrow = e.head === "none" && e.tail === "none"
    ? "—"
    : e.head === "none"
    ? "←"
    : e.tail !== "none"
    ? "↔"
    : "→";
  const kind = d.type === "class" && rel
    ? ` (${rel}${e.line === "dotted" ? ", dotted" : ""})`
    : e.line === "dotted"
    ? " (dotted)"
    : "";
  return `${name(e.from)} ${arrow} ${name(e.to)}${kind}${e.label ? `: ${say(e.label)}` : ""}`;
}

function graphAlternative(d: GraphDiagram): string {
  const label = new Map(d.nodes.map((n) => [n.id, n.label.replace(/\n/g, " ") || n.id]));
  const groups = new Map(d.groups.map((g) => [g.id, g.label]));
  const name = (id: string) => `“${label.get(id)}”`;
  // every edge once, under the node it leaves (the node's focus name reads the same item)
  const nodes = d.nodes.map((n) => {
    const out = d.edges.filter((e) => e.from === n.id).map((e) =>
      edgeWords(d, e, name).slice(name(n.id).length + 1)
    );
    const members = n.members?.length ? ` [${n.members.join("; ")}]` : "";
    const group = n.group && groups.has(n.group) ? ` (in ${groups.get(n.group)})` : "";
    return `<li>${
      escape(`${label.get(n.id)}${members}${group}${out.length ? `: ${out.join(", ")}` : ""}`)
    }</li>`;
  }).join("");
  return `<div class="mcc-dg-alt"><p>${plural(d.nodes.length, "node")}, ${
    plural(d.edges.length, "edge")
  }</p>` +
    `<ol data-mcc-rows="nodes">${nodes}</ol></div>`;
}

/** One cycle's node ids (a self-loop counts), or undefined for an acyclic graph. */
export function findCycle(d: GraphDiagram): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const e of d.edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, 1);
    path.push(id);
    for (const to of next.get(id) ?? []) {
      if (state.get(to) === 1) return path.slice(path.indexOf(to));
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id, 2);
    return undefined;
  };
  for (const n of d.nodes) {
    if (state.has(n.id)) continue;
    const found = visit(n.id);
    if (found) return found;
  }
  return undefined;
}

function graphSummary(d: GraphDiagram): string {
  const label = new Map(d.nodes.map((n) => [n.id, n.label.replace(/\n/g, " ") || n.id]));
  const name = (id: string) => q(label.get(id)!);
  const parts = [
    `${KIND_NAMES[d.type]} (${DIRECTION_WORDS[d.direction]}) with ${plural(d.nodes.length, "node")} and ${
      plural(d.edges.length, "edge")
    }${d.groups.length ? ` in ${plural(d.groups.length, "group")}` : ""}.`,
  ];
  if (d.type !== "class") {
    const starts = d.nodes.filter((n) => !d.edges.some((e) => e.to === n.id && e.from !== n.id));
    const ends = d.nodes.filter((n) => !d.edges.some((e) => e.from === n.id && e.to !== n.id));
    if (d.edges.length && starts.length) {
      parts.push(`Starts at ${starts.slice(0, 5).map((n) => name(n.id)).join(", ")}.`);
    }
    if (d.edges.length && ends.length) {
      parts.push(`Ends at ${ends.slice(0, 5).map((n) => name(n.id)).join(", ")}.`);
    }
    const cycle = findCycle(d);
    if (cycle) parts.push(`Has a cycle: ${[...cycle, cycle[0]].slice(0, 8).map(name).join(" → ")}.`);
  }
  const shown = d.edges.slice(0, 12).map((e) => edgeWords(d, e, name, q));
  if (shown.length) {
    parts.push(
      `Edges: ${shown.join("; ")}${d.edges.length > 12 ? `; and ${d.edges.length - 12} more` : ""}.`,
    );
  } else parts.push(`Nodes: ${d.nodes.slice(0, 12).map((n) => name(n.id)).join(", ")}.`);
  return parts.join(" ");
}

// --- sequences ---

function sequenceRows(
  d: SequenceDiagram,
  name: (label: string) => string,
  say = (text: string) => text,
): string[] {
  const label = new Map(d.participants.map((p) => [p.id, p.label]));
  const frames: string[] = [];
  const rows: string[] = [];
  for (const s of d.steps) {
    const within = frames.length ? ` (in ${frames.join(", ")})` : "";
    if (s.kind === "message") {
      const how = s.line === "dotted"
        ? " (reply)"
        : s.head === "async"
        ? " (async)"
        : s.head === "cross"
        ? " (lost)"
        : "";
      rows.push(
        `${s.n ? `${s.n}. ` : ""}${name(label.get(s.from)!)} → ${name(label.get(s.to)!)}${how}: ${
          say(s.text)
        }${within}`,
      );
    } else if (s.kind === "note") {
      rows.push(
        `Note ${s.side === "over" ? "over" : `${s.side} of`} ${
          s.over.map((o) => name(label.get(o)!)).join(" and ")
        }: ${say(s.text)}${within}`,
      );
    } else if (s.kind === "open") frames.push(s.text ? `${s.frame} [${s.text}]` : s.frame);
    else if (s.kind === "divide") {
      const top = frames.pop();
      if (top) frames.push(`${top.split(" [")[0]} [${s.text}]`);
    } else frames.pop();
  }
  return rows;
}

function sequenceAlternative(d: SequenceDiagram): string {
  const rows = sequenceRows(d, (l) => `“${l}”`).map((r) => `<li>${escape(r)}</li>`).join("");
  const people = d.participants.map((p) => `${p.label}${p.actor ? " (actor)" : ""}`).join(", ");
  return `<div class="mcc-dg-alt"><p>${
    escape(`Participants: ${people}`)
  }</p><ol data-mcc-rows="nodes">${rows}</ol></div>`;
}

function sequenceSummary(d: SequenceDiagram): string {
  const messages = d.steps.filter((s) => s.kind === "message").length;
  const rows = sequenceRows(d, q, q);
  return `Sequence diagram with ${plural(d.participants.length, "participant")} (${
    d.participants.slice(0, 8).map((p) => q(p.label)).join(", ")
  }) and ${plural(messages, "message")}: ${rows.slice(0, 10).join("; ")}${
    rows.length > 10 ? `; and ${rows.length - 10} more` : ""
  }.`;
}
