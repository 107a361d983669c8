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
   * is a card that needs neither. defineCard adds `terms` and `parts` from `tutorAndActions` and
   * `splittable`.
   */
  view: Omit<KindUi, "terms" | "parts">;
  /** Returns blocks the output stage may pack into several parts (the input gains `part`). */
  splittable?: boolean;
  /**
   * The card shows text the model wrote: the input gains the shared `extras` (tutor tips and
   * context-menu prompts), which the frame carries to the runtime; render never sees them.
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

/**
 * The structured result every card tool declares: its outline only. Hosts that gate
 * `structuredContent` on a declared schema keep it, the SDK's client validates against it, and
 * the bytes every conversation pays for stay few (the shape is typed in full by CardResult).
 */
export const CARD_OUTPUT_SCHEMA = z.object({
  card: z.looseObject({}),
  parts: z.looseObject({}),
});

/** Most parts one input may render as (a guard on `part`, far above what budgets produce). */
export const MAX_PARTS = 1_000;

/**
 * At most `max` items (or a number within bounds), refused in the guard's own words ("10,001 items, the
 * limit is 10,000 items") but left out of the JSON Schema every conversation reads: the refusal names
 * the limit, and no caller meets it by accident.
 */
export function unadvertised<T extends z.ZodType>(schema: T, max: number, min?: number) {
  return schema.superRefine((value, ctx) => {
    const size = Array.isArray(value) ? value.length : value as number;
    const origin = Array.isArray(value) ? "array" : "number";
    if (size > max) ctx.addIssue({ code: "too_big", origin, maximum: max, inclusive: true, input: value });
    if (min !== undefined && size < min) {
      ctx.addIssue({ code: "too_small", origin, minimum: min, inclusive: true, input: value });
    }
  });
}

/** Which part of a split card to show; the first by default. */
export const partField = unadvertised(z.number().int(), MAX_PARTS, 1).optional().describe("Part");

/** Most tutor tips and context-menu items one card carries. */
export const MAX_TUTOR_TERMS = 40;
export const MAX_ACTIONS = 8;

/** A `{name: text}` record of at most `max` entries. */
function pairs(max: number, nameChars: number, textChars: number, what: string) {
  return z.record(z.string().max(nameChars), z.string().max(textChars))
    .refine((entries) => Object.keys(entries).length <= max, { error: `at most ${max} ${what}` });
}

/**
 * The optional reader aids every card that shows text takes (`tutorAndActions`), behind one field so
 * their schema costs every such tool little in tools/list (the server instructions explain them
 * once, and the schema hosts see is the outline: an object, its shape in the description; the
 * guard checks the detail): tips mark terms with an explanation, menu items send a prompt about
 * the selected text. Blank entries are dropped.
 */
const extrasField = z.looseObject({}).pipe(z.strictObject({
  tips: pairs(MAX_TUTOR_TERMS, 80, 600, "tips").optional(),
  menu: pairs(MAX_ACTIONS, 60, 2_000, "menu items").optional(),
})).optional().describe("{tips:{term:tip},menu:{label:prompt}}");

/** The frame attributes that carry tutor terms and context actions to the runtime. */
function frameData(args: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  const extras = args.extras as { tips?: Record<string, string>; menu?: Record<string, string> } | undefined;
  const filled = ([name, text]: [string, string]) => name.trim() !== "" && text.trim() !== "";
  // A term in lowercase matches any case ("recursion" marks "Recursion"); any capital makes it exact.
  const terms = Object.entries(extras?.tips ?? {}).filter(filled).map(([term, tip]) =>
    term === term.toLowerCase() && term !== term.toUpperCase()
      ? { term, tip, caseInsensitive: true }
      : { term, tip }
  );
  if (terms.length) data.tutor = JSON.stringify({ terms });
  const actions = Object.entries(extras?.menu ?? {}).filter(filled).map(([label, prompt]) => ({
    label,
    prompt,
  }));
  if (actions.length) data.actions = JSON.stringify(actions);
  return data;
}

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
  if (spec.tutorAndActions) input = input.extend({ extras: extrasField });
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
    // Tutor terms for the kinds that take them, whole-card download for the kinds that split.
    view: {
      kind: spec.kind,
      ...spec.view,
      ...(spec.tutorAndActions && { terms: true }),
      ...(splittable && { parts: true }),
    },
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
