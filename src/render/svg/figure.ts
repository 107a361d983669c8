/**
 * What every chart figure is made of besides its plot: the legend (HTML, above the plot), the
 * collapsible data table of exact values, and the `<figure>` that holds them with the number format
 * the runtime reformats values with. Every kind writes them through here, so the runtime reads one
 * markup: marks name their table row (`data-i`) and series (`data-s`, the column after the row's
 * label), printed numbers their raw value (`data-v`).
 */
import { escape } from "../../html/html.ts";
import type { NumberFormat } from "./format.ts";
import { seriesClass } from "./palette.ts";

/**
 * A data table cell: a value in the chart's number style (raw in `data-v`, so the runtime
 * reformats it for the host's locale), null for none, plain text, or `{ x }`: a number written as
 * given whatever the chart's style (a scatter's x, a count), raw in `data-vx`.
 */
export type Cell = number | null | string | { x: number; text: string };

/** A chart's data table: column heads (the first heads the row labels) and rows. */
export interface Table {
  head: string[];
  rows: { label: string; cells: Cell[] }[];
  caption?: string;
}

function cell(c: Cell, f: (v: number) => string): string {
  if (c === null) return "<td>—</td>";
  if (typeof c === "number") return `<td data-v="${c}">${escape(f(c))}</td>`;
  if (typeof c === "string") return `<td>${escape(c)}</td>`;
  return `<td data-vx="${c.x}">${escape(c.text)}</td>`;
}

/** The data table, collapsed under "Data table". */
export function tableHtml(table: Table, f: (v: number) => string): string {
  let rows = "";
  for (const row of table.rows) {
    rows += `<tr><th scope="row">${escape(row.label)}</th>`;
    for (const c of row.cells) rows += cell(c, f);
    rows += "</tr>";
  }
  const th = table.head.map((h) => `<th scope="col">${escape(h)}</th>`).join("");
  return `<details class="mcc-data"><summary>Data table</summary><div class="mcc-table-wrap" tabindex="0" role="region" aria-label="Data table">` +
    `<table class="mcc-table">${
      table.caption ? `<caption>${escape(table.caption)}</caption>` : ""
    }<thead><tr>${th}</tr></thead><tbody>${rows}</tbody></table></div></details>`;
}

/** One legend entry: its name, muted extra text, and its swatch's colour class (the series' by default). */
export interface LegendEntry {
  name: string;
  extra?: string;
  cls?: string;
  /** Markup after the name instead of a swatch before it (a bubble chart's size key, made of numbers only). */
  key?: string;
}

/** The legend: one swatch per entry, in drawing order; `bands` is its band attribute (layout.ts). */
export function legendHtml(entries: readonly LegendEntry[], bands = ""): string {
  const items = entries.map((e, i) =>
    e.key === undefined
      ? `<li><span class="mcc-sw ${e.cls ?? seriesClass(i)}"></span><span>${escape(e.name)}${
        e.extra === undefined ? "" : `<span class="mcc-muted"> ${escape(e.extra)}</span>`
      }</span></li>`
      : `<li class="mcc-size-key"><span>${escape(e.name)}</span>${e.key}</li>`
  );
  return `<ul class="mcc-legend"${bands}>${items.join("")}</ul>`;
}

/** The figure around a chart's legend, plot, note and table; `round` for kinds drawn at a fixed size. */
export function figureHtml(
  type: string,
  format: NumberFormat,
  parts: { legend: string; plot: string; note: string; table: string; round?: boolean },
): string {
  const fmt = JSON.stringify({
    locale: format.locale,
    style: format.style,
    currency: format.currency,
    digits: format.digits,
  });
  return `<figure class="mcc-chart mcc-chart-${type}${
    parts.round ? " mcc-round" : ""
  }" data-mcc-chart="${type}" data-mcc-fmt="${escape(fmt)}">` + parts.legend + parts.plot +
    (parts.note ? `<p class="mcc-chart-note">${escape(parts.note)}</p>` : "") + parts.table + `</figure>`;
}
