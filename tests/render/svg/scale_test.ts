import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { linear, niceStep, niceTicks, r1 } from "../../../src/render/svg/scale.ts";

Deno.test("niceStep picks the nearest of 1, 2 and 5 times a power of ten", () => {
  assertEquals([0.7, 1, 1.3, 2.2, 3.5, 6, 8, 13, 0.0031].map(niceStep), [0.5, 1, 1, 2, 5, 5, 10, 10, 0.002]);
});

Deno.test("niceTicks covers the data on whole steps", async (t) => {
  await t.step("positive range", () => {
    assertEquals(niceTicks(1200, 2600, 5, true), {
      min: 0,
      max: 3000,
      step: 500,
      ticks: [0, 500, 1000, 1500, 2000, 2500, 3000],
    });
  });
  await t.step("negatives and positives straddle zero", () => {
    assertEquals(niceTicks(-3, 48.2, 5, true).ticks, [-10, 0, 10, 20, 30, 40, 50]);
  });
  await t.step("floating-point noise is cleaned", () => {
    assertEquals(niceTicks(0.1, 0.7, 6).ticks, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });
  await t.step("one value widens around it", () => {
    assertEquals(niceTicks(5, 5, 4).ticks, [2, 3, 4, 5, 6, 7, 8]);
  });
  await t.step("all zeros give a unit axis", () => {
    assertEquals(niceTicks(0, 0, 4, true).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
  await t.step("a single positive bar starts at zero", () => {
    assertEquals(niceTicks(7, 7, 5, true).ticks, [0, 1, 2, 3, 4, 5, 6, 7]);
  });
  await t.step("tiny and huge magnitudes", () => {
    assertEquals(niceTicks(0.00012, 0.00047, 3).ticks, [0.0001, 0.0002, 0.0003, 0.0004, 0.0005]);
    assertEquals(niceTicks(0, 3.2e9, 4).ticks, [0, 1e9, 2e9, 3e9, 4e9]);
  });
  await t.step("non-finite input falls back to a unit axis", () => {
    assertEquals(niceTicks(Infinity, -Infinity, 4).ticks, [-1, -0.5, 0, 0.5, 1]);
  });
});

Deno.test("niceTicks holds the data at the edges of a double, on finite whole steps", async (t) => {
  const holds = (lo: number, hi: number, count = 5, zero = false) => {
    const { min, max, step, ticks } = niceTicks(lo, hi, count, zero);
    const finite = [min, max, step, ...ticks].every(Number.isFinite);
    return `${
      finite && min <= lo && max >= hi && ticks.at(0) === min && ticks.at(-1) === max
    } ${ticks.length}`;
  };
  await t.step("a small value beside a huge one stays on the axis (was: a bound of 0 left -1 off it)", () => {
    assertEquals(niceTicks(-1, 1e300, 6, true).min, -2e299);
    assertEquals(niceTicks(-1e300, 5, 6, true).max, 2e299);
    assertEquals(holds(-1, 1e300), "true 7");
  });
  await t.step("±1e300 and a range near it, on clean ticks (was: 8.999999999999999e+299)", () => {
    assertEquals(niceTicks(-1e300, 1e300).ticks, [-1e300, -5e299, 0, 5e299, 1e300]);
    assertEquals(niceTicks(9e299, 1e300, 5).ticks, [9e299, 9.2e299, 9.4e299, 9.6e299, 9.8e299, 1e300]);
    assertEquals(holds(1e300, 1e300), "true 7");
  });
  await t.step("tiny ranges near 1e-300 (was: every tick 0)", () => {
    assertEquals(niceTicks(1e-300, 2e-300, 5).ticks, [
      1e-300,
      1.2e-300,
      1.4e-300,
      1.6e-300,
      1.8e-300,
      2e-300,
    ]);
    assertEquals(niceTicks(0, 1e-300, 2, true).ticks, [0, 5e-301, 1e-300]);
    assertEquals(holds(1.5e-300, 1.6e-300), "true 6");
    assertEquals(holds(-1e-300, -1e-300), "true 7");
  });
  await t.step("a span that overflows to Infinity (1e308 - -1e308)", () => {
    assertEquals(niceTicks(-1e308, 1e308).ticks, [-1e308, -5e307, 0, 5e307, 1e308]);
    assertEquals(holds(-1e308, 1e308, 1), "true 3");
    // no whole step past the largest double: the bounds are the data, still finite
    assertEquals(holds(-Number.MAX_VALUE, Number.MAX_VALUE), "true 5");
  });
  await t.step("noise in a sum stays on its bound: 0.1 + 0.2 tops out at 0.3", () => {
    assertEquals(niceTicks(0, 0.1 + 0.2, 3).ticks, [0, 0.1, 0.2, 0.3]);
  });
});

Deno.test("linear maps and r1 rounds to one decimal", () => {
  const y = linear(0, 10, 200, 0);
  assertEquals([y(0), y(5), y(10)], [200, 100, 0]);
  assertEquals([r1(12.345), r1(-0.04), r1(3)], [12.3, 0, 3]);
});
