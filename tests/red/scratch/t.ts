import { renderChart } from "../../../src/render/svg/chart.ts";
const mk = (n: number, hostile: boolean) => {
  const s = Array.from({ length: n }, (_, i) => i);
  return {
    title: "b",
    type: "bubble" as const,
    labels: s.map((i) => hostile ? `</script><b>${i}</b>` : "p" + i),
    x: s.map((i) => hostile ? 1e300 : i),
    series: [{ name: "y", values: s.map((i) => hostile ? -1e300 : (i * 7919) % 1000) }, {
      name: "s",
      values: s.map((i) => hostile ? (i % 2 ? 1e300 : 0) : i % 50),
    }],
  };
};
for (
  const [n, h] of [[250, false], [1000, false], [250, true], [1000, true], [1000, false], [
    1000,
    true,
  ]] as const
) {
  const spec = mk(n, h);
  renderChart(spec);
  const t = performance.now();
  for (let k = 0; k < 5; k++) renderChart(spec);
  console.log(n, h, ((performance.now() - t) / 5).toFixed(1), "ms");
}
const sc = {
  title: "d",
  type: "scatter" as const,
  labels: Array.from({ length: 1000 }, (_, i) => String(i)),
  x: Array.from({ length: 1000 }, (_, i) => i),
  series: [{ name: "y", values: Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000) }],
};
renderChart(sc);
const t = performance.now();
for (let k = 0; k < 5; k++) renderChart(sc);
console.log("scatter", ((performance.now() - t) / 5).toFixed(1));
