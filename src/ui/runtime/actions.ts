/**
 * What leaves the card: links (through the host, or a new tab when there is none) and prompts
 * from `form[data-mcc-prompt]` submissions and `button[data-mcc-prompt]` clicks. A prompt the host
 * refuses is shown with a copy button, so the user can paste it into the chat instead.
 */
import { note } from "./debug.ts";
import { codeFigure, h, removePanelAfter } from "./dom.ts";
import type { Host } from "./host.ts";

/** Shows a refused prompt after `anchor`, ready to copy. */
function showPromptFallback(text: string, anchor: Element): void {
  removePanelAfter(anchor, "mcc-prompt-fallback");
  const panel = h(
    "div",
    { class: "mcc-prompt-fallback", role: "status" },
    h("p", {}, "The chat did not accept this prompt. Copy it and paste it into the conversation:"),
    codeFigure("prompt", text),
  );
  anchor.after(panel);
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
 * sent whole, so nothing reaches the model that the chat does not show.
 */
export async function sendPrompt(text: string, host: Host, anchor: Element, head?: string): Promise<boolean> {
  const long = head !== undefined && head !== text && text.length > LONG_PROMPT &&
    await host.updateContext?.(text).catch(() => false);
  const ok = await host.prompt(long ? shortMessage(text, head!) : text).catch(() => false);
  if (ok) {
    removePanelAfter(anchor, "mcc-prompt-fallback");
    host.log("prompt-sent", { chars: text.length, viaContext: Boolean(long) });
    return true;
  }
  note("the host did not take the prompt: showing it for copy and paste");
  showPromptFallback(text, anchor);
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
  host.openLink(link.href).then((ok) => {
    if (!ok) open(link.href, "_blank", "noopener,noreferrer");
  });
}
