/**
 * get_card: part k of a card already rendered, by the card's id, served from the stored render
 * (the model follows a split card's "for part 2, call get_card" line; the view gathers parts for
 * Download). From the view it also renders a card again from the tool name and arguments it saw,
 * when a host mounts the view but never delivers the tool result. Built from the card list it is
 * given, so it needs no import of the registry.
 */
import { z } from "zod";
import { CARD_OUTPUT_SCHEMA, type CardDefinition, partField } from "../card.ts";
import { invalidInput, issueText, type SchemaIssue, ToolError } from "../errors.ts";
import { partResult } from "../output/result.ts";
import { StoreUnavailableError } from "../store/card_store.ts";
import { plural } from "../render/summary.ts";
import { defineTool, type ToolContext, type ToolDefinition } from "../tool.ts";
import type { ToolView } from "../ui/kinds.ts";
import { PARTS_TEMPLATE, PULL_TOOL } from "../ui/shared/protocol.ts";

/** Longest id looked up: anything longer was never issued. */
const MAX_ID_CHARS = 128;

const input = z.object({
  id: z.string().max(MAX_ID_CHARS).optional().describe("The card's id, from its result"),
  part: partField,
  tool: z.string().max(64).optional().describe("For the card view only"),
  arguments: z.record(z.string(), z.unknown()).optional().describe("For the card view only"),
});

/**
 * get_card's template: the widgets and stylesheets of every kind that splits, so that any part
 * paints as its own kind does (a kind added to the registry brings its own).
 */
function partsView(cards: readonly CardDefinition[]): ToolView {
  const views = cards.filter((card) => card.card.splittable).map((card) => card.view);
  const union = (pick: (view: ToolView) => readonly string[]) => [...new Set(views.flatMap(pick))];
  return { kind: PARTS_TEMPLATE, widgets: union((v) => v.widgets), styles: union((v) => v.styles).sort() };
}

/** get_card over `cards`: the split ones are served by id (their template paints them). */
export function getCardTool(cards: readonly CardDefinition[]): ToolDefinition {
  const byName = new Map(cards.map((card) => [card.name, card]));
  const split = new Set(cards.filter((card) => card.card.splittable).map((card) => card.card.kind));
  return defineTool({
    name: PULL_TOOL,
    title: "Get a card part",
    description: "Part k of a split card already rendered, by its id.",
    input,
    output: CARD_OUTPUT_SCHEMA,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    view: partsView(cards),
    async handler({ id, part, tool, arguments: args }, ctx) {
      if (id !== undefined && tool === undefined && args === undefined) {
        return await storedPart(id, part ?? 1, split, ctx);
      }
      if (id === undefined && tool !== undefined && args !== undefined && part === undefined) {
        const card = byName.get(tool); // a Map: "__proto__" and friends are just unknown names
        if (!card) throw invalidInput("tool", `"${tool}" is not a card tool`);
        const parsed = card.input.safeParse(args, { error: (issue) => issueText(issue as SchemaIssue) });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalidInput(`arguments.${issue.path.join(".")}`, issue.message);
        }
        return await card.handler(parsed.data as Record<string, unknown>, ctx);
      }
      throw invalidInput(
        id === undefined ? "id" : "tool",
        "give id (and part), or tool and arguments",
        "Call get_card with the id the card's result gave and the part to show",
      );
    },
  });
}

/** Part `part` of stored card `id`, or the refusal that says why it cannot be shown. */
async function storedPart(id: string, part: number, split: ReadonlySet<string>, ctx: ToolContext) {
  const read = async (k: number) => {
    try {
      return await ctx.store.get(id, k);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      throw new ToolError(
        "internal",
        "The card store is unreachable right now",
        "Try again in a few seconds",
      );
    }
  };
  const shown = await read(part);
  const first = shown ?? (part > 1 ? await read(1) : undefined);
  if (!first) {
    throw new ToolError(
      "not_found",
      `Card ${JSON.stringify(id)} is not available: ${ctx.store.retention}`,
      "Call the card's tool again with the same input",
    );
  }
  if (!split.has(first.kind)) {
    throw invalidInput(
      "id",
      `${JSON.stringify(id)} is a ${first.kind.replaceAll("_", " ")} card, shown whole by its own result`,
      "get_card shows the parts of tables, documents and code tours",
    );
  }
  if (!shown) {
    throw invalidInput(
      "part",
      `card ${JSON.stringify(id)} has ${plural(first.total ?? 1, "part")}, got ${part}`,
      `Call get_card with part from 1 to ${first.total ?? 1}`,
    );
  }
  const text = `Card ${JSON.stringify(shown.title)}, shown from the stored render.`;
  return partResult(shown, text, { tool: shown.tool ?? PULL_TOOL, apps: ctx.apps, config: ctx.config });
}
