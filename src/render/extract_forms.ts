/**
 * Form specs from a parsed page: for every `<form>`, its action, method and encoding, its visible
 * fields with resolved labels, its hidden fields, and its submit button — what a browser would
 * submit, as plain data. Labels come from aria-labelledby, aria-label, `<label for>`, a wrapping
 * `<label>`, title and placeholder, in that order, and fall back to the field's name.
 */
import { absoluteUrl, clip, type DomElement, type DomNode, squash, textOf } from "./extract_dom.ts";

/** Control types a field spec may have (inputs of unknown type read as text, as browsers do). */
export type FormFieldKind =
  | "text"
  | "email"
  | "url"
  | "tel"
  | "search"
  | "password"
  | "number"
  | "range"
  | "date"
  | "time"
  | "datetime-local"
  | "month"
  | "week"
  | "color"
  | "file"
  | "textarea"
  | "select"
  | "radio"
  | "checkbox";

export interface FormOptionSpec {
  value: string;
  label: string;
  /** A radio's or checkbox's place among the form's controls (where a browser submits it). */
  at?: number;
}

/** One named control (or one group of same-named radios or checkboxes). */
export interface FormFieldSpec {
  name: string;
  label: string;
  type: FormFieldKind;
  required?: boolean;
  /** The value a browser would submit untouched: the value attribute, the textarea's text, the selected option. */
  value?: string;
  /** Radios, checkboxes and multiple selects: the values checked or selected in the page. */
  checked?: string[];
  placeholder?: string;
  options?: FormOptionSpec[];
  multiple?: boolean;
  min?: string;
  max?: string;
  step?: string;
  maxLength?: number;
  pattern?: string;
  /** Its place among the form's controls: a browser submits entries in this order. */
  at?: number;
}

export type FormEnctype = "application/x-www-form-urlencoded" | "multipart/form-data" | "text/plain";

/** One form of the page. */
export interface FormSpec {
  /** 1-based position among the page's forms. */
  index: number;
  id?: string;
  name?: string;
  /** Its accessible name, a heading inside it or just before it, else "Form N". */
  title: string;
  /** Absolute http(s) URL the form submits to ("" when it cannot be submitted: see the notes). */
  action: string;
  method: "GET" | "POST";
  enctype: FormEnctype;
  fields: FormFieldSpec[];
  /** Hidden (and read-only) fields, submitted as they are, each at its place among the controls. */
  hidden: { name: string; value: string; at?: number; charset?: true }[];
  /** The form's `accept-charset`, when it has one: the encodings it asks to be sent in. */
  acceptCharset?: string;
  /** The default submit button; its name and value are submitted at its place when it has a name. */
  submit: { label: string; name?: string; value?: string; at?: number };
  /** What a card cannot reproduce, in words (empty when nothing). */
  notes: string[];
}

/** The notes of a form that cannot be submitted at all (its action is then ""). */
export const UNSENT_ACTION = "its action is not an http or https URL, so it cannot be submitted";
export const UNSENT_DIALOG = 'its method is "dialog": it only closes a dialog in the page and sends nothing';

export const MAX_FORMS = 50;
export const MAX_FIELDS = 200;
export const MAX_OPTIONS = 500;
/** Nesting the form readers follow (as the page walk does). */
const MAX_DEPTH = 256;

const TEXT_TYPES = new Set<FormFieldKind>([
  "text",
  "email",
  "url",
  "tel",
  "search",
  "password",
  "number",
  "range",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
  "color",
  "file",
]);
const CONTROL = new Set(["input", "select", "textarea", "button"]);

interface Context {
  base: URL;
  page: URL;
  /** Elements by id (for aria-labelledby); undefined when there is none. */
  byId?: (id: string) => DomElement | undefined;
  /** The text of the last heading before each form. */
  headingBefore?: Map<DomElement, string>;
}

/** Turns `user[first_name]` into "User first name". */
export function humanize(name: string): string {
  const words = name.replace(/\]\[|\[|\]/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_.\-]+/g, " ");
  const text = squash(words).toLowerCase();
  return text === "" ? name : text[0].toUpperCase() + text.slice(1);
}

/** A label's text without the controls inside it, a trailing colon or a required-star. */
function labelText(el: DomNode, depth = 0): string {
  if (depth > 32) return squash(textOf(el)); // labels are shallow; a pathological one is read flat
  let out = "";
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 || n.nodeType === 4) out += (n as unknown as { data: string }).data;
    else if (n.nodeType === 1) {
      const name = (n as DomElement).localName;
      if (CONTROL.has(name) || name === "script" || name === "style" || name === "option") continue;
      out += " " + labelText(n, depth + 1) + " ";
    }
  }
  return squash(out).replace(/\s*[:*]+$/, "").replace(/\s*[:*]+$/, "");
}

/** Characters of a label kept while combining labels (each is clipped to 200 at the end). */
const LABEL_ROOM = 1_000;

/**
 * {@link labelText}, once per element and page, and no longer than {@link LABEL_ROOM}: many
 * controls may name one label, legend or `aria-labelledby` target, and reading (or squashing) a
 * large one again for each would be quadratic in the page.
 */
const labels = new WeakMap<DomNode, string>();
function labelOf(el: DomNode): string {
  let text = labels.get(el);
  if (text === undefined) labels.set(el, text = labelText(el).slice(0, LABEL_ROOM));
  return text;
}

function attr(el: DomElement, name: string): string | undefined {
  const value = el.getAttribute(name);
  return value === null ? undefined : value;
}

function labelledBy(el: DomElement, ctx: Context): string {
  const ids = el.getAttribute("aria-labelledby");
  if (!ids || !ctx.byId) return "";
  return squash(
    ids.split(/\s+/).map((id) => {
      const target = ctx.byId!(id);
      return target ? labelOf(target) : "";
    }).join(" "),
  );
}

function ancestor(el: DomNode, stop: DomNode, test: (e: DomElement) => boolean): DomElement | undefined {
  for (let n = el.parentNode; n && n !== stop; n = n.parentNode) {
    if (n.nodeType === 1 && test(n as DomElement)) return n as DomElement;
  }
  return undefined;
}

function controlLabel(
  el: DomElement,
  form: DomNode,
  labelsFor: Map<string, DomElement>,
  ctx: Context,
): string {
  const id = el.getAttribute("id");
  return labelledBy(el, ctx) ||
    squash(el.getAttribute("aria-label") ?? "") ||
    (id !== null && labelsFor.has(id) ? labelOf(labelsFor.get(id)!) : "") ||
    labelOf(ancestor(el, form, (e) => e.localName === "label") ?? { firstChild: null } as DomNode) ||
    squash(el.getAttribute("title") ?? "") ||
    squash(el.getAttribute("placeholder") ?? "");
}

/** The group label of same-named radios or checkboxes: their fieldset's legend or a labelled group. */
function groupLabel(el: DomElement, form: DomNode, ctx: Context): string {
  const group = ancestor(
    el,
    form,
    (e) => e.localName === "fieldset" || /^(radiogroup|group)$/.test(e.getAttribute("role") ?? ""),
  );
  if (!group) return "";
  if (group.localName === "fieldset") {
    for (let n = group.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1 && (n as DomElement).localName === "legend") return labelOf(n);
    }
  }
  return labelledBy(group, ctx) || squash(group.getAttribute("aria-label") ?? "");
}

/**
 * Controls of a form in tree order, without disabled ones (a disabled fieldset disables all but its
 * legend's), and without those whose `form` attribute gives them to another form (or to none), as
 * browsers decide which form submits a control.
 */
function controls(form: DomElement, owns: (control: DomElement) => boolean): DomElement[] {
  const out: DomElement[] = [];
  const visit = (parent: DomNode, disabled: boolean, depth = 0) => {
    if (depth > MAX_DEPTH) return; // deeper than the page walk goes: such controls are not read
    for (let n = parent.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const el = n as DomElement;
      const name = el.localName;
      if (name === "template" || name === "form") continue;
      if (CONTROL.has(name)) {
        if (!disabled && !el.hasAttribute("disabled") && owns(el)) out.push(el);
        if (name !== "select") continue;
      }
      if (name === "fieldset" && el.hasAttribute("disabled")) {
        let first = true;
        for (let c = el.firstChild; c; c = c.nextSibling) {
          if (c.nodeType !== 1) continue;
          const legend = first && (c as DomElement).localName === "legend";
          if ((c as DomElement).localName === "legend") first = false;
          if (CONTROL.has((c as DomElement).localName)) continue;
          visit(c, disabled || !legend, depth + 1);
        }
        continue;
      }
      visit(el, disabled, depth + 1);
    }
  };
  visit(form, false);
  return out;
}

function selectOptions(select: DomElement): { options: FormOptionSpec[]; selected: string[] } {
  const options: FormOptionSpec[] = [];
  const selected: string[] = [];
  const visit = (parent: DomNode, disabled: boolean, depth = 0) => {
    if (depth > 8) return; // optgroups do not nest in HTML; a page that nests them deeply is not followed
    for (let n = parent.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const el = n as DomElement;
      if (el.localName === "optgroup") visit(el, disabled || el.hasAttribute("disabled"), depth + 1);
      else if (el.localName === "option" && options.length < MAX_OPTIONS) {
        if (disabled || el.hasAttribute("disabled")) continue;
        const text = squash(textOf(el));
        const value = el.getAttribute("value") ?? text;
        options.push({ value, label: squash(el.getAttribute("label") ?? "") || text || value });
        if (el.hasAttribute("selected")) selected.push(value);
      }
    }
  };
  visit(select, false);
  return { options, selected };
}

function bounds(el: DomElement, field: FormFieldSpec): void {
  for (const key of ["min", "max", "step", "pattern"] as const) {
    const value = attr(el, key);
    if (value !== undefined && value !== "") field[key] = value;
  }
  const maxLength = Number(el.getAttribute("maxlength"));
  if (Number.isInteger(maxLength) && maxLength > 0) field.maxLength = maxLength;
}

function readForm(
  form: DomElement,
  index: number,
  outside: DomElement[],
  labelsFor: Map<string, DomElement>,
  ctx: Context,
): FormSpec {
  const fields: FormFieldSpec[] = [];
  const hidden: FormSpec["hidden"] = [];
  const notes: string[] = [];
  const groups = new Map<string, FormFieldSpec>();
  let submit: FormSpec["submit"] | undefined;
  /** The default button: its formaction, formmethod and formenctype win over the form's own. */
  let submitter: DomElement | undefined;
  let dropped = 0;

  const push = (field: FormFieldSpec) => {
    if (fields.length >= MAX_FIELDS) return void dropped++;
    fields.push(field);
  };

  // A control with a `form` attribute belongs to the form element that id names, wherever it stands.
  const owner = (el: DomElement) => {
    const id = el.getAttribute("form");
    return id === null ? form : ctx.byId?.(id);
  };
  const own = controls(form, (el) => owner(el) === form);
  const mine = new Set(own);
  const extra = outside.filter((el) => !mine.has(el) && !el.hasAttribute("disabled") && owner(el) === form);
  let at = -1;
  for (const el of [...own, ...extra]) {
    at++;
    const tag = el.localName;
    const name = el.getAttribute("name") ?? "";
    const type = tag === "input" ? (el.getAttribute("type") ?? "text").trim().toLowerCase() : tag;
    if (tag === "button" || type === "submit" || type === "image") {
      const buttonType = tag === "button" ? (el.getAttribute("type") ?? "submit").toLowerCase() : type;
      if (buttonType !== "submit" && buttonType !== "image") continue;
      if (!submit) {
        const label = (tag === "button" ? labelText(el) : "") || squash(el.getAttribute("value") ?? "") ||
          squash(el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? "") || "Submit";
        submit = { label };
        submitter = el;
        if (name !== "" && type !== "image") {
          submit.name = name;
          submit.value = el.getAttribute("value") ?? "";
          submit.at = at;
        }
      }
      continue;
    }
    if (type === "button" || type === "reset" || name === "") continue;
    if (type === "hidden" || (el.hasAttribute("readonly") && tag !== "select")) {
      if (type === "checkbox" || type === "radio") {
        if (el.hasAttribute("checked")) hidden.push({ name, value: el.getAttribute("value") ?? "on", at });
      } else if (type === "hidden" && name.toLowerCase() === "_charset_") {
        hidden.push({ name, value: "UTF-8", at, charset: true }); // browsers send the encoding they use here
      } else {hidden.push({
          name,
          value: tag === "textarea" ? textOf(el) : el.getAttribute("value") ?? "",
          at,
        });}
      continue;
    }
    const required = el.hasAttribute("required") || el.getAttribute("aria-required") === "true";
    if (type === "radio" || type === "checkbox") {
      const value = el.getAttribute("value") ?? "on";
      const option = { value, label: controlLabel(el, form, labelsFor, ctx) || value, at };
      const key = `${type}\u0000${name}`;
      let group = groups.get(key);
      if (!group) {
        group = { name, label: "", type, options: [], at };
        groups.set(key, group);
        push(group);
      }
      if (group.options!.length < MAX_OPTIONS) group.options!.push(option);
      if (el.hasAttribute("checked")) (group.checked ??= []).push(value);
      if (required) group.required = true;
      if (!group.label) group.label = groupLabel(el, form, ctx);
      continue;
    }
    const label = controlLabel(el, form, labelsFor, ctx) || humanize(name);
    if (tag === "select") {
      const { options, selected } = selectOptions(el);
      const multiple = el.hasAttribute("multiple");
      const field: FormFieldSpec = { name, label, type: "select", options, at };
      if (multiple) {
        field.multiple = true;
        if (selected.length) field.checked = selected;
      } else {
        // With nothing selected, a browser submits the first option.
        const value = selected[selected.length - 1] ?? options[0]?.value;
        if (value !== undefined) field.value = value;
      }
      if (required) field.required = true;
      push(field);
      continue;
    }
    const kind: FormFieldKind = tag === "textarea"
      ? "textarea"
      : TEXT_TYPES.has(type as FormFieldKind)
      ? type as FormFieldKind
      : "text";
    const field: FormFieldSpec = { name, label, type: kind, at };
    if (required) field.required = true;
    const value = tag === "textarea" ? textOf(el).replace(/^\r?\n/, "") : el.getAttribute("value");
    if (value !== null && value !== "" && kind !== "file" && kind !== "password") field.value = value;
    const placeholder = squash(el.getAttribute("placeholder") ?? "");
    if (placeholder) field.placeholder = placeholder;
    bounds(el, field);
    push(field);
  }

  // A group without a group label: a lone checkbox is named by its own label, a group by its name.
  for (const group of groups.values()) {
    if (group.label) continue;
    group.label = group.type === "checkbox" && group.options!.length === 1 &&
        group.options![0].label !== group.options![0].value
      ? group.options![0].label
      : humanize(group.name);
  }
  if (dropped) notes.push(`${dropped} more fields were left out (at most ${MAX_FIELDS} are read)`);

  // As browsers submit: the button's formaction, formmethod and formenctype, else the form's.
  const setting = (button: string, own: string) => submitter?.getAttribute(button) ?? form.getAttribute(own);
  const rawAction = setting("formaction", "action");
  const methodWord = (setting("formmethod", "method") ?? "get").trim().toLowerCase();
  let action = rawAction === null || rawAction.trim() === ""
    ? ctx.page.href.replace(/#.*$/, "")
    : absoluteUrl(rawAction, ctx.base) ?? "";
  if (methodWord === "dialog") {
    action = "";
    notes.push(UNSENT_DIALOG);
  } else if (action === "") notes.push(UNSENT_ACTION);
  const method = methodWord === "post" ? "POST" : "GET";
  const enctypeAttr = (setting("formenctype", "enctype") ?? "").trim().toLowerCase();
  const enctype: FormEnctype = enctypeAttr === "multipart/form-data" || enctypeAttr === "text/plain"
    ? enctypeAttr
    : "application/x-www-form-urlencoded";

  const id = attr(form, "id");
  const formName = attr(form, "name");
  const acceptCharset = attr(form, "accept-charset");
  const title = labelledBy(form, ctx) || squash(form.getAttribute("aria-label") ?? "") ||
    headingInside(form) || (form.getAttribute("role") === "search" ? "Search" : "") ||
    ctx.headingBefore?.get(form) || `Form ${index}`;
  // Words a page chose are capped; names and values are kept exact, since they are submitted.
  for (const field of fields) {
    field.label = clip(field.label, 200);
    if (field.placeholder) field.placeholder = clip(field.placeholder, 200);
    for (const option of field.options ?? []) option.label = clip(option.label, 200);
  }
  if (submit) submit.label = clip(submit.label, 100);
  return {
    index,
    ...(id ? { id: clip(id, 200) } : {}),
    ...(formName ? { name: clip(formName, 200) } : {}),
    title: clip(title, 200),
    action,
    method,
    enctype,
    fields,
    hidden,
    submit: submit ?? { label: "Submit" },
    notes,
    ...(acceptCharset !== undefined ? { acceptCharset } : {}),
  };
}

function headingInside(form: DomNode, depth = 0): string {
  if (depth > MAX_DEPTH) return "";
  for (let n = form.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const el = n as DomElement;
    if (/^h[1-6]$/.test(el.localName)) return labelText(el);
    if (CONTROL.has(el.localName)) continue;
    const inner = headingInside(el, depth + 1);
    if (inner) return inner;
  }
  return "";
}

/** Reads every form (at most {@link MAX_FORMS}); `outside` are controls tied to a form by its id. */
export function readForms(
  forms: DomElement[],
  outside: DomElement[],
  labelsFor: Map<string, DomElement>,
  ctx: Context,
): FormSpec[] {
  return forms.slice(0, MAX_FORMS).map((form, i) =>
    readForm(form, i + 1, form.getAttribute("id") === null ? [] : outside, labelsFor, ctx)
  );
}
