/**
 * Whoever embeds the card, behind one interface: an MCP Apps host (see apps.ts), an MCP-UI host
 * (the standalone document in its iframe: `prompt`, `link`, `notify` messages), or nobody (the
 * document opened on its own). Card features ask the host and fall back locally when it says no.
 */
import { note, trace } from "./debug.ts";

/** What card features may ask of the embedding host. */
export interface Host {
  readonly name: "apps" | "mcp-ui" | "none";
  /** Sends a prompt to the conversation; false when the host refused or cannot. */
  prompt(text: string): Promise<boolean>;
  /** Opens a link outside the card; false when the host refused or cannot. */
  openLink(url: string): Promise<boolean>;
  /**
   * True when the host did not declare this capability (MCP Apps `message`, `openLinks`): the card
   * then sends no request and goes straight to its copy fallback.
   */
  lacks?(capability: string): boolean;
  /** Telemetry: best effort, never awaited. */
  log(event: string, data?: Record<string, unknown>): void;
  /**
   * Offers a file to the user (MCP Apps `ui/download-file`), when the host can; `base64` sends
   * `text` as the resource's base64 `blob` instead of its `text`. False when the host refused.
   */
  download?(filename: string, mimeType: string, text: string, base64?: boolean): Promise<boolean>;
  /**
   * Puts text in the model's context without a chat message (MCP Apps `ui/update-model-context`;
   * each update replaces the last; empty text clears it), with `structured` too when the host takes
   * structured content; false when it cannot or refused.
   */
  updateContext?(text: string, structured?: Record<string, unknown>): Promise<boolean>;
  /** Part `n` of the card on screen from the server (`get_card`: by its id, else by its input); undefined when it cannot. */
  part?(n: number): Promise<string | undefined>;
  /** Asks for a display mode (MCP Apps `ui/request-display-mode`), only when the host offers it. */
  display?(mode: "inline" | "fullscreen"): void;
  /** Tells the host the content height (MCP-UI; the Apps view reports its own). */
  size?(height: number): void;
  /** Sends one harmless request and says how the host took it (the host check card). */
  ask?(method: string, params: Record<string, unknown>): Promise<string>;
}

/** No host: links open in a new tab and prompts always fall back to copy-and-paste. */
export const noHost: Host = {
  name: "none",
  prompt: () => Promise.resolve(false),
  openLink(url) {
    open(url, "_blank", "noopener,noreferrer"); // returns null by design with noopener
    return Promise.resolve(true);
  },
  log: () => {},
};

/** How long an MCP-UI host has to acknowledge a prompt before the fallback shows. */
const MCP_UI_ACK_MS = 1500;

/** The standalone document inside an MCP-UI host's iframe. */
export function mcpUiHost(): Host {
  const acks = new Map<string, (ok: boolean) => void>();
  let n = 0;
  addEventListener("message", (event: MessageEvent) => {
    const msg = event.data as { type?: string; messageId?: string; payload?: { error?: unknown } } | null;
    if (event.source !== parent || !msg?.messageId || !acks.has(msg.messageId)) return;
    trace("rx", msg);
    if (msg.type === "ui-message-received") acks.get(msg.messageId)!(true);
    if (msg.type === "ui-message-response") acks.get(msg.messageId)!(!msg.payload?.error);
  });

  const send = (type: string, payload: Record<string, unknown>, messageId?: string) => {
    const message = { type, payload, ...(messageId ? { messageId } : {}) };
    trace("tx", message);
    parent.postMessage(message, "*");
  };

  return {
    name: "mcp-ui",
    prompt(text) {
      const messageId = `mcc-${++n}`;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          acks.delete(messageId);
          resolve(ok);
        };
        acks.set(messageId, done);
        setTimeout(() => {
          if (acks.has(messageId)) {
            note("the MCP-UI host did not acknowledge the prompt");
            done(false);
          }
        }, MCP_UI_ACK_MS);
        send("prompt", { prompt: text }, messageId);
      });
    },
    openLink(url) {
      send("link", { url });
      return Promise.resolve(true);
    },
    log(event, data) {
      send("notify", { message: `mcp-chat-cards: ${event}`, ...data });
    },
    size(height) {
      send("ui-size-change", { height });
    },
  };
}
