/**
 * The files Download writes, free of the DOM so they are tested in Deno: file names from titles,
 * CSV (RFC 4180, with formula injection defused), and a store-only zip (no compression: a code
 * tour's text is small, and the template pays for every byte of code) with the CRC-32 the format
 * needs. Zip names are UTF-8 (flag bit 11); every entry carries the same fixed date, 1980-01-01,
 * so the same files give the same archive.
 */

/** A file name from a card title: letters and digits, lowercased, joined by dashes, at most 60. */
export function slug(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 60).replace(/^-|-$/g, "") || "card";
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. A field that starts
 * with a tab or a CR, or with `= + - @ |` (or their full-width forms) after any spaces, and is not
 * a plain number, gets a leading `'` so that no spreadsheet runs it as a formula. So does each
 * piece after a `;` that starts the same way: where the list separator is `;` (most of Europe), a
 * spreadsheet opening the file splits fields there, quoted or not, and `x;=1+1` would run.
 */
export function csvField(text: string): string {
  let s = mayRun(text) && FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  if (s.includes(";")) s = s.replace(AFTER_SEMICOLON, ";'");
  return QUOTED.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const FORMULA = /^([\t\r]|\s*[=+\-@|＝＋－＠])/;
const AFTER_SEMICOLON = /;(?=[\t\r]|\s*[=+\-@|＝＋－＠])/g;
const NUMBER = /^[+-]?[\d.]+(e[+-]?\d+)?$/i;
const QUOTED = /[",\r\n]/;

/**
 * Whether a field's first character lets it be a formula: a space or control character, one of
 * `= + - @ |`, or any non-ASCII one (Unicode spaces, full-width forms). Most fields start with a
 * letter or digit and skip the pattern.
 */
function mayRun(text: string): boolean {
  const c = text.charCodeAt(0);
  return c <= 32 || c > 126 || "=+-@|".includes(text[0]);
}

/** Rows as CSV text, CRLF after every record. */
export function csv(rows: string[][]): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out += (i ? "," : "") + csvField(row[i]);
    out += "\r\n";
  }
  return out;
}

// Pure: a template whose cards never zip (all but the code tour) leaves the table out.
const table = /* @__PURE__ */ Int32Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});

/** CRC-32 (IEEE 802.3, the zip and gzip one) of `data`. */
export function crc32(data: Uint8Array): number {
  let c = -1;
  for (const b of data) c = table[(c ^ b) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

/** Appends little-endian fields to `to`; `sizes` gives each one's width in bytes. */
function put(to: number[], sizes: string, ...values: number[]): void {
  values.forEach((v, i) => {
    for (let n = +sizes[i]; n--; v >>>= 8) to.push(v & 255);
  });
}

/**
 * A relative path safe to unpack: backslashes become slashes, control characters and those Windows
 * refuses (`: * ? " < > |`, so no drive letter or stream) go, and so do empty segments and those of
 * dots and spaces only (`.`, `..`, `.. `): no leading `/`, no way out of the folder. At most 4,096
 * characters, so the UTF-8 name fits the format's 16-bit length.
 */
export function entryName(path: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what it removes
  return path.replace(/[\0-\x1f\x7f:*?"<>|]/g, "").split(/[\\/]/).filter((s) => !/^[. ]*$/.test(s)).join("/")
    .slice(-4096) || "file";
}

/** A zip of `[path, text]` files, each name passed through `entryName`, a repeated one numbered (`a-2.ts`). */
export function zip(files: [string, string][]): Uint8Array {
  const parts: Uint8Array[] = [];
  const dir: number[] = [];
  const seen = new Set();
  let at = 0;
  for (const [path, text] of files) {
    let file = entryName(path);
    for (let n = 2, base = file; seen.has(file);) file = base.replace(/(\.[^./]*)?$/, `-${n++}$1`);
    seen.add(file);
    const [name, data] = [file, text].map((s) => new TextEncoder().encode(s));
    const head: number[] = [];
    // version 2.0, UTF-8 names, stored, time 00:00, date 1980-01-01, crc, sizes, name length, no extra
    const common = [20, 0x800, 0, 0, 0x21, crc32(data), data.length, data.length, name.length, 0];
    put(dir, "42222224442222244", 0x02014b50, 20, ...common, 0, 0, 0, 0, at);
    put(head, "42222244422", 0x04034b50, ...common);
    dir.push(...name);
    parts.push(new Uint8Array(head), name, data);
    at += 30 + name.length + data.length;
  }
  put(dir, "42222442", 0x06054b50, 0, 0, files.length, files.length, dir.length, at, 0);
  parts.push(new Uint8Array(dir));
  const out = new Uint8Array(at + dir.length);
  at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
