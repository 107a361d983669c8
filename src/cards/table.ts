/**
 * create_table_card: a table from explicit headers and rows, or from loosely delimited raw text
 * whose delimiter is detected. Ragged rows are balanced; cells holding only an http(s) URL
 * become links.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { type Html, join, markup, safeUrl } from "../html/html.ts";
import { type Delimiter, DELIMITERS, type ParsedText, parseRawText } from "../render/delimited.ts";
import { brief, plural } from "../render/summary.ts";
import { cardTitle } from "./_fields.ts";

export const MAX_ROWS = 10_000;
export const MAX_COLUMNS = 50;
export const MAX_CELL_CHARS = 2_000;
export const MAX_RAW_CHARS = 1_000_000;

const cell = z.union([z.string().max(MAX_CELL_CHARS), z.number(), z.boolean(), z.null()]);

const input = z.object({
  title: cardTitle,
  headers: z.array(z.string().max(500)).max(MAX_COLUMNS).optional().describe(
    "Column headings, plain text. With rawText, omit to take them from the first line",
  ),
  rows: z.array(z.array(cell).max(MAX_COLUMNS)).max(MAX_ROWS).optional().describe(
    "Rows of cells (text, numbers, booleans or null for empty). Short rows are padded",
  ),
  rawText: z.string().max(MAX_RAW_CHARS).optional().describe(
    "Instead of rows: loosely delimited text, one row per line. Tab, comma, semicolon, pipe (markdown tables too) or runs of spaces are detected; quoted cells may hold the delimiter",
  ),
  delimiter: z.enum(["auto", ...DELIMITERS]).optional().describe(
    "Force the rawText delimiter instead of detecting it (default auto)",
  ),
  firstRowIsHeader: z.boolean().optional().describe(
    "With rawText and no headers: whether the first line holds the headings (default true)",
  ),
  caption: z.string().max(500).optional().describe("A caption shown above the table, plain text"),
});

type Input = z.output<typeof input>;

/** The table after parsing: headings (maybe none) and rows of equal width. */
export interface TableModel {
  headers: string[];
  rows: string[][];
  delimiter?: Delimiter;
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
    throw invalidInput("rows", "give either rows or rawText, not both");
  }
  let headers = inp.headers ?? [];
  let rows: string[][];
  let delimiter: Delimiter | undefined;
  if (inp.rawText !== undefined) {
    const parsed = parseRawText(inp.rawText, inp.delimiter === "auto" ? undefined : inp.delimiter);
    assertCellsFit(parsed);
    delimiter = parsed.delimiter;
    rows = parsed.rows;
    if (!inp.headers && inp.firstRowIsHeader !== false && rows.length > 0) headers = rows.shift()!;
    if (rows.length > MAX_ROWS) {
      throw invalidInput("rawText", `${rows.length} rows, the limit is ${MAX_ROWS}`);
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
  if (width > MAX_COLUMNS) {
    throw invalidInput(
      inp.rawText !== undefined ? "rawText" : "rows",
      `${width} columns, the limit is ${MAX_COLUMNS}`,
    );
  }
  const pad = (r: string[]) => r.length < width ? [...r, ...Array(width - r.length).fill("")] : r;
  return { headers: headers.length ? pad(headers) : [], rows: rows.map(pad), delimiter };
}

function renderCell(text: string): Html {
  const url = /^https?:\/\//i.test(text) ? safeUrl(text) : undefined;
  return url ? markup`<td><a href="${url}">${text}</a></td>` : markup`<td>${text}</td>`;
}

function renderTable(model: TableModel, caption?: string): Html {
  const headings = model.headers.map((h) => markup`<th scope="col">${h}</th>`);
  const head = headings.length ? markup`<thead><tr>${headings}</tr></thead>` : "";
  const body = join(model.rows.map((r) => markup`<tr>${r.map(renderCell)}</tr>`), "\n");
  const captionHtml = caption ? markup`<caption>${caption}</caption>` : "";
  return markup`<div class="mcc-table-wrap" tabindex="0" role="region" aria-label="${
    caption || "Table"
  }"><table class="mcc-table">${captionHtml}${head}<tbody>
${body}
</tbody></table></div>`;
}

function markdownRow(cells: string[]): string {
  return `| ${
    cells.map((c) => (c.includes("|") ? brief(c, 40).replaceAll("|", "\\|") : brief(c, 40))).join(" | ")
  } |`;
}

function summarize(title: string, model: TableModel): string {
  const width = model.headers.length || model.rows[0]?.length || 0;
  const lines = [
    `Table card "${title}": ${plural(model.rows.length, "row")} × ${plural(width, "column")}.`,
  ];
  const shown = model.rows.slice(0, 5);
  if (model.headers.length || shown.length) {
    lines.push("");
    const head = model.headers.length
      ? model.headers
      : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
    lines.push(markdownRow(head), `|${" --- |".repeat(width)}`, ...shown.map(markdownRow));
    if (model.rows.length > shown.length) {
      lines.push(`(${model.rows.length - shown.length} more rows in the card)`);
    }
  }
  return lines.join("\n");
}

export default defineCard({
  name: "create_table_card",
  kind: "table",
  title: "Table card",
  description:
    "Render a table card from headers + rows, or from loosely delimited rawText (tab, comma, semicolon, pipe or space-aligned columns are detected; quoted cells supported). Ragged rows are padded, cells that are only an http(s) URL become links. Use for comparisons, reference data and any rows-and-columns content. Text is plain: never pre-escape.",
  input,
  render(inp) {
    const model = toModel(inp);
    return {
      title: inp.title,
      summary: summarize(inp.title, model),
      blocks: [renderTable(model, inp.caption)],
    };
  },
});
