/**
 * Forms that steer the conversation (`form[data-mcc-prompt]`: the form card, the gist and refine
 * cards). Submitting checks the fields with messages tied to each control, gathers the answers per
 * name, fills the form's template (`data-mcc-prompt`, blanks as `data-mcc-blank`) and sends the
 * prompt; a refused prompt is shown for copy and paste. Typing keeps counters and range read-outs
 * current and clears a field's error.
 */
import { answerLines, countLabel, fillTemplate, gatherAnswers } from "../../shared/prompt.ts";
import { sendPrompt } from "../actions.ts";
import { h } from "../dom.ts";
import { setStatus } from "../header.ts";
import type { Host } from "../host.ts";
import { line } from "../view_tools.ts";
import type { Json, Widget } from "./types.ts";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What an unticked single checkbox answers (a ticked one sends its value, "yes"). */
export const UNCHECKED = "no";

function controls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter((e): e is Control =>
    (e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement) &&
    Boolean(e.name) && !e.disabled
  );
}

/** The answers of a form: every named control keys its name, blanks dropped, shared names joined. */
export function formAnswers(form: HTMLFormElement): Map<string, string[]> {
  const entries: [string, string][] = [];
  for (const c of controls(form)) {
    if (c instanceof HTMLInputElement && (c.type === "radio" || c.type === "checkbox")) {
      const single = c.type === "checkbox" && c.closest('[data-mcc-field="checkbox"]');
      if (c.checked) entries.push([c.name, c.value]);
      else if (single) entries.push([c.name, UNCHECKED]);
    } else if (c instanceof HTMLSelectElement && c.multiple) {
      for (const o of c.selectedOptions) entries.push([c.name, o.value]);
    } else entries.push([c.name, c.value]);
  }
  return gatherAnswers(controls(form).map((c) => c.name), entries);
}

/**
 * The prompt a form sends: its template filled, or one `name: answer` line per name; with `cap`,
 * answers longer than that are cut (the chat's short message when the whole goes to the context).
 */
export function formPrompt(form: HTMLFormElement, cap = 1e9): string {
  const answers = formAnswers(form);
  for (const [k, v] of answers) answers.set(k, v.map((s) => s.length > cap ? s.slice(0, cap - 1) + "…" : s));
  const blank = form.dataset.mccBlank ?? "";
  const template = form.dataset.mccPrompt?.trim();
  return template ? fillTemplate(template, answers, blank) : answerLines(answers, blank);
}

/** A field's visible name: its label or legend without the required mark. */
function fieldName(field: Element): string {
  const label = field.querySelector(":scope > legend, :scope > .mcc-label, .mcc-choice > span");
  if (!label) return "This field";
  const copy = label.cloneNode(true) as Element;
  copy.querySelectorAll(".mcc-req, .mcc-sr").forEach((e) => e.remove());
  return copy.textContent?.trim() || "This field";
}

/**
 * What is wrong with one field, in words, or undefined. `answered` covers names shared with
 * another field (a required choice answered in its Other box).
 */
function problem(field: HTMLElement, answered: (name: string) => boolean): string | undefined {
  const type = field.dataset.mccField;
  const first = field.querySelector<Control>("input, select, textarea");
  if (!first) return undefined;
  const name = fieldName(field);
  if (type === "checkboxes") {
    return field.hasAttribute("data-mcc-required") && !answered(first.name)
      ? `Choose at least one option for “${name}”`
      : undefined;
  }
  const v = first.validity;
  if (v.valid) return undefined;
  if (v.valueMissing) {
    if (answered(first.name) && type !== "checkbox") return undefined;
    if (type === "radio" || type === "select") return `Choose an option for “${name}”`;
    return type === "checkbox" ? `Tick “${name}” to continue` : `Fill in “${name}”`;
  }
  // Bad formats, bounds, steps and lengths: the browser's own message, in the reader's language.
  return `“${name}”: ${first.validationMessage}`;
}

/** Removes the error shown on `field`, if any. */
function clearError(field: Element): void {
  const error = field.querySelector(":scope > .mcc-error");
  if (!error) return;
  const target = field.matches("fieldset") ? field : field.querySelector("input, select, textarea");
  const ids = (target?.getAttribute("aria-describedby") ?? "").split(" ").filter((id) =>
    id && id !== error.id
  );
  if (ids.length) target?.setAttribute("aria-describedby", ids.join(" "));
  else target?.removeAttribute("aria-describedby");
  target?.removeAttribute("aria-invalid");
  error.remove();
}

function showError(field: HTMLElement, message: string): void {
  const target = field.matches("fieldset") ? field : field.querySelector("input, select, textarea")!;
  const id = `${(field.id || target.id || "mcc-field")}-error`;
  const error = h("p", { class: "mcc-error", id }, message);
  field.append(error);
  const ids = target.getAttribute("aria-describedby");
  target.setAttribute("aria-describedby", ids ? `${ids} ${id}` : id);
  target.setAttribute("aria-invalid", "true");
}

/**
 * Checks every field, showing a message on each one that needs attention; focuses the first.
 * Returns the messages (none when the form may be sent).
 */
export function checkForm(form: HTMLFormElement): string[] {
  const answers = formAnswers(form);
  const answered = (name: string) => (answers.get(name)?.length ?? 0) > 0;
  const messages: string[] = [];
  let first: HTMLElement | undefined;
  for (const field of form.querySelectorAll<HTMLElement>("[data-mcc-field]")) {
    clearError(field);
    const message = problem(field, answered);
    if (!message) continue;
    showError(field, message);
    messages.push(message);
    first ??= field.querySelector<HTMLElement>("input, select, textarea") ?? undefined;
  }
  first?.focus();
  return messages;
}

/** Counter text for a control with `data-mcc-count`: "12 of 350 characters", or characters and tokens. */
export function counterText(
  control: HTMLInputElement | HTMLTextAreaElement,
  full: (t: string) => string,
): string {
  const chars = [...control.value].length;
  return control.maxLength > 0 ? `${chars} of ${control.maxLength} characters` : full(control.value);
}

/** Keeps read-outs current while the user types, and clears the field's error once they change it. */
export function formInput(target: EventTarget | null, full: (t: string) => string): void {
  if (!(target instanceof HTMLElement)) return;
  const field = target.closest("[data-mcc-field]");
  if (field) clearError(field);
  if (target instanceof HTMLInputElement && target.type === "range") {
    const out = target.parentElement?.querySelector("output");
    if (out) out.textContent = target.value;
  }
  const countId = target.dataset.mccCount;
  const counter = countId ? document.getElementById(countId) : null;
  if (counter && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    counter.textContent = counterText(target, full);
  }
}

/** Checks, then sends; the card's status line says what happened. */
async function submitForm(form: HTMLFormElement, host: Host): Promise<void> {
  const article = form.closest(".mcc-card");
  const problems = checkForm(form);
  if (problems.length) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    if (article) setStatus(article, `Not sent: ${problems[0]}${more}`);
    return;
  }
  // the long answers cut to 200 characters are what the chat shows of a long prompt; the status line says what happened
  await sendPrompt(formPrompt(form), host, form, formPrompt(form, 200));
}

export const formWidget: Widget = {
  submit: { selector: "form[data-mcc-prompt]", handle: (form, host) => void submitForm(form, host) },
  input: (target) => formInput(target, countLabel),
  tools: [{
    name: "form_values",
    description: "The form card's current values",
    offers: (a) => !!a.querySelector("form [name]"),
    /** The form's fields by name; hidden and password fields never leave the card. */
    read(article) {
      const values: Json = {};
      for (const field of article.querySelectorAll<HTMLInputElement>("form [name]")) {
        if (field.type === "hidden" || field.type === "password" || field.localName === "button") continue;
        if (field.type === "checkbox") values[field.name] = field.checked;
        else if (field.type !== "radio" || field.checked) values[field.name] = line(field.value);
      }
      return { values };
    },
  }],
};
