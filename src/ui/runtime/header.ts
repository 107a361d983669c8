/**
 * The header tools every card carries, as icon buttons in one row beside the title: Fullscreen
 * where the host offers it, the collapse chevron, and a More menu (more.ts) of the rarer actions:
 * show the card's own HTML in a code panel, Copy card (the standalone document, rebuilt here from
 * this page's own stylesheet and runtime, saying which copy layer worked) and Download (export.ts).
 */
import { copyText } from "./copy.ts";
import { state } from "./debug.ts";
import { standaloneHtml } from "../shared/document.ts";
import { ACTION } from "../shared/protocol.ts";
import { codeFigure, h, meta, rove, svg } from "./dom.ts";
import { applyDisplay, isFull, wantsFullscreen } from "./display.ts";
import { slug } from "./files.ts";
import type { Host } from "./host.ts";
import type { Widget } from "./widgets/types.ts";

/** What the runtime remembers about a painted card. */
export interface CardInfo {
  /** The article's HTML as the server rendered it, before any enhancement. */
  html: string;
  id: string;
}

const cards = new WeakMap<Element, CardInfo>();

/** Cards that ask the reader something (forms, the prompt flow, mirrored web forms): a form is their body. */
const ASKS = ":has(>.mcc-body>form)";

/** A 16 px line icon (drawn with DOM calls: the runtime never parses markup); one path per `d`. */
function icon(...d: string[]): SVGElement {
  const paths = d.map((path, i) => svg("path", { d: path, ...(d.length > 1 ? { class: `mcc-i${i}` } : {}) }));
  return svg(
    "svg",
    {
      class: "mcc-glyph",
      viewBox: "0 0 16 16",
      width: 16,
      height: 16,
      "aria-hidden": "true",
      focusable: "false",
    },
    ...paths,
  );
}

/** An icon button: its accessible name is also its tooltip (drawn by CSS from `aria-label`). */
export function iconTool(attrs: Record<string, string>, label: string, glyph: SVGElement): HTMLElement {
  return h(
    "button",
    { type: "button", class: "mcc-icon", "aria-label": label, ...attrs },
    glyph,
  );
}

/**
 * The header toolbar, one row beside the title: Fullscreen (when the host offers it, for the kinds
 * that want it), the `</>` toggle (shown only while the card's HTML is open, to close it), the
 * collapse chevron, and, but on cards that ask the reader something, More: a menu of the rarer
 * actions (the card's HTML, Copy card, one Download per format; more.ts).
 */
function toolbar(article: Element, bodyId: string): HTMLElement {
  const asks = article.matches(ASKS);
  return h(
    "div",
    { class: "mcc-tools", role: "toolbar", "aria-label": "Card tools" },
    wantsFullscreen(article)
      ? iconTool(
        { "data-mcc-action": ACTION.fullscreen },
        "Fullscreen", // applyDisplay names it for the current mode
        icon("M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4", "M6 2v4H2M14 6h-4V2M10 14v-4h4M2 10h4v4"),
      )
      : "",
    asks ? "" : iconTool(
      { "data-mcc-action": ACTION.source, "aria-pressed": "false", hidden: "" },
      "Hide the card's HTML",
      icon("M5 4L1 8l4 4M11 4l4 4-4 4M9.5 2l-3 12"),
    ),
    iconTool(
      { "data-mcc-action": ACTION.collapse, "aria-expanded": "true", "aria-controls": bodyId },
      "Collapse the card",
      icon("M4 6l4 4 4-4"),
    ),
    asks ? "" : iconTool(
      { "data-mcc-action": ACTION.more, "aria-haspopup": "menu", "aria-expanded": "false" },
      "More card actions",
      icon("M3 8h.01M8 8h.01M13 8h.01"),
    ),
  );
}

/** Registers a card article, adds its header tools and its status line. */
export function enhanceHeader(article: Element, info: CardInfo): void {
  cards.set(article, info);
  const head = article.querySelector(".mcc-head");
  const body = article.querySelector(".mcc-body");
  if (head && body && !head.querySelector(".mcc-tools")) {
    head.append(toolbar(article, body.id));
    applyDisplay(state.hostContext ?? {});
  }
  if (head && !head.querySelector(".mcc-status")) {
    head.append(h("p", { class: "mcc-status", role: "status" }));
  }
}

/** Announces a result in the card's status line (a polite live region). */
export function setStatus(article: Element, text: string): void {
  const status = article.querySelector(".mcc-status");
  if (status) status.textContent = text;
}

/** Collapses the card to its header, or expands it. */
function setCollapsed(article: Element, collapsed: boolean): void {
  const body = article.querySelector<HTMLElement>(".mcc-body");
  const button = article.querySelector<HTMLElement>(`[data-mcc-action="${ACTION.collapse}"]`);
  if (!body || !button) return;
  body.hidden = collapsed;
  article.classList.toggle("mcc-collapsed", collapsed);
  button.setAttribute("aria-expanded", String(!collapsed));
  button.setAttribute("aria-label", collapsed ? "Expand the card" : "Collapse the card");
}

/**
 * Shows or hides the card's HTML source at the top of its body. The header's `</>` tool shows while
 * it is open (pressed: a click closes it), so the reader sees the state and memory.ts restores it.
 */
export function toggleSource(article: Element): void {
  const body = article.querySelector<HTMLElement>(".mcc-body");
  const button = article.querySelector<HTMLElement>(`.mcc-head [data-mcc-action="${ACTION.source}"]`);
  const info = cards.get(article);
  if (!body || !button || !info) return;
  const open = body.querySelector(":scope > .mcc-source");
  open?.remove();
  button.setAttribute("aria-pressed", String(!open));
  if (open && document.activeElement === button) (button.nextElementSibling as HTMLElement).focus();
  button.hidden = Boolean(open);
  if (open) return button.removeAttribute("aria-controls");
  const panel = codeFigure("Card HTML", info.html, "mcc-source");
  panel.id = `${body.id}-source`;
  body.prepend(panel);
  button.setAttribute("aria-controls", panel.id);
  setCollapsed(article, false);
}

/** The standalone document of one card, as the server would serve it. */
export function cardDocument(article: Element): string {
  const info = cards.get(article);
  return standaloneHtml({
    title: article.querySelector(".mcc-title")?.textContent ?? "Card",
    cardId: info?.id ?? "",
    bodyHtml: info?.html ?? article.outerHTML,
    css: document.getElementById("mcc-css")?.textContent ?? "",
    runtime: document.getElementById("mcc-runtime")?.textContent ?? "",
    scriptHash: meta("mcp-chat-cards-script") ?? "",
    version: state.templateVersion,
  });
}

/** A file name for the card: its title slugged, then `.ext`. */
export const cardFile = (article: Element, ext: string): string =>
  `${slug(article.querySelector(".mcc-title")?.textContent ?? "")}.${ext}`;

/** Copy card: the standalone document to the clipboard, by whichever layer works (the manual one under the header). */
export async function copyCard(article: Element, host: Host): Promise<void> {
  const method = await copyText(cardDocument(article), article.querySelector(".mcc-head") ?? article, host, {
    filename: cardFile(article, "html"),
    mimeType: "text/html",
  });
  setStatus(
    article,
    method === "manual selection" ? "Copy blocked: select the text below" : `Card copied (${method})`,
  );
  host.log("card-copied", { method });
}

/** Copies a code figure's text. */
async function copyCode(figure: Element, button: HTMLElement, host: Host): Promise<void> {
  const text = figure.querySelector("pre")?.textContent ?? "";
  const method = await copyText(text, figure, host);
  const article = figure.closest(".mcc-card");
  if (article) {
    setStatus(
      article,
      method === "manual selection" ? "Copy blocked: select the text below" : `Code copied (${method})`,
    );
  }
  if (method !== "manual selection") {
    button.textContent = "Copied";
    setTimeout(() => (button.textContent = "Copy"), 1500);
  }
}

/**
 * Left/Right/Home/End inside the header toolbar (every button also stays a Tab stop); ArrowDown on
 * the More button opens its menu, as on any menu button.
 */
function toolbarKey(button: HTMLElement, key: string): boolean {
  if (key === "ArrowDown" && button.hasAttribute("aria-haspopup")) return button.click(), true;
  if (key === "ArrowUp" || key === "ArrowDown") return false;
  const bar = button.closest('[role="toolbar"]');
  const buttons = bar ? [...bar.querySelectorAll<HTMLElement>("button:not([hidden])")] : [];
  return rove(buttons, button, key) !== undefined;
}

/** The tools every card has, whatever its kind. */
export const coreWidget: Widget = {
  actions: {
    [ACTION.source]: (_button, article) => toggleSource(article),
    [ACTION.collapse]: (button, article) =>
      setCollapsed(article, button.getAttribute("aria-expanded") === "true"),
    [ACTION.fullscreen]: (_button, _article, host) => host.display?.(isFull() ? "inline" : "fullscreen"),
    [ACTION.copyCode]: (button, _article, host) => {
      const figure = button.closest(".mcc-code");
      if (figure) void copyCode(figure, button, host);
    },
  },
  keys: { selector: '[role="toolbar"] button', handle: toolbarKey },
};
