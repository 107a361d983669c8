import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { downsampleShared, lttbIndices } from "../../../src/render/svg/lttb.ts";

Deno.test("LTTB keeps the ends and the extremes", () => {
  const ys = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 40) * 10);
  ys[500] = 100; // a spike
  ys[700] = -100; // a dip
  const kept = lttbIndices(ys, 50);
  assertEquals(kept.length, 50);
  assertEquals([kept[0], kept[kept.length - 1]], [0, 999]);
  assertEquals(kept.includes(500) && kept.includes(700), true);
  assertEquals(kept.every((v, i) => i === 0 || v > kept[i - 1]), true);
});

Deno.test("LTTB leaves short series alone and skips nulls", () => {
  assertEquals(lttbIndices([1, 2, 3], 10), [0, 1, 2]);
  assertEquals(lttbIndices([1, null, 3, null], 10), [0, 2]);
  assertEquals(lttbIndices([], 10), []);
});

Deno.test("shared downsampling keeps every series' extremes on one x", () => {
  const a = Array.from({ length: 2000 }, (_, i) => i === 123 ? 50 : 0);
  const b = Array.from({ length: 2000 }, (_, i) => i === 1800 ? -50 : 0);
  const rows = downsampleShared([a, b], 300);
  assertEquals(rows.includes(123) && rows.includes(1800), true);
  assertEquals(rows.length <= 300, true);
});
