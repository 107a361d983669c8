/**
 * The map's colours, measured from map.css in both themes: every colour that carries data (each
 * sequential and diverging step) reaches WCAG's 3:1 non-text contrast against the card's
 * background; land without data is visible against the background and stays apart from every
 * step, on the far side from the background (lighter in the light theme, darker in the dark); and
 * each scale's steps run one way in lightness, each apart from the next.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { BACKGROUNDS } from "../../../src/render/svg/palette.ts";
import { contrast, lab } from "../colour.ts";

const css = Deno.readTextFileSync(new URL("../../../src/ui/styles/map.css", import.meta.url));

/** The light and dark colours `selector` declares as `light-dark(a,b)`. */
function pair(selector: string): [string, string] {
  const m = css.match(
    new RegExp(`${selector.replace(".", "\\.")} \\{\\s*--[\\w-]+: light-dark\\((#\\w+),(#\\w+)\\)`),
  );
  if (!m) throw new Error(`map.css declares no light-dark colour for ${selector}`);
  return [m[1], m[2]];
}

const SEQUENTIAL = Array.from({ length: 7 }, (_, i) => pair(`.mcc-q${i}`));
const DIVERGING = Array.from({ length: 8 }, (_, i) => pair(`.mcc-v${i}`));
const LAND = pair(".mcc-map");
const round = (n: number) => Math.round(n * 100) / 100;

Deno.test("every step that carries data reaches 3:1 against its theme's background", () => {
  for (const theme of [0, 1]) {
    for (const step of [...SEQUENTIAL, ...DIVERGING]) {
      const c = step[theme];
      assertEquals(
        [c, contrast(c, BACKGROUNDS[theme]) >= 3],
        [c, true],
        `${c}: ${round(contrast(c, BACKGROUNDS[theme]))}:1`,
      );
    }
  }
});

Deno.test("land without data shows against the background and stays apart from every step", () => {
  for (const theme of [0, 1]) {
    const land = LAND[theme];
    const bg = BACKGROUNDS[theme];
    assertEquals(
      [land, round(contrast(land, bg)) >= 1.35],
      [land, true],
      `land ${round(contrast(land, bg))}:1`,
    );
    for (const step of [...SEQUENTIAL, ...DIVERGING]) {
      const c = step[theme];
      // on the far side of the background: lighter than every step on white, darker on the dark card
      const farSide = theme === 0 ? lab(land)[0] > lab(c)[0] : lab(land)[0] < lab(c)[0];
      assertEquals([land, c, farSide, contrast(land, c) >= 2], [land, c, true, true]);
    }
  }
});

Deno.test("each scale's steps run one way in lightness, each apart from the next", () => {
  const lightness = (steps: [string, string][], theme: number) => steps.map((s) => lab(s[theme])[0]);
  for (const theme of [0, 1]) {
    // away from the background: darker on white, lighter on the dark card
    const sign = theme === 0 ? -1 : 1;
    const seq = lightness(SEQUENTIAL, theme);
    // a diverging scale's middle is nearest the background, each side moving away from it
    const div = lightness(DIVERGING, theme);
    const runs = [seq, div.slice(4), div.slice(0, 4).reverse()];
    for (const run of runs) {
      for (let i = 1; i < run.length; i++) {
        assertEquals([theme, i, sign * (run[i] - run[i - 1]) >= 5], [theme, i, true], `L* ${run}`);
      }
    }
    for (const steps of [SEQUENTIAL, DIVERGING]) {
      for (let i = 1; i < steps.length; i++) {
        const c = contrast(steps[i][theme], steps[i - 1][theme]);
        const [a, b] = [lab(steps[i][theme]), lab(steps[i - 1][theme])];
        const apart = c >= 1.2 || Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) >= 20;
        assertEquals([steps[i][theme], apart], [steps[i][theme], true], `${round(c)}:1`);
      }
    }
  }
});
