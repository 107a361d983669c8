/**
 * Download's writers against floors measured in the same run (`deno bench -A bench/export_bench.ts`):
 * - the runtime's store-only zip of a code tour's worth of text (40 files of 5 KB, about what one
 *   part of a tour holds) against fflate's `zipSync` storing the same files (level 0), both from
 *   strings (target: within 3x: it runs once per click, in the browser);
 * - CSV of a 1,000 x 6 table with quoting and formula checks against a bare join of the same cells
 *   (target: within 4x).
 */
import { strToU8, zipSync } from "fflate";
import { csv, zip } from "../src/ui/runtime/files.ts";
import { benchCase } from "../scripts/bench/micro.ts";

const files: [string, string][] = Array.from({ length: 40 }, (_, i) => [
  `src/module_${i}.ts`,
  Array.from({ length: 125 }, (_, l) => `export const value${l} = "line ${l} of file ${i}, ünïcødé";\n`)
    .join("").slice(0, 5_000),
]);

Deno.bench({
  name: "fflate zipSync level 0, 40 files of 5 KB (floor)",
  group: "zip",
  baseline: true,
  fn: () => void zipSync(Object.fromEntries(files.map(([p, t]) => [p, strToU8(t)])), { level: 0 }),
});

Deno.bench({ name: "runtime zip(), 40 files of 5 KB", group: "zip", fn: () => void zip(files) });

const rows = Array.from({ length: 1_000 }, (_, i) => [
  `${i + 1}`,
  `Name ${i}`,
  i % 7 ? `plain note ${i}` : `=cmd|${i}`,
  `${(i * -1.37).toFixed(2)}`,
  `a, "quoted" ${i}`,
  "https://example.org/x",
]);

export const CSV = benchCase({
  name: "CSV export, 1,000 x 6 cells",
  floorName: "a bare join of the same cells",
  target: 4,
  ours: () => csv(rows),
  floor: () => rows.map((r) => r.join(",")).join("\r\n"),
});
