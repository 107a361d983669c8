/**
 * The finished prompt of the efficient-prompt flow (`form[data-mcc-final]`): the prompt is edited
 * in place with live counts, "Send this prompt" opens a confirmation dialog, and only "Yes, send
 * it" sends, taking the textarea's content at that moment. Cancel, Escape or a click on the
 * backdrop send nothing. Copy prompt copies the current text.
 */
import { ACTION } from "../../shared/protocol.ts";
import { sendPrompt } from "../actions.ts";
import { copyText } from "../copy.ts";
import { setStatus } from "../header.ts";
import type { Host } from "../host.ts";
import type { Widget } from "./types.ts";

function promptBox(form: HTMLFormElement): HTMLTextAreaElement | null {
  return form.querySelector<HTMLTextAreaElement>("textarea.mcc-prompt-text");
}

/**
 * Asks for confirmation, then hands the textarea's text at that moment to `send`. Resolves to
 * what was sent, or undefined when the user cancelled (or the prompt was blank).
 */
export function confirmAndSend(
  form: HTMLFormElement,
  send: (text: string) => Promise<unknown>,
): Promise<string | undefined> {
  // The server renders the dialog, closed, in the form: its buttons close it with their value, and a
  // click on the backdrop lands on the dialog element itself and counts as Cancel.
  const dialog = form.querySelector<HTMLDialogElement>("dialog.mcc-confirm");
  if (!dialog) return Promise.resolve(undefined);
  dialog.returnValue = "";
  dialog.onclick = (e) => {
    const button = (e.target as Element).closest("button");
    if (button || e.target === dialog) dialog.close(button?.value ?? "cancel");
  };
  return new Promise((resolve) => {
    dialog.addEventListener("close", async () => {
      const text = promptBox(form)?.value ?? "";
      if (dialog.returnValue !== "send" || !text.trim()) return resolve(undefined);
      await send(text);
      resolve(text);
    }, { once: true });
    dialog.showModal();
    // Sending cannot be undone: focus starts on Cancel, so a stray second Enter sends nothing.
    dialog.querySelector<HTMLButtonElement>('button[value="cancel"]')?.focus();
  });
}

/** The current prompt text, for Copy prompt. */
export function currentPrompt(form: HTMLFormElement): string {
  return promptBox(form)?.value ?? "";
}

async function send(form: HTMLFormElement, host: Host): Promise<void> {
  const article = form.closest(".mcc-card");
  // sendPrompt says in the status line whether the chat took it
  const text = await confirmAndSend(form, (t) => sendPrompt(t, host, form));
  if (article && text === undefined) setStatus(article, "Not sent");
}

async function copyPrompt(button: HTMLElement, host: Host): Promise<void> {
  const form = button.closest("form");
  if (!form) return;
  const method = await copyText(currentPrompt(form), form, host);
  const article = form.closest(".mcc-card");
  if (article) {
    setStatus(
      article,
      method === "manual selection" ? "Copy blocked: select the text below" : `Prompt copied (${method})`,
    );
  }
}

export const promptWidget: Widget = {
  submit: { selector: "form[data-mcc-final]", handle: (form, host) => void send(form, host) },
  actions: { [ACTION.copyPrompt]: (button, _article, host) => void copyPrompt(button, host) },
};
