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

/** The nice step (1, 2 or 5 times a power of ten) nearest to `raw` on a log scale. */
export function niceStep(raw: number): number {
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const fraction = raw / power;
  const s = fraction >= Math.sqrt(50) ? 10 : fraction >= Math.sqrt(10) ? 5 : fraction >= Math.sqrt(2) ? 2 : 1;
  return s * power;
}

/** Rounds away floating-point noise at the step's precision. */
export function clean(value: number, step: number): number {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  const v = Number(value.toFixed(Math.min(20, digits)));
  return Object.is(v, -0) ? 0 : v;
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
  const step = niceStep((hi - lo) / Math.max(1, count));
  const min = clean(Math.floor(lo / step + 1e-9) * step, step);
  const max = clean(Math.ceil(hi / step - 1e-9) * step, step);
  const ticks: number[] = [];
  const n = Math.round((max - min) / step);
  for (let i = 0; i <= n; i++) ticks.push(clean(min + i * step, step));
  return { min, max, step, ticks };
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
