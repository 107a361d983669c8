/**
 * The category axis says how it kept labels apart at one width: each strategy on the data that
 * calls for it, names never skipped, sequences thinned in steps that nest from width to width.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { categoryAxis, looksOrdered, rotatedMax, tickLabels } from "../../../src/render/svg/axis.ts";
import type { NumberFormat } from "../../../src/render/svg/format.ts";
import { niceTicks } from "../../../src/render/svg/scale.ts";
import { textWidth } from "../../../src/render/svg/text.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DEPARTMENTS = ["Administration", "Engineering", "Marketing", "Operations", "Research", "Sales"];
/** Labels across a plot `width` px wide, each in its band; px positions (x is just b). */
const axis = (labels: string[], width: number, ordered = true) =>
  categoryAxis(
    labels,
    width / labels.length,
    (i) => ({ a: 0, b: (width / labels.length) * (i + 0.5) }),
    ordered,
  );
const shown = (labels: string[], width: number, ordered = true) =>
  axis(labels, width, ordered).draw((d) => ({ a: 0, b: 200 + d })).map((t) =>
    t.replace(/<title>.*?<\/title>/, "").replace(/<[^>]+>/g, "")
  );

Deno.test("label strategies: plain, wrap, skip, rotate, thin", () => {
  assertEquals(axis(MONTHS.slice(0, 6), 360).strategy, "plain");
  assertEquals(axis(MONTHS, 260).strategy, "skip");
  assertEquals(axis(["Northern Europe", "Southern Europe", "East Asia"], 300).strategy, "wrap");
  assertEquals(axis(DEPARTMENTS, 200).strategy, "rotate");
  assertEquals(
    axis(Array.from({ length: 50 }, (_, i) => `Team ${String.fromCharCode(65 + i % 26)}`), 360, false)
      .strategy,
    "thin",
  );
});

Deno.test("a label that fits its band by a hair is plain; past it, the axis thins", () => {
  // "Sep" is the widest month: a band of its width plus the 8 px gap holds it level
  const band = Math.max(...MONTHS.map((m) => textWidth(m, 12))) + 8;
  assertEquals(axis(MONTHS, band * 12).strategy, "plain");
  assertEquals(axis(MONTHS, band * 12 - 1).strategy, "skip");
});

Deno.test("a skipped axis shows every 2nd, 4th, 8th label: a narrower width's labels are a wider one's", () => {
  assertEquals(shown(MONTHS, 260), ["Jan", "Mar", "May", "Jul", "Sep", "Nov"]);
  const days = Array.from({ length: 200 }, (_, i) => `2024-06-${i + 1}`);
  const at = (w: number) => shown(days, w);
  for (const [narrow, wide] of [[240, 400], [400, 700], [700, 1000]]) {
    const [first, second] = at(narrow).map((l) => days.indexOf(l));
    assertEquals([first, Number.isInteger(Math.log2(second - first))], [0, true], `step ${second - first}`);
    assertEquals(at(narrow).every((l) => at(wide).includes(l)), true, `${narrow} within ${wide}`);
  }
});

Deno.test("a thinned rotated axis keeps every 2nd, 4th, 8th name: a narrower width's names are a wider one's", () => {
  const teams = Array.from({ length: 60 }, (_, i) => `Team ${String.fromCharCode(65 + i % 26)}${i}`);
  const at = (w: number) => shown(teams, w, false);
  for (const [narrow, wide] of [[200, 400], [400, 700], [700, 1300]]) {
    assertEquals(axis(teams, narrow, false).strategy, "thin");
    const [first, second] = at(narrow).map((l) => teams.indexOf(l));
    assertEquals([first, Number.isInteger(Math.log2(second - first))], [0, true], `step ${second - first}`);
    assertEquals(at(narrow).every((l) => at(wide).includes(l)), true, `${narrow} within ${wide}`);
  }
});

Deno.test("names are never skipped: an unordered axis rotates where an ordered one would skip", () => {
  const names = [
    "Administration",
    "Engineering",
    "Marketing",
    "Operations",
    "Research",
    "Sales",
    "Support",
    "Legal",
  ];
  assertEquals(axis(names, 400, true).strategy, "skip");
  assertEquals(axis(names, 400, false).strategy, "rotate");
  assertEquals(shown(names, 400, false).length, names.length);
});

Deno.test("labels that read as a sequence: digits in every one, or months and weekdays", () => {
  assertEquals(looksOrdered(["2021", "2022"]), true);
  assertEquals(looksOrdered(["Q1 24", "Q2 24"]), true);
  assertEquals(looksOrdered(["January", "february", " Mar"]), true);
  assertEquals(looksOrdered(["Mon", "Tue", "Wed"]), true);
  assertEquals(looksOrdered(["Sales", "Legal"]), false);
  assertEquals(looksOrdered(["Team 1", "Team B"]), false);
});

Deno.test("rotated labels are cut at one length at every width, with the full text kept", () => {
  const long = ["A label far longer than any rotated label may run", "b", "c", "d", "e", "f"];
  const a = axis(long, 200, false);
  assertEquals(a.strategy, "rotate");
  assertEquals(a.cut, true);
  const first = a.draw((d) => ({ a: 0, b: d }))[0];
  assertEquals(first.includes(`<title>${long[0]}</title>`), true);
  const text = first.replace(/<title>.*?<\/title>/, "").replace(/<[^>]+>/g, "");
  assertEquals(textWidth(text, 12) <= rotatedMax(0), true, text);
  // the plot keeps the first label's run to the left inside the frame, whatever the band
  assertEquals(a.margins, [Math.ceil(textWidth(text, 12) * 0.71 + 5), 0]);
  assertEquals(axis(long, 500, false).margins, a.margins);
});

Deno.test("margins: labels in their bands need none; a skipped axis keeps its end labels inside the frame", () => {
  assertEquals(axis(["Northern", "b", "Southernmost"], 600).margins, [0, 0]);
  assertEquals(axis(["Northern Europe", "b", "Southern Europe"], 200).margins, [0, 0]);
  // 12 months skipped: it may end on Dec (every label), Nov (every 2nd), Sep (4th), Sep (8th) or Jan
  const months = axis(MONTHS, 260);
  assertEquals(months.strategy, "skip");
  const half = (m: string) => Math.ceil(textWidth(m, 12) / 2);
  assertEquals(months.margins, [half("Jan"), Math.max(...["Dec", "Nov", "Sep", "Jan"].map(half))]);
  assertEquals(axis(MONTHS, 200).margins, months.margins, "the same at another width");
});

Deno.test("tick labels are kept per ticks and format: the same ticks asked in another format read in that one", () => {
  const ticks = niceTicks(0, 1_000, 2);
  const labels = (format: NumberFormat) => tickLabels(ticks, format).map((t) => t.label);
  const us: NumberFormat = { locale: "en-US", style: "number" };
  assertEquals(labels(us), ["0", "500", "1,000"]);
  assertEquals(labels({ locale: "de-DE", style: "number" }), ["0", "500", "1.000"]);
  assertEquals(labels({ locale: "en-US", style: "currency", currency: "EUR" }), [
    "€0",
    "€500",
    "€1,000",
  ]);
  assertEquals(labels(us), ["0", "500", "1,000"]);
});
