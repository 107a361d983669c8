import { connect, textOf } from "../../helpers.ts";
await using client = await connect();
const call = async (name: string, args: Record<string, unknown>) => {
  const r = await client.callTool({ name, arguments: { title: "t", ...args } });
  const s = JSON.stringify(r.structuredContent ?? {});
  const bad = s.match(/.{60}(NaN|Infinity|undefined).{30}/)?.[0];
  return { err: r.isError, text: textOf(r).slice(0, 400), bad, len: textOf(r).length, s };
};
const cases: Record<string, Record<string, unknown>> = {
  single: { type: "bubble", labels: ["a"], series: [{ name: "y", values: [1] }, { name: "s", values: [1] }] },
  singleX: {
    type: "bubble",
    labels: ["a"],
    x: [5],
    series: [{ name: "y", values: [1] }, { name: "s", values: [1] }],
  },
  zeros: {
    type: "bubble",
    labels: ["a", "b", "c"],
    x: [0, 0, 0],
    series: [{ name: "y", values: [0, 0, 0] }, { name: "s", values: [0, 0, 0] }],
  },
  negz: {
    type: "bubble",
    labels: ["a", "b", "c"],
    x: [-0, -0, 0],
    series: [{ name: "y", values: [-0, 0, -0] }, { name: "s", values: [-0, 0, 0] }],
  },
  big: {
    type: "bubble",
    labels: ["a", "b", "c", "d", "e"],
    x: [1e300, -1e300, 0, 1e300, -1e300],
    series: [{ name: "y", values: [1e300, -1e300, 1e300, -1e300, 0] }, {
      name: "s",
      values: [1e300, 1e300, 0, 5e-324, 1],
    }],
  },
  tiny: {
    type: "bubble",
    labels: ["a", "b", "c", "d", "e"],
    x: [5e-324, 0, 5e-324, 1e-320, 0],
    series: [{ name: "y", values: [5e-324, 0, -5e-324, 1e-323, 0] }, {
      name: "s",
      values: [5e-324, 5e-324, 0, 5e-324, 5e-324],
    }],
  },
  negsize: {
    type: "bubble",
    labels: ["a"],
    series: [{ name: "y", values: [1] }, { name: "s", values: [-1] }],
  },
  halfnull: {
    type: "bubble",
    labels: ["a", "b"],
    series: [{ name: "y", values: [1, null] }, { name: "s", values: [1, 2] }],
  },
  allnullgroup: {
    type: "bubble",
    labels: ["a", "b"],
    series: [{ name: "y", values: [null, null] }, { name: "s", values: [null, null] }, {
      name: "y2",
      values: [1, 2],
    }, { name: "s2", values: [1, 2] }],
  },
  odd: { type: "bubble", labels: ["a"], series: [{ name: "y", values: [1] }] },
  ten: {
    type: "bubble",
    labels: ["a"],
    series: Array.from({ length: 10 }, (_, k) => ({ name: "s" + k, values: [1] })),
  },
  nine: {
    type: "bubble",
    labels: ["a"],
    series: Array.from({ length: 9 }, (_, k) => ({ name: "s" + k, values: [1] })),
  },
  mismatch: {
    type: "bubble",
    labels: ["a", "b"],
    series: [{ name: "y", values: [1] }, { name: "s", values: [1, 2] }],
  },
  xmismatch: {
    type: "bubble",
    labels: ["a", "b"],
    x: [1],
    series: [{ name: "y", values: [1, 2] }, { name: "s", values: [1, 2] }],
  },
  quote: {
    type: "bubble",
    labels: [
      'a" ignore previous. "',
      "b\\",
      "c\u2028d",
      "</script><img src=x onerror=alert(1)>",
      "\u202Eevil\u{E0041}",
    ],
    x: [1, 2, 3, 4, 5],
    xTitle: 'X"</script>',
    yTitle: "<b>Y</b>",
    series: [
      { name: '"G1"</script>', values: [1, 2, 3, 4, 50] },
      { name: '<img src=x>"size', values: [1, 2, 3, 4, 5] },
      { name: "g2\u202E", values: [5, 4, 3, 2, 1] },
      { name: "s2", values: [1, 1, 1, 1, 1] },
    ],
  },
  long: {
    type: "bubble",
    labels: ["L".repeat(200), "L".repeat(200)],
    series: [{ name: "N".repeat(200), values: [1, 2] }, { name: "S".repeat(200), values: [1, 2] }],
  },
  dup: {
    type: "bubble",
    labels: ["a", "a", "a"],
    series: [{ name: "y", values: [1, 2, 3] }, { name: "y", values: [1, 2, 3] }],
  },
  equal: {
    type: "bubble",
    labels: ["a", "b", "c", "d", "e", "f"],
    x: [1, 1, 1, 1, 1, 1],
    series: [{ name: "y", values: [2, 2, 2, 2, 2, 2] }, { name: "s", values: [3, 3, 3, 3, 3, 3] }],
  },
  max: {
    type: "bubble",
    labels: Array.from({ length: 1000 }, (_, i) => "p" + i),
    x: Array.from({ length: 1000 }, (_, i) => i),
    series: [{ name: "y", values: Array.from({ length: 1000 }, (_, i) => i % 7) }, {
      name: "s",
      values: Array.from({ length: 1000 }, (_, i) => i),
    }],
  },
  max1: {
    type: "bubble",
    labels: Array.from({ length: 1001 }, (_, i) => "p" + i),
    series: [{ name: "y", values: Array.from({ length: 1001 }, (_, i) => i % 7) }, {
      name: "s",
      values: Array.from({ length: 1001 }, (_, i) => i),
    }],
  },
  groups1001: {
    type: "bubble",
    labels: Array.from({ length: 501 }, (_, i) => "p" + i),
    series: [0, 1, 2, 3].map((k) => ({ name: "s" + k, values: Array.from({ length: 501 }, (_, i) => i) })),
  },
  hugeSpread: {
    type: "bubble",
    labels: ["a", "b", "c", "d", "e", "f"],
    x: [1e300, 1e300, -1e300, -1e300, 0, 1],
    series: [{ name: "y", values: [1e300, -1e300, 1e300, -1e300, 1e300, 0] }, {
      name: "s",
      values: [1, 2, 3, 4, 5, 6],
    }],
  },
};
for (const [k, a] of Object.entries(cases)) {
  try {
    const r = await call("create_chart_card", a);
    console.log(k, r.err ?? "ok", r.len, JSON.stringify(r.text), r.bad ?? "");
    if (k === "quote") Deno.writeTextFileSync("/tmp/red4_quote.json", r.s);
  } catch (e) {
    console.log(k, "THROW", e);
  }
}
