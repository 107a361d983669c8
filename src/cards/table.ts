/**
 * create_table_card: a table from explicit headers and rows, or from loosely delimited raw text
 * whose delimiter is detected. Ragged rows are balanced; cells holding only an http(s) URL
 * become links.
 */
import { z } from "zod";
import { defineCard, unadvertised } from "../card.ts";
import { invalidInput, type ToolError } from "../errors.ts";
import { type Html, markup, raw, safeUrl } from "../html/html.ts";
import { formatCount, itemsBlock } from "../output/budget.ts";
import {
  type Delimiter,
  DELIMITERS,
  detectDelimiter,
  lineWidth,
  type ParsedText,
  parseRows,
  rowLines,
  shapeWarning,
} from "../render/delimited.ts";
import { brief, plural, SUMMARY_BUDGET, withinBudget } from "../render/summary.ts";
import { isMissing, isNumeric } from "../ui/shared/number.ts";
import { cardTitle } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_ROWS = 10_000;
export const MAX_COLUMNS = 50;
export const MAX_CELL_CHARS = 2_000;
export const MAX_RAW_CHARS = 1_000_000;

const cell = z.union([z.string().max(MAX_CELL_CHARS), z.number(), z.boolean(), z.null()]);

const input = z.object({
  title: cardTitle,
  headers: z.array(z.string().max(500)).max(MAX_COLUMNS).optional().describe(
    "Headers",
  ),
  rows: unadvertised(z.array(z.array(cell).max(MAX_COLUMNS)), MAX_ROWS).optional().describe(
    "Rows",
  ),
  rawText: z.string().max(MAX_RAW_CHARS).optional().describe(
    "Instead: delimited text",
  ),
  delimiter: z.enum(["auto", ...DELIMITERS]).optional().describe(
    "Default auto",
  ),
  firstRowIsHeader: z.boolean().optional().describe(
    "rawText: default true",
  ),
  caption: z.string().max(500).optional().describe("Caption"),
});

type Input = z.output<typeof input>;

/** The table after parsing: headings (maybe none), rows of equal width, what the shape said. */
export interface TableModel {
  headers: string[];
  rows: string[][];
  delimiter?: Delimiter;
  /** Raw text whose lines disagree with the detected shape, said in the card and the summary. */
  warning?: string;
}

/**
 * Refuses raw text wider than the column limit before its lines are split: a line of a million
 * delimiters is counted, not built into a million cells.
 */
function assertColumnsFit(lines: string[], delimiter: Delimiter): void {
  const width = Math.max(0, ...lines.map((line) => lineWidth(line, delimiter)));
  if (width > MAX_COLUMNS) throw tooWide("rawText", width);
}

/** The refusal of a table `width` columns wide, naming `field`. */
function tooWide(field: string, width: number): ToolError {
  return invalidInput(
    field,
    `${width} columns, the limit is ${MAX_COLUMNS}`,
    "Split the columns over several tables",
  );
}

/** Refuses a raw-text cell (heading cells included) over the cell limit, by line and column. */
function assertCellsFit({ rows, lineNumbers }: ParsedText): void {
  for (const [i, row] of rows.entries()) {
    const long = row.findIndex((c) => c.length > MAX_CELL_CHARS);
    if (long >= 0) {
      throw invalidInput(
        "rawText",
        `line ${lineNumbers[i]}, column ${long + 1} is ${
          row[long].length
        } characters, the limit is ${MAX_CELL_CHARS}`,
        "Shorten that cell, or move long text into a note outside the table",
      );
    }
  }
}

function cellText(value: string | number | boolean | null): string {
  return value === null ? "" : String(value);
}

/** Builds the table model from the input, checking the limits the schema cannot express. */
export function toModel(inp: Input): TableModel {
  if (inp.rows && inp.rawText !== undefined) {
    throw invalidInput(
      "rows",
      "give either rows or rawText, not both",
      "Send the table as rows or as rawText",
    );
  }
  let headers = inp.headers ?? [];
  let rows: string[][];
  let delimiter: Delimiter | undefined;
  let warning: string | undefined;
  if (inp.rawText !== undefined) {
    const forced = inp.delimiter !== undefined && inp.delimiter !== "auto";
    const found = rowLines(inp.rawText);
    // More lines than the rows allowed and a heading line: refused before any line is split into
    // cells (a 1 MB paste of 250,000 short lines would otherwise build 250,000 rows to count them).
    if (found.lines.length > MAX_ROWS + 1) {
      throw invalidInput(
        "rawText",
        `${found.lines.length} lines, the limit is ${MAX_ROWS} rows and a heading line`,
        "Send the rows over several cards",
      );
    }
    const splitOn = forced ? inp.delimiter as Delimiter : detectDelimiter(found.lines);
    assertColumnsFit(found.lines, splitOn);
    const parsed = parseRows(found, splitOn);
    assertCellsFit(parsed);
    delimiter = parsed.delimiter;
    warning = shapeWarning(parsed, forced);
    rows = parsed.rows;
    // A lone column has no visible heading row: "apple, banana" is data unless the caller says so.
    const lone = rows.every((r) => r.length === 1);
    const takeHeader = inp.firstRowIsHeader ?? !lone;
    if (!inp.headers && takeHeader && rows.length > 0) headers = rows.shift()!;
    if (rows.length > MAX_ROWS) {
      throw invalidInput(
        "rawText",
        `${rows.length} rows, the limit is ${MAX_ROWS}`,
        "Send the rows over several cards",
      );
    }
  } else if (inp.rows) {
    rows = inp.rows.map((r) => r.map(cellText));
  } else if (inp.headers) {
    rows = [];
  } else {
    throw invalidInput(
      "rows",
      "a table needs rows, rawText or at least headers",
      "Pass rows: [[...], ...] or rawText",
    );
  }
  const width = Math.max(headers.length, ...rows.map((r) => r.length));
  if (width === 0) {
    const field = inp.rawText !== undefined ? "rawText" : "rows";
    throw invalidInput(field, "the table is empty", "Give at least one heading or one non-empty row");
  }
  if (width > MAX_COLUMNS) throw tooWide(inp.rawText !== undefined ? "rawText" : "rows", width);
  const pad = (r: string[]) => r.length < width ? [...r, ...Array(width - r.length).fill("")] : r;
  return { headers: headers.length ? pad(headers) : [], rows: rows.map(pad), delimiter, warning };
}

/**
 * Columns whose every cell is a number or a missing value (and at least one is a number):
 * right-aligned, tabular figures.
 */
export function numericColumns(model: TableModel): boolean[] {
  const width = model.headers.length || model.rows[0]?.length || 0;
  return Array.from({ length: width }, (_, c) => {
    let seen = false;
    for (const row of model.rows) {
      const cell = row[c].trim();
      if (isMissing(cell)) continue;
      if (!isNumeric(cell)) return false;
      seen = true;
    }
    return seen;
  });
}

/** Letters of right-to-left scripts: a cell holding any gets dir="auto" (the rest would resolve to ltr anyway). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/** Characters in a token no sensible column width holds whole: its cell may break it anywhere. */
const LONG_TOKEN = 28;

/** Whether a run of LONG_TOKEN characters without a space occurs (a loop: cheaper than a regex per cell). */
function hasLongToken(text: string): boolean {
  if (text.length < LONG_TOKEN) return false;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x3000) run = 0;
    else if (++run >= LONG_TOKEN) return true;
  }
  return false;
}

/** A cell's attributes: most cells have none, and share this one value. */
const NO_ATTRIBUTES = markup``;

function cellAttributes(text: string, numeric: boolean, extra = ""): Html {
  let classes = numeric ? "mcc-num" : "";
  if (hasLongToken(text)) classes += classes ? " mcc-long" : "mcc-long";
  if (extra) classes += classes ? ` ${extra}` : extra;
  const rtl = RTL.test(text);
  if (!classes && !rtl) return NO_ATTRIBUTES;
  return markup`${classes ? markup` class="${classes}"` : ""}${rtl ? markup` dir="auto"` : ""}`;
}

/**
 * An ISO 8601 date, or date and time (`T` or a space between, seconds and milliseconds optional,
 * `Z` or a `±hh:mm` offset optional): the forms the view reformats for the host's locale and time zone.
 */
const ISO_DATE =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)?)?$/;

/** Whether a cell is a real calendar date in ISO form (2024-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  return m !== null && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDate() === +m[3];
}

/**
 * A cell: a URL becomes a link, an ISO date or time a `<time>` (the view formats it for the host's
 * locale and time zone; numbers are marked by their column's `mcc-num` class).
 */
function renderCell(text: string, numeric: boolean): Html {
  const url = /^https?:\/\//i.test(text) ? safeUrl(text) : undefined;
  const attrs = cellAttributes(text, numeric);
  if (url) return markup`<td${attrs}><a href="${url}">${text}</a></td>`;
  return isIsoDate(text) ? markup`<td${attrs}><time>${text}</time></td>` : markup`<td${attrs}>${text}</td>`;
}

/** First-column cells at most this long (in characters) never wrap. */
const SHORT_KEY_CHARS = 20;

/** Cells longer than this (in characters) are phrases, past the next one sentences. */
const PHRASE_CHARS = 10;
const SENTENCE_CHARS = 30;

/**
 * Minimum widths for text columns, so a table too wide for the card scrolls with readable columns
 * instead of squeezing phrases to a word a line. Set on the heading cell (a column is as wide as
 * its widest minimum, and headings repeat in every part), classed by the column's longest cell;
 * numbers never wrap, so they need none.
 */
function columnClasses(model: TableModel, numeric: boolean[]): string[] {
  return numeric.map((isNumber, c) => {
    if (isNumber) return "";
    let longest = model.headers[c]?.length ?? 0;
    for (const row of model.rows) longest = Math.max(longest, row[c].length);
    return longest > SENTENCE_CHARS ? "mcc-col-l" : longest > PHRASE_CHARS ? "mcc-col-m" : "";
  });
}

/** The table's rows and how to draw any run of them, header repeated, for the part packer. */
function tableBlock(model: TableModel, caption?: string) {
  const numeric = numericColumns(model);
  const rowHtml = model.rows.map((r) => markup`<tr>${r.map((c, i) => renderCell(c, numeric[i]))}</tr>`.value);
  const widths = columnClasses(model, numeric);
  const headings = model.headers.map((h, i) =>
    markup`<th scope="col"${cellAttributes(h, numeric[i], widths[i])}>${h}</th>`
  );
  const head = headings.length ? markup`<thead><tr>${headings}</tr></thead>` : "";
  const total = model.rows.length;
  // Short row names ("City 10") stay on one line in the sticky first column.
  const keys = [model.headers[0] ?? "", ...model.rows.map((r) => r[0])];
  const tableClass = keys.every((k) => [...k].length <= SHORT_KEY_CHARS) ? "mcc-table mcc-keys" : "mcc-table";
  const render = (rows: readonly string[], from: number) => {
    const whole = rows.length === total;
    const range = whole
      ? ""
      : `rows ${formatCount(from + 1)}–${formatCount(from + rows.length)} of ${formatCount(total)}`;
    const label = [caption, range].filter(Boolean).join(", ");
    const captionHtml = label
      ? markup`<caption${RTL.test(label) ? markup` dir="auto"` : ""}>${label}</caption>`
      : "";
    const body = raw(rows.join("\n"));
    // A later part numbers its rows from where it starts (the view's row selection says "row 1,001").
    const first = from ? markup` data-mcc-first="${from + 1}"` : "";
    return markup`<div class="mcc-table-wrap" tabindex="0" role="region" aria-label="${
      label || "Table"
    }"><table class="${tableClass}">${captionHtml}${head}<tbody${first}>
${body}
</tbody></table></div>`;
  };
  // The packer cuts between rows, each rendered once here and adding its markup and a line break.
  return itemsBlock(rowHtml, render, rowHtml.map((r) => r.length + 1));
}

function markdownRow(cells: string[]): string {
  return `| ${
    cells.map((c) => (c.includes("|") ? brief(c, 40).replaceAll("|", "\\|") : brief(c, 40))).join(" | ")
  } |`;
}

function summarize(title: string, model: TableModel, caption?: string): string {
  const width = model.headers.length || model.rows[0]?.length || 0;
  const head = [
    `Table card ${quoteTitle(title)}: ${plural(model.rows.length, "row")} × ${plural(width, "column")}.`,
  ];
  if (caption?.trim()) head.push(`Caption: ${brief(caption, 500)}`);
  if (model.warning) head.push(`Shape warning: ${model.warning}.`);
  if (!model.headers.length && !model.rows.length) return head.join("\n");
  const headings = model.headers.length
    ? model.headers
    : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  head.push("", markdownRow(headings), `|${" --- |".repeat(width)}`);
  const total = model.rows.length;
  // A markdown row takes at least 3 characters a column: rows past what could fit are not rendered.
  const candidates = model.rows.slice(0, Math.ceil(SUMMARY_BUDGET / (3 * width + 1)));
  const unseen = total - candidates.length;
  return withinBudget(
    head,
    candidates.map(markdownRow),
    (n) =>
      `(rows ${formatCount(total - n - unseen + 1)}–${
        formatCount(total)
      } are left out here: they are in the card)`,
  );
}

export default defineCard({
  name: "create_table_card",
  kind: "table",
  view: { widgets: ["table"], styles: ["grid", "table"] },
  tutorAndActions: true,
  title: "Table card",
  description: "A table from rows, or rawText in any delimited form: comparisons, reference data.",
  input,
  splittable: true,
  render(inp) {
    const model = toModel(inp);
    const notice = model.warning
      ? markup`<p class="mcc-notice" role="note">Check the table's shape: ${model.warning}.</p>`
      : undefined;
    return {
      title: inp.title,
      summary: summarize(inp.title, model, inp.caption),
      blocks: [...(notice ? [notice] : []), tableBlock(model, inp.caption)],
    };
  },
});
