/**
 * A ratio against a floor measured in the same process, robust to a loaded machine: the two run
 * in alternating batches, so background load hits both alike, and the ratio is taken of the
 * medians of the batches (and of their best, for reference).
 */
import { median } from "./measure.ts";

export interface Ratio {
  ours: number;
  floor: number;
  ratio: number;
  /** The ratio of the best batches: what the code costs when nothing else runs. */
  best: number;
}

/** Milliseconds per call of `ours` and of `floor`, over `batches` alternating batches of `size` calls. */
export async function ratio(
  ours: () => unknown,
  floor: () => unknown,
  { batches = 15, size = 0, budgetMs = 40 } = {},
): Promise<Ratio> {
  const time = async (fn: () => unknown, n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - t) / n;
  };
  // Size a batch to about budgetMs of the floor (and never fewer than one call).
  const once = Math.max(await time(floor, 1), await time(floor, 1), 0.001);
  const n = size || Math.max(1, Math.round(budgetMs / once));
  await time(ours, n); // warm-up: JIT, caches
  await time(floor, n);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < batches; i++) {
    a.push(await time(ours, n));
    b.push(await time(floor, n));
  }
  return {
    ours: median(a),
    floor: median(b),
    ratio: median(a) / median(b),
    best: Math.min(...a) / Math.min(...b),
  };
}
