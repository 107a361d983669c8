/**
 * The stdio transport: one server on stdin/stdout for the life of the process.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

/** Connects a server to stdin/stdout and resolves once it is listening. */
export async function serveStdio(build: () => McpServer): Promise<void> {
  await build().connect(new StdioServerTransport());
}
