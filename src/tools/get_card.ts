/**
 * get_card: for the card view only (visibility ["app"], hidden from the model). When a host
 * mounts the view but never delivers the tool result, the view calls this with the tool name and
 * arguments it saw (hostContext.toolInfo, ui/notifications/tool-input) and paints the card again.
 * Built from the card list it is given, so it needs no import of the registry.
 */
import { z } from "zod";
import { CARD_OUTPUT_SCHEMA, type CardDefinition } from "../card.ts";
import { invalidInput, issueText, type SchemaIssue } from "../errors.ts";
import { defineTool, type ToolDefinition } from "../tool.ts";
import { PULL_TOOL } from "../ui/shared/protocol.ts";

/** The pull tool over `cards`. */
export function getCardTool(cards: readonly CardDefinition[]): ToolDefinition {
  const byName = new Map(cards.map((card) => [card.name, card]));
  return defineTool({
    name: PULL_TOOL,
    title: "Get card (card view only)",
    description:
      "Used by the card view when its tool result never arrived: renders the card again from the card tool's name and arguments. Not for the model.",
    input: z.object({
      tool: z.string().max(64).describe("Name of the card tool that was called, e.g. create_table_card"),
      arguments: z.record(z.string(), z.json()).describe("The arguments that tool was called with"),
    }),
    output: CARD_OUTPUT_SCHEMA,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    visibility: ["app"],
    async handler({ tool, arguments: args }, ctx) {
      const card = byName.get(tool); // a Map: "__proto__" and friends are just unknown names
      if (!card) throw invalidInput("tool", `"${tool}" is not a card tool`);
      const parsed = card.input.safeParse(args, { error: (issue) => issueText(issue as SchemaIssue) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidInput(`arguments.${issue.path.join(".")}`, issue.message);
      }
      return await card.handler(parsed.data as Record<string, unknown>, ctx);
    },
  });
}
