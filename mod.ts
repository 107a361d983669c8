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
 *
 * @example Add a card kind of your own
 * A card is a tool whose handler is `render`: `defineCard` turns a schema and a render function into
 * one, and `createServer({ cards })` offers it next to the built-in cards, with its own MCP Apps
 * template (`ui://mcp-chat-cards/template/quote.html`) made from its `view`: the widgets of a built
 * runtime (`[]`: none), built stylesheets, and CSS of its own. The template budget holds (64 KB raw,
 * 20 KB gzip), and a kind that is taken or over budget is refused when the server is created.
 * ```ts
 * import { z } from "zod";
 * import { createServer, defineCard, markup } from "./mod.ts";
 *
 * const quote = defineCard({
 *   name: "create_quote_card",
 *   kind: "quote",
 *   title: "Quote card",
 *   description: "Show a quotation with its source",
 *   input: z.object({
 *     title: z.string().describe("Card title"),
 *     text: z.string().describe("The quotation, plain text"),
 *     source: z.string().describe("Who said or wrote it"),
 *   }),
 *   view: { widgets: [], styles: [], css: ".mcc-quote footer{font-style:italic}" },
 *   render: ({ title, text, source }) => ({
 *     title,
 *     summary: `Quote card "${title}": "${text}" (${source})`,
 *     blocks: [markup`<blockquote class="mcc-quote"><p>${text}</p><footer>${source}</footer></blockquote>`],
 *   }),
 * });
 * const server = createServer({ cards: [quote] });
 * console.assert(server !== undefined);
 *
 * // The kind "table" is built in: a second one is refused when the server is created.
 * const table = defineCard({
 *   name: "create_table_card",
 *   kind: "table",
 *   title: "My table",
 *   description: "A table of my own",
 *   input: z.object({ title: z.string().describe("Card title") }),
 *   view: { widgets: [], styles: [] },
 *   render: ({ title }) => ({ title, summary: title, blocks: [] }),
 * });
 * let refusal = "";
 * try {
 *   createServer({ cards: [table] });
 * } catch (error) {
 *   refusal = (error as Error).message;
 * }
 * if (refusal !== 'Card kind "table" is taken by create_table_card: choose another kind') throw new Error(refusal);
 * ```
 * @module
 */
export { createServer } from "./src/mcp/library.ts";
export { INSTRUCTIONS, type ServerOptions } from "./src/mcp/server.ts";
export { type CardDefinition, type CardSpec, defineCard } from "./src/card.ts";
export { type Html, markup } from "./src/html/html.ts";
export { type Block, type ItemsBlock, itemsBlock, orderedListBlock } from "./src/output/budget.ts";
export type { CardOutput } from "./src/output/result.ts";
export type { KindUi } from "./src/ui/kinds.ts";
export { type Config, DEFAULT_CONFIG, parseConfig } from "./src/config.ts";
export { type CardStorage, CardStore, type StoredCard } from "./src/store/card_store.ts";
export { invalidInput, ToolError } from "./src/errors.ts";
export { SERVER_NAME, VERSION } from "./src/version.ts";
