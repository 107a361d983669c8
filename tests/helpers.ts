/**
 * Shared test helpers: a real MCP client connected to a real server over the SDK's in-memory
 * transport, as an MCP Apps host or as a plain client.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createServer, type ServerOptions } from "../mod.ts";
import { type Config, ConfigError, parseConfig } from "../src/config.ts";
import { assertSafeBind } from "../src/http/guard.ts";
import { assertEmbedRoom } from "../src/output/result.ts";
import { templateUri } from "../src/ui/shared/protocol.ts";
import { TEMPLATE_KINDS } from "../src/ui/template.ts";

/** Every card kind's template URI, in the order resources/list gives them. */
export const TEMPLATE_URIS: readonly string[] = TEMPLATE_KINDS.map(templateUri);

/** What an MCP Apps host declares in `initialize`. */
export const APPS_CAPABILITIES = {
  extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
};

/** Connects a client to a fresh server; ids count card-1, card-2, ... unless options say otherwise. */
export async function connect(
  { apps = true, protocol, clientCapabilities, ...options }: ServerOptions & {
    apps?: boolean;
    /** Capabilities to declare instead of the ones `apps` chooses. */
    clientCapabilities?: Record<string, unknown>;
    /** Pin a protocol revision (e.g. "2026-07-28", where capabilities ride on every request). */
    protocol?: string;
  } = {},
): Promise<Client & AsyncDisposable> {
  let n = 0;
  const server = createServer({ newId: () => `card-${++n}`, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client(
    { name: "test-host", version: "1.0.0" },
    {
      capabilities: clientCapabilities ?? (apps ? APPS_CAPABILITIES : {}),
      ...(protocol ? { versionNegotiation: { mode: { pin: protocol } } } : {}),
    } as never,
  );
  await client.connect(clientSide);
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

/** The first text block of a result. */
export function textOf(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string }[];
  return content.find((c) => c.type === "text")?.text ?? "";
}

/** A configuration parsed and past the start-up checks src/main.ts runs after parsing. */
export function startable(args: string[], env: Record<string, string> = {}): Config {
  const config = parseConfig(args, env);
  assertSafeBind(config);
  assertEmbedRoom(config);
  return config;
}

/**
 * The message a configuration is refused with, by parsing and by the start-up checks src/main.ts
 * runs after it (fails the test when it is accepted).
 */
export function configRefusal(args: string[], env: Record<string, string> = {}): string {
  try {
    startable(args, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${args.join(" ")}`);
}
