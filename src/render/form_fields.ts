/**
 * Form controls as markup: one renderer for every card that shows fields (the form card, the
 * prompt-refine card, a mirrored web form). Each control carries its field's `name`, so the
 * browser gathers answers per name; labels are real `<label for>`s, help text is tied on with
 * `aria-describedby`, and choice groups are fieldsets with a legend. Ids come from the card's
 * id maker, so the output is deterministic. This module checks nothing: callers validate input
 * first (names, option counts, defaults) and this renders whatever it is given, escaped.
 */
import { type Html, join, markup, slug } from "../html/html.ts";

/** The control types a field may take. `checkboxes` is a group; `checkbox` is a single yes/no box. */
export type FormFieldType =
  | "text"
  | "textarea"
  | "number"
  | "email"
  | "url"
  | "date"
  | "select"
  | "radio"
  | "checkboxes"
  | "checkbox"
  | "range"
  | "hidden";

/** A choice: a plain string is both value and label. */
export type FormOption = string | { readonly value: string; readonly label?: string };

/** One field of a form. Every text is plain text, escaped once. */
export interface FormField {
  /** The control's `name`: answers are gathered by it, and several fields may share it. */
  readonly name: string;
  /** Visible label (legend for groups); the name when absent. Hidden fields show none. */
  readonly label?: string;
  /** Control type, `text` when absent. */
  readonly type?: FormFieldType;
  /** Choices of select, radio and checkboxes fields. */
  readonly options?: readonly FormOption[];
  readonly required?: boolean;
  readonly placeholder?: string;
  /** A line of help under the control, announced with it. */
  readonly help?: string;
  /** Starting value: an option value (or several for checkboxes), a number, or true to tick a checkbox. */
  readonly default?: string | number | boolean | readonly string[];
  /** Bounds for number, range and date (dates as YYYY-MM-DD). */
  readonly min?: number | string;
  readonly max?: number | string;
  readonly step?: number;
  /** Longest answer for text-like fields and textareas. */
  readonly maxLength?: number;
}

/** The value a ticked single checkbox submits. */
export const CHECKBOX_VALUE = "yes";

/** The option's value and label. */
export function optionParts(option: FormOption): { value: string; label: string } {
  return typeof option === "string" ? { value: option, label: option } : {
    value: option.value,
    label: option.label ?? option.value,
  };
}

/** A ` name="value"` attribute, or nothing when the value is absent. */
function attr(name: string, value: string | number | undefined): Html | "" {
  return value === undefined ? "" : markup` ${name}="${value}"`;
}

function flag(name: string, on: boolean | undefined): Html | "" {
  return on ? markup` ${name}` : "";
}

function defaults(field: FormField): string[] {
  const d = field.default;
  if (d === undefined || d === false) return [];
  if (Array.isArray(d)) return d.map(String);
  return [String(d)];
}

/** The range's starting value: the default, else the midpoint snapped to the step (as browsers do). */
export function rangeStart(field: FormField): number {
  const min = Number(field.min ?? 0), max = Number(field.max ?? 100), step = field.step ?? 1;
  if (typeof field.default === "number") return field.default;
  if (!(max > min) || !(step > 0)) return min;
  return min + Math.round((max - min) / 2 / step) * step;
}

function requiredMark(field: FormField): Html | "" {
  return field.required ? markup`<span class="mcc-req" aria-hidden="true"> *</span>` : "";
}

function help(field: FormField, helpId: string): Html | "" {
  return field.help ? markup`<p class="mcc-help" id="${helpId}">${field.help}</p>` : "";
}

function choices(field: FormField, kind: "radio" | "checkbox", id: (name: string) => string): Html {
  const picked = defaults(field);
  // A radio group is required through its members; a checkbox group has no native rule, the runtime checks it.
  const required = kind === "radio" && field.required;
  return join((field.options ?? []).map((option) => {
    const { value, label } = optionParts(option);
    return markup`<label class="mcc-choice"><input type="${kind}" id="${
      id("opt")
    }" name="${field.name}" value="${value}"${flag("checked", picked.includes(value))}${
      flag("required", required)
    }> <span>${label}</span></label>`;
  }));
}

function renderField(field: FormField, id: (name: string) => string): Html {
  const type = field.type ?? "text";
  const label = field.label ?? field.name;
  const base = slug(field.name, "field");
  if (type === "hidden") {
    return markup`<input type="hidden" name="${field.name}" value="${defaults(field)[0] ?? ""}">`;
  }
  const controlId = id(base);
  const helpId = field.help ? controlId + "-help" : undefined;
  const described = attr("aria-describedby", helpId);
  const open = markup`<div class="mcc-field" data-mcc-field="${type}">`;

  if (type === "radio" || type === "checkboxes") {
    const group = type === "radio" ? "radio" : "checkbox";
    // A checkbox group has no native required rule: say it in words, and mark it for the runtime's check.
    const spoken = type === "checkboxes" && field.required
      ? markup`<span class="mcc-sr"> (required)</span>`
      : "";
    return markup`<fieldset class="mcc-field mcc-group" id="${controlId}" data-mcc-field="${type}"${
      flag("data-mcc-required", type === "checkboxes" && field.required)
    }${described}><legend>${label}${requiredMark(field)}${spoken}</legend>${choices(field, group, id)}${
      help(field, helpId ?? "")
    }</fieldset>`;
  }

  if (type === "checkbox") {
    return markup`${open}<label class="mcc-choice"><input type="checkbox" id="${controlId}" name="${field.name}" value="${CHECKBOX_VALUE}"${
      flag("checked", field.default === true || field.default === CHECKBOX_VALUE)
    }${flag("required", field.required)}${described}> <span>${label}${requiredMark(field)}</span></label>${
      help(field, helpId ?? "")
    }</div>`;
  }

  const labelTag = markup`<label class="mcc-label" for="${controlId}">${label}${requiredMark(field)}</label>`;
  const common = markup`id="${controlId}" name="${field.name}"${
    flag("required", field.required)
  }${described}`;
  let control: Html;
  if (type === "textarea") {
    control = markup`<textarea ${common} rows="4"${attr("placeholder", field.placeholder)}${
      attr("maxlength", field.maxLength)
    }>${defaults(field)[0] ?? ""}</textarea>`;
  } else if (type === "select") {
    const picked = defaults(field)[0];
    const options = (field.options ?? []).map((option) => {
      const { value, label } = optionParts(option);
      return markup`<option value="${value}"${flag("selected", value === picked)}>${label}</option>`;
    });
    // The empty first option lets an optional select stay blank and makes a required one fail until chosen.
    control = markup`<select ${common}><option value="">${
      field.placeholder ?? "Choose…"
    }</option>${options}</select>`;
  } else if (type === "range") {
    const start = rangeStart(field);
    control = markup`<div class="mcc-range"><input type="range" ${common} min="${field.min ?? 0}" max="${
      field.max ?? 100
    }" step="${
      field.step ?? 1
    }" value="${start}"><output for="${controlId}" aria-hidden="true">${start}</output></div>`;
  } else {
    const bounded = type === "number" || type === "date";
    control = markup`<input type="${type}" ${common}${attr("value", defaults(field)[0])}${
      attr("placeholder", field.placeholder)
    }${bounded ? join([attr("min", field.min), attr("max", field.max)]) : ""}${
      type === "number" ? attr("step", field.step) : ""
    }${bounded ? "" : attr("maxlength", field.maxLength)}>`;
  }
  return markup`${open}${labelTag}${control}${help(field, helpId ?? "")}</div>`;
}

/**
 * Renders the fields in order, without the surrounding `<form>` (the card supplies it and its
 * buttons). `id` is the card's id maker (see `idMaker` in src/html/ids.ts).
 */
export function renderFormFields(fields: readonly FormField[], id: (name: string) => string): Html {
  return join(fields.map((f) => renderField(f, id)), "\n");
}
