/**
 * Wires a root element holding card articles: one delegated listener per event type, so a card
 * painted later (or painted again) needs no extra wiring, and cards hold no handlers of their own.
 * What each card kind does is declared by its widget (widgets/index.ts).
 */
import { followLink, prepareLinks, sendPrompt } from "./actions.ts";
import { enhanceHeader } from "./header.ts";
import type { Host } from "./host.ts";
import { WIDGETS } from "./widgets/in_use.ts";
import type { ActionHandler } from "./widgets/types.ts";

let actions: Map<string, ActionHandler> | undefined;

/** Registers one painted card article (its source HTML and id) for the header tools. */
export function enhanceCard(article: Element, html: string, id: string, host: Host): void {
  enhanceHeader(article, { html, id });
  prepareLinks(article, host);
  for (const widget of WIDGETS) widget.enhance?.(article, host);
}

function onClick(event: MouseEvent, host: Host): void {
  const target = event.target as Element;
  const link = target.closest<HTMLAnchorElement>("a[href]");
  if (link) return followLink(event, link, host);
  const button = target.closest<HTMLElement>("[data-mcc-action]");
  const article = button?.closest(".mcc-card");
  if (button && article) {
    actions ??= new Map(WIDGETS.flatMap((w) => Object.entries(w.actions ?? {})));
    return actions.get(button.dataset.mccAction ?? "")?.(button, article, host);
  }
  for (const { click } of WIDGETS) {
    const hit = click && target.closest<HTMLElement>(click.selector);
    if (hit) return click.handle(hit, host);
  }
  const prompt = target.closest<HTMLButtonElement>("button[data-mcc-prompt]");
  if (prompt && !prompt.form) void sendPrompt(prompt.dataset.mccPrompt ?? "", host, prompt);
}

function onKey(event: KeyboardEvent, host: Host): void {
  const target = event.target as HTMLElement;
  if (WIDGETS.some((w) => w.anyKey?.(event, host))) return event.preventDefault();
  const widget = WIDGETS.find((w) => w.keys && target.matches(w.keys.selector));
  if (widget?.keys?.handle(target, event.key)) event.preventDefault();
}

function onSubmit(event: SubmitEvent, host: Host): void {
  const form = event.target as HTMLFormElement;
  event.preventDefault(); // a card never navigates; prompts go to the chat instead
  WIDGETS.find((w) => w.submit && form.matches(w.submit.selector))?.submit?.handle(form, host);
}

/** Starts handling clicks, keys and submits for every card inside `root`. */
export function wireCards(root: HTMLElement, host: Host): void {
  root.addEventListener("click", (e) => onClick(e, host));
  root.addEventListener("keydown", (e) => onKey(e, host));
  root.addEventListener("submit", (e) => onSubmit(e, host));
  const onInput = (e: Event) => WIDGETS.forEach((w) => w.input?.(e.target as HTMLElement));
  root.addEventListener("input", onInput);
  root.addEventListener("change", onInput);
  root.addEventListener("contextmenu", (e) => WIDGETS.forEach((w) => w.contextMenu?.(e, host)));
}
