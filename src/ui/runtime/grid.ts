/**
 * A table card as a data grid, in the view and in the standalone document alike: header buttons
 * sort by a column (numbers, ISO dates, or text by the host's locale; ascending, descending, then
 * the source order again; stable; `aria-sort` on the sorted header), a search box filters the rows
 * (blind to case and accents; "4 of 12 rows"), and Totals adds a footer with the sum, minimum and
 * maximum of every numeric column after the first (whose cells name the footer's rows) over the
 * rows shown. A split table pages from inside the card (Previous part / Next part), each part
 * fetched from the server through `get_card` (host.part), keeping the sort, filter and totals.
 * Download's CSV is the grid as shown: sorted, filtered, every part.
 */
import { enhanceCard } from "./card.ts";
import { state as debug } from "./debug.ts";
import { h, tool } from "./dom.ts";
import { csv } from "./files.ts";
import { setStatus } from "./header.ts";
import type { Host } from "./host.ts";
import { type ColumnType, fold, formatSum, type Key, keyOf, matches, order } from "./grid_order.ts";
import { numberOf } from "../shared/number.ts";
import type { Format } from "./widgets/types.ts";

/** What the reader set: the sorted column (-1: none) and direction, the filter, the totals. */
export interface GridState {
  column: number;
  dir: number;
  filter: string;
  totals: boolean;
}

/** One table's grid: its rows in source order, each row's cell texts as the server wrote them. */
interface Grid {
  table: HTMLTableElement;
  rows: HTMLTableRowElement[];
  texts: string[][];
  types: ColumnType[];
  state: GridState;
  folded?: string[];
}

const grids = new WeakMap<HTMLTableElement, Grid>();
/** The last grid state the reader set: a new part, and the download of every part, take it. */
const unset = (): GridState => ({ column: -1, dir: 0, filter: "", totals: false });
let last = unset();

const SORT_NAMES = ["descending", "none", "ascending"];
const locale = () => (debug.hostContext as { locale?: string } | undefined)?.locale || "en-US";
const count = (n: number) => n.toLocaleString(locale());
const heads = (table: HTMLTableElement) => [...table.tHead?.rows[0]?.cells ?? []];

/** Reads a table's rows, texts and column types (before the view localizes numbers and dates). */
function gridOf(table: HTMLTableElement): Grid {
  let grid = grids.get(table);
  if (grid) return grid;
  const rows = [...table.tBodies[0]?.rows ?? []];
  const texts = rows.map((r) => [...r.cells].map((c) => c.textContent!));
  const head = heads(table);
  const types = (texts[0] ?? head).map((_, c): ColumnType =>
    head[c]?.classList.contains("mcc-num") || rows[0]?.cells[c]?.classList.contains("mcc-num")
      ? "number"
      : rows.some((r) => r.cells[c]?.querySelector("time")) &&
          rows.every((r) => !r.cells[c]?.textContent?.trim() || r.cells[c].querySelector("time"))
      ? "date"
      : "text"
  );
  grid = { table, rows, texts, types, state: unset() };
  grids.set(table, grid);
  return grid;
}

/** Puts the rows in the state's order and shows those the filter keeps; returns how many it keeps. */
function arrange(grid: Grid): number {
  const { table, rows, texts, types, state } = grid;
  let index = rows.map((_, i) => i);
  if (state.dir) {
    const keys: Key[] = texts.map((t) => keyOf(t[state.column] ?? "", types[state.column]));
    const collator = new Intl.Collator(locale(), { numeric: true, sensitivity: "base" });
    index = order(keys, state.dir, collator.compare);
  }
  grid.folded ??= rows.map((r) => fold([...r.cells].map((c) => c.textContent).join("\n")));
  let shown = 0;
  for (const i of index) {
    rows[i].hidden = !!state.filter && !matches(grid.folded[i], state.filter);
    shown += +!rows[i].hidden;
  }
  table.tBodies[0].append(...index.map((i) => rows[i]));
  heads(table).forEach((th, c) => {
    if (c == state.column && state.dir) th.setAttribute("aria-sort", SORT_NAMES[state.dir + 1]);
    else th.removeAttribute("aria-sort");
  });
  return shown;
}

/** The footer: sum, minimum and maximum of each numeric column after the first, over the shown rows. */
function footer(grid: Grid): HTMLElement {
  const shown = grid.rows.map((_, i) => i).filter((i) => !grid.rows[i].hidden);
  const width = grid.types.length;
  const lines = ["Sum", "Min", "Max"].map((label) => [h("th", { scope: "row" }, label)]);
  for (let c = 1; c < width; c++) {
    const cells = shown.filter((i) => numberOf(grid.texts[i][c]) !== undefined);
    const value = (i: number) => numberOf(grid.texts[i][c])!;
    const pick = (better: (a: number, b: number) => boolean) =>
      cells.reduce((best, i) => (better(value(i), value(best)) ? i : best), cells[0]);
    const sum = grid.types[c] == "number" && cells.length
      ? formatSum(cells.reduce((s, i) => s + value(i), 0), cells.map((i) => grid.texts[i][c]), locale())
      : "";
    const shownText = (i: number | undefined) =>
      sum && i !== undefined ? grid.rows[i].cells[c].textContent! : "";
    const texts = [sum, shownText(pick((a, b) => a < b)), shownText(pick((a, b) => a > b))];
    lines.forEach((line, k) => line.push(h("td", sum ? { class: "mcc-num" } : {}, texts[k])));
  }
  return h("tfoot", {}, ...lines.map((cells) => h("tr", {}, ...cells)));
}

/** Applies `state` to the grid's table and updates its count, totals button and footer. */
function apply(grid: Grid, state: GridState): void {
  grid.state = last = { ...state };
  const shown = arrange(grid);
  const bar = grid.table.closest(".mcc-body")?.querySelector(".mcc-grid-bar");
  const total = grid.rows.length;
  const counter = bar?.querySelector(".mcc-grid-count");
  if (counter) {
    counter.textContent = state.filter
      ? `${count(shown)} of ${count(total)} rows`
      : `${count(total)} row${total == 1 ? "" : "s"}`;
  }
  bar?.querySelector("[data-mcc-totals]")?.setAttribute("aria-pressed", `${state.totals}`);
  grid.table.tFoot?.remove();
  if (state.totals && bar?.querySelector("[data-mcc-totals]")) grid.table.append(footer(grid));
  // One row of the shown ones is in the tab order (selection.ts moves among them with arrow keys).
  let first = true;
  for (const row of grid.table.tBodies[0].rows) row.tabIndex = !row.hidden && first ? (first = false, 0) : -1;
}

/** Part k of n from the title ("… (part 2 of 10)"), or undefined for a card shown whole. */
function partOf(article: Element): [number, number] | undefined {
  const m = / \(part (\d+) of (\d+)\)$/.exec(article.querySelector(".mcc-title")?.textContent ?? "");
  return m ? [+m[1], +m[2]] : undefined;
}

/** Shows part `k` in place of the one on screen; the grid keeps its state (`last`). */
async function showPart(article: Element, host: Host, k: number, n: number): Promise<void> {
  const buttons = [...article.querySelectorAll<HTMLButtonElement>(".mcc-grid-pager button")];
  const before = buttons.map((b) => b.disabled);
  const focused = (document.activeElement as HTMLElement | null)?.dataset.mccPart;
  buttons.forEach((b) => (b.disabled = true));
  setStatus(article, `Loading part ${k} of ${n}…`);
  const html = await host.part?.(k);
  const parsed = h("template") as HTMLTemplateElement;
  parsed.innerHTML = html ?? "";
  const card = parsed.content.querySelector(".mcc-card");
  if (!html || !card) {
    buttons.forEach((b, i) => (b.disabled = before[i]));
    buttons.find((b) => b.dataset.mccPart == focused)?.focus();
    return setStatus(article, `Part ${k} could not be loaded. Try again.`);
  }
  article.querySelector<HTMLElement>('[aria-pressed="true"][data-mcc-action="source"]')?.click();
  article.querySelector(".mcc-title")!.textContent = card.querySelector(".mcc-title")!.textContent;
  article.querySelector(".mcc-body")!.replaceChildren(...card.querySelector(".mcc-body")!.childNodes);
  enhanceCard(article, html, debug.cardId ?? "", host);
  article.querySelector<HTMLElement>(`[data-mcc-part="${focused}"]:enabled`)?.focus();
  setStatus(article, `Showing part ${k} of ${n}`);
}

/** The grid's controls: the filter box, the row count, Totals; and the pager of a split table. */
function controls(article: Element, grid: Grid, host: Host): void {
  const wrap = grid.table.closest(".mcc-table-wrap")!;
  const search = h("input", {
    type: "search",
    class: "mcc-grid-filter",
    "aria-label": "Filter rows",
    placeholder: "Filter rows",
    dir: "auto",
    autocomplete: "off",
  }) as HTMLInputElement;
  search.addEventListener("input", () => apply(grid, { ...grid.state, filter: search.value.trim() }));
  search.addEventListener("keydown", (e) => {
    if (e.key == "Escape" && search.value) {
      e.preventDefault();
      search.value = "";
      apply(grid, { ...grid.state, filter: "" });
    }
  });
  const numeric = grid.types.slice(1).includes("number") && grid.rows.length > 1;
  const totals = numeric
    ? tool({
      "data-mcc-totals": "",
      "aria-pressed": "false",
      title: "Sum, minimum and maximum of number columns",
    }, "Totals")
    : "";
  totals &&
    totals.addEventListener("click", () => apply(grid, { ...grid.state, totals: !grid.state.totals }));
  wrap.before(
    h(
      "div",
      { class: "mcc-grid-bar" },
      search,
      h("span", { class: "mcc-grid-count", role: "status" }),
      totals,
    ),
  );
  const part = partOf(article);
  if (!part || !host.part || host.lacks?.("serverTools")) return;
  const [k, n] = part;
  const step = (to: number, label: string) => {
    const b = tool({ "data-mcc-part": label }, label);
    (b as HTMLButtonElement).disabled = to < 1 || to > n;
    b.addEventListener("click", () => void showPart(article, host, to, n));
    return b;
  };
  wrap.after(
    h(
      "nav",
      { class: "mcc-grid-pager", "aria-label": "Table parts" },
      step(k - 1, "Previous part"),
      h("span", {}, `Part ${k} of ${n}`),
      step(k + 1, "Next part"),
    ),
  );
}

/** Makes the table card's table a grid (once per table; a part shown in place is a new table). */
export function enhanceGrid(article: Element, host: Host): void {
  const table = article.matches("[data-mcc-kind=table]") &&
    article.querySelector<HTMLTableElement>(".mcc-table");
  if (!table || grids.has(table)) return;
  const grid = gridOf(table);
  const first = +(table.tBodies[0]?.dataset.mccFirst ?? 1);
  grid.rows.forEach((row, i) => (row.dataset.mccRow = `${first + i}`));
  heads(table).forEach((th, c) => {
    const button = h("button", { type: "button", class: "mcc-sort" }, ...th.childNodes);
    button.addEventListener("click", () => {
      const same = grid.state.column == c;
      // ascending, descending, then the source order again
      const dir = !same || !grid.state.dir ? 1 : grid.state.dir == 1 ? -1 : 0;
      apply(grid, { ...grid.state, column: dir ? c : -1, dir });
      const name = button.textContent;
      setStatus(article, dir ? `Sorted by ${name}, ${SORT_NAMES[dir + 1]}` : "Rows in their original order");
    });
    th.append(button);
  });
  controls(article, grid, host);
  const search = article.querySelector<HTMLInputElement>(".mcc-grid-filter")!;
  search.value = last.filter;
  const column = last.column < grid.types.length ? last.column : -1;
  apply(grid, { ...last, column, dir: column < 0 ? 0 : last.dir });
}

/**
 * The grid as shown, for Download's CSV: headers and the shown rows in their order. A table made
 * of every part (parts.ts) gets the reader's sort and filter first.
 */
export function gridCsv(article: Element): Format[] {
  const table = article.querySelector<HTMLTableElement>(".mcc-table");
  if (!table) return [];
  return [["csv", "text/csv", () => {
    if (!grids.has(table)) arrange(Object.assign(gridOf(table), { state: last }));
    const rows = [...table.tHead?.rows ?? [], ...[...table.tBodies[0]?.rows ?? []].filter((r) => !r.hidden)];
    return csv(rows.map((r) => [...r.cells].map((c) => c.textContent!)));
  }]];
}
