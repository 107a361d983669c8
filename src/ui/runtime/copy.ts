/**
 * Copying text out of a sandboxed iframe, where every way can be blocked: the Clipboard API
 * (needs the clipboard-write permission the host may not grant), then `execCommand("copy")`, then
 * a selected textarea for the user's own Ctrl+C, offering `ui/download-file` when the host has it.
 * The caller reports which layer worked.
 */
import { note } from "./debug.ts";
import { h, removePanelAfter, tool } from "./dom.ts";
import type { Host } from "./host.ts";

/** Which layer delivered the text. */
export type CopyMethod = "Clipboard API" | "execCommand" | "manual selection";

/** A file to offer when copying fails. */
export interface DownloadOffer {
  filename: string;
  mimeType: string;
}

async function viaClipboardApi(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function viaExecCommand(text: string): boolean {
  const previous = document.activeElement as HTMLElement | null;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "mcc-offscreen";
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  previous?.focus();
  return ok;
}

/** Shows the text selected in a textarea after `anchor`, with a download button if offered. */
export function showManual(
  text: string,
  anchor: Element,
  host: Host,
  offer?: DownloadOffer,
  say = "Copying is blocked here. The text below is selected: press Ctrl+C (⌘C on a Mac).",
): void {
  removePanelAfter(anchor, "mcc-manual");
  const hint = h("p", {}, say);
  const area = h("textarea", { readonly: "", "aria-label": "Text to copy" }) as HTMLTextAreaElement;
  area.value = text;
  const panel = h("div", { class: "mcc-manual" }, hint, area);
  if (offer && host.download) {
    const button = tool({}, "Download instead");
    button.addEventListener("click", async () => {
      const ok = await host.download!(offer.filename, offer.mimeType, text);
      hint.textContent = ok ? "Sent to the host as a download." : "The host refused the download.";
    });
    panel.append(button);
  }
  anchor.after(panel);
  area.focus();
  area.select();
}

/** Copies `text`, trying each layer in turn; the manual layer appears after `anchor`. */
export async function copyText(
  text: string,
  anchor: Element,
  host: Host,
  offer?: DownloadOffer,
): Promise<CopyMethod> {
  if (navigator.clipboard && await viaClipboardApi(text)) return "Clipboard API";
  if (viaExecCommand(text)) return "execCommand";
  note("clipboard and execCommand were both blocked: showing the text for a manual copy");
  showManual(text, anchor, host, offer);
  return "manual selection";
}
