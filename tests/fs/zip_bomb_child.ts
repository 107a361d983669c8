/**
 * Child process of zip_test.ts: reads the bombs with the default caps, then prints the outcomes
 * and its own peak resident memory (VmHWM) as JSON.
 */
import { deflateSync } from "fflate";
import { crc32, readZip } from "../../src/fs/zip.ts";
import { type CraftEntry, craftZip } from "./zip_craft.ts";

const MB = 1024 * 1024;
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
  const payload = deflateSync(new Uint8Array(200 * MB), { level: 9 });
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
