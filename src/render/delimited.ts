/**
 * Loosely delimited text as rows: the delimiter (tab, comma, semicolon, pipe, markdown table or
 * runs of spaces) is detected from how consistently it splits the lines, and quoted cells may hold
 * it. Pure string work, tested on its own.
 */

/** The delimiters raw text may use. */
export const DELIMITERS = ["tab", "comma", "semicolon", "pipe", "spaces"] as const;

/** One of {@link DELIMITERS}. */
export type Delimiter = typeof DELIMITERS[number];

const DELIMITER_CHARS: Record<Exclude<Delimiter, "spaces">, string> = {
  tab: "\t",
  comma: ",",
  semicolon: ";",
  pipe: "|",
};

/**
 * Walks one line's cells on a delimiter character, honouring double-quoted cells ("" is a quote) and,
 * with `escapes` (markdown tables), a backslash before the delimiter: gives each cell's text to
 * `cell` and returns how many there were. Blanks before an opening quote are dropped with it.
 */
function eachCell(line: string, delimiter: string, escapes: boolean, cell: (text: string) => void): number {
  let count = 1;
  let current = "";
  let quoted = false;
  // only blanks since the cell began: a quote here opens a quoted cell
  let atCellStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && atCellStart) {
      quoted = true;
      current = "";
    } else if (escapes && c === "\\" && line[i + 1] === delimiter) {
      current += delimiter;
      i++;
    } else if (c === delimiter) {
      cell(current);
      count++;
      current = "";
      atCellStart = true;
      continue;
    } else current += c;
    if (c !== " ") atCellStart = false;
  }
  cell(current);
  return count;
}

/**
 * Splits one line on a delimiter character, honouring double-quoted cells ("" is a quote) and,
 * with `escapes` (markdown tables), a backslash before the delimiter.
 */
export function splitQuoted(line: string, delimiter: string, escapes = false): string[] {
  const cells: string[] = [];
  eachCell(line, delimiter, escapes, (text) => cells.push(text.trim()));
  return cells;
}

/** The pipe form of a line: a markdown table's outer pipes taken off. */
function innerPipes(line: string): string {
  return line.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "");
}

/** What separates cells in space-aligned text: two blanks or more, or a tab. */
const SPACES = /\s{2,}|\t/;

function splitLine(line: string, delimiter: Delimiter): string[] {
  if (delimiter === "spaces") return line.trim().split(SPACES);
  if (delimiter === "pipe") return splitQuoted(innerPipes(line), "|", true);
  return splitQuoted(line, DELIMITER_CHARS[delimiter]);
}

/**
 * How many cells a line splits into, without building them: a line of a million delimiters is
 * counted (and refused) without a million-cell array.
 */
export function lineWidth(line: string, delimiter: Delimiter): number {
  const skip = () => {};
  if (delimiter === "spaces") return line.trim().split(SPACES).length;
  if (delimiter === "pipe") return eachCell(innerPipes(line), "|", true, skip);
  return eachCell(line, DELIMITER_CHARS[delimiter], false, skip);
}

/** A markdown table's delimiter row, e.g. `|---|:-:|`: pipes, dashes, colons and spaces only. */
function isMarkdownRule(line: string): boolean {
  return line.includes("|") && line.includes("-") && /^[\s|:-]+$/.test(line);
}

/** Scores a delimiter by how many lines agree on one width above 1; the widest agreement wins. */
function scoreDelimiter(lines: string[], delimiter: Delimiter): number {
  const widths = lines.map((l) => lineWidth(l, delimiter));
  const counts = new Map<number, number>();
  for (const w of widths) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best = 0;
  for (const [width, count] of counts) {
    if (width > 1) best = Math.max(best, (count / lines.length) * 1000 + Math.min(width, 999) / 1000);
  }
  return best;
}

/** Picks the delimiter that splits the lines most consistently (spaces last: it is the loosest). */
export function detectDelimiter(lines: string[]): Delimiter {
  const sample = lines.slice(0, 200);
  let best: Delimiter = "spaces";
  let bestScore = 0;
  for (const d of ["tab", "pipe", "comma", "semicolon", "spaces"] as const) {
    const score = scoreDelimiter(sample, d);
    if (score > bestScore + 1e-9) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Raw text parsed into rows, with each row's 1-based line in the text (for error messages). */
export interface ParsedText {
  rows: string[][];
  lineNumbers: number[];
  delimiter: Delimiter;
}

/** Raw text's lines that hold table rows (blank lines and markdown rules left out), each with its 1-based line. */
export interface RowLines {
  lines: string[];
  lineNumbers: number[];
}

/** The lines of raw text that hold rows: cheap, so a caller can refuse too many before any is split. */
export function rowLines(text: string): RowLines {
  const lines: string[] = [];
  const lineNumbers: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (line.trim() === "" || isMarkdownRule(line)) return;
    lines.push(line);
    lineNumbers.push(i + 1);
  });
  return { lines, lineNumbers };
}

/** Parses raw text's row lines into rows on `given`, else on the delimiter detected (a pure step, tested on its own). */
export function parseRows({ lines, lineNumbers }: RowLines, given?: Delimiter): ParsedText {
  const delimiter = given ?? detectDelimiter(lines);
  return { rows: lines.map((l) => splitLine(l, delimiter)), lineNumbers, delimiter };
}

/** Most mismatched lines one shape warning names before it counts the rest. */
const MAX_NAMED_LINES = 5;

/** The width most lines share (ties go to the first line's width): the shape rows should have. */
export function expectedWidth(rows: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let best = rows[0]?.length ?? 0;
  for (const [width, count] of counts) if (count > (counts.get(best) ?? 0)) best = width;
  return best;
}

const plainCount = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * What the card and its summary should say about raw text whose lines disagree with the detected
 * shape, e.g. "line 3 has 1 cell, expected 4; delimiter detected: comma"; undefined when every
 * line has the expected width and no other delimiter runs through every line.
 */
export function shapeWarning(parsed: ParsedText, forced: boolean): string | undefined {
  const { rows, lineNumbers, delimiter } = parsed;
  const how = `delimiter ${forced ? "given" : "detected"}: ${delimiter}`;
  const width = expectedWidth(rows);
  // Runs of neighbouring lines with the same width are named once: "lines 4–9 have 1 cell".
  const runs: { first: number; last: number; width: number }[] = [];
  rows.forEach((r, i) => {
    if (r.length === width) return;
    const run = runs.at(-1);
    if (run && run.width === r.length && run.last === lineNumbers[i - 1]) run.last = lineNumbers[i];
    else runs.push({ first: lineNumbers[i], last: lineNumbers[i], width: r.length });
  });
  if (runs.length > 0) {
    const named = runs.slice(0, MAX_NAMED_LINES).map(({ first, last, width: w }) =>
      first === last
        ? `line ${first} has ${plainCount(w, "cell")}`
        : `lines ${first}–${last} have ${plainCount(w, "cell")}`
    );
    const more = runs.slice(MAX_NAMED_LINES).reduce((n, r) => n + r.last - r.first + 1, 0);
    const list = more > 0 ? `${named.join(", ")} (and ${plainCount(more, "more line")})` : named.join(", ");
    return `${list}, expected ${width}; ${how}`;
  }
  if (forced) return undefined;
  // Every line also holds another delimiter: "name,age;city|country" is more likely a mistake.
  const others = (Object.keys(DELIMITER_CHARS) as (keyof typeof DELIMITER_CHARS)[])
    .filter((d) =>
      d !== delimiter && rows.length > 0 && rows.every((r) => r.some((c) => c.includes(DELIMITER_CHARS[d])))
    );
  if (others.length === 0) return undefined;
  return `every line also contains ${others.join(" and ")} characters; ${how}`;
}
