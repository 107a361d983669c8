/**
 * Text detection by content, never by extension: a file is text when its bytes are UTF-8 without
 * NUL bytes or a run of control characters. Other encodings get a refusal that names them.
 */

/** Why some bytes are not readable text. */
export type NotText =
  | { kind: "binary" }
  | { kind: "utf16"; endian: "LE" | "BE" }
  | { kind: "utf32" }
  | { kind: "invalid-utf8"; offset: number };

/** How many leading bytes the binary sniff looks at. */
const SNIFF_BYTES = 8_192;

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Decodes UTF-8 text (a leading BOM is dropped) or says why the bytes are not text. */
export function decodeText(bytes: Uint8Array): { text: string } | { notText: NotText } {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) {
    return { notText: { kind: "utf32" } };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { notText: { kind: "utf16", endian: "LE" } };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { notText: { kind: "utf16", endian: "BE" } };
  }
  if (looksBinary(bytes)) return { notText: { kind: "binary" } };
  try {
    return { text: fatal.decode(bytes) };
  } catch {
    return { notText: { kind: "invalid-utf8", offset: firstInvalidUtf8(bytes) } };
  }
}

/**
 * True for bytes no text editor would write: a NUL, or more than one in ten control characters
 * other than tab, line breaks, form feed and escape, within the first 8 KB.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27 && b !== 11) control++;
    else if (b === 127) control++;
  }
  return control * 10 > n;
}

/** Offset of the first byte that breaks UTF-8 (for the error message). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need = b < 0x80
      ? 0
      : b >= 0xc2 && b <= 0xdf
      ? 1
      : b >= 0xe0 && b <= 0xef
      ? 2
      : b >= 0xf0 && b <= 0xf4
      ? 3
      : -1;
    if (need < 0 || i + need >= bytes.length) return i;
    if (need > 0) {
      try {
        fatal.decode(bytes.subarray(i, i + need + 1));
      } catch {
        return i;
      }
    }
    i += need + 1;
  }
  return bytes.length;
}

/** The clause a refusal uses for bytes that are not text. */
export function describeNotText(reason: NotText): string {
  switch (reason.kind) {
    case "binary":
      return "the file is binary, not text";
    case "utf16":
      return `the file is UTF-16 (${reason.endian}) text; only UTF-8 is read`;
    case "utf32":
      return "the file is UTF-32 text; only UTF-8 is read";
    case "invalid-utf8":
      return `the file is not valid UTF-8 (first bad byte at offset ${reason.offset}); only UTF-8 is read`;
  }
}
