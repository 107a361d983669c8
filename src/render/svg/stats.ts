/**
 * Descriptive statistics for distribution charts (histograms, box plots): quantiles by linear
 * interpolation between order statistics (R's and NumPy's default, "type 7"), mean, standard
 * deviation, and the Freedman–Diaconis and Sturges bin widths.
 */

/** The q-quantile (0..1) of ascending `sorted` values. */
export function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function mean(values: readonly number[]): number {
  // a running mean: a sum of 10,000 values near 1e300 would overflow
  let m = 0;
  values.forEach((v, i) => (m += (v - m) / (i + 1)));
  return m;
}

/** The sample standard deviation (0 for fewer than two values). */
export function deviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  const scale = Math.max(...values.map((v) => Math.abs(v - m))) || 1;
  const sum = values.reduce((s, v) => s + ((v - m) / scale) ** 2, 0);
  return scale * Math.sqrt(sum / (values.length - 1));
}

/** Five numbers and the rest of a box plot's summary. */
export interface Summary {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
}

/** The five-number summary and mean of `values` (at least one). */
export function summarize(values: readonly number[]): Summary {
  const sorted = values.slice().sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0],
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    max: sorted[sorted.length - 1],
    mean: mean(sorted),
  };
}

/**
 * A histogram's bin width for `values`: Freedman–Diaconis (2 IQR / ∛n), which resists outliers,
 * or Sturges' rule (range / (log₂ n + 1)) when the middle half has no spread. Names the rule used.
 */
export function binWidth(values: readonly number[]): { width: number; rule: string } {
  const s = summarize(values);
  const iqr = s.q3 - s.q1;
  if (iqr > 0) return { width: 2 * iqr / Math.cbrt(s.n), rule: "Freedman–Diaconis" };
  return { width: (s.max - s.min) / (Math.ceil(Math.log2(s.n)) + 1), rule: "Sturges" };
}

/** The sample's skewness (the third standardized moment): above 0.5 a long right tail, below -0.5 a left one. */
export function skewness(values: readonly number[]): number {
  const sd = deviation(values);
  if (!sd) return 0;
  const m = mean(values);
  return mean(values.map((v) => ((v - m) / sd) ** 3));
}

/**
 * Pearson's r of paired values, worked on standard scores so values near 1e300 cannot overflow;
 * 0 when either side has no spread.
 */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const [mx, my] = [mean(xs), mean(ys)];
  const [sx, sy] = [deviation(xs), deviation(ys)];
  if (!sx || !sy) return 0;
  const r = xs.reduce((s, x, i) => s + ((x - mx) / sx) * ((ys[i] - my) / sy), 0) / (xs.length - 1);
  return Math.max(-1, Math.min(1, r));
}
