/**
 * Time axes beyond their goldens: which labels make one (all ISO, in order, no time twice), where
 * points and bars fall, gaps kept through downsampling, tick labels kept inside the frame, and the
 * summary's word on gaps.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { renderChart } from "../../../src/render/svg/chart.ts";
import { gapNote, timeAxis } from "../../../src/render/svg/time_axis.ts";

const box = { top: 10, right: 20, bottom: 24, left: 30 };

Deno.test("a time axis needs every label an ISO time, in order, no time twice", () => {
  assertEquals(timeAxis(["2026-01-01", "2026-01-02"], "en-US") !== undefined, true);
  assertEquals(timeAxis(["2026-01-01", "Jan 2"], "en-US"), undefined);
  assertEquals(timeAxis(["2026-01-02", "2026-01-01"], "en-US"), undefined);
  assertEquals(timeAxis(["2026-01-01", "2026-01-01", "2026-01-02"], "en-US"), undefined);
  assertEquals(timeAxis(["2026-01-01"], "en-US"), undefined);
});

Deno.test("points sit at their time, half the smallest step in from each end", () => {
  const axis = timeAxis(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-08"], "en-US")!;
  // 7 days plus half a day each side: 8 days; the 4-day step is over 1.5 typical steps: a gap
  assertDeep(axis.at, [0.0625, 0.1875, 0.3125, 0.4375, 0.9375]);
  assertEquals(axis.step, 0.125);
  assertDeep(axis.gap, [false, false, false, false, true]);
});

Deno.test("a gap between two plotted points survives downsampling", () => {
  const labels = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-10", "2026-01-11", "2026-01-12"];
  // rows 0, 2, 4, 5: the gap before row 3 falls between plotted rows 2 and 4
  assertDeep(timeAxis(labels, "en-US", [0, 2, 4, 5])!.gap, [false, false, true, false]);
  assertDeep(timeAxis(labels, "en-US", [0, 1, 2])!.gap, [false, false, false]);
});

Deno.test("tick labels stay inside the frame; the first names the year", () => {
  const axis = timeAxis(["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-28"], "en-US")!;
  const [left] = axis.overhang(box, 290);
  assertEquals(left > 0, true);
  // without moving the plot in, the year's label would start left of the frame: it is left out
  assertEquals(axis.ticks(box, 290).some((t) => t.includes("2026")), false);
  const ticks = axis.ticks({ ...box, left: box.left + left }, 290);
  assertEquals(ticks[0].includes(">Jan 5, 2026<"), true, ticks[0]);
  assertEquals(axis.overhang({ ...box, left: box.left + left }, 290)[0], 0);
});

Deno.test("the summary names where time is skipped, three at most", () => {
  const labels = ["2026-01-01", "2026-01-02", "2026-01-05", "2026-01-06", "2026-01-09", "2026-01-10"];
  const axis = timeAxis(labels, "en-US")!;
  assertEquals(gapNote(axis, labels), 'Gaps in time after "2026-01-02", "2026-01-06".');
  const many = Array.from({ length: 5 }, (_, i) => [`2026-0${i + 1}-01`, `2026-0${i + 1}-02`]).flat();
  assertEquals(
    gapNote(timeAxis(many, "en-US")!, many),
    'Gaps in time after "2026-01-02", "2026-02-02", "2026-03-02" and 1 more.',
  );
  assertEquals(gapNote(timeAxis(["2026-01-01", "2026-01-02"], "en-US")!, []), "");
});

Deno.test("a line breaks at a gap in time, an area too; horizontal bars keep categories", () => {
  const spec = { title: "t", labels: ["2026-01-01", "2026-01-02", "2026-01-09", "2026-01-10"] };
  const series = [{ name: "v", values: [1, 2, 3, 4] }];
  const line = renderChart({ ...spec, type: "line", series }).html.value;
  assertEquals(line.match(/class="mcc-line" d="([^"]*)"/)![1].split("M").length - 1, 2);
  const area = renderChart({ ...spec, type: "area", series }).html.value;
  assertEquals(area.match(/class="mcc-area" d="([^"]*)"/)![1].split("M").length - 1, 2);
  const bars = renderChart({ ...spec, type: "horizontal_bar", series }).html.value;
  assertEquals(bars.includes(">2026-01-01</text>"), true);
});
