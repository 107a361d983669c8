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

/** Splits one line on a delimiter character, honouring double-quoted cells ("" is a quote). */
export function splitQuoted(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let current = "";
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && atCellStart && current.trim() === "") {
      quoted = true;
      current = "";
    } else if (c === delimiter) {
      cells.push(current);
      current = "";
      atCellStart = true;
      continue;
    } else current += c;
    if (c !== " ") atCellStart = false;
  }
  cells.push(current);
  return cells.map((s) => s.trim());
}

function splitLine(line: string, delimiter: Delimiter): string[] {
  if (delimiter === "spaces") return line.trim().split(/\s{2,}|\t/);
  if (delimiter === "pipe") return splitQuoted(line.trim().replace(/^\|/, "").replace(/\|$/, ""), "|");
  return splitQuoted(line, DELIMITER_CHARS[delimiter]);
}

/** A markdown table's delimiter row, e.g. `|---|:-:|`: pipes, dashes, colons and spaces only. */
function isMarkdownRule(line: string): boolean {
  return line.includes("|") && line.includes("-") && /^[\s|:-]+$/.test(line);
}

/** Scores a delimiter by how many lines agree on one width above 1; the widest agreement wins. */
function scoreDelimiter(lines: string[], delimiter: Delimiter): number {
  const widths = lines.map((l) => splitLine(l, delimiter).length);
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

/** Parses raw text into rows (a pure step, tested on its own). */
export function parseRawText(text: string, forced?: Delimiter): ParsedText {
  const lines: string[] = [];
  const lineNumbers: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (line.trim() === "" || isMarkdownRule(line)) return;
    lines.push(line);
    lineNumbers.push(i + 1);
  });
  const delimiter = forced ?? detectDelimiter(lines);
  return { rows: lines.map((l) => splitLine(l, delimiter)), lineNumbers, delimiter };
}
