// deno-lint-ignore-file no-window no-window-prefix -- browser code
/// <reference lib="dom" />
/**
 * Minimal view client: ui/initialize, then ui/notifications/initialized, then paint the card
 * delivered in the tool result and report its size. The full runtime replaces this.
 */
type Json = Record<string, unknown>;
let nextId = 1;
const post = (message: Json) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
const initId = nextId++;
const root = document.getElementById("mcc-root");

function paint(result: Json): void {
  const card = (result.structuredContent as Json | undefined)?.card as Json | undefined;
  if (!root || typeof card?.articleHtml !== "string") return;
  root.innerHTML = card.articleHtml;
  const { width, height } = document.documentElement.getBoundingClientRect();
  post({
    method: "ui/notifications/size-changed",
    params: { width: Math.ceil(width), height: Math.ceil(height) },
  });
}

window.addEventListener("message", (event: MessageEvent) => {
  const msg = event.data as Json;
  if (!msg || msg.jsonrpc !== "2.0") return;
  if (msg.id === initId && "result" in msg) post({ method: "ui/notifications/initialized", params: {} });
  else if (msg.method === "ui/notifications/tool-result") paint(msg.params as Json);
});

if (root && window.parent !== window) {
  post({
    id: initId,
    method: "ui/initialize",
    params: {
      protocolVersion: "2026-01-26",
      appInfo: { name: "mcp-chat-cards", version: "0.1.0" },
      appCapabilities: {},
    },
  });
}
