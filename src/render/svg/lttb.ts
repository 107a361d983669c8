/**
 * Largest-triangle-three-buckets downsampling (Steinarsson 2013): keeps the first and last
 * points and, from each bucket between, the point forming the largest triangle with the point
 * kept before it and the mean of the next bucket. Peaks and troughs survive; the line keeps its
 * shape at a fraction of the points.
 */

/** Indices (ascending) of the points LTTB keeps from `ys` at evenly spaced x; null values are skipped. */
export function lttbIndices(ys: readonly (number | null)[], target: number): number[] {
  const idx: number[] = [];
  for (let i = 0; i < ys.length; i++) if (ys[i] !== null) idx.push(i);
  if (target >= idx.length || target < 3) {
    return idx.length <= target ? idx : idx.slice(0, Math.max(0, target));
  }
  const out = [idx[0]];
  const size = (idx.length - 2) / (target - 2);
  let a = 0; // position in idx of the point kept last
  for (let b = 0; b < target - 2; b++) {
    const start = Math.floor(b * size) + 1;
    const end = Math.min(Math.floor((b + 1) * size) + 1, idx.length - 1);
    const nextStart = end;
    const nextEnd = Math.min(Math.floor((b + 2) * size) + 1, idx.length);
    let mx = 0;
    let my = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      mx += idx[j];
      my += ys[idx[j]] as number;
    }
    const n = nextEnd - nextStart;
    mx /= n;
    my /= n;
    const ax = idx[a];
    const ay = ys[ax] as number;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const x = idx[j];
      const area = Math.abs((ax - mx) * ((ys[x] as number) - ay) - (ax - x) * (my - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out.push(idx[best]);
    a = best;
  }
  out.push(idx[idx.length - 1]);
  return out;
}

/**
 * The indices to plot for several series sharing one x: each series keeps its own LTTB points
 * within an equal share of `target`, and the union is plotted for all, so every series keeps its
 * extremes and the data table stays one row per plotted x.
 */
export function downsampleShared(series: readonly (readonly (number | null)[])[], target: number): number[] {
  const share = Math.max(3, Math.floor(target / Math.max(1, series.length)));
  const keep = new Set<number>();
  for (const ys of series) for (const i of lttbIndices(ys, share)) keep.add(i);
  return [...keep].sort((a, b) => a - b);
}
