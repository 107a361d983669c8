/**
 * Red team, numbers at the edge of a double in charts, through a real MCP client. JSON carries
 * values up to 1.7976931348623157e308; a range or a sum of such values overflows to Infinity. Before
 * the fix, a value near the top made create_chart_card an internal error ("Invalid array length":
 * the tick loop ran to Infinity), and a range that overflowed drew NaN coordinates and a total of
 * "∞". Now such values are refused by field and limit, and every value within it draws.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connect, textOf } from "../helpers.ts";

/** A card's markup holds no NaN, Infinity or ∞ (what an overflowed or underflowed scale writes); names the spot. */
/** An excerpt around the first NaN or Infinity in a card's markup, if it holds one. */
function nonFinite(result: { structuredContent?: unknown }): string | undefined {
  return JSON.stringify(result.structuredContent).match(/.{0,40}(NaN|Infinity|∞).{0,20}/)?.[0];
}

function assertFiniteMarkup(result: { structuredContent?: unknown }, type: string): void {
  assertEquals(nonFinite(result), undefined, `${type}: NaN or Infinity in the markup`);
}

const LIMIT =
  'Invalid "series[0].values[0]": 1.7976931348623157e+308 is beyond ±1e+300, the largest value a chart draws\n' +
  "Scale the values (e.g. in billions) and say so in the axis title";

Deno.test("red numbers: chart values beyond ±1e300 are refused by name; values up to it draw finite shapes", async () => {
  await using client = await connect();
  for (const type of ["line", "bar", "area", "donut", "scatter", "stacked_bar"]) {
    const chart = (values: number[]) =>
      client.callTool({
        name: "create_chart_card",
        arguments: {
          title: "t",
          type,
          labels: ["a", "b", "c"],
          series: [{ name: "s", values }],
          ...(type === "scatter" ? { x: [1, 2, 3] } : {}),
        },
      });
    const refused = await chart([Number.MAX_VALUE, 0, 0]);
    assertEquals(`${refused.isError} ${textOf(refused)}`, `true ${LIMIT}`, type);
    const negative = await chart([1, -1e301, 0]);
    assertEquals(
      textOf(negative),
      'Invalid "series[0].values[1]": -1e+301 is beyond ±1e+300, the largest value a chart draws\n' +
        "Scale the values (e.g. in billions) and say so in the axis title",
      type,
    );
    const edge = await chart(type === "donut" ? [1e300, 1e300, 1e300] : [1e300, -1e300, 1e300]);
    assertEquals(edge.isError, undefined, `${type}: ${textOf(edge)}`);
    assertFiniteMarkup(edge, type);
  }
  const scatter = await client.callTool({
    name: "create_chart_card",
    arguments: {
      title: "t",
      type: "scatter",
      labels: ["a", "b"],
      x: [0, -Number.MAX_VALUE],
      series: [{ name: "s", values: [1, 2] }],
    },
  });
  assertEquals(
    textOf(scatter),
    'Invalid "x[1]": -1.7976931348623157e+308 is beyond ±1e+300, the largest value a chart draws\n' +
      "Scale the values (e.g. in billions) and say so in the axis title",
  );
});

Deno.test("red numbers: an animated chart scene refuses the same values by name", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_animation_card",
    arguments: {
      title: "t",
      scenes: [{ type: "chart", heading: "s", labels: ["a", "b"], values: [1, Number.MAX_VALUE] }],
    },
  });
  assertEquals(
    textOf(result),
    'Invalid "scenes[0].values[1]": 1.7976931348623157e+308 is beyond ±1e+300, the largest value a chart draws\n' +
      "Scale the values (e.g. in billions) and say so in the axis title",
  );
});

Deno.test("red numbers: a range whose midpoint overflows the step starts at a finite midpoint", async () => {
  await using client = await connect();
  for (
    const [min, max, step, start] of [
      [0, 1e308, 1e-300, "5e+307"],
      [-1.7e308, 1.7e308, 1, "0"],
    ] as const
  ) {
    const result = await client.callTool({
      name: "create_form_card",
      arguments: {
        title: "t",
        promptTemplate: "{{r}}",
        fields: [{ name: "r", type: "range", min, max, step }],
      },
    });
    const html = (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
    // Before the fix: value="Infinity" and an <output> reading "Infinity".
    assertEquals(html.includes("Infinity"), false, html);
    assertEquals(html.includes(` value="${start}"`), true, html.match(/<input type="range"[^>]*>/)?.[0]);
  }
});

Deno.test("red numbers: values nearer zero than ±1e-300 (5e-324, the least double) are refused by name; 1e-300 draws finite shapes", async () => {
  await using client = await connect();
  // before: line, bar and area drew NaN; scatter and bubble were an internal error (the step underflowed to 0)
  for (const type of ["line", "bar", "area", "scatter", "bubble"]) {
    const xy = type === "scatter" || type === "bubble";
    const chart = (values: number[]) =>
      client.callTool({
        name: "create_chart_card",
        arguments: {
          title: "t",
          type,
          labels: ["a", "b", "c"],
          series: [
            { name: "s", values },
            ...(type === "bubble" ? [{ name: "size", values: [1, 2, 3] }] : []),
          ],
          ...(xy ? { x: [1, 2, 3] } : {}),
        },
      });
    const refused = await chart([5e-324, 0, -5e-324]);
    assertEquals(
      `${refused.isError} ${textOf(refused)}`,
      'true Invalid "series[0].values[0]": 5e-324 is nearer zero than ±1e-300, the smallest value besides 0 a chart draws\n' +
        "Use 0, or scale the values (e.g. in billionths) and say so in the axis title",
      type,
    );
    const negative = await chart([0, -1e-301, 0]);
    assertEquals(
      textOf(negative).split("\n")[0],
      'Invalid "series[0].values[1]": -1e-301 is nearer zero than ±1e-300, the smallest value besides 0 a chart draws',
      type,
    );
    const edge = await chart([1e-300, 0, -1e-300]);
    assertEquals(edge.isError, undefined, `${type}: ${textOf(edge)}`);
    assertFiniteMarkup(edge, type);
  }
  const x = await client.callTool({
    name: "create_chart_card",
    arguments: {
      title: "t",
      type: "scatter",
      labels: ["a", "b"],
      x: [0, 5e-324],
      series: [{ name: "s", values: [1, 2] }],
    },
  });
  assertEquals(
    textOf(x).split("\n")[0],
    'Invalid "x[1]": 5e-324 is nearer zero than ±1e-300, the smallest value besides 0 a chart draws',
  );
});

Deno.test("red numbers: values past 1e21 print in scientific notation: ticks, summary and a bubble's size key stay short", async () => {
  await using client = await connect();
  // before: 1e300 printed as 400 characters of digits and commas, pushing the plot out of a 420 px card
  for (const type of ["line", "bubble"]) {
    const result = await client.callTool({
      name: "create_chart_card",
      arguments: {
        title: "t",
        type,
        labels: ["a", "b", "c"],
        series: [
          { name: "y", values: [-1e300, 1e300, 0] },
          ...(type === "bubble" ? [{ name: "s", values: [1e300, 0, 1] }] : []),
        ],
      },
    });
    const text = JSON.stringify(result);
    assertEquals(text.match(/[\d,.]{40,}/)?.[0], undefined, type);
    assertEquals(text.includes("1E300"), true, type);
  }
  const summary = textOf(
    await client.callTool({
      name: "create_chart_card",
      arguments: {
        title: "t",
        type: "line",
        labels: ["a", "b"],
        series: [{ name: "y", values: [1e21, 999e18] }],
      },
    }),
  );
  assertEquals(
    summary,
    'Chart card "t": Line chart of "y" over 2 labels from "a" to "b". "y" ranges from 999,000,000,000,000,000,000 ("b") to 1E21 ("a").',
  );
});

Deno.test("red numbers: a leaf of -0 has a share of 0%, not -0% (sunburst summary and table)", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_structure_card",
    arguments: {
      title: "t",
      type: "sunburst",
      links: [{ from: "r", to: "a", value: -0 }, { from: "r", to: "b", value: 1 }],
    },
  });
  assertEquals(
    textOf(result),
    'Structure card "t": Sunburst of "r": total 1 in 2 parts: "b" 1 (100%), "a" 0 (0%).',
  );
  assertEquals(JSON.stringify(result.structuredContent).includes("-0%"), false);
});

Deno.test("red numbers: a bullet's share of its target past 1e21 percent prints in scientific notation", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_chart_card",
    arguments: {
      title: "t",
      type: "bullet",
      labels: ["a", "b"],
      series: [{ name: "v", values: [1e300, -1e300] }, { name: "t", values: [-1e300, 5] }, {
        name: "hi",
        values: [1e300, 1e300],
      }],
    },
  });
  // before: "-20,000,000,…%", 400 characters in the table's "Against target" column
  const text = JSON.stringify(result);
  assertEquals(text.match(/[\d,.]{40,}/)?.[0], undefined);
  assertEquals(text.includes("-1E300 (-2E301%)"), true);
});

/** The numbers of one attribute (`data-v`, `data-vx`) inside the first tick group whose tag matches `group`. */
function tickValues(html: string, group: RegExp, attr: string): number[] {
  const ticks =
    html.match(new RegExp(`<g class="mcc-ticks[^"]*"${group.source}[^>]*>(?:(?!</g></svg>).)*`))?.[0] ?? "";
  return [...ticks.matchAll(new RegExp(` ${attr}="([^"]+)"`, "g"))].map((m) => Number(m[1]));
}

/** Where an axis of a card's chart runs, from its tick labels, or what is wrong: "-2e+299..1e+300". */
function axisHolds(
  html: string,
  values: readonly number[],
  attr = "data-v",
  group = /(?: mcc-end)?/,
): string {
  const ticks = tickValues(html, group, attr);
  const [lo, hi] = [Math.min(...ticks), Math.max(...ticks)];
  const out = values.filter((v) => v < lo || v > hi);
  return out.length ? `${out.join(", ")} outside ${lo}..${hi}` : "holds";
}

/** Values at the edges of the drawable range: a small value beside a huge one, ±1e300, tiny ones, near the top. */
const EDGES = [
  [-1, 1e300, 5],
  [-1e300, 1e300, 1],
  [1e-300, 2e-300, 3e-300],
  [9e299, 1e300, 9.5e299],
  [-1e300, -1e-300, -5],
];

Deno.test("red numbers: every value lies on its axis at the edges of the range, in every kind that shares the scale", async () => {
  await using client = await connect();
  const failures: string[] = [];
  const html = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: "create_chart_card", arguments: { title: "t", ...args } });
    assertEquals(result.isError, undefined, textOf(result));
    const bad = nonFinite(result);
    if (bad) failures.push(`${JSON.stringify(args)}: NaN or Infinity in the markup: ${bad}`);
    return JSON.stringify(result.structuredContent).replaceAll('\\"', '"');
  };
  const check = (what: string, verdict: string) =>
    verdict === "holds" || failures.push(`${what}: ${verdict}`);
  for (const values of EDGES) {
    const labels = ["a", "b", "c"];
    for (const type of ["bar", "line", "area", "scatter"]) {
      const markup = await html({
        type,
        labels,
        series: [{ name: "s", values }],
        ...(type === "scatter" ? { x: values } : {}),
      });
      check(`${type} ${values}`, axisHolds(markup, values));
      if (type === "scatter") {
        check(`scatter x ${values}`, axisHolds(markup, values, "data-vx", / data-d="\d+"|/));
      }
    }
    const running = values.map((_, i) => values.slice(0, i + 1).reduce((a, b) => a + b, 0));
    check(
      `waterfall ${values}`,
      axisHolds(await html({ type: "waterfall", labels, series: [{ name: "s", values }] }), running),
    );
    check(`box ${values}`, axisHolds(await html({ type: "box", series: [{ name: "s", values }] }), values));
    // a bullet's value, the one nearest zero, against the other two as target and band: on its scale, not
    // "off the scale" (which a value more than a span beyond its bands and target is, by design)
    const near = values.reduce((a, b) => Math.abs(b) < Math.abs(a) ? b : a);
    const [one, two] = values.filter((v) => v !== near);
    for (const [target, band] of [[one, two], [two, one]]) {
      const series = [{ name: "v", values: [near] }, { name: "t", values: [target] }, {
        name: "b",
        values: [band],
      }];
      const bullet = await html({ type: "bullet", labels: ["a"], series });
      check(
        `bullet ${near} against ${target}, ${band}`,
        /off the scale/.test(bullet) ? "off the scale" : "holds",
      );
      const gauge = await html({ type: "gauge", labels: ["a"], series });
      const [min, max] = ["min", "max"].map((k) =>
        Number(gauge.match(new RegExp(`aria-value${k}="([^"]+)"`))?.[1])
      );
      check(
        `gauge ${near} against ${target}, ${band}`,
        min <= near && near <= max ? "holds" : `${min}..${max}`,
      );
    }
  }
  assertDeep(failures, []);
});

Deno.test("red numbers: a bullet's share of a target too small to divide by prints a dash, not -∞%", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_chart_card",
    arguments: {
      title: "t",
      type: "bullet",
      labels: ["a"],
      series: [{ name: "v", values: [-1e300] }, { name: "t", values: [-1e-300] }, {
        name: "b",
        values: [-5],
      }],
    },
  });
  // before: "-1E300 (-∞%)" in the table's "Against target" column (-1e300 / 1e-300 overflows)
  assertFiniteMarkup(result, "bullet");
  assertEquals(JSON.stringify(result.structuredContent).includes("<td>-1E300 (—)</td>"), true);
});
