/**
 * Tracing for cards that fail silently: every protocol message goes to the console with the
 * `[mcp-chat-cards]` prefix and its direction, and `window.__mccDebug()` returns a snapshot to
 * paste into a bug report.
 */
import { meta } from "./dom.ts";

/** A traced message: `tx` we sent, `rx` we received. */
export interface TraceEntry {
  dir: "tx" | "rx";
  at: number;
  message: unknown;
}

const KEEP = 50;

/** What the snapshot reports; the view and the standalone runner keep it current. */
export const state = {
  templateVersion: meta("mcp-chat-cards-ui") ?? "dev",
  /** The server's version, written into the template: what `ui/initialize` reports as appInfo. */
  serverVersion: meta("mcp-chat-cards-version") ?? "dev",
  mode: "",
  host: "",
  initialized: false,
  painted: false,
  cardId: undefined as string | undefined,
  cardHtml: undefined as string | undefined,
  hostContext: undefined as unknown,
  /** What the host answered to ui/initialize (the host check card reports it). */
  hostInit: undefined as
    | { hostInfo?: unknown; protocolVersion?: unknown; hostCapabilities?: unknown }
    | undefined,
  notes: [] as string[],
  messages: [] as TraceEntry[],
};

/** Records one protocol message and writes it to the console. */
export function trace(dir: "tx" | "rx", message: unknown): void {
  state.messages.push({ dir, at: Math.round(performance.now()), message });
  if (state.messages.length > KEEP) state.messages.shift();
  const m = message as { method?: string; id?: unknown; type?: string };
  const label = m?.method ?? m?.type ?? (m?.id !== undefined ? `response #${m.id}` : "message");
  // Written after the current task: an open console formats the whole message (a card's HTML),
  // which must not delay painting the card or reporting its size.
  // deno-lint-ignore no-console -- tracing to the console is the point: hosts hide everything else
  setTimeout(() => console.info("[mcp-chat-cards]", dir, label, message));
}

/** Records a notable event (fallbacks, timeouts) for the snapshot and the console. */
export function note(text: string): void {
  state.notes.push(text);
  // deno-lint-ignore no-console -- see trace()
  console.info("[mcp-chat-cards]", "note", text);
}

/** Installs `window.__mccDebug()`. */
export function installDebug(): void {
  Object.assign(globalThis, {
    __mccDebug: () => JSON.parse(JSON.stringify(state)),
  });
}
