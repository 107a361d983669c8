/**
 * Hostile input against plain input of the same length (`deno bench -A bench/adversarial_bench.ts`):
 * what a parser or renderer does with the worst text a model or a page can send must stay linear.
 * Each case found by the session-7 red team, with the figure it had before its fix:
 *
 * - a sequence-diagram line of `a->a->…` with no colon (19,000 characters): 2.3 s, ~1,000x a flat
 *   label of the same length, while a regex tried every arrow against the rest of the line;
 * - a line of `%%{` with none closed: 178 ms, quadratic in the line;
 * - a formula defining a macro that copies its argument (164 characters of TeX): 11 s and 9 MB of
 *   MathML; now refused before the renderer runs, against a plain formula of the same length.
 *
 * - (session 9) a bubble chart of 1,000 points at one spot, sizes 0 and 1e300 by turns, labels of
 *   markup: against 1,000 plain points spread over the plot (1.8x here on a loaded machine; a scatter plot of
 *   as many points takes about as long).
 *
 * Target for each: within 3x its floor.
 */
import { benchCase } from "../scripts/bench/micro.ts";
import { loadGraphLayout, renderMermaid } from "../src/render/diagram/diagram.ts";
import { newBudget, prepareMath, renderTex } from "../src/render/math.ts";
import { renderChart } from "../src/render/svg/chart.ts";
import type { ChartSpec } from "../src/render/svg/spec.ts";

await loadGraphLayout();
await prepareMath("$x$");

const LINE = 19_000;
const flatLabel = "graph TD\nA[" + "x".repeat(LINE) + "]";

export const MESSAGE_WITHOUT_COLON = benchCase({
  name: `sequence line of ${LINE.toLocaleString("en-US")} characters, arrows and no colon`,
  floorName: "a flowchart label of the same length",
  target: 3,
  ours: () => renderMermaid("sequenceDiagram\n" + "a->".repeat(LINE / 3)),
  floor: () => renderMermaid(flatLabel),
});

export const OPEN_DIRECTIVES = benchCase({
  name: `flowchart line of ${LINE.toLocaleString("en-US")} characters of unclosed %%{`,
  floorName: "a flowchart label of the same length",
  target: 3,
  ours: () => renderMermaid("graph TD\n" + "%%{".repeat(LINE / 3) + "\nA-->B"),
  floor: () => renderMermaid(flatLabel),
});

const copies = "#1".repeat(21);
const amplifier = `\\def\\a#1{${copies}}\\a{\\a{\\a{${"x".repeat(100)}}}}`;
export const MACRO_AMPLIFIER = benchCase({
  name: "a formula whose macro copies its argument 21 x 21 x 21 times",
  floorName: "a plain formula of the same length",
  target: 3,
  ours: () => renderTex(amplifier, true, "", newBudget()),
  floor: () => renderTex("x".repeat(amplifier.length), true, "", newBudget()),
});

const POINTS = 1_000;
const spread = Array.from({ length: POINTS }, (_, i) => i);
const hostileBubbles: ChartSpec = {
  title: "bubbles",
  type: "bubble",
  labels: spread.map((i) => `</script><b>${i}</b>`),
  x: spread.map(() => 1e300),
  series: [
    { name: "<y>", values: spread.map(() => -1e300) },
    { name: "<size>", values: spread.map((i) => (i % 2 ? 1e300 : 0)) },
  ],
};
export const BUBBLES_AT_ONE_SPOT = benchCase({
  name: `a bubble chart of ${
    POINTS.toLocaleString("en-US")
  } points at one spot, sizes 0 and 1e300, labels of markup`,
  floorName: "a bubble chart of as many plain points, spread",
  target: 3,
  ours: () => renderChart(hostileBubbles),
  floor: () =>
    renderChart({
      title: "bubbles",
      type: "bubble",
      labels: spread.map((i) => `p${i}`),
      x: spread,
      series: [
        { name: "y", values: spread.map((i) => (i * 7919) % 1000) },
        { name: "size", values: spread.map((i) => i % 50) },
      ],
    }),
});
