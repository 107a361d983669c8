/**
 * Form data in a legacy page's encoding, as browsers send it: a page decoded as windows-1252 or
 * Shift_JIS submits its forms in that encoding (or in the first encoding its `accept-charset`
 * names), and a character the encoding lacks goes as an HTML numeric reference (`&#28450;`).
 * Built from TextDecoder alone: an encoding's inverse table is read off its decoder once (every
 * single byte, then every two-byte sequence for the multi-byte encodings) and kept.
 */

/** The multi-byte encodings whose two-byte sequences are read too. */
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
  "iso-2022-jp": "ISO-2022-JP",
};

/** Lead bytes an encoder never writes though its decoder reads them (WHATWG Encoding). */
const UNWRITTEN: Record<string, [number, number]> = {
  // Shift_JIS: the NEC-selected IBM rows (pointers 8272-8835, sent as the IBM rows) and user-defined ones.
  "shift_jis": [0xed, 0xf9],
  "big5": [0x81, 0xa0], // Big5: the HKSCS rows below 0xA1
};

/** Big5: code points the encoder writes with their last pointer, not their first. */
const BIG5_LAST = new Set([0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345]);

/**
 * GBK and gb18030: the private-use code points GB18030-2005 gave 18 two-byte sequences that
 * GB18030-2022 gives to real characters. Chromium still writes them with those sequences.
 */
const GB_PUA: [number, number][] = [
  ...[0xa6d9, 0xa6da, 0xa6db, 0xa6dc, 0xa6dd, 0xa6de, 0xa6df, 0xa6ec, 0xa6ed, 0xa6f3].map((
    seq,
    i,
  ): [number, number] => [0xe78d + i, seq]),
  [0xe81e, 0xfe59],
  [0xe826, 0xfe61],
  [0xe82b, 0xfe66],
  [0xe82c, 0xfe67],
  [0xe832, 0xfe6d],
  [0xe843, 0xfe7e],
  [0xe854, 0xfe90],
  [0xe864, 0xfea0],
];

const tables = new Map<string, Map<number, number[]>>();

/** gb18030's four bytes for a pointer of its four-byte range. */
function fourBytes(pointer: number): number[] {
  return [
    0x81 + Math.floor(pointer / 12600),
    0x30 + Math.floor(pointer / 1260) % 10,
    0x81 + Math.floor(pointer / 10) % 126,
    0x30 + pointer % 10,
  ];
}

/**
 * Code point to bytes, for one encoding, as its WHATWG encoder writes them. Read off the decoder:
 * each lead byte's two-byte sequences are decoded in one call, each followed by a line feed
 * (never a trail byte): a sequence that decodes to exactly one character other than U+FFFD is
 * that character's encoding, the first one found unless the encoder picks the last. gb18030's
 * four-byte sequences of the Basic Multilingual Plane are read the same way, after its two-byte
 * ones. No exceptions, so it takes milliseconds the first time.
 */
function table(encoding: string): Map<number, number[]> {
  const known = tables.get(encoding);
  if (known) return known;
  const map = new Map<number, number[]>();
  const decoder = new TextDecoder(encoding);
  const learn = (sequences: number[][], last?: Set<number>) => {
    const bytes = Uint8Array.from(sequences.flatMap((s) => [...s, 0x0a]));
    decoder.decode(bytes).split("\n").slice(0, sequences.length).forEach((text, i) => {
      const cp = text.codePointAt(0);
      if (cp === undefined || cp === 0xfffd || String.fromCodePoint(cp) !== text) return;
      if (!map.has(cp) || last?.has(cp)) map.set(cp, sequences[i]);
    });
  };
  const gb18030 = encoding === "gb18030";
  // gb18030 writes € as A2 E3; only GBK writes it as the single byte 0x80.
  learn(Array.from({ length: 256 }, (_, b) => [b]).filter(([b]) => b !== 0x0a && !(gb18030 && b === 0x80)));
  map.set(0x0a, [0x0a]);
  if (MULTI_BYTE.has(encoding)) {
    const [from, to] = UNWRITTEN[encoding] ?? [0, -1];
    for (let lead = 0x81; lead < 0xff; lead++) {
      if (lead >= from && lead <= to) continue;
      learn(
        Array.from({ length: 0xff - 0x40 }, (_, i) => [lead, 0x40 + i]),
        encoding === "big5" ? BIG5_LAST : undefined,
      );
    }
  }
  if (gb18030) {
    // The four-byte pointers of the BMP, in one call; each pointer's bytes are made only when used.
    const bytes = new Uint8Array(39420 * 5);
    for (let pointer = 0; pointer < 39420; pointer++) {
      bytes.set(fourBytes(pointer), pointer * 5);
      bytes[pointer * 5 + 4] = 0x0a;
    }
    const lines = decoder.decode(bytes).split("\n");
    for (let pointer = 0; pointer < 39420; pointer++) {
      const cp = lines[pointer].codePointAt(0)!;
      if (lines[pointer].length === 1 && cp !== 0xfffd && !map.has(cp)) map.set(cp, fourBytes(pointer));
    }
    map.set(0xfffd, fourBytes(39417)); // the one character a decoder cannot tell from an error
  }
  if (encoding === "gbk" || gb18030) { for (const [cp, seq] of GB_PUA) map.set(cp, [seq >> 8, seq & 0xff]); }
  if (encoding === "euc-jp" || encoding === "shift_jis") {
    // ¥ and ‾ are written as the bytes of \ and ~, and − as the full-width hyphen-minus.
    map.set(0xa5, [0x5c]);
    map.set(0x203e, [0x7e]);
    map.set(0x2212, map.get(0xff0d)!);
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
  if (encoding === "iso-2022-jp") return iso2022jp(clean);
  const map = table(encoding);
  const out: number[] = [];
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    const bytes = map.get(cp) ??
      (encoding === "gb18030" && cp > 0xffff ? fourBytes(189000 + cp - 0x10000) : undefined);
    if (bytes) out.push(...bytes);
    else for (const c of `&#${cp};`) out.push(c.charCodeAt(0));
  }
  return Uint8Array.from(out);
}

const ESC = 0x1b;

/**
 * ISO-2022-JP, as its WHATWG encoder writes it: ASCII; ¥ and ‾ in JIS X 0201 Roman (ESC ( J);
 * JIS X 0208 (ESC $ B) for the rest, half-width katakana as their full-width forms; ESC ( B
 * back to ASCII at the end. A character it lacks goes as `&#N;`, in ASCII; ESC, SO and SI as
 * `&#65533;`, so a value cannot switch the decoder's state.
 */
function iso2022jp(text: string): Uint8Array {
  const jis = table("euc-jp");
  const out: number[] = [];
  let state: "ascii" | "roman" | "jis" = "ascii";
  const to = (next: typeof state) => {
    if (state === next) return;
    out.push(ESC, ...(next === "ascii" ? [0x28, 0x42] : next === "roman" ? [0x28, 0x4a] : [0x24, 0x42]));
    state = next;
  };
  const ascii = (cp: number) => {
    // Roman has every ASCII character but \ and ~ (its ¥ and ‾).
    if (state !== "roman" || cp === 0x5c || cp === 0x7e) to("ascii");
    out.push(cp);
  };
  const queue = [...text].map((ch) => ch.codePointAt(0)!);
  for (let i = 0; i < queue.length; i++) {
    let cp = queue[i];
    if (cp === 0x0e || cp === 0x0f || cp === ESC) cp = 0xfffd;
    if (cp < 0x80) {
      ascii(cp);
      continue;
    }
    if (cp === 0xa5 || cp === 0x203e) {
      to("roman");
      out.push(cp === 0xa5 ? 0x5c : 0x7e);
      continue;
    }
    if (cp === 0x2212) cp = 0xff0d;
    // Half-width katakana: their full-width forms (NFKC, but for the two sound marks).
    if (cp >= 0xff61 && cp <= 0xff9f) {
      cp = cp === 0xff9e
        ? 0x309b
        : cp === 0xff9f
        ? 0x309c
        : String.fromCodePoint(cp).normalize("NFKC").codePointAt(0)!;
    }
    const euc = jis.get(cp);
    if (euc?.length === 2 && euc[0] >= 0xa1) {
      to("jis");
      out.push(euc[0] - 0x80, euc[1] - 0x80);
    } else for (const c of `&#${cp};`) ascii(c.charCodeAt(0));
  }
  to("ascii");
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
