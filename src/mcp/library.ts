/**
 * createServer as the library (mod.ts) offers it: the cards of your own are checked, and their
 * templates made, before the server is, so a view no built runtime carries or a template over
 * budget throws here, naming the kind. The stdio and HTTP start-up use src/mcp/server.ts directly,
 * which loads the templates only when a host first reads one.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { addKindTemplate } from "../ui/template.ts";
import { checkOwnCards, createServer as createBaseServer, type ServerOptions } from "./server.ts";

/** Creates a server with every card and tool registered, and `cards` of your own after them. */
export function createServer(options: ServerOptions = {}): McpServer {
  for (const card of checkOwnCards(options.cards ?? [])) addKindTemplate(card.card.kind, card.view);
  return createBaseServer(options);
}
