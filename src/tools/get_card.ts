/**
 * get_card: for the card view only (visibility ["app"], hidden from the model). When a host
 * mounts the view but never delivers the tool result, the view calls this with the tool name and
 * arguments it saw (hostContext.toolInfo, ui/notifications/tool-input) and paints the card again.
 */
import { z } from "zod";
import { invalidInput } from "../errors.ts";
import { CARD_OUTPUT_SCHEMA, CARD_TOOL_META } from "../mcp/define_card.ts";
import { defineTool } from "../mcp/define_tool.ts";

export default defineTool({
  name: "get_card",
  title: "Get card (card view only)",
  description:
    "Used by the card view when its tool result never arrived: renders the card again from the card tool's name and arguments. Not for the model.",
  input: z.object({
    tool: z.string().max(64).describe("Name of the card tool that was called, e.g. create_table_card"),
    arguments: z.record(z.string(), z.json()).describe("The arguments that tool was called with"),
  }),
  output: CARD_OUTPUT_SCHEMA,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  meta: { ui: { visibility: ["app"] } },
  async handler({ tool, arguments: args }, ctx) {
    // Imported on use: the registry lists this tool, so a static import would be circular.
    const { TOOLS } = await import("../mcp/registry.ts");
    const card = TOOLS.find((t) => t.name === tool && t.meta === CARD_TOOL_META);
    if (!card) throw invalidInput("tool", `"${tool}" is not a card tool`);
    const parsed = card.input.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidInput(`arguments.${issue.path.join(".")}`, issue.message);
    }
    return await card.handler(parsed.data as Record<string, unknown>, ctx);
  },
});
