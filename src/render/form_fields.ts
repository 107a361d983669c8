/**
 * Form controls as markup: one renderer for every card that shows fields (the form card, the
 * prompt-refine card, a mirrored web form). Each control carries its field's `name`, so the
 * browser gathers answers per name; labels are real `<label for>`s, help text is tied on with
 * `aria-describedby`, and choice groups are fieldsets with a legend. Ids come from the card's
 * id maker, so the output is deterministic. The renderer checks nothing and renders whatever it
 * is given, escaped; {@link checkFormFields} refuses fields that would make a broken form.
 */
import { invalidInput } from "../errors.ts";
import { type Html, join, markup, slug } from "../html/html.ts";
import { QUOTED_LABEL, quoteData } from "../quote.ts";

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
  /** Longest answer for text-like fields and textareas (and the `other` input). */
  readonly maxLength?: number;
  /**
   * Label of a free-text "Other" input under a select, radio or checkboxes field, sharing its
   * name, so a typed answer arrives joined with the chosen ones.
   */
  readonly other?: string;
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
  const snapped = min + Math.round((max - min) / 2 / step) * step;
  // Bounds near the top of a double, or a tiny step, overflow the snapping: take the plain midpoint.
  return Number.isFinite(snapped) ? snapped : min / 2 + max / 2;
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

/** The free-text "Other" input of a choice field, under the field's own name. */
function other(field: FormField, id: (name: string) => string): Html | "" {
  return field.other
    ? markup`<label class="mcc-other">${field.other}<input type="text" id="${
      id("other")
    }" name="${field.name}"${attr("maxlength", field.maxLength)}></label>`
    : "";
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
      other(field, id)
    }${help(field, helpId ?? "")}</fieldset>`;
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
    // The newline after the start tag is the one the parser drops, so a default's own first newline stays.
    control = markup`<textarea ${common} rows="4"${attr("placeholder", field.placeholder)}${
      attr("maxlength", field.maxLength)
    }>\n${defaults(field)[0] ?? ""}</textarea>`;
  } else if (type === "select") {
    const picked = defaults(field)[0];
    const options = (field.options ?? []).map((option) => {
      const { value, label } = optionParts(option);
      return markup`<option value="${value}"${flag("selected", value === picked)}>${label}</option>`;
    });
    // The empty first option lets an optional select stay blank and makes a required one fail until chosen.
    control = markup`<select ${common}><option value="">${
      field.placeholder ?? "Choose…"
    }</option>${options}</select>${other(field, id)}`;
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

/** Field types that offer choices from `options`. */
export const CHOICE_TYPES: ReadonlySet<FormFieldType> = new Set(["select", "radio", "checkboxes"]);
/** Field types a choice group may share its name with (an "Other" answer). */
const OTHER_TYPES: ReadonlySet<FormFieldType> = new Set(["text", "textarea"]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "a" or "an" before a type name in a message. */
function article(type: string): string {
  return type === "email" ? "an" : "a";
}

/**
 * Refuses fields the renderer would turn into a broken form, naming the field and the fix:
 * choice fields without options or with repeated values, defaults that are not among the options,
 * bounds the wrong way round, and names shared by anything but one choice group plus one text
 * input (whose answers arrive joined).
 */
export function checkFormFields(fields: readonly FormField[], path = "fields"): void {
  const byName = new Map<string, number[]>();
  fields.forEach((f, i) => {
    const at = `${path}[${i}]`;
    const type = f.type ?? "text";
    byName.set(f.name, [...(byName.get(f.name) ?? []), i]);
    if (CHOICE_TYPES.has(type)) {
      const values = (f.options ?? []).map((o) => optionParts(o).value);
      if (!values.length) {
        throw invalidInput(
          `${at}.options`,
          `${article(type)} ${type} field needs options`,
          `Add options, or make ${quoteData(f.name, QUOTED_LABEL)} a text field`,
        );
      }
      const twice = values.find((v, j) => values.indexOf(v) !== j);
      if (twice !== undefined) {
        throw invalidInput(
          `${at}.options`,
          `${quoteData(twice, QUOTED_LABEL)} is listed twice`,
          "Give every option of a field a different value",
        );
      }
      const missing = defaults(f).find((d) => !values.includes(d));
      if (missing !== undefined) {
        throw invalidInput(
          `${at}.default`,
          `${quoteData(missing, QUOTED_LABEL)} is not one of the options`,
          "Use an option's value as the default",
        );
      }
      if (type !== "checkboxes" && Array.isArray(f.default) && f.default.length > 1) {
        throw invalidInput(
          `${at}.default`,
          `${article(type)} ${type} field takes one default`,
          "Use checkboxes to allow several",
        );
      }
    } else if (f.other !== undefined) {
      throw invalidInput(
        `${at}.other`,
        `${article(type)} ${type} field has no choices to add to`,
        "Use other with select, radio or checkboxes",
      );
    } else if (f.options?.length) {
      throw invalidInput(
        `${at}.options`,
        `${article(type)} ${type} field takes no options`,
        "Use select, radio or checkboxes for choices",
      );
    }
    if (type === "date") {
      for (const key of ["min", "max", "default"] as const) {
        const v = f[key];
        if (v !== undefined && !(typeof v === "string" && DATE.test(v))) {
          throw invalidInput(
            `${at}.${key}`,
            `${quoteData(String(v), QUOTED_LABEL)} is not a date`,
            "Write dates as YYYY-MM-DD",
          );
        }
      }
    } else if (f.min !== undefined || f.max !== undefined) {
      if (type !== "number" && type !== "range") {
        throw invalidInput(
          `${at}.min`,
          `${article(type)} ${type} field takes no bounds`,
          "Use min and max with number, range or date fields",
        );
      }
      if (typeof f.min === "string" || typeof f.max === "string") {
        throw invalidInput(
          `${at}.min`,
          "bounds of a number field must be numbers",
          "Write min and max as numbers",
        );
      }
    }
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) {
      throw invalidInput(`${at}.max`, `${f.max} is below min ${f.min}`, "Swap min and max");
    }
    if (f.step !== undefined && !(f.step > 0)) {
      throw invalidInput(`${at}.step`, "must be greater than 0", "Leave step out for whole numbers");
    }
  });
  for (const [name, at] of byName) {
    if (at.length < 2) continue;
    const types = at.map((i) => fields[i].type ?? "text");
    const choice = types.filter((t) => CHOICE_TYPES.has(t)).length;
    const other = types.filter((t) => OTHER_TYPES.has(t)).length;
    if (at.length > 2 || choice !== 1 || other !== 1) {
      throw invalidInput(
        `${path}[${at[1]}].name`,
        `${quoteData(name, QUOTED_LABEL)} is already the name of ${article(types[0])} ${
          types[0]
        } field (${path}[${at[0]}])`,
        'Only a choice field and one text field (an "Other" answer) may share a name; rename one',
      );
    }
  }
}
