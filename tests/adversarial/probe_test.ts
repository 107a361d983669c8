/**
 * The linear-time probe itself: it passes linear work and fails quadratic work, so the adversarial
 * tests that lean on it can fail.
 */
import { rejects } from "node:assert/strict";
import { assertScalesLinearly } from "./probe.ts";

/** Touches every pair of `n` items (quadratic) or each item once (linear); the sum keeps the loop. */
function pairs(n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sum += (i ^ j) & 1;
  return sum;
}
function once(n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += i & 1;
  return sum;
}
let sink = 0;

Deno.test("the linear-time probe passes linear work", async () => {
  await assertScalesLinearly("linear", (scale) => Promise.resolve(sink += once(2_000_000 * scale)));
});

Deno.test("the linear-time probe fails quadratic work, naming it and the ratio", async () => {
  await rejects(
    assertScalesLinearly("quadratic", (scale) => Promise.resolve(sink += pairs(2_000 * scale))),
    /^AssertionError.*quadratic: 10x the input took \d+\.\dx the CPU time/s,
  );
});
