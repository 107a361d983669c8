/**
 * A tool as `tools/list` shows it: the compact JSON Schemas, the annotations, the `_meta`. Built
 * from the tool modules by scripts/gen_tools.ts into src/mcp/tools.gen.ts, so the server lists
 * every tool from data at start-up and loads a tool's module (its zod schemas, its renderers) only
 * on the tool's first call.
 */
import type { CardDefinition } from "../card.ts";
import { type ToolIcon, toolIcons } from "../icons.ts";
import type { ToolDefinition } from "../tool.ts";
import { toolInputSchema, toolOutputSchema } from "./input_schema.ts";

type Json = Record<string, unknown>;

/** The JSON Schema dialect the SDK asks schemas for (its JSON_SCHEMA_CONVERSION_TARGET). */
export const SCHEMA_TARGET = "draft-2020-12";

/** One entry of tools/list, as data. */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Json;
  outputSchema?: Json;
  annotations: ToolDefinition["annotations"];
  icons?: ToolIcon[];
  _meta?: Json;
}

type Hooks = { jsonSchema: { input(options: unknown): Json; output(options: unknown): Json } };

/** The listing of one tool, exactly what the SDK would list from its schemas. */
export function listTool(tool: ToolDefinition): ListedTool {
  const json = (schema: unknown, io: "input" | "output") =>
    (schema as { "~standard": Hooks })["~standard"].jsonSchema[io]({ target: SCHEMA_TARGET });
  const meta = toolMeta(tool);
  // A card's kind, read without loading card.ts: the server lists its own cards at start-up.
  const kind = "card" in tool ? (tool as CardDefinition).card.kind : undefined;
  const icons = toolIcons(tool.name, kind);
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { type: "object", ...json(toolInputSchema(tool.input), "input") },
    ...(tool.output ? { outputSchema: json(toolOutputSchema(tool.output), "output") } : {}),
    // The title is said once, at the top: hosts read it before annotations.title (spec 2025-06-18).
    annotations: tool.annotations,
    ...(icons ? { icons } : {}),
    ...(meta ? { _meta: meta } : {}),
  };
}

/** The tool's `_meta`: its own keys, plus `ui.visibility` when it is not the default (both). */
export function toolMeta(tool: ToolDefinition): Json | undefined {
  if (tool.visibility.includes("model") && tool.visibility.includes("app")) return tool.meta;
  const ui = (tool.meta?.ui ?? {}) as Json;
  return { ...tool.meta, ui: { ...ui, visibility: [...tool.visibility] } };
}
