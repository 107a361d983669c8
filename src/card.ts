/**
 * A card is a tool whose handler is render: this turns a card module (schema, description,
 * render) into a card definition, a tool that also keeps its kind and whether it splits, with the
 * shared output schema, annotations and MCP Apps `_meta`.
 */
import { z } from "zod";
import { buildCardResult, type CardOutput } from "./output/result.ts";
import { templateMeta, type ToolContext, type ToolDefinition } from "./tool.ts";
import type { KindUi, ToolView } from "./ui/kinds.ts";

/** A card module, as each file under src/cards/ declares it. */
export interface CardSpec<S extends z.ZodObject> {
  /** Tool name: `create_<kind>_card`, e.g. `create_table_card` (defineCard refuses any other). */
  name: string;
  /**
   * Card kind, e.g. `table`: lower-case words joined by `_`. The article's data-mcc-kind, the
   * template `ui://mcp-chat-cards/template/<kind>.html` and the goldens folder tests/cards/<kind>/.
   */
  kind: string;
  title: string;
  description: string;
  /** The card's own fields; a splittable card gets `part` added here. */
  input: S;
  /**
   * What the kind's template carries besides what every template has (src/ui/kinds.ts): widgets
   * under src/ui/runtime/widgets/ and stylesheets under src/ui/styles/. `{ widgets: [], styles: [] }`
   * is a card that needs neither.
   */
  view: KindUi;
  /** Returns blocks the output stage may pack into several parts (the input gains `part`). */
  splittable?: boolean;
  /**
   * The input gains `tutor` (terms the view marks with a tip) and `actions` (right-click menu items
   * that send a prompt), for cards that show text the model wrote. The frame carries both to the
   * runtime; render never sees them.
   */
  tutorAndActions?: boolean;
  /** `ctx` gives cards that read local files the configured root and progress reporting. */
  render: (input: z.output<S>, ctx: ToolContext) => CardOutput | Promise<CardOutput>;
}

/** A card tool: a tool plus the facts the registry, get_card, goldens and the gallery read. */
export interface CardDefinition extends ToolDefinition {
  card: { kind: string; splittable: boolean };
  view: ToolView;
}

/** Card kinds: lower-case words joined by `_` (a folder name, a CSS hook and part of a URI alike). */
const KIND = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** The one tool name a kind's card has. */
export const cardToolName = (kind: string): string => `create_${kind}_card`;

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

/** The frame attributes that carry tutor terms and context actions to the runtime. */
function frameData(args: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  // Blank entries are dropped here, so the schema needs no rule for them.
  const filled = (...texts: string[]) => texts.every((t) => t.trim() !== "");
  const tutor = args.tutor as { terms: { term: string; tip: string }[] } | undefined;
  const terms = tutor?.terms.filter((t) => filled(t.term, t.tip)) ?? [];
  if (terms.length) data.tutor = JSON.stringify({ terms });
  const actions = ((args.actions ?? []) as { label: string; prompt: string }[]).filter((a) =>
    filled(a.label, a.prompt)
  );
  if (actions.length) data.actions = JSON.stringify(actions);
  return data;
}

/** Most tutor terms and context actions one card carries. */
export const MAX_TUTOR_TERMS = 40;
export const MAX_ACTIONS = 8;

/**
 * The inputs every card that shows text takes (`tutorAndActions`). Terse on purpose: every tool that
 * takes them pays for their schema in tools/list. Blank terms, tips and actions are ignored by the runtime.
 */
const interactionFields = {
  tutor: z.object({
    terms: z.array(z.object({
      term: z.string().max(80),
      tip: z.string().max(600),
      caseInsensitive: z.boolean().optional(),
    })).min(1).max(MAX_TUTOR_TERMS),
  }).optional().describe("Terms to mark with a tip"),
  actions: z.array(z.object({
    label: z.string().max(60),
    prompt: z.string().max(2_000),
  })).max(MAX_ACTIONS).optional().describe(
    "Right-click menu items sending prompt; {{selection}} = selected text",
  ),
};

/** Turns a card module into a card tool. */
export function defineCard<S extends z.ZodObject>(spec: CardSpec<S>): CardDefinition {
  if (!KIND.test(spec.kind)) {
    throw new Error(`Card kind "${spec.kind}" must be lower-case words joined by "_", like "code_tour"`);
  }
  if (spec.name !== cardToolName(spec.kind)) {
    throw new Error(
      `The ${spec.kind} card's tool must be named "${cardToolName(spec.kind)}", not "${spec.name}"`,
    );
  }
  const splittable = spec.splittable ?? false;
  let input: z.ZodObject = spec.input;
  if (splittable) input = input.extend({ part: partField });
  if (spec.tutorAndActions) input = input.extend(interactionFields);
  // The inputs added here are taken off again before render: the card never sees them.
  const added = new Set(Object.keys(input.shape).filter((key) => !(key in spec.input.shape)));
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input,
    output: CARD_OUTPUT_SCHEMA,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    visibility: ["model", "app"],
    meta: templateMeta(spec.kind),
    view: { kind: spec.kind, ...spec.view },
    card: { kind: spec.kind, splittable },
    handler: async (args: Record<string, unknown>, ctx: ToolContext) => {
      const fields = Object.fromEntries(Object.entries(args).filter(([key]) => !added.has(key)));
      const output = await spec.render(fields as z.output<S>, ctx);
      const part = args.part;
      return await buildCardResult(output, {
        tool: spec.name,
        kind: spec.kind,
        splittable,
        part: typeof part === "number" ? part : undefined,
        config: ctx.config,
        store: ctx.store,
        apps: ctx.apps,
        newId: ctx.newId,
        frameData: frameData(args),
      });
    },
  };
}

/** True for a tool made by {@link defineCard}. */
export function isCard(tool: ToolDefinition): tool is CardDefinition {
  return "card" in tool;
}
