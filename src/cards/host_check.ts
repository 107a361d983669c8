/**
 * create_host_check_card: a card that reports what this chat host actually does for MCP Apps cards. The server
 * writes what it saw of the client (name, protocol version, capabilities, the Apps extension); in
 * an Apps host the card's runtime adds what the host told the view and what it honours when asked
 * (runtime/widgets/host_check.ts), with "Copy report" for a bug report. Text-only hosts get the
 * server's part as the summary.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { markup } from "../html/html.ts";
import type { ClientFacts } from "../tool.ts";
import { ACTION, APP_MIME_TYPE, APPS_EXTENSION_ID } from "../ui/shared/protocol.ts";

/** Most characters of the client's capabilities shown (a host may declare a lot). */
const MAX_CAPABILITIES_CHARS = 600;

/** The server's side of the report, as label and value pairs. */
function serverFacts(client: ClientFacts = {}): [string, string][] {
  const capabilities = JSON.stringify(client.capabilities ?? {});
  const apps = (client.capabilities?.extensions as Record<string, { mimeTypes?: string[] }> | undefined)
    ?.[APPS_EXTENSION_ID]?.mimeTypes?.includes(APP_MIME_TYPE);
  return [
    ["Client", client.name ? JSON.stringify(`${client.name} ${client.version ?? ""}`.trim()) : "not told"],
    ["Protocol", client.protocolVersion ?? "not told"],
    ["MCP Apps extension", apps ? "declared" : "not declared (the card comes as a link)"],
    [
      "Client capabilities",
      capabilities.length > MAX_CAPABILITIES_CHARS
        ? capabilities.slice(0, MAX_CAPABILITIES_CHARS) + "…"
        : capabilities,
    ],
  ];
}

export default defineCard({
  name: "create_host_check_card",
  kind: "host_check",
  view: { widgets: ["host_check"], styles: ["table", "form"] },
  title: "Host check",
  description:
    "What this chat host supports for cards (capabilities, theme, sizes, CSP), as a copyable report. Use when cards look wrong or the user asks.",
  input: z.object({}),
  render(_input, ctx) {
    const facts = serverFacts(ctx.client);
    const rows = facts.map(([label, value]) =>
      markup`<tr><th scope="row">${label}</th><td>${value}</td></tr>`
    );
    const body =
      markup`<div class="mcc-table-wrap" tabindex="0"><table class="mcc-table"><caption>What the server saw</caption><tbody>${rows}</tbody></table></div>
<div data-mcc-host-check><p class="mcc-text">What the host does shows here when this card runs inside an MCP Apps host.</p></div>
<div class="mcc-form-bar"><button type="button" class="mcc-tool" data-mcc-action="${ACTION.copyReport}">Copy report</button></div>`;
    return {
      title: "Host check",
      summary: `Host check: what the server saw of this client.\n${
        facts.map(([label, value]) => `- ${label}: ${value}`).join("\n")
      }\nIn an MCP Apps host the card also shows what the host declared, sent and honours.`,
      blocks: [body],
    };
  },
});
