/**
 * A card is a tool whose handler is render: this turns a card module (schema, description,
 * render) into a card definition, a tool that also keeps its kind and whether it splits, with the
 * shared output schema, annotations and MCP Apps `_meta`.
 */
import { z } from "zod";
import { buildCardResult, type CardOutput } from "./output/result.ts";
import type { ToolContext, ToolDefinition } from "./tool.ts";
import { TEMPLATE_URI } from "./ui/shared/protocol.ts";

/** A card module, as each file under src/cards/ declares it. */
export interface CardSpec<S extends z.ZodObject> {
  /** Tool name, e.g. `create_table_card`. */
  name: string;
  /** Card kind, e.g. `table`: the article's data-mcc-kind and the goldens folder tests/cards/<kind>/. */
  kind: string;
  title: string;
  description: string;
  /** The card's own fields; a splittable card gets `part` added here. */
  input: S;
  /** Returns blocks the output stage may pack into several parts (the input gains `part`). */
  splittable?: boolean;
  /** `ctx` gives cards that read local files the configured root and progress reporting. */
  render: (input: z.output<S>, ctx: ToolContext) => CardOutput | Promise<CardOutput>;
}

/** A card tool: a tool plus the facts the registry, get_card, goldens and the gallery read. */
export interface CardDefinition extends ToolDefinition {
  card: { kind: string; splittable: boolean };
}

/** The structured result every card tool declares. */
export const CARD_OUTPUT_SCHEMA = z.object({
  card: z.object({
    articleHtml: z.string().optional().describe("Card HTML (MCP Apps hosts only)"),
    config: z.object({
      id: z.string().describe("Document: ui://mcp-chat-cards/html/<id>"),
      kind: z.string(),
      title: z.string(),
      tool: z.string(),
    }),
  }),
  parts: z.object({
    current: z.number().int().describe("Part shown, from 1"),
    total: z.number().int(),
    hasMore: z.boolean().describe("Call again with part: current + 1"),
  }),
});

/** Most parts one input may render as (a guard on `part`, far above what budgets produce). */
export const MAX_PARTS = 1_000;

const partField = z.number().int().min(1).max(MAX_PARTS).optional().describe(
  "Part to render, from 1 (default 1); call again with part + 1 while parts.hasMore",
);

/** Turns a card module into a card tool. */
export function defineCard<S extends z.ZodObject>(spec: CardSpec<S>): CardDefinition {
  const splittable = spec.splittable ?? false;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input: splittable ? spec.input.extend({ part: partField }) : spec.input,
    output: CARD_OUTPUT_SCHEMA,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    visibility: ["model", "app"],
    meta: { ui: { resourceUri: TEMPLATE_URI }, "ui/resourceUri": TEMPLATE_URI },
    card: { kind: spec.kind, splittable },
    handler: async (args: Record<string, unknown>, ctx: ToolContext) => {
      const { part, ...fields } = args;
      const output = await spec.render((splittable ? fields : args) as z.output<S>, ctx);
      return await buildCardResult(output, {
        tool: spec.name,
        kind: spec.kind,
        splittable,
        part: typeof part === "number" ? part : undefined,
        config: ctx.config,
        store: ctx.store,
        apps: ctx.apps,
        newId: ctx.newId,
      });
    },
  };
}

/** True for a tool made by {@link defineCard}. */
export function isCard(tool: ToolDefinition): tool is CardDefinition {
  return "card" in tool;
}
