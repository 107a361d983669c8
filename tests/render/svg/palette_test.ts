/**
 * The palette's promises, measured: WCAG non-text contrast of at least 3:1 against both card
 * backgrounds, the first six colours apart (CIE76 delta E >= 10) under simulated protanopia,
 * deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1), and chart.css
 * declaring exactly these colours.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { BACKGROUNDS, PALETTE } from "../../../src/render/svg/palette.ts";
import { contrast, lab } from "../colour.ts";

const CVD: Record<string, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [
    -0.003882,
    -0.048116,
    1.051998,
  ]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [
    -0.01182,
    0.04294,
    0.968881,
  ]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [
    0.004733,
    0.691367,
    0.3039,
  ]],
};
Deno.test("every series colour reaches 3:1 against its theme's background", () => {
  for (const [light, dark] of PALETTE) {
    assertEquals([light, contrast(light, BACKGROUNDS[0]) >= 3], [light, true]);
    assertEquals([dark, contrast(dark, BACKGROUNDS[1]) >= 3], [dark, true]);
  }
});

Deno.test("the first six colours stay apart for colour-blind readers in both themes", () => {
  for (const theme of [0, 1]) {
    const colours = PALETTE.slice(0, 6).map((pair) => pair[theme]);
    for (const [name, matrix] of [["normal", undefined], ...Object.entries(CVD)] as const) {
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) {
          const [a, b] = [lab(colours[i], matrix), lab(colours[j], matrix)];
          const d = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
          assertEquals([name, colours[i], colours[j], d >= 10], [name, colours[i], colours[j], true]);
        }
      }
    }
  }
});

Deno.test("chart.css declares the palette", async () => {
  const css = await Deno.readTextFile(new URL("../../../src/ui/styles/chart.css", import.meta.url));
  const declared = [...css.matchAll(/\.mcc-s(\d) \{\s*--c: light-dark\((#\w+),(#\w+)\)/g)].map((
    m,
  ) => [m[2], m[3]]);
  assertEquals(declared, PALETTE.map((p) => [...p]));
});
