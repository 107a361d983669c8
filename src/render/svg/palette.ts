/**
 * The series palette. Each colour has a light-theme and a dark-theme value; both reach at least
 * 3:1 against the card background (WCAG 2.x non-text contrast) and the first six stay apart under
 * protanopia, deuteranopia and tritanopia (tests/render/svg/palette_test.ts measures both). Beyond
 * colour, stacked series alternate a hatch pattern and line charts label their lines directly, so
 * no reader depends on hue alone. chart.css declares the same colours on `.mcc-s<n>`.
 */

/** [light, dark] pairs, in series order. */
export const PALETTE: readonly (readonly [string, string])[] = [
  ["#2f6db5", "#6fa6ee"], // blue
  ["#c4601c", "#f0934f"], // orange
  ["#1f8a63", "#4cc393"], // green
  ["#8445d6", "#9a78e6"], // violet
  ["#c2669d", "#f2a6d2"], // pink
  ["#c22d48", "#f26d7f"], // red
  ["#5b6b7a", "#a3b1bf"], // slate
  ["#8f7200", "#d9b440"], // ochre
];

/** The card backgrounds the palette is checked against: [light, dark]. */
export const BACKGROUNDS = ["#ffffff", "#1c1c1e"] as const;

/** Most series a chart takes: one colour each. */
export const MAX_SERIES = PALETTE.length;

/** The class that gives a mark its series colour (CSS sets `--c` from it). */
export function seriesClass(i: number): string {
  return `mcc-s${i % PALETTE.length}`;
}
