/**
 * The host check card's live part: what the MCP Apps host declared and sent in `ui/initialize`
 * (host, protocol, capabilities, theme, style variables, display modes, container size, locale,
 * platform), what it honours when asked (only harmless requests are tried: the inline display mode
 * and a model-context note; a message, a link or a download would act for the user, so those show
 * as declared or not), the CSP in force (a loopback fetch the policy should stop, observed through
 * `securitypolicyviolation`) and the frame's measured size. "Copy report" copies it all as text.
 */
import { copyText } from "../copy.ts";
import { state } from "../debug.ts";
import { h } from "../dom.ts";
import { setStatus } from "../header.ts";
import type { Host } from "../host.ts";
import { ACTION } from "../../shared/protocol.ts";
import { tableView } from "./table.ts";
import type { Widget } from "./types.ts";

type Json = Record<string, unknown>;

const text = (v: unknown) => typeof v === "string" ? v : v === undefined ? "not sent" : JSON.stringify(v);

/** The CSP in force: what a fetch to a closed loopback port runs into. */
async function cspProbe(): Promise<string> {
  let seen = "";
  const listener = (e: SecurityPolicyViolationEvent) => {
    seen ||= `${e.effectiveDirective} blocks; policy: ${e.originalPolicy.slice(0, 300)}`;
  };
  addEventListener("securitypolicyviolation", listener);
  await fetch("http://127.0.0.1:9/").catch(() => {});
  await new Promise((r) => setTimeout(r, 100)); // the event is queued after the refusal
  removeEventListener("securitypolicyviolation", listener);
  return seen || "connect-src allows loopback (no violation)";
}

/** Every fact as label and value, the host's answers first. */
async function facts(host: Host): Promise<[string, string][]> {
  const init = state.hostInit ?? {};
  const context = (state.hostContext ?? {}) as Json;
  const caps = (init.hostCapabilities ?? {}) as Json;
  const vars = Object.keys(((context.styles as Json | undefined)?.variables ?? {}) as Json);
  const declared = (name: string) =>
    caps[name] ? "declared (not tried: it acts for the user)" : "not declared";
  const [model, display, csp] = await Promise.all([
    caps.updateModelContext
      ? host.ask?.("ui/update-model-context", {
        content: [{ type: "text", text: "mcp-chat-cards: the host check card ran" }],
      })
      : "not declared",
    host.ask?.("ui/request-display-mode", { mode: "inline" }),
    cspProbe(),
  ]);
  return [
    ["Host", text(init.hostInfo)],
    ["Apps protocol", text(init.protocolVersion)],
    ["Host capabilities", Object.keys(caps).join(", ") || "none"],
    ["Theme", text(context.theme)],
    ["Style variables", `${vars.length} sent`],
    ["Display modes", text(context.availableDisplayModes)],
    ["Container", text(context.containerDimensions)],
    ["Locale", text(context.locale)],
    ["Platform", text(context.platform)],
    ["ui/message", declared("message")],
    ["ui/open-link", declared("openLinks")],
    ["ui/download-file", declared("downloadFile")],
    ["ui/update-model-context", text(model)],
    ["ui/request-display-mode inline", text(display)],
    ["CSP", csp],
    ["Frame", `${innerWidth} × ${innerHeight} px, document ${document.documentElement.offsetHeight} px`],
  ];
}

/** The report as text, both tables: what a user pastes into a bug report. */
function report(article: Element): string {
  return [...article.querySelectorAll("table tr")].map((tr) =>
    [...tr.children].map((c) => c.textContent!.trim()).join(": ")
  ).join("\n");
}

export const hostCheckWidget: Widget = {
  actions: {
    [ACTION.copyReport]: async (button, article, host) => {
      await copyText(report(article), button, host);
      setStatus(article, "Report copied");
    },
  },
  enhance(article, host) {
    const slot = article.querySelector("[data-mcc-host-check]");
    if (!slot || state.mode !== "app" || !host.ask) return;
    facts(host).then((rows) => {
      const table = h(
        "table",
        { class: "mcc-table" },
        h("caption", {}, "What the host does"),
        h(
          "tbody",
          {},
          ...rows.map(([label, value]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, value))),
        ),
      );
      slot.replaceChildren(h("div", { class: "mcc-table-wrap", tabindex: "0" }, table));
    });
  },
  // its facts are a table: the host's model may read the row the reader selected
  tools: [tableView],
};
