/**
 * What leaves the card: links (through the host, or a new tab when there is none) and prompts
 * from `form[data-mcc-prompt]` submissions and `button[data-mcc-prompt]` clicks. A prompt the host
 * refuses is shown with a copy button, so the user can paste it into the chat instead.
 */
import { note } from "./debug.ts";
import { codeFigure, h, removePanelAfter } from "./dom.ts";
import type { Host } from "./host.ts";

/**
 * The prompt a form sends. Values are gathered per field name (empty ones dropped, several joined
 * with ", "), and every named control yields a key, so an unanswered field fills its `{{name}}`
 * with nothing instead of leaving the placeholder. Without a template: one `name: value` per line.
 */
export function formPrompt(form: HTMLFormElement): string {
  const values = new Map<string, string[]>();
  for (const control of form.elements) {
    const name = (control as HTMLInputElement).name;
    if (name && !values.has(name)) values.set(name, []);
  }
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim()) values.get(name)?.push(value.trim());
  }
  const answer = (name: string) => (values.get(name) ?? []).join(", ");
  const template = form.dataset.mccPrompt?.trim();
  if (template) return template.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_, name: string) => answer(name));
  return [...values.keys()].map((name) => `${name}: ${answer(name)}`).join("\n");
}

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

/** Sends a prompt through the host, falling back to showing it after `anchor`. */
export async function sendPrompt(text: string, host: Host, anchor: Element): Promise<void> {
  const ok = await host.prompt(text).catch(() => false);
  if (ok) {
    removePanelAfter(anchor, "mcc-prompt-fallback");
    host.log("prompt-sent", { chars: text.length });
    return;
  }
  note("the host did not take the prompt: showing it for copy and paste");
  showPromptFallback(text, anchor);
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
  host.openLink(link.href).then((ok) => {
    if (!ok) open(link.href, "_blank", "noopener,noreferrer");
  });
}
