/**
 * The header tools every card carries: `</>` shows or hides the card's own HTML in a code panel,
 * the chevron collapses the card to its header, and Copy card copies the standalone document
 * (rebuilt here from this page's own stylesheet and runtime) and says which copy layer worked;
 * Download offers the card as files (export.ts).
 */
import { copyText } from "./copy.ts";
import { state } from "./debug.ts";
import { standaloneHtml } from "../shared/document.ts";
import { ACTION } from "../shared/protocol.ts";
import { codeFigure, h, meta, rove, svg, tool } from "./dom.ts";
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

/**
 * The header toolbar: `</>`, the collapse chevron (drawn with DOM calls: the runtime never parses
 * markup), Copy card, for some kinds Fullscreen, and Download.
 */
function toolbar(bodyId: string, full: boolean): HTMLElement {
  const sr = (text: string) => h("span", { class: "mcc-sr" }, text);
  const chevron = svg(
    "svg",
    {
      class: "mcc-chevron",
      viewBox: "0 0 16 16",
      width: 16,
      height: 16,
      "aria-hidden": "true",
      focusable: "false",
    },
    svg("path", {
      d: "M4 6l4 4 4-4",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    }),
  );
  return h(
    "div",
    { class: "mcc-tools", role: "toolbar", "aria-label": "Card tools" },
    tool(
      { "data-mcc-action": ACTION.source, title: "Show the card's HTML", "aria-pressed": "false" },
      "</>",
      sr(" Show the card's HTML"),
    ),
    tool(
      {
        "data-mcc-action": ACTION.collapse,
        title: "Collapse the card",
        "aria-expanded": "true",
        "aria-controls": bodyId,
      },
      chevron,
      sr("Collapse the card"),
    ),
    tool(
      { "data-mcc-action": ACTION.copyCard, title: "Copy the card as a standalone HTML document" },
      "Copy card",
    ),
    full ? tool({ "data-mcc-action": ACTION.fullscreen, title: "" }) : "", // labelled by applyDisplay
    tool({ "data-mcc-action": ACTION.download, title: "Download the card as a file" }, "Download"), // export.ts
  );
}

/** Registers a card article, adds its header tools and its status line. */
export function enhanceHeader(article: Element, info: CardInfo): void {
  cards.set(article, info);
  const head = article.querySelector(".mcc-head");
  const body = article.querySelector(".mcc-body");
  if (head && body && !head.querySelector(".mcc-tools")) {
    head.append(toolbar(body.id, wantsFullscreen(article)));
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
  const label = collapsed ? "Expand the card" : "Collapse the card";
  button.title = label;
  const sr = button.querySelector(".mcc-sr");
  if (sr) sr.textContent = label;
}

/** Shows or hides the card's HTML source at the top of its body. */
function toggleSource(article: Element, button: HTMLElement): void {
  const body = article.querySelector<HTMLElement>(".mcc-body");
  const info = cards.get(article);
  if (!body || !info) return;
  const open = body.querySelector(":scope > .mcc-source");
  open?.remove();
  button.setAttribute("aria-pressed", String(!open));
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

/** Copy card: the standalone document to the clipboard, by whichever layer works. */
export async function copyCard(article: Element, button: HTMLElement, host: Host): Promise<void> {
  const method = await copyText(cardDocument(article), button.closest(".mcc-head") ?? button, host, {
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

/** Left/Right/Home/End inside the header toolbar; every button also stays a Tab stop. */
function toolbarKey(button: HTMLElement, key: string): boolean {
  if (key === "ArrowUp" || key === "ArrowDown") return false;
  const bar = button.closest('[role="toolbar"]');
  const buttons = bar ? [...bar.querySelectorAll<HTMLElement>("button:not([hidden])")] : [];
  return rove(buttons, button, key) !== undefined;
}

/** The tools every card has, whatever its kind. */
export const coreWidget: Widget = {
  actions: {
    [ACTION.source]: (button, article) => toggleSource(article, button),
    [ACTION.collapse]: (button, article) =>
      setCollapsed(article, button.getAttribute("aria-expanded") === "true"),
    [ACTION.copyCard]: (button, article, host) => void copyCard(article, button, host),
    [ACTION.fullscreen]: (_button, _article, host) => host.display?.(isFull() ? "inline" : "fullscreen"),
    [ACTION.copyCode]: (button, _article, host) => {
      const figure = button.closest(".mcc-code");
      if (figure) void copyCode(figure, button, host);
    },
  },
  keys: { selector: '[role="toolbar"] button', handle: toolbarKey },
};
