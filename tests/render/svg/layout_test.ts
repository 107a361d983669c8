/**
 * Laying a chart out per width band (src/render/svg/layout.ts): the bands and the plot height agree
 * with chart.css, fluid positions are written exactly, and frames that decide alike share markup.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  across,
  BANDS,
  type Cartesian,
  cartesianPlot,
  down,
  type Frame,
  hline,
  plotHeight,
  under,
  xAttrs,
  yAttrs,
} from "../../../src/render/svg/layout.ts";

const css = Deno.readTextFileSync(new URL("../../../src/ui/styles/chart_card.css", import.meta.url));

Deno.test("chart_card.css shows each band's frame and insets from the widths in BANDS", () => {
  const queries = [
    ...css.matchAll(
      /@container \(((\d+)px<=)?width(<(\d+)px)?\) \{\n {2}\[data-b\]:not\(\[data-b~="(\d+)"\]\)/g,
    ),
  ]
    .map((m) => [Number(m[2] ?? 0), Number(m[4] ?? Infinity), Number(m[5])]);
  assertEquals(queries, BANDS.map((w, k) => [k ? w : 0, BANDS[k + 1] ?? Infinity, k]));
  for (let k = 1; k < BANDS.length; k++) {
    assertEquals(css.includes(`  --i${k}: var(--i${k - 1});`), true, `--i${k} falls back to the band before`);
    assertEquals(css.includes(`  .mcc-ov {\n    inset: var(--i${k});`), true, `band ${k} insets`);
  }
});

Deno.test("the plot height is chart_card.css's clamp(180px, 30cqw, 260px) at each band's width", () => {
  assertEquals(css.includes("--ph: clamp(180px, 30cqw, 260px);"), true);
  assertEquals([290, 600, 730, 866, 867, 1070].map(plotHeight), [180, 180, 219, 260, 260, 260]);
});

Deno.test("fluid positions: a share of the frame plus px, exact at every width", () => {
  const plot = { top: 10, right: 40, bottom: 30, left: 50 };
  assertEquals(across(plot, 0), { a: 0, b: 50 });
  assertEquals(across(plot, 1), { a: 1, b: -40 });
  assertEquals(xAttrs(across(plot, 0.5)), 'x="50%" dx="5"');
  assertEquals(xAttrs({ a: 0, b: 12.34 }), 'x="12.3"');
  assertEquals(xAttrs({ a: 1 / 3, b: 0 }), 'x="33.33%"');
  assertEquals(yAttrs(down(plot, 1)), 'y="100%" dy="-30"');
  assertEquals(yAttrs(under(plot, 18)), 'y="100%" dy="-12"');
  assertEquals(
    hline(plot, down(plot, 0.5), "g"),
    '<line class="g" x1="90" x2="100%" y1="50%" y2="50%" transform="translate(-40 -10)"/>',
  );
});

/** A chart whose frames differ only in one label from the fourth band on. */
function twoStep(grow = true): Cartesian {
  return {
    frame(width: number): Frame {
      const wide = width >= BANDS[3];
      return {
        parts: [{
          g: 'class="mcc-cats"',
          items: ["<text>shared</text>", wide ? "<text>wide</text>" : "<text>narrow</text>"],
        }],
        height: 100,
        grow,
        plot: { top: 10, right: wide ? 20 : 10, bottom: 20, left: 30 },
        legend: !wide,
        labels: wide ? "plain" : "skip",
      };
    },
    layer: (key) => `<g class="mcc-marks">${key}</g>`,
  };
}

Deno.test("frames that share a plot box share one <svg>, each element written once", () => {
  const label = { title: "T", desc: "D", id: (n: string) => n };
  const one = cartesianPlot({
    ...twoStep(),
    frame: (w) => ({ ...twoStep().frame(w), plot: { top: 10, right: 10, bottom: 20, left: 30 } }),
  }, label);
  assertEquals(one.html.match(/<svg class="mcc-fr"/g)?.length, 1);
  assertEquals(one.html.match(/shared/g)?.length, 1);
  const rest = BANDS.slice(3).map((_, k) => k + 3).join(" ");
  assertEquals(
    one.html.includes(`<g data-b="0 1 2"><text>narrow</text></g><g data-b="${rest}"><text>wide</text></g>`),
    true,
  );
  assertEquals(one.labels, BANDS.map((w) => w >= BANDS[3] ? "plain" : "skip"));
  assertEquals(one.legend, ' data-b="0 1 2"');
});

Deno.test("a box that changes is a second <svg>; the layer's insets are written where they change", () => {
  const plotted = cartesianPlot(twoStep(), { title: "T", desc: "D", id: (n: string) => n });
  assertEquals(plotted.html.match(/<svg class="mcc-fr"[^>]*>/g), [
    '<svg class="mcc-fr" data-b="0 1 2" data-w="290" height="100" style="height:calc(30px + var(--ph))" aria-hidden="true">',
    `<svg class="mcc-fr" data-b="${BANDS.slice(3).map((_, k) => k + 3).join(" ")}" data-w="${
      BANDS[3]
    }" height="100" style="height:calc(30px + var(--ph))" aria-hidden="true">`,
  ]);
  assertEquals(
    plotted.html.startsWith(
      '<div class="mcc-plot" style="--i0:10px 10px 20px 30px;--i3:10px 20px 20px 30px">',
    ),
    true,
  );
  // one layer, for every band, titled for screen readers
  assertEquals(plotted.html.match(/<div class="mcc-ov">/g)?.length, 1);
  assertEquals(plotted.html.includes('role="img" aria-labelledby="chart-title chart-desc"'), true);
  const fixed = cartesianPlot(twoStep(false), { title: "T", desc: "D", id: (n: string) => n });
  assertEquals(fixed.html.includes("var(--ph)"), false, "a frame that does not grow keeps its height");
});
