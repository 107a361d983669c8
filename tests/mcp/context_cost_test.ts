// deno-lint-ignore-file no-console -- the figures are the point: printed on stderr for the report
/**
 * Every conversation pays for `tools/list`: what the model reads of each tool it can call (name,
 * description and input schema) is counted here, printed per tool, and bounded on average, so the
 * cost stays in view as tools are added. App-only tools (visibility ["app"]) are hidden from the
 * model and not counted; the whole tools/list is printed for reference.
 */
import { ok as assert } from "node:assert/strict";
import { connect } from "../helpers.ts";

/** Average bytes of model-visible schema and description per tool (issue 9). */
const MAX_AVERAGE_BYTES = 1_500;

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

Deno.test("tools/list: the model-visible part averages at most 1,500 bytes per tool", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  const visible = tools.filter((t) => {
    const visibility = (t._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
    return !visibility || visibility.includes("model");
  });
  const sizes = visible.map((t) => ({
    name: t.name,
    bytes: bytes({ name: t.name, description: t.description, inputSchema: t.inputSchema }),
  }));
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  const average = total / sizes.length;
  for (const s of sizes) console.error(`[context] ${s.name.padEnd(28)} ${s.bytes} B`);
  console.error(
    `[context] ${sizes.length} model-visible tools: ${total} B, average ${Math.round(average)} B ` +
      `(bound ${MAX_AVERAGE_BYTES}); whole tools/list ${bytes({ tools })} B for ${tools.length} tools`,
  );
  assert(sizes.length > 0, "no model-visible tool");
  assert(
    average <= MAX_AVERAGE_BYTES,
    `the model-visible tools average ${
      Math.round(average)
    } B, over ${MAX_AVERAGE_BYTES} B: shorten descriptions ` +
      "(say what the schema cannot) or share definitions",
  );
});
