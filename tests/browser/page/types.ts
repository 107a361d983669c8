/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Types shared by the test host page (browser code) and the Deno tests. The lib references give
 * the browser test files DOM types (page callbacks run in Chromium) next to Deno's own.
 */

type Json = Record<string, unknown>;

/** How the test wants the host to behave for one mounted card. */
export interface MountOptions {
  sandboxUrl: string;
  /** Card tool to call through the real server, with its arguments. */
  tool: string;
  args: Json;
  /** Which server client makes the call: the MCP Apps one (default) or a plain one. */
  client?: "apps" | "plain";
  /** Streamed arguments to send (as tool-input-partial) before the tool input. */
  partial?: Json;
  /**
   * "result" delivers the tool result; "never" only sends the tool input; "manual" sends neither
   * (after the partials), for a test that drives the rest with `sendPartial`, `sendInput`, `deliver`.
   */
  deliver: "result" | "never" | "manual";
  /** Streamed arguments (objects, or JSON text cut off anywhere) sent in order after `partial`. */
  partials?: unknown[];
  /** Milliseconds between two of `partials` (default 0). */
  partialDelayMs?: number;
  /** Deliver this result instead of calling the tool (cards that have no tool yet). */
  fixture?: Json;
  /** Reshape the real result before delivery, as some hosts do. */
  transform?: "no-structured" | "nested" | "stringified";
  hostContext: Json;
  /** How `ui/message` is answered. */
  messageReply?: "ok" | "isError" | "rpc-error";
  permissions?: Json;
  /** Declare `updateModelContext` and record each `ui/update-model-context` as a "context" event. */
  modelContext?: boolean;
  /**
   * The view's sandbox attribute (the spec's `sandbox-resource-ready` override); without
   * allow-same-origin the view gets an opaque origin, where `localStorage` throws. The proxy frame
   * keeps its own origin and gains the other tokens (allow-downloads).
   */
  sandbox?: string;
  /** Keep the iframe this many px tall whatever size the view asks for, so the view scrolls. */
  fixedHeight?: number;
  /**
   * How `ui/request-display-mode` is answered (each request is recorded as a "display-mode" event):
   * "grant" switches to the mode and tells the view (displayMode and containerDimensions, a fixed
   * 1000 x 600 frame in fullscreen), "refuse" answers the current mode. Offering the mode is up to
   * `hostContext.availableDisplayModes`.
   */
  displayReply?: "grant" | "refuse";
  /** How `ui/download-file` is answered ("ok" by default); "absent" leaves `downloadFile` undeclared. */
  downloadReply?: "ok" | "isError" | "rpc-error" | "absent";
  /** Host capabilities to leave undeclared (`message`, `openLinks`, ...). */
  omitCapabilities?: string[];
  /** What the host declares it takes in the model context (default `{ text: {} }`). */
  contextModalities?: Json;
  /**
   * Host quirk profiles (tests/browser/quirks_test.ts). "document": the host ignores size-changed
   * and sizes the frame from the view document's own height, as its sandbox proxy reads it.
   */
  sizing?: "document";
  /** The frame's height before the view says anything (default 150; 0 for a frame that starts flat). */
  initialHeight?: number;
  /** The host caps the frame at this height and says so in `containerDimensions.maxHeight`. */
  maxHeight?: number;
}

/** One thing the host saw, with its performance.now() time. */
export interface HostEvent {
  type: string;
  t: number;
  [key: string]: unknown;
}

/** What the host page adds to its window. */
export interface HostWindow {
  /** The harness's calls through its real MCP clients, answering in JSON text (parsed by the next three). */
  mccCallToolJson(name: string, args: Json, client?: string): Promise<string>;
  mccReadResourceJson(uri: string): Promise<string>;
  mccListToolsJson(): Promise<string>;
  mccCallTool(name: string, args: Json, client?: string): Promise<Json>;
  mccReadResource(uri: string): Promise<Json>;
  /** The server's tools, listed once per host document. */
  mccListTools(): Promise<{ name: string; _meta?: { ui?: { visibility?: string[] } } }[]>;
  hostEvents: HostEvent[];
  mountCard(options: MountOptions): Promise<void>;
  /** Delivers a tool result; returns the time it was handed to the bridge. */
  deliver(result: Json): Promise<number>;
  changeContext(context: Json): void;
  /** A user switching the chat's theme: the host repaints its page and tells the view (host-context-changed). */
  switchTheme(theme: "light" | "dark"): void;
  /** Posts any message to the view as the host (through the proxy), unchecked. */
  sendRaw(message: unknown): void;
  /** Sends one ui/notifications/tool-input-partial with these arguments. */
  sendPartial(args: unknown): Promise<void>;
  /** Sends ui/notifications/tool-input with these arguments. */
  sendInput(args: Json): Promise<void>;
  /** Tells the view the tool call was cancelled. */
  cancel(reason: string): Promise<void>;
  teardown(): Promise<void>;
  /**
   * A host reloading the conversation: tears the view down, removes its iframe and mounts a fresh
   * one with the same options, delivering `result` (default: the last result, as delivered before).
   */
  remount(result?: Json): Promise<void>;
  /** Round trip of a ping carrying the last result to the view, in ms: the transport's own cost. */
  pingView(): Promise<number>;
  lastResult?: Json;
  /**
   * Empties the host document for the next card as a new one would be; returns what a test changed
   * that it cannot undo (the harness loads a new document then).
   */
  resetHost(): Promise<string[]>;
  /** Lists and calls the tools the view offers (MCP Apps `appCapabilities.tools`). */
  viewTools: { list(): Promise<Json[]>; call(name: string, args?: Json): Promise<Json> };
}

/** What the test pages hold on their window: the host's API and a few probes the tests add. */
declare global {
  interface Window extends HostWindow {
    /** The card runtime's debug snapshot. */
    __mccDebug?(): unknown;
    /** CSP violations recorded by the standalone-document test. */
    cspViolations?: string[];
    /** Whether the view's size report left in the task that received its result (runtime_test). */
    sizedInResultTask?: boolean;
    /** Messages an MCP-UI test host received. */
    got?: { type: string; payload: Record<string, unknown> }[];
  }
}
