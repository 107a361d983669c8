/**
 * Child process of zip_test.ts: reads the bombs with the default caps, then prints the outcomes
 * and its own peak resident memory (VmHWM) as JSON.
 */
import { Deflate, deflateSync } from "fflate";
import { crc32, readZip } from "../../src/fs/zip.ts";
import { type CraftEntry, craftZip } from "./zip_craft.ts";

const MB = 1024 * 1024;

/**
 * `mb` MB of zeros, deflated a megabyte at a time: the fixture never holds the 200 MB it stands for,
 * so the peak measured below is the reader's, not the test's (built whole, it put the peak at 327 MB on
 * one machine and under 256 MB on another; the reader's own is 144 MB).
 */
function deflatedZeros(mb: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(MB);
  for (let i = 0; i < mb; i++) deflate.push(zeros, i === mb - 1);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const outcomes: string[] = [];
{
  // An honest 1 GB of zeros: refused on its declared size. Built from a 1 MB stream declared as 1 GB.
  const zip = craftZip([{
    name: "bomb.bin",
    compressed: deflateSync(new Uint8Array(MB)),
    size: 1024 * MB,
    crc: 0,
  }]);
  const r = await readZip(zip, "bomb.zip");
  outcomes.push(...r.skipped.map((s) => `skip ${s.path}: ${s.reason}`));
}
{
  // A liar: declares 4 MB (the per-file cap) and inflates to 200 MB.
  const payload = deflatedZeros(200);
  const zip = craftZip([{ name: "liar.txt", compressed: payload, size: 4 * MB, crc: 0 }]);
  const r = await readZip(zip, "liar.zip");
  outcomes.push(...r.skipped.map((s) => `skip ${s.path}: ${s.reason}`));
}
{
  // Overlapping entries: 1,000 central records over one 1 MB payload of zeros.
  const first: CraftEntry = {
    name: "0.txt",
    compressed: deflateSync(new Uint8Array(MB)),
    size: MB,
    crc: crc32(new Uint8Array(MB)),
  };
  const entries = [first];
  for (let i = 1; i < 1_000; i++) entries.push({ ...first, name: `${i}.txt`, shareLocalOf: 0 });
  const r = await readZip(craftZip(entries), "overlap.zip");
  const by = (word: string) => r.skipped.filter((s) => s.reason.includes(word)).length;
  outcomes.push(
    `overlap: ${r.files.length + by("binary")} read, ${by("overlaps")} overlapping, ${
      by("in all")
    } over the total`,
  );
}
const status = await Deno.readTextFile("/proc/self/status");
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
// deno-lint-ignore no-console -- the report is this child's output
console.log(JSON.stringify({ peakMb: Math.round(peakKb / 1024), outcomes }));
