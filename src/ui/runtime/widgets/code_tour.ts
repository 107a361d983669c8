/**
 * Code tours. The server sends each file as a `<section>` so that parts can split between files;
 * this turns a part's sections into WAI-ARIA tabs (the tab widget then handles clicks and keys),
 * and switches Raw | Code and Raw | Rendered views. A view chosen in one file applies to every file
 * of that kind in the card, so it survives switching tabs, and it is remembered if the host paints
 * the card again.
 */
import { ACTION } from "../../shared/protocol.ts";
import { codeFigure, h } from "../dom.ts";
import { zip } from "../files.ts";
import { list, sync, text } from "../preview.ts";
import type { Draw, Widget } from "./types.ts";

/** Views chosen per card (keyed by its title id) and per switch kind ("code", "markdown"). */
const chosen = new Map<string, Map<string, string>>();

function cardKey(article: Element): string {
  return article.getAttribute("aria-labelledby") ?? "";
}

function showView(box: Element, view: string): void {
  box.setAttribute("data-mcc-current", view);
  for (const b of box.querySelectorAll("[data-mcc-view]")) {
    b.setAttribute("aria-pressed", String(b.getAttribute("data-mcc-view") === view));
  }
}

function applyView(article: Element, kind: string, view: string): void {
  for (const box of article.querySelectorAll(`[data-mcc-switch="${kind}"]`)) showView(box, view);
}

function switchView(button: HTMLElement, article: Element): void {
  const view = button.dataset.mccView;
  const kind = button.closest("[data-mcc-switch]")?.getAttribute("data-mcc-switch");
  if (!view || !kind) return;
  applyView(article, kind, view);
  const key = cardKey(article);
  chosen.set(key, (chosen.get(key) ?? new Map()).set(kind, view));
}

/** Line numbers for a source view whose gutter was cut off with the end of a truncated part. */
function addGutter(src: Element): void {
  const text = src.querySelector("pre")?.textContent ?? "";
  const lines = Math.max(1, text.split("\n").length - (text.endsWith("\n") ? 1 : 0));
  const numbers = Array.from({ length: lines }, (_, i) => i + 1).join("\n");
  src.querySelector(".mcc-src-body")?.append(
    h("span", { class: "mcc-gutter", "aria-hidden": "true" }, numbers),
  );
}

function enhance(article: Element): void {
  const body = article.querySelector(".mcc-body");
  const files = body ? [...body.querySelectorAll<HTMLElement>(":scope > .mcc-tourfile")] : [];
  if (!body || files.length === 0 || body.hasAttribute("data-mcc-tabs")) return;
  for (const file of files) {
    const next = file.nextElementSibling; // a truncation notice belongs to the file it follows
    if (next?.classList.contains("mcc-notice")) file.append(next);
  }
  for (const src of article.querySelectorAll(".mcc-src")) {
    if (!src.querySelector(".mcc-gutter")) addGutter(src);
  }
  body.setAttribute("data-mcc-tabs", "");
  const title = article.querySelector(".mcc-title")?.textContent ?? "";
  const list = h("div", { class: "mcc-tablist", role: "tablist", "aria-label": `Files of ${title}` });
  files.forEach((file, i) => {
    const tabId = `${file.id}-tab`;
    // A folder every file shares (an archive's wrapper) is left out of the tab; its tooltip has the path.
    const path = file.dataset.mccPath ?? "";
    list.append(h("button", {
      type: "button",
      class: "mcc-tab",
      role: "tab",
      id: tabId,
      "aria-controls": file.id,
      "aria-selected": String(i === 0),
      tabindex: i === 0 ? "0" : "-1",
      ...(file.dataset.mccTab ? { title: path } : {}),
    }, file.dataset.mccTab ?? path));
    file.setAttribute("role", "tabpanel");
    file.setAttribute("aria-labelledby", tabId);
    file.removeAttribute("aria-label");
    file.tabIndex = 0;
    file.hidden = i !== 0;
  });
  files[0].before(list);
  for (const [kind, view] of chosen.get(cardKey(article)) ?? []) applyView(article, kind, view);
}

/** The preview: a code block per file as the model types it. */
function preview(body: HTMLElement): Draw {
  const files = h("div");
  body.append(files);
  return (a) => sync(files, list(a.files), (f) => codeFigure(text(f.path), text(f.content)));
}

export const codeTourWidget: Widget = {
  actions: { [ACTION.view]: switchView },
  enhance,
  preview: { kind: "code_tour", draw: preview },
  /** The tour's files as a zip (a Markdown file's source is its last pre). */
  formats: (article) => {
    const files = [...article.querySelectorAll<HTMLElement>(".mcc-tourfile")];
    const entry = (f: HTMLElement): [string, string] => [
      f.dataset.mccPath ?? "",
      [...f.querySelectorAll("pre")].pop()?.textContent ?? "",
    ];
    return files.length ? [["zip", "application/zip", () => zip(files.map(entry))]] : [];
  },
};
