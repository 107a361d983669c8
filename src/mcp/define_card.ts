/**
 * A card is a tool whose handler is render: this turns a card module (schema, description,
 * render) into a ToolDefinition with the shared output schema, annotations and MCP Apps `_meta`.
 */
import { z } from "zod";
import type { CardOutput } from "../output/result.ts";
import { buildCardResult } from "../output/result.ts";
import { TEMPLATE_URI } from "../ui/template.ts";
import type { ToolContext, ToolDefinition } from "./define_tool.ts";

/** A card module, as each file under src/cards/ declares it. */
export interface CardModule<S extends z.ZodObject> {
  /** Tool name, e.g. `create_table_card`. */
  name: string;
  /** Card kind, e.g. `table`; set on the article as data-mcc-kind. */
  kind: string;
  title: string;
  description: string;
  input: S;
  /** Cards that return several blocks and may be split into parts (input has `part`). */
  splittable?: boolean;
  render: (input: z.output<S>) => CardOutput | Promise<CardOutput>;
}

/** The structured result every card tool declares. */
export const CARD_OUTPUT_SCHEMA = z.object({
  card: z.object({
    articleHtml: z.string().describe("The card's HTML article, painted by the card template"),
    config: z.object({
      id: z.string().describe("Card id; the standalone document is ui://mcp-chat-cards/html/<id>"),
      kind: z.string().describe("Card kind"),
      title: z.string().describe("Rendered title"),
      tool: z.string().describe("Tool that rendered the card"),
    }),
  }),
  parts: z.object({
    current: z.number().int().describe("This part, from 1"),
    total: z.number().int().describe("How many parts the input renders as"),
    hasMore: z.boolean().describe("True while parts remain: call again with part: current + 1"),
  }),
});

/** `_meta` linking a tool to the card template (the spec key and the legacy flat key). */
export const CARD_TOOL_META = {
  ui: { resourceUri: TEMPLATE_URI },
  "ui/resourceUri": TEMPLATE_URI,
} as const;

/** Turns a card module into a tool. */
export function defineCard<S extends z.ZodObject>(card: CardModule<S>): ToolDefinition {
  return {
    name: card.name,
    title: card.title,
    description: card.description,
    input: card.input,
    output: CARD_OUTPUT_SCHEMA,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    meta: CARD_TOOL_META,
    handler: async (args: Record<string, unknown>, ctx: ToolContext) => {
      const output = await card.render(args as z.output<S>);
      return buildCardResult(output, {
        tool: card.name,
        kind: card.kind,
        splittable: card.splittable ?? false,
        part: typeof args.part === "number" ? args.part : undefined,
        config: ctx.config,
        store: ctx.store,
        apps: ctx.apps,
        newId: ctx.newId,
      });
    },
  };
}
