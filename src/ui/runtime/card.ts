/**
 * Wires a root element holding card articles: one delegated listener per event type, so a card
 * painted later (or painted again) needs no extra wiring, and cards hold no handlers of their own.
 */
import { followLink, formPrompt, prepareLinks, sendPrompt } from "./actions.ts";
import { copyCard, copyCode, enhanceHeader, setCollapsed, toggleSource } from "./header.ts";
import type { Host } from "./host.ts";
import { revealAll, selectTab, tabKey, toolbarKey } from "./widgets.ts";

/** Registers one painted card article (its source HTML and id) for the header tools. */
export function enhanceCard(article: Element, html: string, id: string, host: Host): void {
  enhanceHeader(article, { html, id });
  prepareLinks(article, host);
}

function act(action: string, button: HTMLElement, host: Host): void {
  const article = button.closest(".mcc-card");
  if (!article) return;
  switch (action) {
    case "source":
      return toggleSource(article, button);
    case "collapse":
      return setCollapsed(article, button.getAttribute("aria-expanded") === "true");
    case "copy":
      void copyCard(article, button, host);
      return;
    case "copy-code": {
      const figure = button.closest(".mcc-code");
      if (figure) void copyCode(figure, button, host);
      return;
    }
    case "show-all":
    case "hide-all":
      return revealAll(button, action === "show-all");
  }
}

function onClick(event: MouseEvent, host: Host): void {
  const target = event.target as Element;
  const link = target.closest<HTMLAnchorElement>("a[href]");
  if (link) return followLink(event, link, host);
  const button = target.closest<HTMLElement>("[data-mcc-action]");
  if (button) return act(button.dataset.mccAction ?? "", button, host);
  const tab = target.closest<HTMLElement>('[role="tab"]');
  if (tab) return selectTab(tab);
  const prompt = target.closest<HTMLButtonElement>("button[data-mcc-prompt]");
  if (prompt && !prompt.form) void sendPrompt(prompt.dataset.mccPrompt ?? "", host, prompt);
}

function onKey(event: KeyboardEvent): void {
  const target = event.target as HTMLElement;
  const handled = target.matches('[role="tab"]')
    ? tabKey(target, event.key)
    : target.matches('[role="toolbar"] button') && toolbarKey(target, event.key);
  if (handled) event.preventDefault();
}

function onSubmit(event: SubmitEvent, host: Host): void {
  const form = event.target as HTMLFormElement;
  event.preventDefault(); // a card never navigates; prompts go to the chat instead
  if (form.matches("form[data-mcc-prompt]")) void sendPrompt(formPrompt(form), host, form);
}

/** Starts handling clicks, keys and submits for every card inside `root`. */
export function wireCards(root: HTMLElement, host: Host): void {
  root.addEventListener("click", (e) => onClick(e, host));
  root.addEventListener("keydown", onKey);
  root.addEventListener("submit", (e) => onSubmit(e, host));
}
