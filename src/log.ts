/**
 * The one logger. stdout belongs to JSON-RPC in stdio mode, so every line goes to stderr.
 */
const encoder = new TextEncoder();

/** Writes one line to stderr, prefixed with the server name. */
export function log(message: string): void {
  const line = encoder.encode(`[mcp-chat-cards] ${message}\n`);
  // deno-lint-ignore no-explicit-any
  const g = globalThis as any;
  if (g.Deno?.stderr) g.Deno.stderr.writeSync(line);
  else g.process?.stderr?.write(line);
}
