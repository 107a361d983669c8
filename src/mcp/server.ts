/**
 * Builds the MCP server: the instructions, every tool of the registry, the card template and the
 * standalone card documents. The only place (with the transports) that touches the SDK.
 */
import {
  type CallToolResult,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { type Config, DEFAULT_CONFIG } from "../config.ts";
import { ToolError } from "../errors.ts";
import { toolIcons } from "../icons.ts";
import { log } from "../log.ts";
import { createFetcher, type Fetcher } from "../net/fetch.ts";
import { type CardStorage, CardStore, StoreUnavailableError } from "../output/store.ts";
import { type WebFormStorage, WebFormStore } from "../output/web_forms.ts";
import { isCard } from "../card.ts";
import { TOOLS } from "../registry.ts";
import type { ToolContext, ToolDefinition } from "../tool.ts";
import { APP_MIME_TYPE, APPS_EXTENSION_ID, CARD_URI_PREFIX, templateUri } from "../ui/shared/protocol.ts";
import { standaloneDocument } from "../ui/standalone.ts";
import { TEMPLATE_KINDS, templateHtml } from "../ui/template.ts";
import { SERVER_NAME, VERSION } from "../version.ts";
import { markOutput, toolInputSchema, toolOutputSchema } from "./input_schema.ts";

/** Options of {@link createServer}: any setting of the config, plus test seams. */
export interface ServerOptions extends Partial<Config> {
  /** Card store to use (HTTP gives one per session); a new in-memory one of 24 by default. */
  store?: CardStorage;
  /** Card id factory; random UUIDs by default. */
  newId?: () => string;
  /** Mirrored website forms (kept with the cards); a new in-memory one per server by default. */
  webForms?: WebFormStorage;
  /** Test seam: a fetcher made with `createFetcher(settings, seam)`. No setting reaches it. */
  fetcher?: Fetcher;
}

/** Server instructions: what the server is for and how to use cards (kept under 2 KB). */
export const INSTRUCTIONS =
  `Cards show instead of tell: tabs, tables, collapsible sections and numbered outlines rendered as interactive HTML inline in the chat.
Reach for a card in conversations about research, education, professional skills, hobbyist skills (woodworking, arts and the like), professional topics, history and news, or any subject, whenever a card communicates better than prose: comparisons, step-by-step outlines, data, alternatives side by side.
Always state the card's conclusion in your reply as well: some hosts show only the text summary.
Text fields are plain text and are escaped once: never pre-escape (write "A & B", not "A &amp; B"). Only fields named "html" accept markup, and it is sanitized.
A card too big for one result (a long table, document or code tour) comes in parts: while structuredContent.parts.hasMore is true, call the same tool again with the same input and part: current + 1.`;

/**
 * List TTLs for 2026-07-28 clients: the tools, the resource templates and the discovery answer
 * change only with the server's version, so any cache may keep them for an hour; the resource list
 * names the session's own cards and stays private and uncached (the SDK's default).
 */
const STABLE_FOR_AN_HOUR = { ttlMs: 3_600_000, cacheScope: "public" } as const;

/** Elements (values, array items, object keys) one tool call may carry: a guard against floods. */
const MAX_INPUT_ELEMENTS = 1_000_000;

const CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";

type Capabilities = { extensions?: Record<string, { mimeTypes?: string[] } | undefined> } | undefined;

function declaresApps(capabilities: Capabilities): boolean {
  return capabilities?.extensions?.[APPS_EXTENSION_ID]?.mimeTypes?.includes(APP_MIME_TYPE) ?? false;
}

/** Creates a server with every card and tool registered; connect it to any transport. */
export function createServer(options: ServerOptions = {}): McpServer {
  const {
    store = new CardStore(),
    newId = () => crypto.randomUUID(),
    webForms = new WebFormStore(),
    fetcher: injected,
    ...settings
  } = options;
  const config: Config = { ...DEFAULT_CONFIG, ...settings };
  const fetcher = injected ?? createFetcher({ allowPrivate: config.allowPrivate });
  const server = new McpServer(
    { name: SERVER_NAME, version: VERSION },
    {
      instructions: INSTRUCTIONS,
      maxToolInputElements: MAX_INPUT_ELEMENTS,
      cacheHints: {
        "tools/list": STABLE_FOR_AN_HOUR,
        "resources/templates/list": STABLE_FOR_AN_HOUR,
        "server/discover": STABLE_FOR_AN_HOUR,
      },
    },
  );

  // Per request (2026 revision) the capabilities ride in the envelope; per session otherwise.
  const isAppsClient = (ctx: ServerContext) =>
    declaresApps(ctx.mcpReq.envelope?.[CAPABILITIES_META_KEY as never] as Capabilities) ||
    declaresApps(server.server.getClientCapabilities() as Capabilities);

  for (const tool of TOOLS) {
    registerTool(server, tool, (ctx) => ({
      config,
      store,
      newId,
      apps: isAppsClient(ctx),
      progress: progressReporter(ctx),
      fetcher,
      webForms,
      client: clientFacts(ctx),
    }));
  }
  registerResources(server, store, config.mediaOrigins);
  return server;

  function clientFacts(ctx: ServerContext): ToolContext["client"] {
    const envelope = ctx.mcpReq.envelope as
      | { clientInfo?: { name?: string; version?: string }; protocolVersion?: string }
      | undefined;
    const info = envelope?.clientInfo ?? server.server.getClientVersion();
    return {
      name: info?.name,
      version: info?.version,
      protocolVersion: envelope?.protocolVersion ?? server.server.getNegotiatedProtocolVersion(),
      capabilities: (ctx.mcpReq.envelope?.[CAPABILITIES_META_KEY as never] ??
        server.server.getClientCapabilities()) as Record<string, unknown> | undefined,
    };
  }
}

function registerTool(
  server: McpServer,
  tool: ToolDefinition,
  context: (ctx: ServerContext) => ToolContext,
): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: toolInputSchema(tool.input),
      outputSchema: tool.output && toolOutputSchema(tool.output),
      annotations: { title: tool.title, ...tool.annotations },
      icons: toolIcons(tool.name, isCard(tool) ? tool.card.kind : undefined),
      _meta: toolMeta(tool),
    },
    async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
      // Bidi controls are marked on the way out as on the way in: files, archives and fetched
      // pages carry them into cards, summaries and refusals.
      try {
        return markOutput(await tool.handler(args, context(ctx)) as CallToolResult);
      } catch (error) {
        return markOutput(errorResult(tool.name, error));
      }
    },
  );
}

/** The tool's `_meta`: its own keys, plus `ui.visibility` when it is not the default (both). */
function toolMeta(tool: ToolDefinition): Record<string, unknown> | undefined {
  if (tool.visibility.includes("model") && tool.visibility.includes("app")) return tool.meta;
  const ui = (tool.meta?.ui ?? {}) as Record<string, unknown>;
  return { ...tool.meta, ui: { ...ui, visibility: [...tool.visibility] } };
}

/** MCP progress notifications for the call, when the client asked for them with a token. */
function progressReporter(ctx: ServerContext): ToolContext["progress"] {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return () => Promise.resolve();
  return (progress, total, message) =>
    ctx.mcpReq.notify({
      method: "notifications/progress",
      params: { progressToken: token, progress, total, message },
    }).catch(() => {}); // a client that went away is not the tool's failure
}

/** A refusal the model can read; unexpected errors are logged and reported without internals. */
function errorResult(toolName: string, error: unknown): CallToolResult {
  if (error instanceof ToolError) {
    return { content: [{ type: "text" as const, text: error.toText() }], isError: true };
  }
  if (error instanceof Error && error.name === "NotCapable") {
    // Deno's permission fence said no: the user's configuration, not the model's input, must change.
    const text = `${toolName} was refused by the server's Deno permissions: ${error.message}\n` +
      "Ask the user to start the server with the permission flags the README gives";
    return { content: [{ type: "text" as const, text }], isError: true };
  }
  log(`${toolName} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  const text = `Internal error in ${toolName}: ${error instanceof Error ? error.message : "unknown error"}`;
  return { content: [{ type: "text" as const, text }], isError: true };
}

function registerResources(server: McpServer, store: CardStorage, mediaOrigins: readonly string[]): void {
  // Nothing external but the media origins video cards may play from (MCP_CHAT_CARDS_MEDIA_ORIGINS),
  // in the spec's key and in ChatGPT's own. `data:` is declared too: the spec's default allows it for
  // images and media, but hosts that build the policy from the declared lists alone (the official
  // Inspector) otherwise block data: clips, captions and posters.
  const uiMeta = {
    ui: { csp: { resourceDomains: ["data:", ...mediaOrigins] }, prefersBorder: false },
    "openai/widgetCSP": { connect_domains: [], resource_domains: [...mediaOrigins] },
  };
  for (const kind of TEMPLATE_KINDS) {
    server.registerResource(
      `card-template-${kind}`,
      templateUri(kind),
      {
        title: `Card template: ${kind.replaceAll("_", " ")}`,
        description: `MCP Apps view that paints the results of tools showing a ${
          kind.replaceAll("_", " ")
        } card`,
        mimeType: APP_MIME_TYPE,
        _meta: uiMeta,
        cacheHint: STABLE_FOR_AN_HOUR, // a template changes only with the server's version
      },
      (uri: URL) => ({
        contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: templateHtml(kind), _meta: uiMeta }],
      }),
    );
  }
  server.registerResource(
    "card-document",
    new ResourceTemplate(`${CARD_URI_PREFIX}{id}`, {
      list: async () => {
        // While the store is unreachable the listing holds no cards: hosts list resources on
        // connect, and the template must stay listed (the outage is logged once by the store).
        const cards = await store.list().catch((error) => {
          if (error instanceof StoreUnavailableError) return [];
          throw error;
        });
        return {
          resources: cards.map(({ id, title }) => ({
            uri: CARD_URI_PREFIX + id,
            name: markOutput(title),
            mimeType: "text/html",
          })),
        };
      },
    }),
    {
      title: "Card document",
      description: "A rendered card as a standalone HTML document (the last 24 cards are kept)",
      mimeType: "text/html",
    },
    async (uri: URL, variables: Record<string, string | string[]>) => {
      const id = String(variables.id);
      const card = await readStore(() => store.get(id), `Card "${id}" cannot be read right now`, uri.href);
      if (!card) {
        throw new ResourceNotFoundError(
          uri.href,
          `Card "${id}" is not available: ${store.retention}; render it again`,
        );
      }
      const text = standaloneDocument(markOutput(card)); // stored as rendered: marked like the result was
      return { contents: [{ uri: uri.href, mimeType: "text/html", text }] };
    },
  );
}

/** Seconds a client should wait before retrying a read the store could not answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A store read, or the retryable error clients see while the store is unreachable (Redis down):
 * JSON-RPC internal error with `data.retryable` and the seconds to wait.
 */
async function readStore<T>(read: () => Promise<T>, what: string, uri: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `${what}: the card store is unreachable; retry in a few seconds`,
      { uri, retryable: true, retryAfterSeconds: RETRY_AFTER_SECONDS },
    );
  }
}
