// deno-lint-ignore-file no-console -- the figures are the point: printed on stderr for the report
/**
 * Every conversation pays for `tools/list`: what the model reads of each tool it can call (name,
 * description and input schema) is counted here, printed per tool with the tool's whole entry on
 * the wire, and bounded per tool and on average, so the cost stays in view as tools are added.
 * App-only tools (visibility ["app"]) are hidden from the model and not counted as model-visible.
 * tests/mcp/schema_calls_test.ts proves the cut schemas still say enough to call every tool right.
 *
 * Issue 22 set the targets at 700 B per model-visible tool on average (none over 1,500 B) and
 * 1,200 B per tool on the wire, and both are the bounds here: what is left is the schemas'
 * structure (types, required lists, limits a model can meet) and the descriptions that say what a
 * schema cannot. Icons are counted apart: the model never reads them, and tests/mcp/icons_test.ts
 * caps each one.
 */
import { ok as assert } from "node:assert/strict";
import { bareWords } from "../../src/mcp/input_schema.ts";
import { connect } from "../helpers.ts";

/** Bytes of model-visible schema and description one tool may take. */
const MAX_TOOL_BYTES = 1_500;
/** Average model-visible bytes per tool. */
const MAX_AVERAGE_BYTES = 700;
/** Average bytes of a whole tools/list entry (annotations, output schema, _meta included; icons apart). */
const MAX_WIRE_AVERAGE_BYTES = 1_200;

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const withoutIcons = <T extends { icons?: unknown }>({ icons: _, ...rest }: T) => rest;

Deno.test("tools/list: each tool's model-visible part stays small, on average and at most", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  const visible = tools.filter((t) => {
    const visibility = (t._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
    return !visibility || visibility.includes("model");
  });
  const sizes = visible.map((t) => ({
    name: t.name,
    bytes: bytes({ name: t.name, description: t.description, inputSchema: t.inputSchema }),
    wire: bytes(withoutIcons(t)),
  }));
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  const average = total / sizes.length;
  const wire = bytes({ tools: tools.map(withoutIcons) });
  const icons = bytes({ tools }) - wire;
  for (const s of sizes) {
    console.error(`[context] ${s.name.padEnd(28)} ${s.bytes} B model-visible, ${s.wire} B listed`);
  }
  console.error(
    `[context] ${sizes.length} model-visible tools: ${total} B, average ${Math.round(average)} B ` +
      `(bound ${MAX_AVERAGE_BYTES}, target 700); whole tools/list ${wire} B for ${tools.length} tools, ` +
      `${Math.round(wire / tools.length)} B each (bound ${MAX_WIRE_AVERAGE_BYTES}, target 1,200), ` +
      `plus ${icons} B of icons (${Math.round(icons / tools.length)} B a tool)`,
  );
  assert(sizes.length > 0, "no model-visible tool");
  const over = sizes.filter((s) => s.bytes > MAX_TOOL_BYTES).map((s) => `${s.name} (${s.bytes} B)`);
  assert(over.length === 0, `over ${MAX_TOOL_BYTES} B model-visible: ${over.join(", ")}`);
  assert(
    average <= MAX_AVERAGE_BYTES,
    `the model-visible tools average ${Math.round(average)} B, over ${MAX_AVERAGE_BYTES} B: shorten ` +
      "descriptions (say what the schema cannot) or share definitions",
  );
  assert(
    wire / tools.length <= MAX_WIRE_AVERAGE_BYTES,
    `tools/list takes ${Math.round(wire / tools.length)} B per tool, over ${MAX_WIRE_AVERAGE_BYTES} B`,
  );
});

/** The properties (at any depth) whose description is only their name (`title`: "Title", `xTitle`: "x title"). */
function namesRepeated(node: unknown, found: string[] = []): string[] {
  if (node === null || typeof node !== "object") return found;
  const properties = (node as { properties?: Record<string, { description?: unknown }> }).properties ?? {};
  for (const [name, { description }] of Object.entries(properties)) {
    if (typeof description === "string" && bareWords(description) === bareWords(name)) found.push(name);
  }
  Object.values(node).forEach((child) => namesRepeated(child, found));
  return found;
}

Deno.test("tools/list: what hosts see leaves out what says nothing, and repeats no card schema", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  const listed = JSON.stringify(tools);
  assert(!listed.includes('"pattern":"\\\\S"'), "the not-blank pattern");
  assert(!listed.includes('"propertyNames":{"type":"string"}'), "string property names");
  assert(!listed.includes('"additionalProperties":{}'), "additionalProperties that allow anything");
  for (const tool of tools) {
    const schema = JSON.stringify(tool.inputSchema);
    // The guard refuses unknown fields in its own words; the keyword costs every tool 28 B, says
    // nothing to a model that writes the fields it is shown, and some dialects (Gemini's) reject it.
    assert(
      !schema.includes('"additionalProperties":false'),
      `${tool.name}: additionalProperties: false listed`,
    );
    assert(!("title" in (tool.annotations ?? {})), `${tool.name}: the title is said once`);
    const repeats = namesRepeated(tool.inputSchema);
    assert(repeats.length === 0, `${tool.name}: descriptions that repeat their field's name: ${repeats}`);
    // An output schema is an outline: the result's fields and their types, nothing inside them.
    for (const [field, schema] of Object.entries(tool.outputSchema?.properties ?? {})) {
      assert(
        JSON.stringify(Object.keys(schema as object)).match(/^\[("type")?\]$/),
        `${tool.name}: output field ${field} says more than its type: ${JSON.stringify(schema)}`,
      );
    }
  }
  // Every card tool (and get_card) declares the same short outline of its structured card.
  const outline =
    '{"type":"object","properties":{"card":{"type":"object"},"parts":{"type":"object"}},"required":["card","parts"]}';
  const cards = tools.filter((t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri);
  for (const t of cards.filter((t) => t.name !== "mirror_web_form")) {
    assert(JSON.stringify(t.outputSchema) === outline, `${t.name}: ${JSON.stringify(t.outputSchema)}`);
  }
});
