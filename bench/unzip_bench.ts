// deno-lint-ignore-file no-console -- the memory figures are this benchmark's report
/**
 * Unpacking against a floor measured in the same run (`deno bench -A bench/unzip_bench.ts`): a
 * 20 MB zip of 2,000 text files read by the guarded two-pass reader (central directory checks,
 * streaming inflate in slices, CRC, UTF-8 decoding of every file) against fflate's plain
 * `unzipSync` of the same archive (target: within 1.5x). Printed first: the archive's shape and
 * the resident memory one guarded read adds (bounded by the caps, not by what the archive claims).
 */
import { unzipSync, zipSync } from "fflate";
import { readZip } from "../src/fs/zip.ts";

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

Deno.bench({
  name: "fflate unzipSync, 20 MB zip of 2,000 files (floor)",
  group: "unzip",
  baseline: true,
  fn: () => void unzipSync(zip),
});
Deno.bench({
  name: "readZip: caps, streaming inflate, CRC, UTF-8 text",
  group: "unzip",
  fn: async () => void await readZip(zip, "bench.zip"),
});
