/**
 * A zip writer for tests that can lie: every header field can be overridden, so the tests build
 * bombs, liars, slips and corrupt archives themselves instead of shipping binary fixtures.
 */
import { deflateSync } from "fflate";
import { crc32 } from "../../src/fs/zip.ts";

/** One entry; anything left out is computed honestly. */
export interface CraftEntry {
  name: string | Uint8Array;
  /** Uncompressed content. */
  data?: Uint8Array | string;
  /** 0 stored, 8 deflate, or any other number to claim an unsupported method. */
  method?: number;
  /** Compressed bytes to write instead of compressing `data`. */
  compressed?: Uint8Array;
  crc?: number;
  /** Declared uncompressed size. */
  size?: number;
  /** Declared compressed size. */
  compressedSize?: number;
  flags?: number;
  madeBy?: number;
  external?: number;
  /** Point the central record at another entry's local header (by index) instead of writing one. */
  shareLocalOf?: number;
  /** Point the central record at this byte offset. */
  localOffset?: number;
  /** Write sizes and offset as ZIP64 extra fields. */
  zip64?: boolean;
  /** The central record's extra field as given, instead of the one `zip64` writes. */
  centralExtra?: Uint8Array;
}

/** Archive-level overrides. */
export interface CraftOptions {
  /** Entry count declared in the end record. */
  declaredEntries?: number;
  /** Write a ZIP64 end record (needed for more than 65,535 entries). */
  zip64?: boolean;
  disk?: number;
}

const enc = new TextEncoder();

class Bytes {
  parts: Uint8Array[] = [];
  length = 0;
  push(b: Uint8Array) {
    this.parts.push(b);
    this.length += b.length;
  }
  concat(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) out.set(p, at), at += p.length;
    return out;
  }
}

export function le(fields: [number, 2 | 4 | 8][]): Uint8Array {
  const size = fields.reduce((n, [, w]) => n + w, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [v, w] of fields) {
    if (w === 2) view.setUint16(at, v, true);
    else if (w === 4) view.setUint32(at, v >>> 0, true);
    else view.setBigUint64(at, BigInt(v), true);
    at += w;
  }
  return out;
}

/** Builds the archive. */
export function craftZip(entries: CraftEntry[], options: CraftOptions = {}): Uint8Array {
  const out = new Bytes();
  const central = new Bytes();
  const offsets: number[] = [];
  for (const e of entries) {
    const name = typeof e.name === "string" ? enc.encode(e.name) : e.name;
    const data = typeof e.data === "string" ? enc.encode(e.data) : e.data ?? new Uint8Array(0);
    const method = e.method ?? 8;
    const compressed = e.compressed ?? (method === 8 ? deflateSync(data, { level: 9 }) : data);
    const crc = e.crc ?? crc32(data);
    const size = e.size ?? data.length;
    const csize = e.compressedSize ?? compressed.length;
    const flags = e.flags ?? (typeof e.name === "string" && /[^ -~]/.test(e.name) ? 0x800 : 0);
    const z = e.zip64 === true;
    let offset: number;
    if (e.shareLocalOf !== undefined) offset = offsets[e.shareLocalOf];
    else if (e.localOffset !== undefined) offset = e.localOffset;
    else {
      offset = out.length;
      const extra = z ? le([[1, 2], [16, 2], [size, 8], [csize, 8]]) : new Uint8Array(0);
      out.push(le([
        [0x04034b50, 4],
        [z ? 45 : 20, 2],
        [flags, 2],
        [method, 2],
        [0, 2],
        [0x21, 2],
        [crc, 4],
        [z ? 0xffffffff : csize, 4],
        [z ? 0xffffffff : size, 4],
        [name.length, 2],
        [extra.length, 2],
      ]));
      out.push(name);
      out.push(extra);
      out.push(compressed);
    }
    offsets.push(offset);
    const extra = e.centralExtra ??
      (z ? le([[1, 2], [24, 2], [size, 8], [csize, 8], [offset, 8]]) : new Uint8Array(0));
    central.push(le([
      [0x02014b50, 4],
      [e.madeBy ?? 20, 2],
      [z ? 45 : 20, 2],
      [flags, 2],
      [method, 2],
      [0, 2],
      [0x21, 2],
      [crc, 4],
      [z ? 0xffffffff : csize, 4],
      [z ? 0xffffffff : size, 4],
      [name.length, 2],
      [extra.length, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [e.external ?? 0, 4],
      [z ? 0xffffffff : offset, 4],
    ]));
    central.push(name);
    central.push(extra);
  }
  const cdOffset = out.length;
  const cd = central.concat();
  out.push(cd);
  const count = options.declaredEntries ?? entries.length;
  if (options.zip64) {
    const at = out.length;
    out.push(le([
      [0x06064b50, 4],
      [44, 8],
      [45, 2],
      [45, 2],
      [0, 4],
      [0, 4],
      [count, 8],
      [count, 8],
      [cd.length, 8],
      [cdOffset, 8],
    ]));
    out.push(le([[0x07064b50, 4], [0, 4], [at, 8], [1, 4]]));
  }
  const small = (n: number) => (options.zip64 ? 0xffff : Math.min(n, 0xffff));
  out.push(le([
    [0x06054b50, 4],
    [options.disk ?? 0, 2],
    [options.disk ?? 0, 2],
    [small(count), 2],
    [small(count), 2],
    [options.zip64 ? 0xffffffff : cd.length, 4],
    [options.zip64 ? 0xffffffff : cdOffset, 4],
    [0, 2],
  ]));
  return out.concat();
}
