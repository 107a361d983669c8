// deno-lint-ignore-file no-console -- prints the markup figures on stderr
/**
 * Chart speed and size against floors measured in the same run (`deno bench -A bench/chart_bench.ts`):
 * - a 2,000-point line chart (downsampled to ~300 plotted points, axes, data table) against building
 *   the bare SVG path string for the same 2,000 points (target: within 4x);
 * - a 200-bar chart against building bare <rect> strings for the same bars (target: within 4x);
 * - a year of daily ISO dates on a time axis (ticks picked per frame width, labels in the locale)
 *   against the same chart with the labels as plain categories (target: within 10x; 200x before the
 *   date formatters were kept);
 * - markup size: bytes of the <svg> per input point (target: at most 40), printed once.
 */
import { renderChart } from "../src/render/svg/chart.ts";
import { benchCase } from "../scripts/bench/micro.ts";

const values = Array.from(
  { length: 2_000 },
  (_, i) => Math.round((50 + 30 * Math.sin(i / 60) + 10 * Math.sin(i / 7)) * 100) / 100,
);
const line = {
  type: "line" as const,
  title: "Load",
  labels: values.map((_, i) => `t${i}`),
  series: [{ name: "Load", values }],
};
const bars = {
  type: "bar" as const,
  title: "Bars",
  labels: Array.from({ length: 200 }, (_, i) => `Item ${i + 1}`),
  series: [{ name: "Count", values: values.slice(0, 200) }],
};

/** The floor: scale each point to the plot and write one path, as any SVG chart must. */
function barePath(ys: readonly number[]): string {
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  let d = "";
  for (let i = 0; i < ys.length; i++) {
    const x = Math.round((40 + (350 * i) / (ys.length - 1)) * 10) / 10;
    const y = Math.round((184 - (170 * (ys[i] - lo)) / (hi - lo)) * 10) / 10;
    d += (i ? "L" : "M") + x + " " + y;
  }
  return `<svg viewBox="0 0 400 240"><path d="${d}"/></svg>`;
}

function bareRects(ys: readonly number[]): string {
  const hi = Math.max(...ys);
  const w = 350 / ys.length;
  let out = "";
  for (let i = 0; i < ys.length; i++) {
    const h = Math.round((170 * ys[i]) / hi * 10) / 10;
    out += `<rect x="${Math.round((40 + w * i) * 10) / 10}" y="${184 - h}" width="${
      Math.round(w * 7.2) / 10
    }" height="${h}"/>`;
  }
  return `<svg viewBox="0 0 400 240">${out}</svg>`;
}

Deno.bench("bare SVG path for 2,000 points", { group: "line-2000", baseline: true }, () => {
  barePath(values);
});
Deno.bench("line chart, 2,000 points (downsampled, axes, table)", { group: "line-2000" }, () => {
  renderChart(line);
});
export const BARS = benchCase({
  name: "bar chart, 200 bars (axes, thinned labels, data table)",
  floorName: "bare SVG rects for the same 200 bars",
  target: 4,
  ours: () => renderChart(bars),
  floor: () => bareRects(bars.series[0].values),
});

const days = Array.from(
  { length: 365 },
  (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
);
const daily = {
  type: "line" as const,
  title: "Daily",
  labels: days,
  series: [{ name: "Load", values: values.slice(0, 365) }],
};
const categories = { ...daily, labels: days.map((d) => `day ${d}`) };
export const TIME_AXIS = benchCase({
  name: "line chart, 365 daily dates on a time axis",
  floorName: "the same chart with the 365 labels as categories",
  target: 10,
  ours: () => renderChart(daily),
  floor: () => renderChart(categories),
});

for (
  const [name, spec, points] of [["line, 2,000 points", line, 2_000], ["bar, 200 bars", bars, 200]] as const
) {
  const html = renderChart(spec).html.value;
  const svg = html.slice(html.indexOf("<svg"), html.indexOf("</svg>") + 6);
  console.error(
    `[chart markup] ${name}: svg ${svg.length} B = ${(svg.length / points).toFixed(1)} B per input point; ` +
      `whole figure with data table ${html.length} B = ${(html.length / points).toFixed(1)} B per point`,
  );
}
