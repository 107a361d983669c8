/**
 * mcp-chat-cards: an MCP server that renders interactive HTML cards inline in chat clients.
 *
 * @example Serve the cards over an in-memory transport
 * ```ts
 * import { createServer, VERSION } from "./mod.ts";
 *
 * const server = createServer({ cardBudget: 32_000 });
 * console.assert(typeof VERSION === "string" && server !== undefined);
 * ```
 * @module
 */
export { createServer, INSTRUCTIONS, type ServerOptions } from "./src/mcp/server.ts";
export { type Config, DEFAULT_CONFIG, parseConfig } from "./src/config.ts";
export { type CardStorage, CardStore, type StoredCard } from "./src/output/store.ts";
export { ToolError } from "./src/errors.ts";
export { SERVER_NAME, VERSION } from "./src/version.ts";
