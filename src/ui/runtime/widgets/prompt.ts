/**
 * The finished prompt of the efficient-prompt flow (`form[data-mcc-final]`): the prompt is edited
 * in place with live counts, "Send this prompt" opens a confirmation dialog, and only "Yes, send
 * it" sends, taking the textarea's content at that moment. Cancel, Escape or a click on the
 * backdrop send nothing. Copy prompt copies the current text.
 */
import { ACTION } from "../../shared/protocol.ts";
import { sendPrompt } from "../actions.ts";
import { copyText } from "../copy.ts";
import { h, tool } from "../dom.ts";
import { setStatus } from "../header.ts";
import type { Host } from "../host.ts";
import type { Widget } from "./types.ts";

let dialogs = 0;

function promptBox(form: HTMLFormElement): HTMLTextAreaElement | null {
  return form.querySelector<HTMLTextAreaElement>("textarea.mcc-prompt-text");
}

/** The dialog asking for confirmation, made once per form (card HTML never carries it). */
function dialogFor(form: HTMLFormElement): HTMLDialogElement {
  const existing = form.querySelector<HTMLDialogElement>("dialog.mcc-confirm");
  if (existing) return existing;
  const n = ++dialogs;
  const yes = tool({ class: "mcc-primary", value: "send" }, "Yes, send it");
  const no = tool({ value: "cancel" }, "Cancel");
  const dialog = h(
    "dialog",
    {
      class: "mcc-confirm",
      "aria-labelledby": `mcc-confirm-${n}-t`,
      "aria-describedby": `mcc-confirm-${n}-d`,
    },
    h("h3", { id: `mcc-confirm-${n}-t` }, "Send this prompt?"),
    h(
      "p",
      { id: `mcc-confirm-${n}-d` },
      "It goes to the conversation as your next message, exactly as the box holds it now.",
    ),
    h("div", { class: "mcc-form-bar" }, yes, no),
  ) as HTMLDialogElement;
  yes.addEventListener("click", () => dialog.close("send"));
  no.addEventListener("click", () => dialog.close("cancel"));
  // A click on the backdrop lands on the dialog element itself: treat it as Cancel.
  dialog.addEventListener("click", (e) => e.target === dialog && dialog.close("cancel"));
  form.append(dialog);
  return dialog;
}

/**
 * Asks for confirmation, then hands the textarea's text at that moment to `send`. Resolves to
 * what was sent, or undefined when the user cancelled (or the prompt was blank).
 */
export function confirmAndSend(
  form: HTMLFormElement,
  send: (text: string) => Promise<unknown>,
): Promise<string | undefined> {
  const dialog = dialogFor(form);
  dialog.returnValue = "";
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
  let took = false;
  const text = await confirmAndSend(form, async (t) => (took = await sendPrompt(t, host, form)));
  if (!article) return;
  if (text === undefined) setStatus(article, "Not sent");
  else setStatus(article, took ? "Sent to the conversation" : "Not sent: copy the prompt below");
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
