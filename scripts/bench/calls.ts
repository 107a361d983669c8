/** The calls the server benchmarks repeat. */
import type { Call } from "./measure.ts";

/** A 10-row table card: what most calls look like. */
export const TABLE_CALL: Call = {
  name: "create_table_card",
  arguments: {
    title: "Ten rows",
    headers: ["#", "Item", "Qty", "Price"],
    rows: Array.from(
      { length: 10 },
      (_, i) => [i + 1, `Item ${i + 1}`, (i * 7) % 13, `${(i * 3.5).toFixed(2)}`],
    ),
  },
};
