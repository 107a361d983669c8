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
  type StandardSchemaWithJSON,
} from "@modelcontextprotocol/server";
import type { CardDefinition } from "../card.ts";
import { type Config, DEFAULT_CONFIG } from "../config.ts";
import { either, ToolError } from "../errors.ts";
import { log } from "../log.ts";
import type { Fetcher } from "../net/fetch.ts";
import { type CardStorage, CardStore, StoreUnavailableError } from "../store/card_store.ts";
import { type WebFormStorage, WebFormStore } from "../store/web_forms.ts";
import type { ToolContext, ToolDefinition } from "../tool.ts";
import type { ToolView } from "../ui/kinds.ts";
import {
  APP_MIME_TYPE,
  APPS_EXTENSION_ID,
  CARD_URI_PREFIX,
  PARTS_TEMPLATE,
  PULL_TOOL,
  templateUri,
} from "../ui/shared/protocol.ts";
import { SERVER_NAME, VERSION } from "../version.ts";
import { markOutput, toolInputSchema, toolOutputSchema } from "./input_schema.ts";
import { type ListedTool, listTool } from "./tool_listing.ts";
import { LISTED, LOADERS } from "./tools.gen.ts";

/** Options of {@link createServer}: any setting of the config, your own card kinds, and test seams. */
export interface ServerOptions extends Partial<Config> {
  /**
   * Card kinds of your own, made with `defineCard`, offered after the built-in cards. Each kind's
   * template is made from its `view` when the server is created (see `addKindTemplate`): a kind
   * name already taken, widgets no built runtime carries or a template over budget throw then.
   */
  cards?: readonly CardDefinition[];
  /** Card store to use (HTTP gives one per session); a new in-memory one of 24 by default. */
  store?: CardStorage;
  /** Card id factory; random UUIDs by default. */
  newId?: () => string;
  /** Mirrored website forms (kept with the cards); a new in-memory one per server by default. */
  webForms?: WebFormStorage;
  /** Test seam: a fetcher made with `createFetcher(settings, seam)`. No setting reaches it. */
  fetcher?: Fetcher;
}

/** A card as the instructions name it: its title, and whether it comes in parts. */
export interface InstructedCard {
  readonly title: string;
  readonly splittable: boolean;
}

/**
 * Server instructions for a server offering `cards` (kept under 2 KB): what the server is for and
 * how to use cards. The cards that split are named from the tools, so the text cannot fall
 * behind them.
 */
export function instructionsFor(cards: readonly InstructedCard[]): string {
  const splitting = cards.filter((c) => c.splittable).map((c) => c.title.replace(/ card$/, "").toLowerCase());
  return [
    "Cards show instead of tell: tabs, tables, collapsible sections and numbered outlines rendered as interactive HTML inline in the chat.",
    "Reach for a card in conversations about research, education, professional skills, hobbyist skills (woodworking, arts and the like), professional topics, history and news, or any subject, whenever a card communicates better than prose: comparisons, step-by-step outlines, data, alternatives side by side.",
    "Always state the card's conclusion in your reply as well: some hosts show only the text summary.",
    'Text fields are plain text and are escaped once: never pre-escape (write "A & B", not "A &amp; B"). Only fields named "html" accept markup, and it is sanitized.',
    ...(splitting.length
      ? [
        `A card too big for one result (a long ${
          either(splitting)
        }) comes in parts: its result ends with the get_card call that shows the next one.`,
      ]
      : []),
    'Cards that show text take optional extras: {"tips": {term: tip}} marks each term with its tip (a term in lowercase matches any case); {"menu": {label: prompt}} adds right-click items that send the prompt, with {{selection}} standing for the selected text.',
  ].join("\n");
}

/** A card tool's name (src/card.ts, `cardToolName`). */
const CARD_TOOL = /^create_\w+_card$/;

/**
 * The built-in cards as the instructions name them, read from the listing (a card tool that splits
 * takes `part`), so the registry's modules stay unloaded until a tool is called.
 */
const LISTED_CARDS: readonly InstructedCard[] = LISTED.filter((tool) => CARD_TOOL.test(tool.name))
  .map(
    (tool) => ({
      title: tool.title,
      splittable: Object.hasOwn((tool.inputSchema.properties ?? {}) as object, "part"),
    }),
  );

/** The instructions of a server with the built-in cards. */
export const INSTRUCTIONS: string = instructionsFor(LISTED_CARDS);

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
    cards = [],
    store = new CardStore(),
    newId = () => crypto.randomUUID(),
    webForms = new WebFormStore(),
    fetcher: injected,
    ...settings
  } = options;
  const config: Config = { ...DEFAULT_CONFIG, ...settings };
  const fetcher = injected ?? lazyFetcher(config.allowPrivate);
  const own = checkOwnCards(cards);
  const server = new McpServer(
    { name: SERVER_NAME, version: VERSION },
    {
      instructions: instructionsFor([
        ...LISTED_CARDS,
        ...own.map((c) => ({ title: c.title, splittable: c.card.splittable })),
      ]),
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

  // A server's own cards are listed after the built-in cards, before the other tools.
  const cardsEnd = LISTED.findLastIndex((tool) => CARD_TOOL.test(tool.name)) + 1;
  const listing = [
    ...LISTED.slice(0, cardsEnd).map(builtIn),
    ...own.map(ownTool),
    ...LISTED.slice(cardsEnd).map((listed) =>
      listed.name === PULL_TOOL && own.length ? ownPullTool(listed, own) : builtIn(listed)
    ),
  ];
  for (const [listed, load] of listing) {
    registerTool(server, listed, load, (ctx) => ({
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
  registerResources(server, store, config.mediaOrigins, [
    ...[...BUILT_IN_KINDS.keys()].map((kind) => ({ kind })),
    ...own.map((c) => ({ kind: c.card.kind, view: c.view })),
  ]);
  refuseArgumentsThatAreNoObject(server);
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

type RequestHandler = (
  request: { params?: { name?: unknown; arguments?: unknown } },
  ctx: unknown,
) => unknown;

/**
 * `arguments` that is not an object (a string holding JSON is the usual slip) fails the SDK's own
 * request schema, which answers with a raw zod dump; this answers first, in the house style. The
 * SDK keeps its handlers in a map only it fills: wrapping its tools/call entry is the one seam.
 */
function refuseArgumentsThatAreNoObject(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, RequestHandler> })
    ._requestHandlers;
  const sdk = handlers.get("tools/call");
  if (!sdk) throw new Error("The MCP SDK no longer keeps a tools/call handler where this server wraps it");
  handlers.set("tools/call", (request, ctx) => {
    const args = request.params?.arguments;
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) {
      const tool = typeof request.params?.name === "string" ? request.params.name.slice(0, 64) : "the tool";
      const got = args === null
        ? "null"
        : Array.isArray(args)
        ? "a list"
        : typeof args === "string"
        ? "text"
        : typeof args;
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid arguments for tool ${
          JSON.stringify(tool)
        }: expected an object of the tool's fields, got ${got}${
          typeof args === "string" ? ": send the fields as a JSON object, not as a string holding JSON" : ""
        }`,
      );
    }
    return sdk(request, ctx);
  });
}

/** The template each built-in kind's tools link to, and the first tool that shows it, in tools/list order. */
const BUILT_IN_KINDS: ReadonlyMap<string, string> = (() => {
  const kinds = new Map<string, string>();
  for (const tool of LISTED) {
    const uri = (tool._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
    const kind = typeof uri === "string" ? /\/template\/(\w+)\.html$/.exec(uri)?.[1] : undefined;
    if (kind && !kinds.has(kind)) kinds.set(kind, tool.name);
  }
  return kinds;
})();

/**
 * Checks the cards added to a server: each is made by defineCard and needs a kind of its own. Their
 * templates are made by `addKindTemplate` (src/ui/template.ts): by mod.ts's createServer when the
 * server is created, so a view over budget throws then, and here on the template's first read.
 */
export function checkOwnCards(cards: readonly CardDefinition[]): readonly CardDefinition[] {
  const kinds = new Map(BUILT_IN_KINDS);
  for (const card of cards) {
    if (!("card" in card)) { // isCard, without loading card.ts's renderers at start-up
      throw new Error(`${(card as ToolDefinition).name} is not a card: make it with defineCard`);
    }
    const owner = kinds.get(card.card.kind);
    if (owner) throw new Error(`Card kind "${card.card.kind}" is taken by ${owner}: choose another kind`);
    kinds.set(card.card.kind, card.name);
  }
  return cards;
}

/** A tool's module and its guards, once loaded. */
interface Loaded {
  tool: ToolDefinition;
  input: StandardSchema;
  output?: StandardSchema;
}

type StandardSchema = {
  "~standard": {
    validate(value: unknown): Promise<unknown>;
    jsonSchema: { input(options: unknown): unknown; output(options: unknown): unknown };
  };
};

/** The SDK's schema type for tool arguments and structured results. */
type Schema = StandardSchemaWithJSON<Record<string, unknown>, Record<string, unknown>>;

const loaded = new Map<string, Promise<Loaded>>();

/** A built-in tool's module, loaded on its first call (once per process, whatever the session). */
function loadBuiltIn(name: string): Promise<Loaded> {
  let made = loaded.get(name);
  if (!made) {
    made = LOADERS[name]().then(loadedOf);
    loaded.set(name, made);
  }
  return made;
}

/**
 * A schema as the SDK takes it: the listed JSON Schema (built once, by scripts/gen_tools.ts),
 * and validation by the tool's own guard, loaded with its module on the first call.
 */
function listedSchema(json: Record<string, unknown>, guard: () => Promise<StandardSchema>): StandardSchema {
  return {
    "~standard": {
      version: 1,
      vendor: "mcp-chat-cards",
      validate: async (value: unknown) => (await guard())["~standard"].validate(value),
      jsonSchema: { input: () => json, output: () => json },
    } as StandardSchema["~standard"],
  };
}

/** A built-in tool: its listing, and its module loaded on the first call. */
const builtIn = (
  listed: ListedTool,
): [ListedTool, () => Promise<Loaded>] => [listed, () => loadBuiltIn(listed.name)];

/** A tool and its guards. */
const loadedOf = (tool: ToolDefinition): Loaded => ({
  tool,
  input: toolInputSchema(tool.input) as unknown as StandardSchema,
  output: tool.output && toolOutputSchema(tool.output) as unknown as StandardSchema,
});

/** A card added to this server: listed and guarded as the built-in ones, already loaded. */
function ownTool(card: CardDefinition): [ListedTool, () => Promise<Loaded>] {
  const made = Promise.resolve(loadedOf(card));
  return [listTool(card), () => made];
}

/**
 * get_card for a server with cards of its own: it renders those too, so it is this server's own,
 * made from the registry (loaded on its first call, as any tool's module) and the own cards.
 */
function ownPullTool(
  listed: ListedTool,
  own: readonly CardDefinition[],
): [ListedTool, () => Promise<Loaded>] {
  let made: Promise<Loaded> | undefined;
  const load = () =>
    made ??= import("../registry.ts").then(({ toolsWith }) =>
      loadedOf(toolsWith(own).find((tool) => tool.name === PULL_TOOL)!)
    );
  return [listed, load];
}

function registerTool(
  server: McpServer,
  listed: ListedTool,
  load: () => Promise<Loaded>,
  context: (ctx: ServerContext) => ToolContext,
): void {
  const { name, title, description, annotations, icons, _meta } = listed;
  server.registerTool(
    name,
    {
      title,
      description,
      inputSchema: listedSchema(
        listed.inputSchema,
        async () => (await load()).input,
      ) as unknown as Schema,
      outputSchema: listed.outputSchema &&
        listedSchema(listed.outputSchema, async () => (await load()).output!) as unknown as Schema,
      annotations,
      icons,
      _meta,
    },
    async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
      // Bidi controls are marked on the way out as on the way in: files, archives and fetched
      // pages carry them into cards, summaries and refusals.
      try {
        const { tool } = await load();
        return markOutput(await tool.handler(args, context(ctx)) as CallToolResult);
      } catch (error) {
        return markOutput(errorResult(name, error));
      }
    },
  );
}

/** The network fetcher, loaded on the first fetch (node:http, node:https, DNS and TLS stay out of start-up). */
function lazyFetcher(allowPrivate: boolean): Fetcher {
  let made: Promise<Fetcher> | undefined;
  const load = () => (made ??= import("../net/fetch.ts").then((m) => m.createFetcher({ allowPrivate })));
  return { fetch: async (request) => (await load()).fetch(request) };
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

function registerResources(
  server: McpServer,
  store: CardStorage,
  mediaOrigins: readonly string[],
  kinds: readonly { kind: string; view?: ToolView }[],
): void {
  // Nothing external but the media origins video cards may play from (MCP_CHAT_CARDS_MEDIA_ORIGINS),
  // in the spec's key and in ChatGPT's own. `data:` is declared too: the spec's default allows it for
  // images and media, but hosts that build the policy from the declared lists alone (the official
  // Inspector) otherwise block data: clips, captions and posters.
  const uiMeta = {
    ui: { csp: { resourceDomains: ["data:", ...mediaOrigins] }, prefersBorder: false },
    "openai/widgetCSP": { connect_domains: [], resource_domains: [...mediaOrigins] },
  };
  // The templates' 500 KB of stylesheets and runtimes are loaded on the first read, not at start-up.
  for (const { kind, view } of kinds) {
    server.registerResource(
      `card-template-${kind}`,
      templateUri(kind),
      {
        title: `Card template: ${kind.replaceAll("_", " ")}`,
        description: kind === PARTS_TEMPLATE
          ? "MCP Apps view that paints the parts of split cards get_card shows"
          : `MCP Apps view that paints the results of tools showing a ${kind.replaceAll("_", " ")} card`,
        mimeType: APP_MIME_TYPE,
        _meta: uiMeta,
        cacheHint: STABLE_FOR_AN_HOUR, // a template changes only with the server's version
      },
      async (uri: URL) => {
        const { addKindTemplate, templateHtml } = await import("../ui/template.ts");
        if (view) addKindTemplate(kind, view); // a card of this server's own: made once, then checked alike
        return {
          contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: templateHtml(kind), _meta: uiMeta }],
        };
      },
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
    (uri: URL, variables: Record<string, string | string[]>) => readDocument(store, uri, variables, 1),
  );
  server.registerResource(
    "card-part-document",
    new ResourceTemplate(`${CARD_URI_PREFIX}{id}/{part}`, { list: undefined }),
    {
      title: "Card part document",
      description: "Part k of a card split into parts, as a standalone HTML document",
      mimeType: "text/html",
    },
    (uri: URL, variables: Record<string, string | string[]>) => {
      const part = Number(variables.part);
      if (!/^[1-9]\d{0,3}$/.test(String(variables.part))) {
        throw new ResourceNotFoundError(uri.href, `Card part "${variables.part}" is not a part number`);
      }
      return readDocument(store, uri, variables, part);
    },
  );
}

/** The standalone document of part `part` of the stored card the URI names. */
async function readDocument(
  store: CardStorage,
  uri: URL,
  variables: Record<string, string | string[]>,
  part: number,
) {
  const id = String(variables.id);
  const card = await readStore(() => store.get(id, part), `Card "${id}" cannot be read right now`, uri.href);
  if (!card) {
    throw new ResourceNotFoundError(
      uri.href,
      part === 1
        ? `Card "${id}" is not available: ${store.retention}; render it again`
        : `Card "${id}" has no part ${part} here: ${store.retention}; render it again`,
    );
  }
  const { standaloneDocument } = await import("../ui/standalone.ts");
  const text = standaloneDocument(markOutput(card)); // stored as rendered: marked like the result was
  return { contents: [{ uri: uri.href, mimeType: "text/html", text }] };
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
