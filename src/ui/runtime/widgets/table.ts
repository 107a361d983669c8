/**
 * Table cards in the host's locale and time zone (hostContext `locale`, `timeZone`). The server
 * writes numbers and dates in a neutral form: a numeric column's cells (`mcc-num`) as `1,234.5` or
 * `12.5%`, dates and times as ISO 8601 in `<time>`. Cells in exactly those forms are rewritten with
 * Intl, keeping the source's decimals and digit grouping; a date, or a time without an offset, is
 * shown as written, a time with an offset in the host's zone. Anything else (currency, exponents),
 * or a locale or zone Intl refuses, keeps the server's text.
 */
import { state } from "../debug.ts";
import { enhanceGrid, gridCsv } from "../grid.ts";
import { h } from "../dom.ts";
import { el, raw, sync, text } from "../preview.ts";
import { chosen, line } from "../view_tools.ts";
import type { Draw, ViewTool, Widget } from "./types.ts";

function localize(article: Element): void {
  const { locale, timeZone } = (state.hostContext ?? {}) as { locale?: string; timeZone?: string };
  if (!locale && !timeZone) return;
  for (const el of article.querySelectorAll("td.mcc-num,.mcc-table time")) {
    const t = el.textContent!;
    const v = t.replace(/,/g, "");
    const n = /^[+-]?(?=[.\d])\d*(\.\d+)?(%?)$/.exec(v);
    const digits = (n?.[1] ?? ".").length - 1;
    const time = t.length > 10;
    const zoned = /[Z+-]/.test(t.slice(16));
    try {
      el.textContent = el.localName === "time"
        ? new Date(t.replace(" ", "T") + (time && !zoned ? "Z" : "")).toLocaleString(locale, {
          dateStyle: "medium",
          timeStyle: time ? t[16] === ":" ? "medium" : "short" : undefined,
          timeZone: zoned ? timeZone : "UTC",
        })
        : n
        ? new Intl.NumberFormat(locale, {
          style: n[2] ? "percent" : undefined,
          useGrouping: v !== t,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
          // a decimal string keeps every digit (a number would round past 2^53)
        }).format((n[2] ? v.slice(0, -1) + "e-2" : v) as `${number}`)
        : t;
    } catch {
      // an unknown locale or time zone: the server's text stays
    }
  }
}

/** The preview: header cells and rows as the model types them. */
function preview(body: HTMLElement): Draw {
  const head = h("tr");
  const rows = h("tbody");
  body.append(
    // the grid's bar as an empty box until the result comes (grid.ts adds the live one): the height holds
    h("div", { class: "mcc-grid-bar", "aria-hidden": "true" }, h("div", { class: "mcc-grid-filter" })),
    h(
      "div",
      { class: "mcc-table-wrap", tabindex: "0" },
      el("table", "mcc-table", h("thead", {}, head), rows),
    ),
  );
  return (a) => {
    sync(head, raw(a.headers), (c) => h("th", {}, text(c)));
    sync(rows, raw(a.rows), (r) => h("tr", {}, ...raw(r).map((c) => h("td", {}, text(c)))));
  };
}

/** The card-offered tool (view_tools.ts): the selected row, the sort and the filter of a table that is no chart's. */
export const tableView: ViewTool = {
  name: "table_view",
  description: "The table card's selected row, sort and filter",
  offers: (a) => !!a.querySelector(".mcc-table") && !a.querySelector(".mcc-chart"),
  read(article) {
    const sorted = article.querySelector(".mcc-table th[aria-sort]:not([aria-sort=none])");
    const filter = article.querySelector<HTMLInputElement>("input[type=search]");
    return {
      selectedRow: chosen(article, "tr"),
      sort: sorted ? { column: line(sorted.textContent), order: sorted.getAttribute("aria-sort") } : null,
      filter: filter?.value ? line(filter.value) : null,
      rowsShown: article.querySelectorAll(".mcc-table tbody tr:not([hidden])").length,
    };
  },
};

export const tableWidget: Widget = {
  // The grid reads the cells as the server wrote them, before they are localized.
  enhance(article, host) {
    enhanceGrid(article, host);
    localize(article);
  },
  formats: gridCsv,
  preview: { kind: "table", draw: preview },
  tools: [tableView],
};
