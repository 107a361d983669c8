// deno-lint-ignore-file no-console -- the memory figures are this benchmark's report
/**
 * Unpacking against a floor measured in the same run (`deno bench -A bench/unzip_bench.ts`): a
 * 20 MB zip of 2,000 text files read by the guarded two-pass reader (central directory checks,
 * streaming inflate in slices, CRC, UTF-8 decoding of every file) against fflate's `unzipSync` of
 * the same archive followed by the same CRC check and UTF-8 decoding (target: within 1.5x).
 * Printed first: the archive's shape and
 * the resident memory one guarded read adds (bounded by the caps, not by what the archive claims).
 */
import { unzipSync, zipSync } from "fflate";
import { crc32, readZip } from "../src/fs/zip.ts";
import { benchCase } from "../scripts/bench/micro.ts";

/** Deterministic text that compresses about as well as minified code (roughly 1.3:1). */
function fileText(seed: number, bytes: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/ \n";
  let x = seed * 2654435761 >>> 0;
  let s = "";
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s += alphabet[(x >>> 0) % alphabet.length];
  }
  return s;
}

const enc = new TextEncoder();
const files: Record<string, Uint8Array> = {};
for (let i = 0; i < 2_000; i++) files[`src/module_${i}.js`] = enc.encode(fileText(i + 1, 12_500));
const zip = zipSync(files, { level: 6 });
const inflated = Object.values(files).reduce((n, f) => n + f.length, 0);

const before = Deno.memoryUsage().rss;
const contents = await readZip(zip, "bench.zip");
const after = Deno.memoryUsage().rss;
console.log(
  `archive ${(zip.length / 1e6).toFixed(1)} MB, ${contents.files.length} files, ${
    (inflated / 1e6).toFixed(1)
  } MB inflated; ` +
    `one guarded read added ${((after - before) / 1e6).toFixed(0)} MB resident`,
);
if (contents.files.length !== 2_000 || contents.skipped.length !== 0) {
  throw new Error("the archive did not read whole");
}

/**
 * The fair floor: what any reader that returns checked text must do besides the guards. fflate's
 * unzipSync inflates, then each file's CRC-32 is checked (the same function readZip uses) and its
 * bytes decoded as strict UTF-8.
 */
function bareUnzip(bytes: Uint8Array): string[] {
  const strict = new TextDecoder("utf-8", { fatal: true });
  const crcs = centralCrcs(bytes);
  return Object.entries(unzipSync(bytes)).map(([path, data]) => {
    if (crc32(data) !== crcs.get(path)) throw new Error(`${path}: bad CRC`);
    return strict.decode(data);
  });
}

/** Each entry's CRC-32 from the central directory (fflate reads it but does not check it). */
function centralCrcs(bytes: Uint8Array): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  const crcs = new Map<string, number>();
  for (let at = view.getUint32(end + 16, true), n = view.getUint16(end + 10, true); n--;) {
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    crcs.set(name, view.getUint32(at + 16, true));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return crcs;
}

export const UNZIP = benchCase({
  name: "guarded unzip (readZip: caps, streaming inflate, CRC, UTF-8), 20 MB, 2,000 files",
  floorName: "fflate unzipSync, CRC and UTF-8 decoding of the same zip",
  target: 1.5,
  ours: () => readZip(zip, "bench.zip"),
  floor: () => bareUnzip(zip),
});
