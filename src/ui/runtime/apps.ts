/**
 * The MCP Apps view (SEP-1865) behind the card template. Order matters to strict hosts: send
 * `ui/initialize` at once and nothing else until `ui/notifications/initialized` has gone out
 * (after the reply, or after a timeout if none comes). Then paint the first tool result that
 * holds a card and keep it: later results only repaint when they carry the same card id. When no
 * result arrives, pull the card from the server.
 */
import { enhanceCard, wireCards } from "./card.ts";
import { note, state } from "./debug.ts";
import { h } from "./dom.ts";
import { flush, openStore, remember } from "./memory.ts";
import type { Host } from "./host.ts";
import { articleFromDocument, type CardPayload, findCard, findCardUri } from "./payload.ts";
import { hold, startPreview } from "./preview.ts";
import { connectRpc, type Rpc, RpcError } from "./rpc.ts";
import { PULL_TOOL } from "../shared/protocol.ts";
import { reportSize, warmLayout } from "./size.ts";
import { applyHostLook, type HostLook } from "./theme.ts";
import { applyDisplay, type HostDisplay, isFull, offers } from "./display.ts";
import { callViewTool, listViewTools } from "./view_tools.ts";
import { WIDGETS } from "./widgets/in_use.ts";

type Json = Record<string, unknown>;

const PROTOCOL_VERSION = "2026-01-26";
const CONTEXT = "ui/notifications/host-context-changed";
/** Announce `initialized` anyway when the host does not answer `ui/initialize` in time. */
const INIT_TIMEOUT_MS = 1500;
/** Pull the card when no result came this long after `initialized` or the tool input. */
const PULL_AFTER_MS = 4000;
/**
 * How long requests may wait for the host: a host that drops one must not leave a prompt, a link
 * or a pull hanging forever (ui/message may wait on the user's consent, so it gets longer).
 */
const TIMEOUT_MS = { message: 15_000, link: 5_000, server: 10_000 };

interface HostContext extends HostLook, HostDisplay {
  toolInfo?: { tool?: { name?: string } };
  [key: string]: unknown;
}

/** Merges a partial host context; `styles` merges a level deeper, so a partial update keeps the rest. */
function mergeContext(context: HostContext, update: Json): HostContext {
  const merged = { ...context, ...update } as HostContext;
  const styles = update.styles as HostContext["styles"] | undefined;
  if (styles && context.styles) {
    merged.styles = {
      variables: { ...context.styles.variables, ...styles.variables },
      css: { ...context.styles.css, ...styles.css },
    };
  }
  return merged;
}

// The view's state, read and written by the phases below. One view runs per document, so it lives in
// the module, one variable a field: the build renames these as it did the closure variables they
// were, where a record's fields would ship their names (+234 B gzip a template, against +81 here).
/** The template's empty `main`, where the card paints. */
let root!: HTMLElement;
let rpc!: Rpc;
let size!: { afterPaint(): void; stop(): void };
let context: HostContext = {};
let capabilities: Json = {};
/** `initialized` went out: what waited in `held` has been sent. */
let ready = false;
const held: (() => void)[] = [];
let toolArgs: Json | undefined;
let painted: "result" | "pull" | undefined;
/** Any tool result arrived (a card, or an error to show): nothing is left to pull. */
let resultSeen = false;
let pullTimer: number | undefined;
let stopped = false;
/** Draws streamed arguments while no result is in; false once the call was cancelled. */
let preview: ((args: unknown) => void) | undefined | false;
/** The delivered result's `_meta.viewUUID`: with the card id, the key of what the view remembers. */
let viewUUID: unknown;
/** When the last partial arguments measured the layout. */
let sized = 0;
/** The painted card's id and title: view tools and model context updates name it (ext-apps #558). */
let named: Json = {};
/** When the view started (the paint's log says how long it took). */
let t0 = 0;

/** Everything but ui/initialize waits for `initialized` (strict hosts hide early talkers). */
const whenReady = (send: () => void) => (ready ? send() : held.push(send));

/** Asks the host for something it may refuse: true when it did it (false on an error reply, a timeout or a failure). */
const granted = (method: string, params: Json, ms: number) =>
  rpc.request(method, params, ms).then((reply) => reply.isError !== true, () => false);

/** The host as the card's features see it: each call becomes a request to the MCP Apps host. */
const host: Host = {
  name: "apps",
  lacks: (name) => !capabilities[name],
  async prompt(text) {
    const reply = await rpc.request(
      "ui/message",
      { role: "user", content: [{ type: "text", text }] },
      TIMEOUT_MS.message,
    );
    return reply.isError !== true;
  },
  openLink: (url) => granted("ui/open-link", { url }, TIMEOUT_MS.link),
  log(event, data) {
    if (!capabilities.logging) return; // only hosts that declared logging want these
    whenReady(() =>
      rpc.notify("notifications/message", {
        level: "info",
        logger: "mcp-chat-cards",
        data: { event, ...data },
      })
    );
  },
  async updateContext(text, structured) {
    // The capability lists the modalities the host takes: send only those, and nothing when the
    // text (a long prompt, a selection) would be dropped.
    const takes = capabilities.updateModelContext as Json | undefined;
    const both = structured && takes?.structuredContent;
    if (!takes || !(takes.text || takes.structuredContent) || text && !takes.text && !both) return false;
    return await granted("ui/update-model-context", {
      ...(takes.text ? { content: text ? [{ type: "text", text }] : [] } : {}),
      // the card's id and title, so two cards' updates can be told apart (ext-apps #558)
      ...(both ? { structuredContent: { card: named, ...structured } } : {}),
    }, TIMEOUT_MS.server);
  },
  async download(filename, mimeType, text, base64) {
    if (!capabilities.downloadFile) return false;
    const resource = { uri: `file:///${filename}`, mimeType, [base64 ? "blob" : "text"]: text };
    return await granted(
      "ui/download-file",
      { contents: [{ type: "resource", resource }] },
      TIMEOUT_MS.server,
    );
  },
  async part(n) {
    if (!capabilities.serverTools) return;
    // From the stored render by the card's id; when the store no longer holds it, from the input.
    // An error result holds no card: undefined, as for a failed request.
    const call = (args: Json) =>
      rpc.request("tools/call", { name: PULL_TOOL, arguments: args }, TIMEOUT_MS.server).then(
        (result) => findCard(result)?.articleHtml,
        () => undefined,
      );
    const tool = context.toolInfo?.tool?.name;
    return (state.cardId ? await call({ id: state.cardId, part: n }) : undefined) ??
      (tool && toolArgs ? await call({ tool, arguments: { ...toolArgs, part: n } }) : undefined);
  },
  async ask(method, params) {
    try {
      const reply = await rpc.request(method, params, TIMEOUT_MS.link);
      return reply.isError ? "refused" : "honoured";
    } catch (error) {
      return `error: ${error instanceof Error ? error.message : error}`;
    }
  },
  display(mode) {
    // Never ask for a mode the host did not offer; the reply names the mode granted (maybe another).
    if (offers(mode)) {
      rpc.request("ui/request-display-mode", { mode }, TIMEOUT_MS.link).then(
        (r) => r.mode && notifications[CONTEXT]({ displayMode: r.mode }),
        () => {},
      );
    }
  },
};

/** A line in place of the card, until one paints. */
const showNotice = (text: string): void => {
  if (painted) return;
  root.replaceChildren(h("p", { class: "mcc-notice", role: "status" }, text));
  size.afterPaint();
};

/** Paints a card that came as a result or a pull; later results repaint only the same card. */
const paint = (card: CardPayload, source: "result" | "pull"): void => {
  if (painted === "result" && card.id !== state.cardId) return; // latched: not our card
  if (card.id === state.cardId && card.articleHtml === state.cardHtml) return;
  const held = preview && !painted && hold(root);
  root.innerHTML = card.articleHtml;
  const article = root.querySelector(".mcc-card");
  if (article) {
    enhanceCard(article, card.articleHtml, card.id ?? "", host);
    remember(article, [card.id, viewUUID].join(" ")); // "<id> " when a host strips _meta
  }
  painted = source;
  named = {
    id: card.id ?? "",
    title: article?.querySelector(".mcc-title")?.textContent ?? card.title ?? "",
  };
  clearTimeout(pullTimer);
  Object.assign(state, { painted: true, cardId: card.id, cardHtml: card.articleHtml });
  held ? held(size.afterPaint) : size.afterPaint();
  // The card's own tools (view_tools.ts) depend on what it shows: tell the host they changed (after
  // the size, which the host needs first).
  whenReady(() => rpc.notify("notifications/tools/list_changed", {}));
  host.log("painted", { kind: card.kind, id: card.id, source, ms: Math.round(performance.now() - t0) });
};

/** The card's article from the document a result links to. */
const readDocument = async (uri: string): Promise<string | undefined> => {
  const reply = await rpc.request("resources/read", { uri }, TIMEOUT_MS.server);
  const text = ((reply.contents as Json[] | undefined)?.[0]?.text ?? "") as string;
  return articleFromDocument(text);
};

/** No result came: asks the server for the card by the tool's input, or says it did not arrive. */
const pull = async (): Promise<void> => {
  const tool = context.toolInfo?.tool?.name;
  if (painted || resultSeen) return;
  if (!tool || !toolArgs || !capabilities.serverTools) {
    return showNotice("The card did not arrive. Ask for it again.");
  }
  note(`no tool result after ${PULL_AFTER_MS} ms: pulling the card with ${PULL_TOOL}`);
  try {
    const result = await rpc.request("tools/call", {
      name: PULL_TOOL,
      arguments: { tool, arguments: toolArgs },
    }, TIMEOUT_MS.server);
    const card = findCard(result);
    if (card && !resultSeen) paint(card, "pull");
    else if (!card) showNotice("The card could not be rendered again. Ask for it again.");
  } catch (error) {
    note(`pull failed: ${error instanceof Error ? error.message : error}`);
    showNotice("The card did not arrive. Ask for it again.");
  }
};

/** (Re)starts the wait after which the card is pulled. */
const armPull = (): void => {
  clearTimeout(pullTimer);
  if (!painted && !resultSeen && !stopped) pullTimer = setTimeout(pull, PULL_AFTER_MS);
};

/** A tool result: its card, the card its link reads, or its error. */
const onResult = async (result: Json): Promise<void> => {
  // A delivered result settles it: show what came (even an error), never pull over it.
  resultSeen = true;
  clearTimeout(pullTimer);
  viewUUID = (result._meta as Json | undefined)?.viewUUID;
  const card = findCard(result);
  if (card) return paint(card, "result");
  if (painted) return;
  // Read the link whatever the host declared: a host that did not declare the Apps extension (so
  // the result holds only the link) may not declare serverResources either, yet answer the read.
  const uri = findCardUri(result);
  if (uri) {
    note(`the result holds no card, reading ${uri}`);
    const articleHtml = await readDocument(uri).catch(() => undefined);
    if (articleHtml) return paint({ articleHtml, id: uri.slice(uri.lastIndexOf("/") + 1) }, "result");
  }
  const text = ([result.content].flat() as (Json | null)[]).find((c) => c?.type === "text")?.text;
  if (result.isError) showNotice(typeof text === "string" ? text : "The card could not be made.");
};

/** What the host tells the view, by method. */
const notifications: Record<string, (params: Json) => void> = {
  // No prototype: a host naming "__proto__" or "constructor" as a method finds no handler.
  __proto__: null as never,
  "ui/notifications/tool-input": (params) => {
    toolArgs = (params.arguments ?? {}) as Json;
    // The complete arguments end a preview the partials began (the last partial may be short).
    if (preview && !painted && !resultSeen) {
      preview(toolArgs);
      size.afterPaint();
    }
    armPull();
  },
  "ui/notifications/tool-input-partial": (params) => {
    // Partials come before the tool input only: a late one would draw over the complete arguments.
    if (painted || resultSeen || toolArgs || preview === false) return;
    clearTimeout(pullTimer); // the arguments are still coming: pull only after the tool input
    preview ||= startPreview(root, root.dataset.mccTemplate ?? "");
    preview(params.arguments);
    // A flood of partials measures the layout at most every 50 ms; the size observer reports the rest.
    if (performance.now() - sized > 50) size.afterPaint(), sized = performance.now();
  },
  "ui/notifications/tool-result": (params) => void onResult(params),
  "ui/notifications/tool-cancelled": (params) => {
    clearTimeout(pullTimer);
    preview = false;
    showNotice(`The card was cancelled${params.reason ? `: ${params.reason}` : ""}.`);
  },
  [CONTEXT]: (params) => {
    context = mergeContext(context, params);
    state.hostContext = context;
    applyHostLook(context);
    const was = isFull();
    applyDisplay(context);
    if (painted && was !== isFull()) size.afterPaint();
  },
};

/** What the host asks of the view: teardown, ping, and the card's own tools. */
const answer = (method: string, params: Json): Json => {
  if (method === "ui/resource-teardown") {
    stopped = true;
    clearTimeout(pullTimer);
    size.stop();
    flush();
    return {};
  }
  if (method === "ping") return {};
  const article = root.querySelector(".mcc-card");
  if (method === "tools/list") return { tools: listViewTools(article) };
  if (method === "tools/call") {
    const result = callViewTool(params.name, article, named);
    if (!result) throw new RpcError(-32602, `Unknown tool: ${JSON.stringify(params.name)}`);
    return result;
  }
  throw new RpcError(-32601, `Method not found: ${method}`);
};

/** Sends `initialized` once, then what waited for it, and starts waiting for the result. */
const announce = (): void => {
  if (ready) return;
  rpc.notify("ui/notifications/initialized", {});
  ready = state.initialized = true;
  held.splice(0).forEach((send) => send());
  armPull();
};

/**
 * Once the handshake is done, while the view waits for its result, pays what the first paint
 * would: font and layout caches (and what the kind's widgets ask to warm), opening storage, the
 * host locale's number data (a table counts its rows in it).
 */
const warm = (): void => {
  if (painted) return;
  warmLayout(root, WIDGETS.flatMap((w) => w.warm?.() ?? []));
  openStore();
  try {
    (1.5).toLocaleString(String(context.locale || "en-US"));
  } catch { /* a locale the browser does not know: the grid fails the same way */ }
};

/** `ui/initialize` at once; `initialized` after the reply, or after INIT_TIMEOUT_MS without one. */
const handshake = (): void => {
  rpc.request("ui/initialize", {
    protocolVersion: PROTOCOL_VERSION,
    appInfo: { name: "mcp-chat-cards", version: state.serverVersion },
    // `tools`: the card answers tools/list and tools/call from the host (view_tools.ts)
    appCapabilities: { availableDisplayModes: ["inline", "fullscreen"], tools: { listChanged: true } },
  }).then((reply) => {
    capabilities = (reply.hostCapabilities ?? {}) as Json;
    state.hostInit = reply;
    notifications[CONTEXT]((reply.hostContext ?? {}) as Json);
  }).catch((error) => note(`ui/initialize failed: ${error instanceof Error ? error.message : error}`))
    .finally(() => (announce(), setTimeout(warm)));
  setTimeout(() => {
    if (!ready) {
      note(`no reply to ui/initialize after ${INIT_TIMEOUT_MS} ms: announcing initialized anyway`);
    }
    announce();
  }, INIT_TIMEOUT_MS);
};

/** Runs the view in `root` (the template's empty `main`). */
export function startAppsView(main: HTMLElement): void {
  state.host = "apps";
  root = main;
  t0 = performance.now();
  size = reportSize((height) => whenReady(() => rpc.notify("ui/notifications/size-changed", { height })));
  rpc = connectRpc({
    notification: (method, params) => notifications[method]?.(params),
    request: answer,
  });
  wireCards(root, host);
  // Escape leaves fullscreen, unless something in the card (a menu, a popup) used the key first.
  addEventListener(
    "keydown",
    (e) => e.key === "Escape" && !e.defaultPrevented && isFull() && host.display!("inline"),
  );
  handshake();
}
