import { connect, textOf } from "../../helpers.ts";
await using client = await connect();
for (
  const [type, n, groups] of [
    ["scatter", 1000, 1],
    ["bubble", 100, 1],
    ["bubble", 150, 1],
    ["bubble", 200, 1],
    ["bubble", 250, 1],
    ["bubble", 200, 4],
    ["bubble", 50, 4],
  ] as const
) {
  const labels = Array.from({ length: n }, (_, i) => "Label " + i);
  const series = Array.from(
    { length: type === "bubble" ? 2 * groups : 1 },
    (_, k) => ({
      name: "s" + k,
      values: Array.from({ length: n }, (_, i) => (i * 7919 + k * 31) % 1000 + 0.5),
    }),
  );
  const r = await client.callTool({
    name: "create_chart_card",
    arguments: { title: "t", type, labels, x: labels.map((_, i) => i * 1.5), series },
  });
  console.log(type, n, groups, r.isError ?? "ok", textOf(r).slice(0, 120), JSON.stringify(r).length);
}
