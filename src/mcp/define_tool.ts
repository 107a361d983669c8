/**
 * The SDK-free shape of a tool: what every tool file exports and the registry lists. server.ts
 * alone turns these into SDK registrations.
 */
import type { z } from "zod";
import type { Config } from "../config.ts";
import type { CardStore } from "../output/store.ts";

/** What a handler knows about the server and the call besides its arguments. */
export interface ToolContext {
  config: Config;
  store: CardStore;
  /** The client declared the MCP Apps extension. */
  apps: boolean;
  /** Makes a card id. */
  newId: () => string;
}

/** MCP tool annotations (hints for hosts). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool, independent of the SDK. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  /** Extra `_meta` on the tool (the MCP Apps keys for cards). */
  meta?: Record<string, unknown>;
  /** Gets arguments already validated against `input`; throws ToolError to refuse. */
  handler: (args: Record<string, unknown>, ctx: ToolContext) => Promise<Record<string, unknown>>;
}

/** Declares a non-card tool, keeping the handler's argument type tied to its schema. */
export function defineTool<S extends z.ZodObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  meta?: Record<string, unknown>;
  handler: (args: z.output<S>, ctx: ToolContext) => Promise<Record<string, unknown>>;
}): ToolDefinition {
  return tool as unknown as ToolDefinition;
}
