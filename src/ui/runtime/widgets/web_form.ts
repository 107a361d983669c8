/**
 * Mirrored website forms (`form[data-mcc-web-form]`): submitting checks the fields, then sends the
 * card's instruction line and the values as JSON to the chat, where the model reviews them with
 * the user before anything reaches the website. A checkbox group answers a list; a lone checkbox
 * answers "yes" or "no"; every named control answers, so the model sees what was left blank.
 */
import { WEB_FORM_SELECTOR } from "../../shared/protocol.ts";
import { webFormMessage, type WebFormValues } from "../../shared/web_form.ts";
import { sendPrompt } from "../actions.ts";
import type { Widget } from "./types.ts";

/** The values of a mirrored form, per control name. */
export function webFormValues(form: HTMLFormElement): WebFormValues {
  const values: WebFormValues = {};
  for (const el of form.elements) {
    const c = el as HTMLInputElement;
    if (!c.name || c.disabled || !("value" in c)) continue;
    const group = c.closest('[data-mcc-field="checkboxes"]');
    if (group) {
      const list = (values[c.name] ??= []) as string[];
      if (c.checked) list.push(c.value);
    } else if (c.type === "checkbox") values[c.name] = c.checked ? c.value : "no";
    else if (c.type === "radio") {
      if (c.checked || !(c.name in values)) values[c.name] = c.checked ? c.value : "";
    } else values[c.name] = c.value;
  }
  return values;
}

export const webFormWidget: Widget = {
  submit: {
    selector: WEB_FORM_SELECTOR,
    handle(form, host) {
      if (!form.reportValidity()) return;
      const text = webFormMessage(
        form.dataset.mccIntro ?? "",
        form.dataset.mccWebForm ?? "",
        webFormValues(form),
      );
      void sendPrompt(text, host, form);
    },
  },
};
