/**
 * Truncating an oversize block (`deno bench -A bench/truncate_bench.ts`): markup nested 3,333
 * deep against flat markup of the same length, cut to the same budget. The cut keeps a stack of
 * open elements and a running total of their closing tags, so depth costs nothing extra.
 * Target: the deep case within 3x the flat one.
 */
import { raw } from "../src/html/html.ts";
import { truncateHtml } from "../src/output/budget.ts";
import { benchCase } from "../scripts/bench/micro.ts";

const DEPTH = 3_333;
const deep = "<b>".repeat(DEPTH) + "word ".repeat(20_000) + "</b>".repeat(DEPTH);
let flat = "";
while (flat.length < deep.length) flat += "<b>word</b> ";
flat = flat.slice(0, flat.lastIndexOf("<b>"));

export const TRUNCATE = benchCase({
  name: "truncateHtml, markup nested 3,333 deep",
  floorName: "truncateHtml, flat markup of the same length",
  target: 3,
  ours: () => truncateHtml(raw(deep), 32_000),
  floor: () => truncateHtml(raw(flat), 32_000),
});
