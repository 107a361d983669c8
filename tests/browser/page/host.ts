// deno-lint-ignore-file no-window -- browser code: this page runs in Chromium
/**
 * The test host page: the official AppBridge and PostMessageTransport, a sandbox proxy iframe on a
 * second origin, and the real server behind functions the Deno test exposes (`mccCallTool`,
 * `mccReadResource`, `mccListTools`, each a call through a real MCP client). Everything the view
 * sends is recorded in `hostEvents` for the test to read.
 */
import {
  AppBridge,
  buildAllowAttribute,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";

import { z } from "zod";
import type { MountOptions } from "./types.ts";

type Json = Record<string, unknown>;

/*
 * What a navigation would end, tracked so that `resetHost` can end it too: the timers, intervals and
 * frame callbacks still pending, and the listeners on the window and the document (those left past
 * what the page had once loaded are a test's). Installed before anything else here runs.
 */
const scope = window as unknown as Record<string, (...args: unknown[]) => number>;

/** Wraps a scheduler and its cancel so the pending ids are known; returns what cancels them all. */
function trackPending(schedule: string, cancel: string, once: boolean): () => void {
  const [start, stop] = [scope[schedule].bind(window), scope[cancel].bind(window)];
  const ids = new Set<number>();
  scope[schedule] = (handler, ...rest) => {
    if (typeof handler !== "function") return start(handler, ...rest); // code in a string
    const run = (...args: unknown[]) => (once && ids.delete(id), handler(...args));
    const id = start(run, ...rest);
    ids.add(id);
    return id;
  };
  scope[cancel] = (id) => (ids.delete(id as number), stop(id));
  return () => {
    for (const id of ids) stop(id);
    ids.clear();
  };
}
const cancelPending = [
  trackPending("setTimeout", "clearTimeout", true),
  trackPending("setInterval", "clearInterval", false),
  trackPending("requestAnimationFrame", "cancelAnimationFrame", true),
];

type Listener = EventListenerOrEventListenerObject | null;
const listening = new Set<string>();
const listenerIds = new WeakMap<object, number>();
let listenersSeen = 0;
for (const [name, target] of [["window", window], ["document", document]] as const) {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  const key = (type: string, listener: object, options?: boolean | EventListenerOptions) => {
    if (!listenerIds.has(listener)) listenerIds.set(listener, ++listenersSeen);
    const capture = typeof options === "boolean" ? options : Boolean(options?.capture);
    return `${name} ${type} ${listenerIds.get(listener)} ${capture}`;
  };
  target.addEventListener = (type: string, listener: Listener, options?: never) => {
    add(type, listener!, options);
    // Playwright's own (its injected script's, made at its first action in the page) are not a
    // test's: a new document gets them again the same way.
    if (listener && !/\bInjectedScript\b/.test(new Error().stack ?? "")) {
      listening.add(key(type, listener, options));
    }
  };
  target.removeEventListener = (type: string, listener: Listener, options?: never) => {
    remove(type, listener!, options);
    if (listener) listening.delete(key(type, listener, options));
  };
}

window.mccCallTool = async (name, args, client) =>
  JSON.parse(await window.mccCallToolJson(name, args, client));
window.mccReadResource = async (uri) => JSON.parse(await window.mccReadResourceJson(uri));
let listed: ReturnType<typeof window.mccListTools> | undefined;
window.mccListTools = () => listed ??= window.mccListToolsJson().then((json) => JSON.parse(json));

const record = (type: string, data: Json = {}) =>
  window.hostEvents.push({ type, t: performance.now(), ...data });
window.hostEvents = [];

let bridge: AppBridge;
let context: Json = {};
let mounted: { options: MountOptions; iframe: HTMLIFrameElement } | undefined;

function transform(result: Json, how?: MountOptions["transform"]): Json {
  if (how === "no-structured") return { content: result.content };
  if (how === "nested") {
    return { content: result.content, _meta: { wrapped: { payload: result.structuredContent } } };
  }
  if (how === "stringified") {
    return {
      content: [...(result.content as Json[]), {
        type: "text",
        text: JSON.stringify(result.structuredContent),
      }],
    };
  }
  return result;
}

function proxyReady(iframe: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      if (
        event.source === iframe.contentWindow && event.data?.method === "ui/notifications/sandbox-proxy-ready"
      ) {
        removeEventListener("message", listener);
        resolve();
      }
    };
    addEventListener("message", listener);
  });
}

/**
 * The "document" sizing profile: the proxy (same origin as the view) reports the view document's
 * own height, and the host sizes the frame to it, whatever size-changed said. Taken before the
 * bridge's transport sees it (that message is no JSON-RPC).
 */
function sizeFromDocument(iframe: HTMLIFrameElement): void {
  const listener = (event: MessageEvent) => {
    const height = event.data?.mccDocumentHeight;
    if (event.source !== iframe.contentWindow || typeof height !== "number") return;
    event.stopImmediatePropagation();
    record("document-height", { height });
    iframe.style.height = `${height}px`;
  };
  addEventListener("message", listener);
  undoOnRemove.push(() => removeEventListener("message", listener));
}

/** What the host set up for the card it shows, undone when the card goes. */
const undoOnRemove: (() => void)[] = [];

/**
 * The card goes with its bridge, as a host closes a view it removes: a bridge left open kept its
 * window listener, and every later message went through all of them.
 */
async function removeCard(): Promise<void> {
  await bridge?.close();
  for (const undo of undoOnRemove.splice(0)) undo();
}

/** The host page's own background in a theme (the chat behind the card). */
const paintHost = (theme: unknown) =>
  document.body.style.background = theme === "dark" ? "#111114" : "#ffffff";

window.mountCard = async (o) => {
  await removeCard();
  const tools = await window.mccListTools();
  const tool = tools.find((t) => t.name === o.tool);
  context = { ...o.hostContext, toolInfo: { id: 1, tool } };
  paintHost(o.hostContext.theme);
  const iframe = document.createElement("iframe");
  // The proxy keeps its own origin; it gains whatever else the test grants the view (allow-downloads).
  const proxySandbox = new Set([
    "allow-scripts",
    "allow-same-origin",
    "allow-forms",
    ...(o.sandbox?.split(" ") ?? []),
  ]);
  iframe.setAttribute("sandbox", [...proxySandbox].join(" "));
  const allow = buildAllowAttribute(o.permissions as never);
  if (allow) iframe.allow = allow;
  iframe.title = "Card";
  document.getElementById("slot")!.append(iframe);
  mounted = { options: o, iframe };
  if (o.initialHeight !== undefined) iframe.style.height = `${o.initialHeight}px`;
  if (o.fixedHeight) iframe.style.height = `${o.fixedHeight}px`;
  if (o.maxHeight) context.containerDimensions = { maxHeight: o.maxHeight, width: 680 };
  const ready = proxyReady(iframe);
  if (o.sizing === "document") sizeFromDocument(iframe);
  iframe.src = o.sizing === "document" ? `${o.sandboxUrl}?sizing=document` : o.sandboxUrl;
  await ready;

  const capabilities: Json = {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    ...(o.downloadReply === "absent" ? {} : { downloadFile: {} }),
    ...(o.modelContext ? { updateModelContext: o.contextModalities ?? { text: {} } } : {}),
  };
  for (const name of o.omitCapabilities ?? []) delete capabilities[name];
  bridge = new AppBridge(null, { name: "mcc-test-host", version: "1.0.0" }, capabilities, {
    hostContext: context as never,
  });
  bridge.onupdatemodelcontext = (params) => {
    record("context", { params });
    return Promise.resolve({});
  };
  bridge.onmessage = (params) => {
    record("message", { params });
    if (o.messageReply === "rpc-error") {
      return Promise.reject(new Error("Messages are disabled in this chat"));
    }
    return Promise.resolve(o.messageReply === "isError" ? { isError: true } : {});
  };
  bridge.onopenlink = (params) => {
    record("open-link", { url: params.url });
    return Promise.resolve({});
  };
  bridge.ondownloadfile = (params) => {
    record("download", { params });
    if (o.downloadReply === "rpc-error") {
      return Promise.reject(new Error("Downloads are disabled in this chat"));
    }
    return Promise.resolve(o.downloadReply === "isError" ? { isError: true } : {});
  };
  bridge.onloggingmessage = (params) => record("log", { params });
  bridge.onrequestdisplaymode = ({ mode }) => {
    record("display-mode", { mode });
    if (o.displayReply === "grant") {
      // Fullscreen: a fixed frame the host sizes; inline: the frame follows size-changed again.
      const full = mode === "fullscreen";
      iframe.parentElement!.style.width = full ? "1000px" : "";
      if (full) iframe.style.height = "600px";
      window.changeContext({
        displayMode: mode,
        containerDimensions: full ? { height: 600, width: 1000 } : { maxHeight: 6000, width: 680 },
      });
    }
    return Promise.resolve({ mode: (context.displayMode ?? "inline") as "inline" });
  };
  bridge.addEventListener("sizechange", ({ height }) => {
    record("size", { height });
    if (o.sizing === "document") return; // this host reads the document's height instead
    if (height !== undefined && !o.fixedHeight && context.displayMode !== "fullscreen") {
      iframe.style.height = `${o.maxHeight ? Math.min(height, o.maxHeight) : height}px`;
    }
  });
  bridge.oncalltool = async (params) => {
    // A real host rejects view calls to tools that are not visible to apps.
    const called = (await window.mccListTools()).find((t) => t.name === params.name);
    const visibility = called?._meta?.ui?.visibility ?? ["model", "app"];
    record("call-tool", { name: params.name, arguments: params.arguments });
    if (!visibility.includes("app")) throw new Error(`Tool ${params.name} is not available to apps`);
    return await window.mccCallTool(params.name, params.arguments ?? {}) as never;
  };
  bridge.onreadresource = async (params) => {
    record("read-resource", { uri: params.uri });
    return await window.mccReadResource(params.uri) as never;
  };
  // A deadline, so a view that never starts fails its step instead of hanging the whole suite (the
  // view announces initialized itself after 1.5 s when the host stays silent).
  const initialized = new Promise<void>((resolve, reject) => {
    bridge.addEventListener("initialized", () => resolve());
    setTimeout(() => reject(new Error("the view sent no ui/notifications/initialized within 20 s")), 20_000);
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));

  // As a real host does: the template the tool names in its _meta.ui.resourceUri.
  const uri = (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  if (!uri) throw new Error(`tool ${o.tool} names no ui.resourceUri`);
  const template = await window.mccReadResource(uri);
  const html = (template.contents as Json[])[0].text as string;
  await bridge.sendSandboxResourceReady({ html, permissions: o.permissions as never, sandbox: o.sandbox });
  await initialized;
  record("initialized", { appInfo: bridge.getAppVersion(), appCapabilities: bridge.getAppCapabilities() });
  if (o.partial) await bridge.sendToolInputPartial({ arguments: o.partial });
  for (const partial of o.partials ?? []) {
    await window.sendPartial(partial);
    if (o.partialDelayMs) await new Promise((r) => setTimeout(r, o.partialDelayMs));
  }
  if (o.deliver === "manual") return;
  await bridge.sendToolInput({ arguments: o.args });
  if (o.deliver === "never") return;
  const result = o.fixture ?? await window.mccCallTool(o.tool, o.args, o.client);
  window.lastResult = result;
  await window.deliver(transform(result, o.transform));
};

/** Delivers a tool result and returns the time it was handed to the bridge. */
window.deliver = async (result) => {
  const t = performance.now();
  record("result-sent");
  await bridge.sendToolResult(result as never);
  return t;
};

/** Posts a raw JSON-RPC message to the view, past the bridge's own checks (a host that sends junk). */
window.sendRaw = (message) => mounted!.iframe.contentWindow!.postMessage(message, "*");

window.changeContext = (next) => {
  context = { ...context, ...next };
  bridge.setHostContext(context as never);
};

window.switchTheme = (theme) => {
  paintHost(theme);
  window.changeContext({ theme });
};

window.sendPartial = (args) => bridge.sendToolInputPartial({ arguments: args as Json });

window.sendInput = (args) => bridge.sendToolInput({ arguments: args });

window.cancel = (reason) => bridge.sendToolCancelled({ reason });

window.pingView = async () => {
  // The last result rides along, so the baseline pays what moving the result's bytes through the
  // proxy costs, and only the view's own work is left to compare.
  const params = { _meta: { payload: window.lastResult ?? {} } };
  const t = performance.now();
  await bridge.request({ method: "ping", params } as never, z.object({}).loose() as never);
  return performance.now() - t;
};

/** The host side of the card's own tools (view_tools.ts): tools/list and tools/call to the view. */
window.viewTools = {
  list: async () => (await bridge.listTools({})).tools as unknown as Json[],
  call: async (name, args = {}) => await bridge.callTool({ name, arguments: args }) as unknown as Json,
};

window.teardown = async () => {
  await bridge.teardownResource({ reason: "test" });
  record("torn-down");
};

window.remount = async (result) => {
  const { options, iframe } = mounted!;
  await window.teardown();
  iframe.remove();
  await window.mountCard({ ...options, fixture: result ?? window.lastResult });
};

/**
 * Makes this document what a new one would be for the next card (harness.ts `hostPages`: loading a
 * new host document cost Chromium 0.11 CPU-s a mount, 0.30 against 0.19): the card and its bridge go,
 * whatever was pending is cancelled as a navigation cancels it, and the host's own state is reset.
 * Returns what it could not undo (a global a test added, a listener it left, markup it changed): the
 * harness then loads a new document as before.
 */
window.resetHost = async () => {
  await removeCard();
  for (const cancel of cancelPending) cancel();
  const slot = document.getElementById("slot");
  slot?.replaceChildren();
  for (const painted of [slot, document.body]) painted?.removeAttribute("style");
  window.hostEvents.length = 0;
  delete window.lastResult;
  context = {};
  mounted = undefined;
  scrollTo(0, 0);
  getSelection()?.removeAllRanges();
  return differences();
};

/*
 * The host document as it was once loaded, for `resetHost` to compare with: its globals (a value or
 * an accessor each), its markup and its listeners.
 */
const loaded = {
  globals: globalsNow(),
  markup: document.documentElement.outerHTML,
  listeners: new Set(listening),
};

function globalsNow(): Map<string, unknown> {
  const own = Object.getOwnPropertyDescriptors(window);
  return new Map(Object.entries(own).map(([name, d]) => [name, "value" in d ? d.value : d.get]));
}

/** How this document differs from a freshly loaded one, in words; none when it does not. */
function differences(): string[] {
  const found: string[] = [];
  const now = globalsNow();
  for (const [name, value] of now) {
    if (name.startsWith("__playwright")) continue; // Playwright's, made again in a new document
    if (!loaded.globals.has(name)) found.push(`global ${name} added`);
    else if (!Object.is(loaded.globals.get(name), value)) found.push(`global ${name} replaced`);
    else if (name.startsWith("on") && (window as unknown as Json)[name] !== null) found.push(`${name} set`);
  }
  for (const name of loaded.globals.keys()) if (!now.has(name)) found.push(`global ${name} deleted`);
  const added = [...listening].filter((key) => !loaded.listeners.has(key));
  if (added.length) found.push(`listeners left: ${added.join(", ")}`);
  // an emptied style comes back as an empty attribute (Chromium writes the attribute lazily)
  const markup = document.documentElement.outerHTML.replaceAll(' style=""', "");
  if (markup !== loaded.markup) {
    const at = [...markup].findIndex((c, i) => c !== loaded.markup[i]);
    found.push(`the host markup changed: ${JSON.stringify(markup.slice(Math.max(0, at - 40), at + 80))}`);
  }
  if (document.adoptedStyleSheets.length) found.push("style sheets adopted");
  return found;
}
