/**
 * Charts of structure rather than series, for create_structure_card: each kind takes the one input
 * shape that fits it (links for hierarchies and flows, tasks for schedules), refuses the other with
 * a hint naming the right one, and is drawn into the chart figure (figure.ts) so the chart widget
 * gives it tooltips, keyboard movement and locale formatting as it does any chart.
 */
import { invalidInput } from "../../errors.ts";
import { escape, type Html, raw } from "../../html/html.ts";
import { idMaker } from "../../html/ids.ts";
import { figureHtml, legendHtml, tableHtml } from "./figure.ts";
import { checkFormat, type KindOutput } from "./spec.ts";
import { formatter, type NumberFormat, type ValueStyle } from "./format.ts";
import { cartesianPlot } from "./layout.ts";
import { ganttChart, type Task } from "./gantt.ts";
import { sankeyChart } from "./sankey.ts";
import { clip } from "./text.ts";
import { buildTree, type Link } from "./tree.ts";
import { treemapChart } from "./treemap.ts";

/** Every structure kind. */
export const STRUCTURE_TYPES = ["treemap", "sankey", "gantt"] as const;

export type StructureType = typeof STRUCTURE_TYPES[number];

/** A structure chart as its caller describes it. */
export interface StructureSpec {
  type: StructureType;
  title: string;
  links?: Link[];
  tasks?: Task[];
  locale?: string;
  valueStyle?: ValueStyle;
  currency?: string;
  digits?: number;
  description?: string;
}

/** The input shape each kind takes, as its refusals name it. */
const SHAPES: Record<StructureType, string> = {
  treemap: "treemap takes links: [{from, to, value}], parent to child, values on the leaves",
  sankey: "sankey takes links: [{from, to, value}], one per flow",
  gantt: "gantt takes tasks: [{name, start, end}], ISO dates or datetimes, group optional",
};

/** The field each kind reads; the other is refused. */
const FIELD: Record<StructureType, "links" | "tasks"> = { treemap: "links", sankey: "links", gantt: "tasks" };

/** Refuses a spec whose shape does not fit its kind, naming the shape that does. */
function checkShape(spec: StructureSpec): void {
  const want = FIELD[spec.type];
  const other = want === "links" ? "tasks" : "links";
  if (spec[other] !== undefined) {
    throw invalidInput(other, `a ${spec.type} does not read ${other}`, `A ${SHAPES[spec.type]}`);
  }
  if (!spec[want]?.length) throw invalidInput(want, `a ${spec.type} needs ${want}`, `A ${SHAPES[spec.type]}`);
}

/** A rendered structure chart: the figure and what a reader would conclude. */
export interface RenderedStructure {
  html: Html;
  summary: string;
}

/** A treemap of the hierarchy the links describe. */
function treemapOf(links: readonly Link[], title: string, format: NumberFormat) {
  const { root, madeUp } = buildTree(links, title, "treemap");
  return treemapChart(root, madeUp, format);
}

/** Checks and draws a structure chart. */
export function renderStructure(spec: StructureSpec): RenderedStructure {
  checkShape(spec);
  const format = checkFormat(spec);
  const items = spec.links ?? spec.tasks!;
  const out: KindOutput = spec.type === "gantt"
    ? ganttChart(spec.tasks!, format)
    : spec.type === "sankey"
    ? sankeyChart(spec.links!, format)
    : treemapOf(spec.links!, spec.title, format);
  const id = idMaker(JSON.stringify([spec.type, spec.title, items.length, items[0], items.at(-1)]));
  const title = escape(clip(spec.title, 200));
  const plotted = cartesianPlot(out.plot, { title, desc: escape(spec.description ?? out.summary), id });
  const legend = out.legend && plotted.legend !== undefined ? legendHtml(out.legend, plotted.legend) : "";
  const html = figureHtml(spec.type, format, {
    legend,
    plot: plotted.html,
    note: "",
    table: tableHtml(out.table, formatter(format)),
  });
  return { html: raw(html), summary: out.summary };
}
