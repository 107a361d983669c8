/**
 * A benchmark case for a ratio against a floor: what `deno task bench` runs as a group (floor as
 * the baseline, the target in the name) and what scripts/bench_summary.ts measures by
 * alternating batches (scripts/bench/ratio.ts).
 */
export interface MicroCase {
  /** What is measured, e.g. "CSV export, 1,000 x 6 cells". */
  name: string;
  /** The floor, e.g. "a bare join". */
  floorName: string;
  /** Largest acceptable ratio of ours to the floor. */
  target: number;
  ours: () => unknown;
  floor: () => unknown;
}

/** Registers a case with `deno bench`: a group, the floor as its baseline, the target in the name. */
export function benchCase(c: MicroCase): MicroCase {
  Deno.bench({
    name: `${c.floorName} (floor)`,
    group: c.name,
    baseline: true,
    fn: async () => void await c.floor(),
  });
  Deno.bench({
    name: `${c.name} (target <= ${c.target}x the floor)`,
    group: c.name,
    fn: async () => void await c.ours(),
  });
  return c;
}
