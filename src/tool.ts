/**
 * The SDK-free vocabulary of tools: what every tool file exports and the registry lists. Only
 * src/mcp/ turns these into SDK registrations, so a tool never sees the SDK.
 */
import type { z } from "zod";
import type { Config } from "./config.ts";
import type { Fetcher } from "./net/fetch.ts";
import type { CardStorage } from "./store/card_store.ts";
import type { WebFormStorage } from "./store/web_forms.ts";
import type { ToolView } from "./ui/kinds.ts";
import { templateUri } from "./ui/shared/protocol.ts";

/** What a handler knows about the server and the call besides its arguments. */
export interface ToolContext {
  config: Config;
  store: CardStorage;
  /** The client declared the MCP Apps extension. */
  apps: boolean;
  /** Makes a card id. */
  newId: () => string;
  /**
   * Reports progress on a long call (MCP progress notifications); a no-op when the client sent
   * no progress token.
   */
  progress: (progress: number, total?: number, message?: string) => Promise<void>;
  /** The one way out to the network (src/net/fetch.ts): checked addresses, caps, deadline. */
  fetcher: Fetcher;
  /** Website forms mirrored in this session, for submit_web_form. */
  webForms: WebFormStorage;
  /** What the client told the server about itself (the host check card reports it). */
  client?: ClientFacts;
}

/** The client as the server saw it: per request (2026-07-28) or from initialize. */
export interface ClientFacts {
  name?: string;
  version?: string;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
}

/** MCP tool annotations: hints hosts use to decide on confirmations. Every tool states all four. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Who may call a tool (MCP Apps `_meta.ui.visibility`): the model, the card view, or both. */
export type Visibility = readonly ("model" | "app")[];

/** What a tool returns: MCP content, and structured content when it declares an output schema. */
export interface ToolResult {
  [key: string]: unknown;
  content: unknown[];
  structuredContent?: Record<string, unknown>;
}

/** A tool, independent of the SDK. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  /** Default `["model", "app"]`; `["app"]` hides the tool from the model. */
  visibility: Visibility;
  /** Extra `_meta` on the tool (the MCP Apps template link comes from `view`). */
  meta?: Record<string, unknown>;
  /**
   * The template the tool's results paint in (src/ui/kinds.ts): the kind and the widgets and
   * stylesheets it carries. Cards have one; a tool that shows none leaves it out.
   */
  view?: ToolView;
  /** Gets arguments already validated against `input`; throws ToolError to refuse. */
  handler: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolResult>;
}

/** A tool file's declaration; the handler's argument type follows its schema. */
export interface ToolSpec<S extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  visibility?: Visibility;
  meta?: Record<string, unknown>;
  view?: ToolView;
  handler: (args: z.output<S>, ctx: ToolContext) => Promise<ToolResult>;
}

/** The `_meta` linking a tool to its kind's template (MCP Apps, and the legacy flat key). */
export function templateMeta(kind: string): Record<string, unknown> {
  return { ui: { resourceUri: templateUri(kind) }, "ui/resourceUri": templateUri(kind) };
}

/** Declares a tool that is not a card; a `view` links it to its kind's template. */
export function defineTool<S extends z.ZodObject>(tool: ToolSpec<S>): ToolDefinition {
  const meta = tool.view ? { ...templateMeta(tool.view.kind), ...tool.meta } : tool.meta;
  return { visibility: ["model", "app"], ...tool, ...(meta && { meta }) } as unknown as ToolDefinition;
}
