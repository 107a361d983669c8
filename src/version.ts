/** The server's version: one constant, kept equal to deno.json and package.json by a test. */
export const VERSION = "0.1.0";

/** The server's name as announced in `initialize`. */
export const SERVER_NAME = "mcp-chat-cards";
