/**
 * Linear scales with "nice" ticks: steps of 1, 2 or 5 times a power of ten, bounds on a
 * whole step, and tick values rounded so 0.1 + 0.2 prints as 0.3.
 */

/** A value axis: its bounds (whole steps), the step and every tick from min to max. */
export interface Ticks {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

/**
 * The power of ten of a finite, nonzero `v` (`0.05` -> -2), exact where `Math.log10` is not near
 * powers of ten.
 */
function exponent(v: number): number {
  return Number(v.toExponential().split("e")[1]);
}

/** The nice step (1, 2 or 5 times a power of ten) nearest to `raw` on a log scale. */
export function niceStep(raw: number): number {
  const power = Number(`1e${exponent(raw)}`);
  const fraction = raw / power;
  const s = fraction >= Math.sqrt(50) ? 10 : fraction >= Math.sqrt(10) ? 5 : fraction >= Math.sqrt(2) ? 2 : 1;
  return s * power;
}

/**
 * Rounds away floating-point noise two digits below the step's leading one, at any magnitude:
 * `toFixed` stops at 20 decimals (a 1e-300 tick became 0) and does not round past 1e21 (a 9e299 tick
 * printed 8.999999999999999e+299), so this counts significant digits.
 */
export function clean(value: number, step: number): number {
  if (value === 0) return 0;
  const digits = exponent(value) - exponent(step) + 3;
  // smaller than the last digit kept: that digit or nothing
  if (digits < 1) {
    const unit = Number(`1e${exponent(step) - 2}`);
    return Math.sign(value) * Math.round(Math.abs(value) / unit) * unit || 0;
  }
  const rounded = Number(value.toPrecision(Math.min(100, digits)));
  return Number.isFinite(rounded) ? rounded : value; // -1.797e308 rounds to -1.80e308: -Infinity
}

/**
 * Ticks covering [lo, hi] in about `count` steps. An empty range (one value, or all equal) widens
 * around the value; `includeZero` pulls the range to zero (bars start at zero).
 */
export function niceTicks(lo: number, hi: number, count = 5, includeZero = false): Ticks {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) lo = hi = 0;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (includeZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (hi === lo) {
    const pad = lo === 0 ? 1 : Math.abs(lo) / 2;
    if (includeZero && lo === 0) hi = 1;
    else if (includeZero && lo > 0) hi = lo + pad;
    else if (includeZero && lo < 0) lo = hi - pad;
    else [lo, hi] = [lo - pad, hi + pad];
  }
  // each end divided first (the span of -1e308..1e308 overflows to Infinity), and no step past 1e308
  const parts = Math.max(1, count);
  const step = Math.min(niceStep(Math.min(Number.MAX_VALUE, hi / parts - lo / parts)), 1e308);
  const min = bound(lo, step, -1);
  const max = bound(hi, step, 1);
  const ticks: number[] = [];
  const n = Math.round(max / step - min / step);
  // in halves, exact in binary: min + i * step overflows on the way to a finite tick near 1e308
  for (let i = 0; i <= n; i++) ticks.push(i === n ? max : clean((min / 2 + i * (step / 2)) * 2, step));
  return { min, max, step, ticks };
}

/**
 * The whole step at or beyond `v` (`side` -1: below, 1: above). The 1e-9 absorbs noise in the
 * division (0.3 / 0.1 is 2.9999999999999996), but against a big step it swallows data (-1 below a
 * step of 2e299 became a bound of 0, so a bullet at -1 was "off the scale"): a bound the value passes
 * by more than its own rounding noise moves out one step. A bound past the largest double is the value.
 */
function bound(v: number, step: number, side: -1 | 1): number {
  const round = side < 0 ? Math.floor : Math.ceil;
  let b = clean(round(v / step - side * 1e-9) * step, step);
  if ((v - b) * side > Math.abs(v) * 1e-12) b = clean(b + side * step, step);
  return Number.isFinite(b) ? b : v;
}

/** A linear map from [d0, d1] to [r0, r1]. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/** One decimal place, as SVG coordinates need: `12.345` -> `12.3`, `-0` -> `0`. */
export function r1(v: number): number {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? 0 : r;
}
