/**
 * Inputs at the README's limits and the adversarial ones, through a real in-memory MCP client
 * (`deno task bench`). The tests only assert that these scale linearly; the figures live here, as
 * ratios against a 10-row table call measured in the same run.
 */
import { connect } from "../tests/helpers.ts";

const client = await connect({ resultLimit: 20_000_000 });
const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

const cases: [string, string, Record<string, unknown>][] = [
  ["table: 10,000 rows", "create_table_card", {
    title: "t",
    rows: Array.from({ length: 10_000 }, () => ["a"]),
  }],
  ["table: 50 columns of 2,000 characters", "create_table_card", {
    title: "t",
    rows: [Array(50).fill("c".repeat(2_000))],
  }],
  ["table: 1 MB rawText of quotes", "create_table_card", { title: "t", rawText: '"'.repeat(1_000_000) }],
  ["table: 1 MB rawText, 10,000 lines", "create_table_card", {
    title: "t",
    rawText: "h\n" + "a\n".repeat(10_000),
  }],
  ["tab: 20 tabs of 100,000 characters", "create_tab_card", {
    title: "t",
    tabs: Array.from({ length: 20 }, (_, i) => ({ label: `${i}`, text: "x".repeat(100_000) })),
  }],
  ["tab: 100,000 characters of nested <b>", "create_tab_card", {
    title: "t",
    tabs: [{ label: "a", html: "<b>".repeat(33_333) }],
  }],
  ["reveal: 100,000 characters of whitespace lines", "create_reveal_card", {
    title: "t",
    sections: [{ title: "s", text: "a" + "\n\v".repeat(49_999) + "x" }],
  }],
  ["list: 1,000 items", "create_list_card", {
    title: "t",
    items: Array.from(
      { length: 200 },
      () => ({ text: "x", children: Array.from({ length: 4 }, () => ({ text: "y" })) }),
    ),
  }],
];

Deno.bench("create_table_card 10 rows", { group: "limits", baseline: true }, async () => {
  await call("create_table_card", { title: "t", rows: Array.from({ length: 10 }, () => ["a", "b"]) });
});

for (const [name, tool, args] of cases) {
  Deno.bench(name, { group: "limits" }, async () => {
    await call(tool, args);
  });
}
