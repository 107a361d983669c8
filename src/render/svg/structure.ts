/**
 * Charts of structure rather than series, for create_structure_card: each kind takes the one input
 * shape that fits it (links for hierarchies and flows, tasks for schedules), refuses the other with
 * a hint naming the right one, and is drawn into the chart figure (figure.ts) so the chart widget
 * gives it tooltips, keyboard movement and locale formatting as it does any chart.
 */
import { invalidInput } from "../../errors.ts";
import { escape, type Html, raw } from "../../html/html.ts";
import { idMaker } from "../../html/ids.ts";
import { checkFormat } from "./chart.ts";
import { figureHtml, legendHtml, tableHtml } from "./figure.ts";
import type { KindOutput } from "./kinds.ts";
import { formatter, type NumberFormat, type ValueStyle } from "./format.ts";
import { cartesianPlot } from "./layout.ts";
import { ganttChart, type Task } from "./gantt.ts";
import { sankeyChart } from "./sankey.ts";
import { clip } from "./text.ts";
import { buildTree, type Link } from "./tree.ts";
import { treemapChart } from "./treemap.ts";
import { SUNBURST_SIZE, sunburstChart } from "./sunburst.ts";

/** Every structure kind. */
export const STRUCTURE_TYPES = ["treemap", "sunburst", "sankey", "gantt"] as const;

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
  sunburst: "sunburst takes links: [{from, to, value}], parent to child, values on the leaves",
  sankey: "sankey takes links: [{from, to, value}], one per flow",
  gantt: "gantt takes tasks: [{name, start, end}], ISO dates or datetimes, group optional",
};

/** The field each kind reads; the other is refused. */
const FIELD: Record<StructureType, "links" | "tasks"> = {
  treemap: "links",
  sunburst: "links",
  sankey: "links",
  gantt: "tasks",
};

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
  if (spec.type === "sunburst") return sunburstFigure(spec, spec.links!, format);
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

/** A sunburst keeps its circle: one fixed-size SVG (sunburst.ts) with its legend beside or under it, like a pie. */
function sunburstFigure(
  spec: StructureSpec,
  links: readonly Link[],
  format: NumberFormat,
): RenderedStructure {
  const { root, madeUp } = buildTree(links, spec.title, "sunburst");
  const out = sunburstChart(root, madeUp, format);
  const id = idMaker(JSON.stringify([spec.type, spec.title, links.length, links[0], links.at(-1)]));
  const [tid, did] = [id("chart-title"), id("chart-desc")];
  const s = SUNBURST_SIZE;
  const plot =
    `<div class="mcc-plot"><svg class="mcc-pie mcc-sunburst" viewBox="0 0 ${s} ${s}" width="${s}" height="${s}" role="img" aria-labelledby="${tid} ${did}"><title id="${tid}">${
      escape(clip(spec.title, 200))
    }</title><desc id="${did}">${escape(spec.description ?? out.summary)}</desc>${out.svg}</svg></div>`;
  const html = figureHtml(spec.type, format, {
    legend: out.legend ? legendHtml(out.legend) : "",
    plot,
    note: "",
    table: tableHtml(out.table, formatter(format)),
    round: true,
  });
  return { html: raw(html), summary: out.summary };
}
