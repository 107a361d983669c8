/** The category axis says how it kept labels apart; each strategy on the data that calls for it. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { categoryAxis, categoryBands } from "../../../src/render/svg/axis.ts";
import { textWidth, truncate } from "../../../src/render/svg/text.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const axis = (labels: string[], width: number) =>
  categoryAxis(labels, labels.map((_, i) => (width / labels.length) * (i + 0.5)), width / labels.length);

Deno.test("label strategies: plain, skip, wrap, rotate, thin", () => {
  assertEquals(axis(MONTHS.slice(0, 6), 360).strategy, "plain");
  assertEquals(axis(MONTHS, 260).strategy, "skip");
  assertEquals(
    axis(["Northern Europe", "Southern Europe and the Mediterranean", "East Asia"], 360).strategy,
    "wrap",
  );
  assertEquals(
    axis(["Administration", "Engineering", "Marketing", "Operations", "Research", "Sales"], 200).strategy,
    "rotate",
  );
  assertEquals(axis(Array.from({ length: 50 }, (_, i) => `Category ${i + 1}`), 360).strategy, "thin");
});

Deno.test("skipped and thinned axes draw only the labels they keep, never overlapping", () => {
  const skip = axis(MONTHS, 260).draw(200);
  assertEquals([...skip.matchAll(/<text[^>]*>([^<]*)</g)].map((m) => m[1]), [
    "Jan",
    "Mar",
    "May",
    "Jul",
    "Sep",
    "Nov",
  ]);
  const labels = Array.from({ length: 50 }, (_, i) => `Category ${i + 1}`);
  const thin = axis(labels, 360);
  const xs = [...thin.draw(200).matchAll(/<text class="mcc-rot" x="([\d.]+)"/g)].map((m) => Number(m[1]));
  // rotated 45 degrees, neighbours need 1.5 font sizes between their anchors
  assertEquals(xs.every((x, i) => i === 0 || x - xs[i - 1] >= 18), true);
});

Deno.test("a long first rotated label moves the plot right instead of running off the chart", () => {
  const labels = ["A very long first category name", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
  const { left, axis: a } = categoryBands(labels, 30, 390);
  assertEquals(a.strategy, "rotate");
  const firstX = left + (390 - left) / labels.length / 2;
  const shown = truncate(labels[0], 84, 12);
  assertEquals(firstX + 4 - textWidth(shown, 12) * 0.71 >= 0, true, `${firstX} ${shown}`);
});
