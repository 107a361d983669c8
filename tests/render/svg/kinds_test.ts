/**
 * Histograms, funnels and waterfalls beyond their goldens: bins at their limits (at most 50 from raw
 * values, every value counted once, edges on nice steps), the statistics the summaries quote, and a
 * histogram's raw values at the schema's limit through a real client (10,000 taken, 10,001 refused).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { renderChart } from "../../../src/render/svg/chart.ts";
import { lightOnCell } from "../../../src/render/svg/heatmap.ts";
import { chooseBins, countBins, MAX_BINS } from "../../../src/render/svg/histogram.ts";
import { binWidth, quantile, skewness, summarize } from "../../../src/render/svg/stats.ts";
import { connect, textOf } from "../../helpers.ts";

Deno.test("quantiles interpolate between order statistics (type 7)", () => {
  assertEquals(quantile([1, 2, 3, 4], 0.25), 1.75);
  assertEquals(quantile([1, 2, 3, 4], 0.5), 2.5);
  assertEquals(quantile([5], 0.75), 5);
  assertDeep(summarize([4, 1, 3, 2]), { n: 4, min: 1, q1: 1.75, median: 2.5, q3: 3.25, max: 4, mean: 2.5 });
});

Deno.test("bin width: Freedman–Diaconis, or Sturges when the middle half has no spread", () => {
  assertDeep(binWidth([0, 2, 4, 6, 8, 10, 12, 14]), { width: 2 * 7 / 2, rule: "Freedman–Diaconis" });
  // q1 = q3 = 5: Sturges, range 100 over ceil(log2 8) + 1 = 4 bins
  assertDeep(binWidth([0, 5, 5, 5, 5, 5, 5, 100]), { width: 25, rule: "Sturges" });
});

Deno.test("skewness: a long right tail is positive, a symmetric sample zero", () => {
  assertEquals(Math.abs(skewness([1, 2, 3, 4, 5])) < 1e-12, true);
  assertEquals(skewness([1, 1, 1, 2, 10]) > 0.5, true);
  assertEquals(skewness([1, 9, 10, 10, 10]) < -0.5, true);
});

Deno.test("bins from raw values: nice edges covering every value, each counted once", () => {
  const values = [3, 7, 7.5, 12, 19.9, 20, 41];
  const { edges, width } = chooseBins(values);
  assertEquals(edges[0] <= 3 && edges.at(-1)! >= 41, true, String(edges));
  assertEquals([1, 2, 5].includes(width / 10 ** Math.floor(Math.log10(width))), true, `width ${width}`);
  assertEquals(countBins(values, edges).reduce((a, b) => a + b, 0), values.length);
  // the last bin holds its upper edge; a value on an inner edge opens the next bin
  assertDeep(countBins([0, 5, 10], [0, 5, 10]), [1, 2]);
});

Deno.test(`bins from raw values stop at ${MAX_BINS}: one more doubles their width`, () => {
  // 1,000 values evenly over [0, 10) ask for bins of 1 (Freedman–Diaconis); one far value sets the span
  const sample = (far: number) => [...Array.from({ length: 1000 }, (_, i) => i / 100), far];
  const at = chooseBins(sample(50));
  assertDeep([at.width, at.edges.length - 1, at.edges.at(-1)], [1, MAX_BINS, 50]);
  const over = chooseBins(sample(50.5));
  assertDeep([over.width, over.edges.length - 1, over.edges.at(-1)], [2, 26, 52]);
});

Deno.test("every value alike: one bin around it", () => {
  assertDeep(chooseBins([0, 0, 0]).edges, [-0.5, 0.5]);
  assertDeep(chooseBins([7, 7]).edges, [6.75, 7.25]);
});

Deno.test("a histogram's raw values are not labels: 10,000 of them draw 50 bins or fewer", () => {
  const values = Array.from({ length: 10_000 }, (_, i) => Math.sin(i) * 100 + i / 100);
  const chart = renderChart({ type: "histogram", title: "t", series: [{ name: "s", values }] });
  assertEquals(chart.summary.startsWith("Histogram over "), true);
  assertEquals(chart.summary.includes("10,000 values"), true, chart.summary);
  const rows = chart.html.value.match(/<tr><th scope="row">/g)?.length ?? 0;
  assertEquals(rows > 0 && rows <= MAX_BINS, true, `${rows} rows`);
});

Deno.test("create_chart_card takes 10,000 raw values for a histogram and refuses 10,001", async () => {
  await using client = await connect();
  const call = (n: number) =>
    client.callTool({
      name: "create_chart_card",
      arguments: {
        type: "histogram",
        title: "Latency",
        series: [{ name: "ms", values: Array.from({ length: n }, (_, i) => i % 997) }],
      },
    });
  const ok = await call(10_000);
  assertEquals(ok.isError, undefined, textOf(ok));
  assertEquals(textOf(ok).startsWith('Chart card "Latency": Histogram over '), true, textOf(ok));
  const refused = await call(10_001);
  assertEquals(refused.isError, true);
  assertEquals(
    textOf(refused),
    "Input validation error: Invalid arguments for tool create_chart_card: series.0.values: 10,001 items, the limit is 10,000 items",
  );
});

Deno.test("the chart's limits the schema leaves out still refuse at N+1, in the guard's words", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  const listed = JSON.stringify(tools.find((t) => t.name === "create_chart_card")!.inputSchema);
  for (const keyword of ["maxItems", "minItems", "minimum", "maximum"]) {
    assertEquals(listed.includes(keyword), false, `${keyword} in ${listed}`);
  }
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  // one point among nulls: a scatter plot's own cap (1,000 points) stays out of the way
  const values = (n: number) => many(n).map((i) => i === 0 ? 1 : null);
  const call = (extra: Record<string, unknown>, n: number) =>
    client.callTool({
      name: "create_chart_card",
      arguments: {
        type: "scatter",
        title: "t",
        series: [{ name: "s", values: values(Math.min(n, 10_000)) }],
        ...extra,
      },
    });
  const refusal = "Input validation error: Invalid arguments for tool create_chart_card: ";
  const cases: [Record<string, unknown>, number, string | undefined][] = [
    [{ labels: many(10_000).map(String) }, 10_000, undefined],
    [{ labels: many(10_001).map(String) }, 10_001, "labels: 10,001 items, the limit is 10,000 items"],
    [{ x: many(10_000) }, 10_000, undefined],
    [{ x: many(10_001) }, 10_001, "x: 10,001 items, the limit is 10,000 items"],
    [{ digits: 0, labels: ["a", "b", "c"] }, 3, undefined],
    [{ digits: 10, labels: ["a", "b", "c"] }, 3, undefined],
    [{ digits: 11, labels: ["a", "b", "c"] }, 3, "digits: 11, the largest allowed is 10"],
    [{ digits: -1, labels: ["a", "b", "c"] }, 3, "digits: -1, the smallest allowed is 0"],
  ];
  for (const [extra, n, error] of cases) {
    const result = await call(extra, n);
    const label = `${Object.keys(extra).join("+")} at ${n}`;
    if (error) assertEquals(textOf(result), refusal + error, label);
    // at the limit the guard lets it through (10,000 scatter labels may still outgrow the result ceiling)
    else assertEquals(textOf(result).startsWith(refusal), false, `${label}: ${textOf(result).slice(0, 200)}`);
  }
});

Deno.test("heatmap text: the card's background colour on strong shades, its text colour on faint ones", () => {
  for (const colour of [0, 5]) {
    assertEquals(lightOnCell({ colour, opacity: 0.08 }), false, `faint ${colour}`);
    assertEquals(lightOnCell({ colour, opacity: 1 }), true, `full ${colour}`);
  }
  // the switch comes once, from faint to strong
  const flips = Array.from({ length: 93 }, (_, i) => lightOnCell({ colour: 0, opacity: 0.08 + i / 100 }))
    .filter((light, i, all) => i > 0 && light !== all[i - 1]);
  assertDeep(flips, [true]);
});

Deno.test("heatmap scale: sequential from the least value, diverging around zero when values cross it", () => {
  const cells = (values: number[]) => {
    const html = renderChart({
      type: "heatmap",
      title: "t",
      labels: values.map((_, i) => `c${i}`),
      series: [{ name: "r", values }],
    }).html.value;
    return [...html.matchAll(/<rect class="mcc-pt (mcc-s\d)" fill-opacity="([\d.]+)"/g)].map((m) =>
      `${m[1]} ${m[2]}`
    );
  };
  assertDeep(cells([10, 15, 20]), ["mcc-s0 0.08", "mcc-s0 0.54", "mcc-s0 1"]);
  assertDeep(cells([-4, 0, 2, 4]), ["mcc-s5 1", "mcc-s0 0.08", "mcc-s0 0.54", "mcc-s0 1"]);
  assertDeep(cells([5, 5]), ["mcc-s0 1", "mcc-s0 1"]);
});

Deno.test("bubble: 1,000 points across groups draw and 1,001 are refused; 4 groups draw and 5 are refused", async () => {
  await using client = await connect();
  const call = async (labels: number, groups: number) => {
    const series = Array.from({ length: groups }, (_, g) => [
      { name: `Group ${g}`, values: Array.from({ length: labels }, (_, i) => (i * 7 + g) % 50) },
      { name: "Size", values: Array.from({ length: labels }, (_, i) => i % 9) },
    ]).flat();
    const result = await client.callTool({
      name: "create_chart_card",
      arguments: {
        title: "T",
        type: "bubble",
        labels: Array.from({ length: labels }, (_, i) => `P${i}`),
        x: Array.from({ length: labels }, (_, i) => i),
        series,
      },
    });
    return { error: result.isError === true, text: textOf(result) };
  };
  // 250 labels in 4 groups: 1,000 bubbles (the card may pass the result ceiling, but not the chart's limit)
  assertEquals((await call(250, 4)).text.includes("for a bubble chart"), false);
  assertEquals(
    (await call(1001, 1)).text,
    'Invalid "labels": 1001 labels is more than 1000 for a bubble chart\nSample the points, or use a scatter plot',
  );
  assertEquals(
    (await call(251, 4)).text,
    'Invalid "series": 1004 points is more than 1000 for a bubble chart\nSample the points, or use a line chart',
  );
  assertEquals(
    (await call(3, 5)).text,
    'Invalid "series": 10 series is more than 8\nCombine or drop series, or make several charts',
  );
  const four = await call(12, 4);
  assertEquals(four.error, false, four.text);
  assertEquals(four.text.includes("48 points in 4 groups"), true, four.text);
});

Deno.test("bubble: area follows size (radius by square root), largest first, sizes of 0 are small dots, the layer unstretched", () => {
  const html = renderChart({
    type: "bubble",
    title: "T",
    labels: ["a", "b", "c", "d"],
    x: [1, 2, 3, 4],
    series: [{ name: "y", values: [1, 2, 3, 4] }, { name: "s", values: [100, 25, 0, 400] }],
  }).html.value;
  const radii = [...html.matchAll(/<circle class="mcc-pt" data-i="(\d)"[^>]* r="([\d.]+)"/g)]
    .map(([, i, r]) => [Number(i), Number(r)]);
  // largest first; 400 → 18 px, 100 → 9, 25 → 4.5, 0 → 2
  assertDeep(radii, [[3, 18], [0, 9], [1, 4.5], [2, 2]]);
  // the layer that holds them is not stretched: no viewBox of its own (its gridlines' inner one is)
  assertEquals(/<div class="mcc-ov"><svg role="img"/.test(html), true);
});
