/**
 * defineCard, the seam every card kind goes through: a splittable card gains the `part` field, its
 * render never sees it, and the requested part is the one returned.
 */
import { defineTool, type ToolContext } from "../src/tool.ts";
import { listTool } from "../src/mcp/tool_listing.ts";
import assert, { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { defineCard, isCard } from "../src/card.ts";
import { DEFAULT_CONFIG } from "../src/config.ts";
import { raw } from "../src/html/html.ts";
import { CardStore } from "../src/store/card_store.ts";

const seen: Record<string, unknown>[] = [];
const doc = defineCard({
  name: "create_doc_card",
  kind: "doc",
  view: { widgets: [], styles: [] },
  title: "Doc",
  description: "A test document",
  input: z.object({ title: z.string().describe("Title") }),
  splittable: true,
  render(input) {
    seen.push({ ...input });
    return {
      title: input.title,
      summary: "Three pages",
      blocks: ["one", "two", "three"].map((w) => raw(`<p>${w.repeat(700)}</p>`)),
    };
  },
});

const context = {
  config: { ...DEFAULT_CONFIG, cardBudget: 2_000 },
  store: new CardStore(),
  apps: true,
  newId: () => "id",
  progress: () => Promise.resolve(),
} as unknown as ToolContext; // a card's handler reads none of the web tools' context

Deno.test("a splittable card gains an optional part field from 1 to 1,000; render never sees it", async () => {
  assertEquals(isCard(doc), true);
  assertDeep(doc.card, { kind: "doc", splittable: true });
  const part = doc.input.shape.part as z.ZodType;
  assertEquals(part.safeParse(undefined).success, true);
  assertEquals(part.safeParse(1).success, true);
  assertEquals(part.safeParse(1_000).success, true);
  assertEquals(part.safeParse(0).success, false);
  assertEquals(part.safeParse(1_001).success, false);
  seen.length = 0;
  await doc.handler({ title: "T", part: 2 }, context);
  assertDeep(seen, [{ title: "T" }]);
});

Deno.test("the part asked for is the part returned, numbered in the title", async () => {
  const result = await doc.handler({ title: "T", part: 2 }, context) as unknown as {
    structuredContent: { card: { config: { title: string } }; parts: unknown };
  };
  assertDeep(result.structuredContent.parts, { current: 2, total: 3, hasMore: true });
  assertEquals(result.structuredContent.card.config.title, "T (part 2 of 3)");
  const first = await doc.handler({ title: "T" }, context) as unknown as {
    structuredContent: { parts: unknown };
  };
  assertDeep(first.structuredContent.parts, { current: 1, total: 3, hasMore: true });
});

Deno.test("a card that does not split has no part field", () => {
  const plain = defineCard({
    name: "create_x_card",
    kind: "x",
    view: { widgets: [], styles: [] },
    title: "X",
    description: "x",
    input: z.object({ title: z.string().describe("Title") }),
    render: (input) => ({ title: input.title, summary: "x", blocks: [] }),
  });
  assertDeep(Object.keys(plain.input.shape), ["title"]);
  assertDeep(plain.visibility, ["model", "app"]);
});

Deno.test("a card's tool is create_<kind>_card, and its view links its kind's template", () => {
  const spec = {
    name: "create_time_line_card",
    kind: "time_line",
    view: { widgets: ["list"], styles: ["list"], movable: true },
    title: "Time line",
    description: "x",
    input: z.object({ title: z.string().describe("Title") }),
    render: (input: { title: string }) => ({ title: input.title, summary: "x", blocks: [] }),
  };
  const card = defineCard(spec);
  assertDeep(card.view, { kind: "time_line", widgets: ["list"], styles: ["list"], movable: true });
  assertDeep(card.meta, {
    ui: { resourceUri: "ui://mcp-chat-cards/template/time_line.html" },
    "ui/resourceUri": "ui://mcp-chat-cards/template/time_line.html",
  });
  assert.throws(() => defineCard({ ...spec, name: "create_timeline_card" }), {
    message: 'The time_line card\'s tool must be named "create_time_line_card", not "create_timeline_card"',
  });
  for (const kind of ["Timeline", "time-line", "_x", "x__y", "x_", "1x", ""]) {
    assert.throws(() => defineCard({ ...spec, kind, name: `create_${kind}_card` }), {
      message: `Card kind "${kind}" must be lower-case words joined by "_", like "code_tour"`,
    });
  }
});

Deno.test("a tool keeps the visibility it declares, listed under _meta.ui; the default is model and app", () => {
  const spec = {
    name: "x_tool",
    title: "X",
    description: "x",
    input: z.object({}),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: () => Promise.resolve({ content: [] }),
  };
  const hidden = defineTool({ ...spec, visibility: ["app"] });
  assertDeep(hidden.visibility, ["app"]);
  assertDeep(listTool(hidden)._meta, { ui: { visibility: ["app"] } });
  const plain = defineTool(spec);
  assertDeep(plain.visibility, ["model", "app"]);
  assertEquals(listTool(plain)._meta, undefined);
});
