/**
 * Names the server and the browser runtime must agree on, written once: the resource URIs, the
 * MCP Apps identifiers, the app-only pull tool, and the actions card markup asks the runtime for.
 */

/** URI of the template resource of one card kind, which every tool showing that kind points at. */
export const templateUri = (kind: string): string => `ui://mcp-chat-cards/template/${kind}.html`;

/** URI prefix of the standalone card documents: `${CARD_URI_PREFIX}<id>`. */
export const CARD_URI_PREFIX = "ui://mcp-chat-cards/html/";

/** MIME type MCP Apps hosts require of the template. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The MCP Apps extension id a client declares to get cards inline. */
export const APPS_EXTENSION_ID = "io.modelcontextprotocol/ui";

/**
 * The tool that shows part k of a split card by its id (model and view), and that the view also
 * calls to render its card again when a host never delivers the tool result.
 */
export const PULL_TOOL = "get_card";

/** The template of get_card's results: it paints every kind a card splits into parts. */
export const PARTS_TEMPLATE = "parts";

/** `data-mcc-action` values that card markup (server side) and the header (runtime) use. */
export const ACTION = {
  copyCode: "copy-code",
  showAll: "show-all",
  hideAll: "hide-all",
  source: "source",
  collapse: "collapse",
  /** A Raw | Code or Raw | Rendered switch in a code tour (`data-mcc-view` names the view). */
  view: "view",
  copyPrompt: "copy-prompt",
  /** The header's fullscreen tool (shown when the host offers the mode; runtime/display.ts). */
  fullscreen: "fullscreen",
  /** The header's More: a menu of the rarer card actions (runtime/more.ts). */
  more: "more",
  /** The host check card's "Copy report" (runtime/widgets/host_check.ts). */
  copyReport: "copy-report",
} as const;

/** A mirrored website form in card markup: `<form data-mcc-web-form="<form id>" data-mcc-intro="...">`. */
export const WEB_FORM_SELECTOR = "form[data-mcc-web-form]";
