/**
 * Reads the text files of a zip archive held in memory, under caps that hold whatever the
 * archive claims. Two passes:
 *
 * 1. The central directory alone: entry count, names (zip-slip, absolute, NUL, duplicates,
 *    encoding), symlinks, encryption, methods, declared sizes against the per-file and total caps,
 *    local headers in bounds, and entries whose data overlap (the overlapping-entry bomb).
 * 2. Inflation of what passed, through fflate's streaming `Inflate` in small slices, stopping the
 *    moment real output passes the entry's declared size (a lying header), then a CRC check.
 *
 * fflate's `unzipSync` trusts the sizes an archive declares and its `Unzip` stream trusts local
 * headers, which may disagree with the central directory; so the directory is parsed here and each
 * entry's data fed to `Inflate` directly. Entries that fail a rule are skipped with a reason; only
 * an archive that cannot be read at all, or has too many entries, is refused whole.
 */
import { Inflate, inflateSync } from "fflate";
import { ToolError } from "../errors.ts";
import { decodeText, describeNotText } from "./text.ts";

/** Caps on what one archive may expand to. */
export interface ZipLimits {
  /** Entries in the central directory, folders included. */
  maxEntries: number;
  /** Inflated bytes of one file. */
  maxFileBytes: number;
  /** Inflated bytes of all files together. */
  maxTotalBytes: number;
}

/** The caps the tools use. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxFileBytes: 4 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

/** A text file read from the archive. */
export interface ZipTextFile {
  path: string;
  text: string;
  /** Inflated size in bytes. */
  bytes: number;
}

/** An entry left out, and why (shown to the caller as a notice). */
export interface ZipSkipped {
  path: string;
  reason: string;
}

/** What an archive held. */
export interface ZipContents {
  files: ZipTextFile[];
  skipped: ZipSkipped[];
  /** Folder entries seen (not files). */
  folders: number;
}

/** Progress through pass 2: entries done out of entries to inflate, and bytes inflated so far. */
export interface ZipProgress {
  done: number;
  total: number;
  bytes: number;
}

/** How the caller steers a read. */
export interface ZipReadOptions {
  limits?: ZipLimits;
  /** Decide per name before inflating: return a reason to skip the entry, or undefined to keep it. */
  filter?: (path: string) => string | undefined;
  /** Called after each inflated entry. */
  onProgress?: (progress: ZipProgress) => void | Promise<void>;
  /** Compressed bytes fed to the inflater at a time (bounds the output of one step). */
  sliceBytes?: number;
}

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

/** An entry that passed pass 1. */
interface Planned {
  path: string;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  localOffset: number;
  dataStart: number;
}

function refuse(
  name: string,
  problem: string,
  hint = "Pass a well-formed zip archive, or the files inline",
): ToolError {
  return new ToolError("invalid_input", `Cannot unpack "${name}": ${problem}`, hint);
}

// CP437, the zip default for names without the UTF-8 flag: the upper 128 code points.
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const utf8 = new TextDecoder("utf-8", { fatal: true });

// deno-lint-ignore no-control-regex -- control characters are exactly what is escaped
const CONTROLS = /[\u0000-\u001f\u007f]/g;
const ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Decodes an entry name: UTF-8 when flagged or valid, else CP437; undefined when flagged but invalid. */
function decodeName(bytes: Uint8Array, utf8Flag: boolean): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    if (utf8Flag) return undefined;
    let s = "";
    for (const b of bytes) s += b < 128 ? String.fromCharCode(b) : CP437_HIGH[b - 128];
    return s;
  }
}

/** Why a name may not be used as a path inside the archive, or undefined when it is fine. */
export function nameProblem(name: string): string | undefined {
  if (name.includes("\0")) return "the name contains a NUL character";
  // deno-lint-ignore no-control-regex -- control characters are exactly what is refused
  if (/[\u0001-\u001f\u007f]/.test(name)) return "the name contains control characters";
  if (/^[\\/]/.test(name) || /^[a-zA-Z]:/.test(name)) return "absolute name";
  const parts = name.split(/[\\/]/);
  if (parts.some((p) => p === "..")) return "the name climbs out of the archive (zip-slip)";
  return undefined;
}

/** The archive's own spelling of a path, folded to forward slashes without "." segments. */
function normalizeName(name: string): string {
  return name.replaceAll("\\", "/").split("/").filter((p) => p !== "" && p !== ".").join("/");
}

let crcTables: Int32Array | undefined;

/** Eight 256-entry tables for CRC-32 "slicing by 8": table k advances a byte k positions further. */
function tables(): Int32Array {
  const t = new Int32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      t[k * 256 + n] = (t[(k - 1) * 256 + n] >>> 8) ^ t[t[(k - 1) * 256 + n] & 0xff];
    }
  }
  return t;
}

/**
 * CRC-32 (IEEE), eight bytes a step. fflate computes one internally but does not export it, and
 * every inflated entry is checked, so this runs over every byte an archive holds.
 */
export function crc32(data: Uint8Array): number {
  const t = (crcTables ??= tables());
  let crc = -1;
  let i = 0;
  for (const end = data.length - 7; i < end; i += 8) {
    const a = crc ^ (data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24));
    crc = t[1792 + (a & 0xff)] ^ t[1536 + ((a >>> 8) & 0xff)] ^ t[1280 + ((a >>> 16) & 0xff)] ^
      t[1024 + (a >>> 24)] ^ t[768 + data[i + 4]] ^ t[512 + data[i + 5]] ^ t[256 + data[i + 6]] ^
      t[data[i + 7]];
  }
  for (; i < data.length; i++) crc = t[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function u64(view: DataView, at: number): number {
  const v = view.getBigUint64(at, true);
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}

/** Finds the central directory: where it starts, how long it is, how many entries it declares. */
function findDirectory(data: Uint8Array, view: DataView, name: string) {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === SIG_EOCD && i + 22 + view.getUint16(i + 20, true) <= data.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse(name, "this is not a zip archive (no end-of-central-directory record)");
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0) {
    throw refuse(name, "multi-part (spanned) archives are not supported", "Pass a single-file zip archive");
  }
  let entries = view.getUint16(eocd + 10, true);
  let size = view.getUint32(eocd + 12, true);
  let offset = view.getUint32(eocd + 16, true);
  let zip64 = false;
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    zip64 = true;
    const loc = eocd - 20;
    if (loc >= 0 && view.getUint32(loc, true) === SIG_EOCD64_LOCATOR) {
      const at = u64(view, loc + 8);
      if (at + 56 > data.length || view.getUint32(at, true) !== SIG_EOCD64) {
        throw refuse(name, "the ZIP64 end record is missing or truncated");
      }
      entries = u64(view, at + 32);
      size = u64(view, at + 40);
      offset = u64(view, at + 48);
    }
  }
  if (offset + size > eocd) {
    throw refuse(name, "the central directory lies past the end of the file (truncated archive)");
  }
  // Bytes before the archive (an HTML page, a self-extractor stub) whose offsets were never adjusted:
  // the directory ends where the end record starts, so every offset is short by the same amount.
  // unzip and Python's zipfile read such files too. Every local offset is shifted alike.
  let shift = 0;
  if (!zip64 && offset + size < eocd && view.getUint32(offset, true) !== SIG_CENTRAL) {
    const start = eocd - size;
    if (view.getUint32(start, true) === SIG_CENTRAL) shift = start - offset;
  }
  return { entries, size, offset: offset + shift, shift };
}

/** Reads the text files of an archive; see the module comment for the rules. */
export async function readZip(
  data: Uint8Array,
  name: string,
  options: ZipReadOptions = {},
): Promise<ZipContents> {
  const limits = options.limits ?? DEFAULT_ZIP_LIMITS;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 22) throw refuse(name, "this is not a zip archive (too short)");
  const dir = findDirectory(data, view, name);
  if (dir.entries > limits.maxEntries) throw tooManyEntries(name, String(dir.entries), limits);
  const plan = planEntries({ data, view, name, dir, options, limits });
  const files = await inflateEntries(data, keepApart(plan), plan.skipped, options);
  return { files, skipped: plan.skipped, folders: plan.folders };
}

/** The end record's view of the central directory, as {@link findDirectory} found it. */
type Directory = ReturnType<typeof findDirectory>;

/** What pass 1 reads: the archive, where its directory is, and the rules. */
interface Archive {
  readonly data: Uint8Array;
  readonly view: DataView;
  readonly name: string;
  readonly dir: Directory;
  readonly options: ZipReadOptions;
  readonly limits: ZipLimits;
}

/** The state of pass 1 over the central directory: the entries planned, those skipped and why. */
interface EntryPlan {
  readonly skipped: ZipSkipped[];
  readonly planned: Planned[];
  /** Normalized paths already planned or skipped as duplicates of them. */
  readonly seen: Set<string>;
  folders: number;
  /** Bytes the planned entries declare, against the archive's limit in all. */
  declaredTotal: number;
}

function tooManyEntries(name: string, count: string, limits: ZipLimits): ToolError {
  return new ToolError(
    "too_large",
    `Cannot unpack "${name}": the archive has ${count} entries, the limit is ${limits.maxEntries}`,
    "Zip only the files that matter, or pass them inline as files",
  );
}

/** Pass 1: every record of the central directory, planned for inflating or skipped with a reason. */
function planEntries(archive: Archive): EntryPlan {
  const { view, name, dir, limits } = archive;
  const plan: EntryPlan = { skipped: [], planned: [], seen: new Set(), folders: 0, declaredTotal: 0 };
  let at = dir.offset;
  const end = dir.offset + dir.size;
  let count = 0;
  while (at + 4 <= end && view.getUint32(at, true) === SIG_CENTRAL) {
    if (++count > limits.maxEntries) throw tooManyEntries(name, `more than ${limits.maxEntries}`, limits);
    const record = readCentralRecord(archive, at, end);
    at = record.next;
    planEntry(plan, record, archive);
  }
  if (count === 0 && dir.entries > 0) {
    throw refuse(name, "the central directory is corrupt (no entry where it should start)");
  }
  return plan;
}

/** One central directory record at `at`, its sizes and offset widened by its ZIP64 extra field. */
function readCentralRecord({ data, view, name, dir }: Archive, at: number, end: number) {
  if (at + 46 > end) throw refuse(name, "the central directory is truncated");
  const madeBy = view.getUint16(at + 4, true);
  const flags = view.getUint16(at + 8, true);
  const method = view.getUint16(at + 10, true);
  const crc = view.getUint32(at + 16, true);
  let compressedSize = view.getUint32(at + 20, true);
  let size = view.getUint32(at + 24, true);
  const nameLen = view.getUint16(at + 28, true);
  const extraLen = view.getUint16(at + 30, true);
  const commentLen = view.getUint16(at + 32, true);
  const external = view.getUint32(at + 38, true);
  let localOffset = view.getUint32(at + 42, true) + dir.shift;
  const next = at + 46 + nameLen + extraLen + commentLen;
  if (next > end) throw refuse(name, "the central directory is truncated");
  const rawName = data.subarray(at + 46, at + 46 + nameLen);
  // ZIP64 extra field: the 64-bit values for whichever 32-bit fields are saturated, in order.
  const extraEnd = at + 46 + nameLen + extraLen;
  const saturated = [size, compressedSize, localOffset - dir.shift].filter((v) => v === 0xffffffff).length;
  let widened = 0;
  for (let x = at + 46 + nameLen; x + 4 <= extraEnd;) {
    const id = view.getUint16(x, true);
    const len = view.getUint16(x + 2, true);
    if (id === 0x0001) {
      let y = x + 4;
      // A length that claims more than the extra field holds is read no further than its end.
      const stop = Math.min(x + 4 + len, extraEnd);
      if (size === 0xffffffff && y + 8 <= stop) size = u64(view, y), y += 8, widened++;
      if (compressedSize === 0xffffffff && y + 8 <= stop) compressedSize = u64(view, y), y += 8, widened++;
      if (localOffset === 0xffffffff + dir.shift && y + 8 <= stop) {
        localOffset = u64(view, y) + dir.shift, widened++;
      }
    }
    x += 4 + len;
  }
  return {
    madeBy,
    flags,
    method,
    crc,
    compressedSize,
    size,
    external,
    localOffset,
    rawName,
    /** Sizes and offset saturated at 32 bits, and how many of them the ZIP64 field widened. */
    saturated,
    widened,
    next,
  };
}

/** Plans one record, or skips it with the first reason that applies (a folder is only counted). */
function planEntry(plan: EntryPlan, record: ReturnType<typeof readCentralRecord>, archive: Archive): void {
  const { view, dir, options, limits } = archive;
  const { madeBy, flags, method, crc, compressedSize, size, external, localOffset, rawName } = record;
  const decoded = decodeName(rawName, (flags & 0x800) !== 0);
  // Control characters are shown escaped (`a\n.txt`): a line break in a name must not add lines,
  // or fake entries, to the listing the model reads.
  const raw = decoded ?? [...rawName].map((b) => (b < 128 ? String.fromCharCode(b) : "?")).join("");
  const shownName = raw.replace(
    CONTROLS,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const skip = (reason: string) => void plan.skipped.push({ path: shownName, reason });
  if (decoded === undefined) return skip("the name is marked UTF-8 but is not valid UTF-8");
  const problem = nameProblem(decoded);
  if (problem) return skip(problem);
  const path = normalizeName(decoded);
  const unixMode = madeBy >> 8 === 3 ? external >>> 16 : 0;
  if ((unixMode & 0o170000) === 0o120000) return skip("symbolic link");
  if (
    decoded.endsWith("/") || decoded.endsWith("\\") || (external & 0x10) !== 0 ||
    (unixMode & 0o170000) === 0o040000
  ) {
    plan.folders++;
    return;
  }
  if (path === "") return skip("empty name");
  if (plan.seen.has(path)) return skip("duplicate name (the first entry is kept)");
  plan.seen.add(path);
  if (flags & 0x1) return skip("encrypted");
  if (method !== 0 && method !== 8) {
    return skip(`compression method ${method} is not supported (only stored and deflate)`);
  }
  if (record.widened < record.saturated) {
    return skip("corrupt: its ZIP64 extra field is missing or truncated");
  }
  const filtered = options.filter?.(path);
  if (filtered) return skip(filtered);
  if (size > limits.maxFileBytes) {
    return skip(`declares ${size} bytes, the per-file limit is ${limits.maxFileBytes}`);
  }
  if (method === 0 && compressedSize !== size) return skip("corrupt: a stored entry's sizes disagree");
  if (localOffset + 30 > dir.offset || view.getUint32(localOffset, true) !== SIG_LOCAL) {
    return skip("corrupt: its local header is missing");
  }
  const dataStart = localOffset + 30 + view.getUint16(localOffset + 26, true) +
    view.getUint16(localOffset + 28, true);
  if (dataStart + compressedSize > dir.offset) {
    return skip("truncated: its data runs past the end of the archive");
  }
  if (plan.declaredTotal + size > limits.maxTotalBytes) {
    return skip(`the archive's limit of ${limits.maxTotalBytes} inflated bytes in all is reached`);
  }
  plan.declaredTotal += size;
  plan.planned.push({ path, method, crc, size, compressedSize, localOffset, dataStart });
}

/**
 * The planned entries to inflate: those whose data ranges share bytes with another's (one payload
 * counted many times) are skipped instead.
 */
function keepApart(plan: EntryPlan): Planned[] {
  const byOffset = [...plan.planned].sort((a, b) => a.localOffset - b.localOffset);
  const overlapping = new Set<Planned>();
  let reach = -1;
  for (const entry of byOffset) {
    if (entry.localOffset < reach) overlapping.add(entry);
    else reach = entry.dataStart + entry.compressedSize;
  }
  return plan.planned.filter((p) => {
    if (!overlapping.has(p)) return true;
    plan.skipped.push({ path: p.path, reason: "its data overlaps another entry (a zip bomb pattern)" });
    return false;
  });
}

/** Pass 2: inflates the entries in archive order; the text files are kept, the others skipped. */
async function inflateEntries(
  data: Uint8Array,
  todo: Planned[],
  skipped: ZipSkipped[],
  options: ZipReadOptions,
): Promise<ZipTextFile[]> {
  const files: ZipTextFile[] = [];
  const slice = options.sliceBytes ?? 16_384;
  let inflatedTotal = 0;
  let done = 0;
  for (const entry of todo) {
    const result = inflateEntry(data, entry, slice);
    done++;
    if (typeof result === "string") skipped.push({ path: entry.path, reason: result });
    else {
      inflatedTotal += result.length;
      const text = decodeText(result);
      if ("text" in text) files.push({ path: entry.path, text: text.text, bytes: result.length });
      else skipped.push({ path: entry.path, reason: notTextReason(text.notText) });
    }
    await options.onProgress?.({ done, total: todo.length, bytes: inflatedTotal });
  }
  return files;
}

function notTextReason(reason: Parameters<typeof describeNotText>[0]): string {
  return reason.kind === "binary" ? "binary" : describeNotText(reason).replace("the file is ", "");
}

const STOP = new Error("stop");

/**
 * Inflates one entry or says why not; never holds more than the declared size plus one slice's
 * output. An entry no bigger than a slice is inflated at once into a buffer one byte past its
 * declared size (fflate writes nothing past a buffer it is given, and says how far it got): the
 * same bound as one slice of the stream, without a stream per small file.
 */
function inflateEntry(data: Uint8Array, entry: Planned, slice: number): Uint8Array | string {
  const input = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) out = input;
  else if (input.length <= slice) {
    try {
      out = inflateSync(input, { out: new Uint8Array(entry.size + 1) });
    } catch {
      return "corrupt: the compressed data is damaged";
    }
    if (out.length > entry.size) {
      return `inflates past its declared size of ${entry.size} bytes (stopped there)`;
    }
    if (out.length !== entry.size) {
      return `corrupt: inflates to ${out.length} bytes, not the declared ${entry.size}`;
    }
  } else {
    out = new Uint8Array(entry.size);
    let produced = 0;
    let over = false;
    const inflater = new Inflate((chunk) => {
      if (produced + chunk.length > entry.size) {
        over = true;
        throw STOP;
      }
      out.set(chunk, produced);
      produced += chunk.length;
    });
    try {
      for (let off = 0; off < input.length || off === 0; off += slice) {
        const last = off + slice >= input.length;
        inflater.push(input.subarray(off, Math.min(off + slice, input.length)), last);
        if (last) break;
      }
    } catch (error) {
      if (error !== STOP) return "corrupt: the compressed data is damaged";
    }
    if (over) return `inflates past its declared size of ${entry.size} bytes (stopped there)`;
    if (produced !== entry.size) {
      return `corrupt: inflates to ${produced} bytes, not the declared ${entry.size}`;
    }
  }
  if (crc32(out) !== entry.crc) return "corrupt: the checksum does not match";
  return out;
}
