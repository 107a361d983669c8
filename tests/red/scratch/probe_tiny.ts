import { connect, textOf } from "../../helpers.ts";
await using client = await connect();
for (const type of ["line", "bar", "scatter", "bubble", "area", "histogram"]) {
  for (
    const vals of [[5e-324, 0, -5e-324], [5e-324, 1e-323, 5e-324], [1e-310, 2e-310, 0], [1e-300, 0, 3e-300]]
  ) {
    const series = type === "bubble"
      ? [{ name: "y", values: vals }, { name: "s", values: [1, 2, 3] }]
      : [{ name: "y", values: vals }];
    const r = await client.callTool({
      name: "create_chart_card",
      arguments: {
        title: "t",
        type,
        labels: ["a", "b", "c"],
        series,
        ...(type === "scatter" || type === "bubble" ? { x: vals } : {}),
      },
    });
    const s = JSON.stringify(r.structuredContent ?? {});
    console.log(
      type,
      vals.join(","),
      r.isError ?? "ok",
      s.match(/.{50}(NaN|Infinity).{20}/)?.[0] ?? "",
      r.isError ? textOf(r) : "",
    );
  }
}
