/**
 * Form data in a legacy page's encoding, as browsers send it: a page decoded as windows-1252 or
 * Shift_JIS submits its forms in that encoding (or in the first encoding its `accept-charset`
 * names), and a character the encoding lacks goes as an HTML numeric reference (`&#28450;`).
 * Built from TextDecoder alone: an encoding's inverse table is read off its decoder once (every
 * single byte, then every two-byte sequence for the multi-byte encodings) and kept.
 */

/** The multi-byte encodings whose two-byte sequences are read too (three- and four-byte ones are not). */
const MULTI_BYTE = new Set(["shift_jis", "euc-jp", "euc-kr", "big5", "gbk", "gb18030"]);

/** The names browsers give encodings in `_charset_` where the decoder's lower-case name differs. */
const NAMES: Record<string, string> = {
  "utf-8": "UTF-8",
  "shift_jis": "Shift_JIS",
  "euc-jp": "EUC-JP",
  "euc-kr": "EUC-KR",
  "big5": "Big5",
  "gbk": "GBK",
  "ibm866": "IBM866",
  "koi8-r": "KOI8-R",
  "koi8-u": "KOI8-U",
};

const tables = new Map<string, Map<number, number[]>>();

/**
 * Code point to bytes, for one encoding. Each lead byte's two-byte sequences are decoded in one
 * call, each followed by a line feed (never a trail byte): a sequence that decodes to exactly one
 * character other than U+FFFD is that character's encoding. No exceptions, so it takes
 * milliseconds, not a second, the first time.
 */
function table(encoding: string): Map<number, number[]> {
  const known = tables.get(encoding);
  if (known) return known;
  const map = new Map<number, number[]>();
  const decoder = new TextDecoder(encoding);
  const learn = (sequences: number[][]) => {
    const bytes = Uint8Array.from(sequences.flatMap((s) => [...s, 0x0a]));
    decoder.decode(bytes).split("\n").slice(0, sequences.length).forEach((text, i) => {
      const cp = text.codePointAt(0);
      if (cp === undefined || cp === 0xfffd || String.fromCodePoint(cp) !== text) return;
      if (!map.has(cp)) map.set(cp, sequences[i]);
    });
  };
  learn(Array.from({ length: 256 }, (_, b) => [b]).filter(([b]) => b !== 0x0a));
  map.set(0x0a, [0x0a]);
  if (MULTI_BYTE.has(encoding)) {
    for (let lead = 0x81; lead < 0xff; lead++) {
      learn(Array.from({ length: 0xff - 0x40 }, (_, i) => [lead, 0x40 + i]));
    }
  }
  tables.set(encoding, map);
  return map;
}

/**
 * The encoding a form is sent in: the first usable label of its `accept-charset`, else the page's
 * (UTF-8 when neither names one); UTF-16 pages send UTF-8, as browsers do.
 */
export function formEncoding(acceptCharset: string | undefined, page: string | undefined): string {
  const pick = (label: string) => {
    try {
      return new TextDecoder(label).encoding;
    } catch {
      return undefined;
    }
  };
  // An accept-charset with no usable label means UTF-8, not the page's encoding.
  const encoding = acceptCharset !== undefined
    ? acceptCharset.split(/[\t\n\f\r ]+/).filter(Boolean).map(pick).find(Boolean) ?? "utf-8"
    : pick(page ?? "utf-8") ?? "utf-8";
  return encoding.startsWith("utf-16") || encoding === "replacement" ? "utf-8" : encoding;
}

/** The name a `_charset_` field sends for an encoding. */
export function encodingName(encoding: string): string {
  return NAMES[encoding] ?? (encoding.startsWith("iso-8859-") ? encoding.toUpperCase() : encoding);
}

const utf8 = new TextEncoder();

/** Text as bytes in `encoding`; a character it lacks as `&#N;`. */
export function encodeIn(text: string, encoding: string): Uint8Array {
  // Lone surrogates are U+FFFD, as in any string a browser submits.
  const clean = text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
  if (encoding === "utf-8") return utf8.encode(clean);
  const map = table(encoding);
  const out: number[] = [];
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    const bytes = map.get(cp);
    if (bytes) out.push(...bytes);
    else for (const c of `&#${cp};`) out.push(c.charCodeAt(0));
  }
  return Uint8Array.from(out);
}

/** application/x-www-form-urlencoded, from bytes: what URLSearchParams writes for UTF-8. */
export function urlencoded(entries: [string, string][], encoding: string): string {
  const percent = (bytes: Uint8Array) => {
    let out = "";
    for (const b of bytes) {
      out += b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f || (b >= 0x30 && b <= 0x39) ||
          (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
        ? String.fromCharCode(b)
        : b === 0x20
        ? "+"
        : "%" + b.toString(16).toUpperCase().padStart(2, "0");
    }
    return out;
  };
  return entries.map(([n, v]) => `${percent(encodeIn(n, encoding))}=${percent(encodeIn(v, encoding))}`).join(
    "&",
  );
}
