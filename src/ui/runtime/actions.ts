/**
 * What leaves the card: links (through the host, or a new tab when there is none) and prompts
 * from `form[data-mcc-prompt]` submissions and `button[data-mcc-prompt]` clicks. A prompt the host
 * refuses is shown with a copy button, so the user can paste it into the chat instead; a host that
 * declared no `message` (or `openLinks`) capability gets no request at all, and the copy fallback
 * shows at once. The card's status line says what happened.
 */
import { showManual } from "./copy.ts";
import { note } from "./debug.ts";
import { codeFigure, h, removePanelAfter } from "./dom.ts";
import { setStatus } from "./header.ts";
import type { Host } from "./host.ts";

/** Shows a refused prompt after `anchor`, ready to copy. */
function showPromptFallback(text: string, anchor: Element, why: string): void {
  removePanelAfter(anchor, "mcc-prompt-fallback");
  const panel = h(
    "div",
    { class: "mcc-prompt-fallback", role: "status" },
    h("p", {}, `${why}. Copy it and paste it into the conversation:`),
    codeFigure("prompt", text),
  );
  anchor.after(panel);
  // A form's card scrolls within its height: bring the panel into sight there (never the host's page).
  const body = panel.closest<HTMLElement>(".mcc-body");
  const below = body ? panel.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom : 0;
  if (below > 0) body!.scrollTop += below;
}

/** Prompts longer than this go to the model's context, with a short message pointing at them. */
export const LONG_PROMPT = 1_500;

/** The short message sent in place of a long prompt: `head`, and where the whole text is. */
export function shortMessage(text: string, head: string): string {
  return `${head}\n(The full text, ${[...text].length} characters, is in your model context: read it there.)`;
}

/**
 * Sends a prompt through the host, falling back to showing it after `anchor`; true when the host
 * took it. Given a `head` (a form's prompt with its long answers cut), a long prompt goes into the
 * model's context first (ui/update-model-context) and the chat shows the head: every word the card
 * itself adds is still seen there. Any other prompt (model-written menu actions, button prompts) is
 * sent whole, so nothing reaches the model that the chat does not show. A host without the message
 * capability gets no request: the prompt is shown to copy at once. The card's status line says which.
 */
export async function sendPrompt(text: string, host: Host, anchor: Element, head?: string): Promise<boolean> {
  const none = host.lacks?.("message");
  const long = !none && head !== undefined && head !== text && text.length > LONG_PROMPT &&
    await host.updateContext?.(text).catch(() => false);
  const ok = !none && await host.prompt(long ? shortMessage(text, head!) : text).catch(() => false);
  const article = anchor.closest(".mcc-card");
  if (article) {
    setStatus(
      article,
      ok
        ? "Sent to the conversation"
        : none
        ? "Not sent: this chat takes no messages from cards. Copy the prompt below"
        : "Not sent: copy the prompt below",
    );
  }
  if (ok) {
    removePanelAfter(anchor, "mcc-prompt-fallback");
    host.log("prompt-sent", { chars: text.length, viaContext: Boolean(long) });
    return true;
  }
  note("the host did not take the prompt: showing it for copy and paste");
  showPromptFallback(
    text,
    anchor,
    none ? "This chat takes no messages from cards" : "The chat did not accept this prompt",
  );
  return false;
}

/** Links open in a new tab without a host; with one, they go through it. */
export function prepareLinks(scope: Element, host: Host): void {
  if (host.name !== "none") return;
  for (const link of scope.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    link.target = "_blank";
    link.rel = "noopener noreferrer";
  }
}

/** Routes a link click through the host (MCP Apps `ui/open-link`, MCP-UI `link`). */
export function followLink(event: MouseEvent, link: HTMLAnchorElement, host: Host): void {
  if (host.name === "none" || link.getAttribute("href")?.startsWith("#")) return;
  event.preventDefault();
  if (!/^(https?|mailto):/i.test(link.href)) return; // a script or data URL is never handed on
  const article = link.closest(".mcc-card");
  if (host.lacks?.("openLinks") && article) {
    const say = "This chat opens no links from cards. The address below is selected: copy it.";
    showManual(link.href, article.querySelector(".mcc-head")!, host, undefined, say);
    return setStatus(article, "Link not opened: copy the address below");
  }
  host.openLink(link.href).then((ok) => {
    if (!ok) open(link.href, "_blank", "noopener,noreferrer");
  });
}
