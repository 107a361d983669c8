/**
 * Form specs from a parsed page: for every `<form>`, its action, method and encoding, its visible
 * fields with resolved labels, its hidden fields, and its submit button — what a browser would
 * submit, as plain data. Labels come from aria-labelledby, aria-label, `<label for>`, a wrapping
 * `<label>`, title and placeholder, in that order, and fall back to the field's name. A control
 * the page hides (see {@link concealedBy}) is a hidden field: sent as the page has it, never shown.
 */
import { decodeHTML } from "entities";
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
  /** Its `dirname`: the name of a second entry that sends the text's direction. */
  dirname?: string;
  /** That direction when not "ltr": "rtl", or "auto" (read off the value sent). */
  dir?: "rtl" | "auto";
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
  /**
   * Hidden fields (`type=hidden`, read-only fields, and controls the page hides), submitted as they
   * are, each at its place among the controls. `file` marks a file input's empty entry; `radio` a
   * checked radio, which a radio of its group the user picks unchecks.
   */
  hidden: { name: string; value: string; at?: number; charset?: true; file?: true; radio?: true }[];
  /** The form's `accept-charset`, when it has one: the encodings it asks to be sent in. */
  acceptCharset?: string;
  /**
   * The default submit button; its name and value are submitted at its place when it has a name.
   * An image button (`image`) sends `name.x=0&name.y=0` there instead (`x=0&y=0` with no name).
   */
  submit: {
    label: string;
    name?: string;
    value?: string;
    at?: number;
    image?: true;
    /** An `<input type=submit dirname>`'s entry, which a browser sends just before the button's. */
    dirname?: [string, string];
  };
  /** What a card cannot reproduce, in words (empty when nothing). */
  notes: string[];
}

/** The notes of a form that cannot be submitted at all (its action is then ""). */
export const UNSENT_ACTION =
  "its action is not a plain http or https URL (one without a user name or password), so it cannot be submitted";
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
  /** The attribute the parser's form pointer was marked in (see form_pointer.ts). */
  mark?: string;
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
 * What the page shows of an element, passed down the tree: `gone` hides the whole subtree (no
 * descendant can undo it), `invisible` is the nearest `visibility` (a descendant may set it back).
 */
interface Sight {
  gone: boolean;
  invisible: boolean;
}

const SHOWN: Sight = { gone: false, invisible: false };

/** An inline style's declarations as CSS reads them: the last one wins, an `!important` one over the rest. */
function declarations(style: string): Map<string, string> {
  const out = new Map<string, string>();
  const important = new Set<string>();
  for (const part of style.replace(/\/\*[\s\S]*?\*\//g, "").split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim().toLowerCase();
    const bang = /\s*!\s*important$/.exec(value);
    if (bang) value = value.slice(0, bang.index);
    if (important.has(property) && !bang) continue;
    if (bang) important.add(property);
    out.set(property, value);
  }
  return out;
}

/**
 * How an element changes what the page shows below it. Hidden are: the `hidden` attribute,
 * `aria-hidden="true"`, a `<dialog>` that is not open, and inline `display: none`,
 * `visibility: hidden | collapse`, `opacity: 0` and `content-visibility: hidden`. Stylesheets are
 * not read (a class that hides a field is not seen).
 */
function sightOf(el: DomElement, parent: Sight): Sight {
  if (parent.gone) return parent;
  const style = el.getAttribute("style");
  const css = style ? declarations(style) : undefined;
  const opacity = css?.get("opacity");
  const gone = el.hasAttribute("hidden") || el.getAttribute("aria-hidden")?.trim().toLowerCase() === "true" ||
    (el.localName === "dialog" && !el.hasAttribute("open")) || css?.get("display") === "none" ||
    (opacity !== undefined && parseFloat(opacity) === 0) || css?.get("content-visibility") === "hidden";
  const visibility = css?.get("visibility");
  const invisible = visibility === "hidden" || visibility === "collapse"
    ? true
    : visibility === "visible"
    ? false
    : parent.invisible;
  return gone === parent.gone && invisible === parent.invisible ? parent : { gone, invisible };
}

/**
 * The controls each form submits, in tree order (the order a browser builds its entry list in),
 * owned as browsers decide: a control with a `form` attribute belongs to the form the first
 * element of that id is (to none when that element is not a form, or the id is empty), any other
 * to its nearest form ancestor, so a control inside one form may post with another. Disabled
 * controls are left out (a disabled fieldset disables all but its first legend's), and so is
 * anything inside a template or noscript, which a browser with scripting on parses into no control.
 * A form inside a form is none (see {@link nestedForm}): its controls are the outer form's. Where
 * the page was marked with the parser's form pointer (form_pointer.ts), a control goes to the form
 * the pointer held when the parser met it, as in a browser, wherever the tree put it. `concealed`
 * holds the controls the page hides within their form (see {@link sightOf}; a browser submits them
 * all the same); a form hidden whole, for a script to show, hides none of its own.
 */
export function formControls(
  top: Iterable<DomNode>,
  byId: (id: string) => DomElement | undefined,
  pointer?: { mark: string; forms: DomElement[] },
): { owned: Map<DomElement, DomElement[]>; concealed: Set<DomElement> } {
  const owned = new Map<DomElement, DomElement[]>();
  const concealed = new Set<DomElement>();
  const marked = new Map(pointer?.forms.map((f) => [f.getAttribute(pointer.mark), f]));
  const ownerOf = (el: DomElement, ancestor: DomElement | undefined) => {
    const id = el.getAttribute("form");
    if (id === null) {
      // The form the parser's pointer held when it met the control (none: ""), else the tree's.
      const held = pointer ? el.getAttribute(pointer.mark) : null;
      return held === null ? ancestor : marked.get(held);
    }
    const target = id === "" ? undefined : byId(id);
    return target?.localName === "form" ? target : undefined;
  };
  const element = (
    el: DomElement,
    form: DomElement | undefined,
    disabled: boolean,
    depth: number,
    parentSight: Sight,
  ) => {
    const name = el.localName;
    if (name === "template" || name === "noscript" || depth > MAX_DEPTH) return;
    // A form the page hides whole (for a script to show) is read as it shows once shown: only
    // what hides a control within its form counts.
    const sight = name === "form" ? SHOWN : sightOf(el, parentSight);
    if (CONTROL.has(name)) {
      const owner = disabled || el.hasAttribute("disabled") ? undefined : ownerOf(el, form);
      if (owner) {
        owned.get(owner)?.push(el) ?? owned.set(owner, [el]);
        if (sight.gone || sight.invisible) concealed.add(el);
      }
      if (name !== "select") return;
    }
    const fieldset = name === "fieldset" && el.hasAttribute("disabled");
    let legend = false;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const child = n as DomElement;
      let off = disabled || fieldset;
      if (fieldset && child.localName === "legend" && !legend) [legend, off] = [true, disabled];
      element(child, name === "form" && !form ? el : form, off, depth + 1, sight);
    }
  };
  for (const n of top) if (n.nodeType === 1) element(n as DomElement, undefined, false, 0, SHOWN);
  return { owned, concealed };
}

/**
 * A select's options a user may pick (not disabled), the values of those selected, and the last
 * option marked selected, disabled or not: a single select shows that one.
 */
function selectOptions(
  select: DomElement,
): { options: FormOptionSpec[]; selected: string[]; last?: FormOptionSpec & { disabled: boolean } } {
  const options: FormOptionSpec[] = [];
  const selected: string[] = [];
  let last: (FormOptionSpec & { disabled: boolean }) | undefined;
  const visit = (parent: DomNode, disabled: boolean, depth = 0) => {
    if (depth > 8) return; // optgroups do not nest in HTML; a page that nests them deeply is not followed
    for (let n = parent.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const el = n as DomElement;
      if (el.localName === "optgroup") visit(el, disabled || el.hasAttribute("disabled"), depth + 1);
      else if (el.localName === "option" && options.length < MAX_OPTIONS) {
        const off = disabled || el.hasAttribute("disabled");
        const text = squash(textOf(el));
        // An option without a value sends its text with only ASCII spaces collapsed, as browsers do.
        const value = el.getAttribute("value") ??
          textOf(el).replace(/[\t\n\f\r ]+/g, " ").replace(/^ | $/g, "");
        const option = { value, label: squash(el.getAttribute("label") ?? "") || text || value };
        if (el.hasAttribute("selected")) last = { ...option, disabled: off };
        if (off) continue;
        options.push(option);
        if (el.hasAttribute("selected")) selected.push(value);
      }
    }
  };
  visit(select, false);
  return { options, selected, last };
}

/**
 * A textarea's text as a browser reads it: without the one line break that may follow the tag,
 * and with its character references decoded (`&lt;` is "<", `&amp` is "&"), which the parser does
 * for a textarea's text (RCDATA) and linkedom does not.
 */
function textareaText(el: DomElement): string {
  return decodeHTML(textOf(el).replace(/^\r?\n/, ""));
}

const FLOAT = /^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/;
const DATES = new Set(["date", "month", "week", "time", "datetime-local"]);

/** A date or time input's value as a browser reads it: "" unless valid, datetime-local normalized. */
function dateValue(type: string, value: string): string {
  const day = (y: number, m: number, d = 1) => {
    const t = new Date(0);
    t.setUTCFullYear(y, m - 1, d);
    return y >= 1 && m >= 1 && m <= 12 && d >= 1 && t.getUTCMonth() === m - 1 ? t : undefined;
  };
  const time = (text: string) => {
    const [, h, mi, s = "00", f = ""] = /^(\d\d):(\d\d)(?::(\d\d)(\.\d{1,3})?)?$/.exec(text) ?? [];
    return h !== undefined && +h < 24 && +mi < 60 && +s < 60 ? [h, mi, s, f] : undefined;
  };
  if (type === "time") return time(value) ? value : "";
  if (type === "month") {
    const [, y, m] = /^(\d{4,})-(\d\d)$/.exec(value) ?? [];
    return y && day(+y, +m) ? value : "";
  }
  if (type === "week") {
    const [, y, w] = /^(\d{4,})-W(\d\d)$/.exec(value) ?? [];
    const jan1 = y ? day(+y, 1)?.getUTCDay() : undefined;
    // A year has 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year.
    const weeks = jan1 === 4 || jan1 === 3 && day(+y, 2, 29) ? 53 : 52;
    return jan1 !== undefined && +w >= 1 && +w <= weeks ? value : "";
  }
  const [, y, m, d, rest] = /^(\d{4,})-(\d\d)-(\d\d)(?:[T ](.*))?$/.exec(value) ?? [];
  if (!y || !day(+y, +m, +d)) return "";
  if (type === "date") return rest === undefined ? value : "";
  const t = rest === undefined ? undefined : time(rest);
  if (!t) return "";
  // Normalized: a "T", and the seconds only when they are not zero.
  const fraction = t[3].replace(/0+$/, "").replace(/^\.$/, "");
  return `${y}-${m}-${d}T${t[0]}:${t[1]}${t[2] !== "00" || fraction ? `:${t[2]}${fraction}` : ""}`;
}

/**
 * An input's value attribute as a browser submits it untouched (its value sanitization): line
 * breaks dropped from text, spaces trimmed from e-mail and URL, "" for a number or date it cannot
 * read, a colour as lower-case `#rrggbb` (black by default), a range's value clamped and stepped
 * (its middle by default).
 */
function sanitize(type: string, value: string, el: DomElement): string {
  if (type === "color") {
    // Hex colours (#rgb, #rgba, #rrggbb, #rrggbbaa) without their alpha; CSS names and functions are not read.
    const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1].toLowerCase();
    if (!hex) return "#000000";
    return "#" + (hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join("") : hex.slice(0, 6));
  }
  if (type === "number") return FLOAT.test(value) ? value : "";
  if (DATES.has(type)) return dateValue(type, value);
  if (type === "range") {
    const read = (name: string, fallback: number) => {
      const text = el.getAttribute(name) ?? "";
      return FLOAT.test(text) ? Number(text) : fallback;
    };
    const min = read("min", 0);
    const max = Math.max(read("max", 100), min);
    const stepText = (el.getAttribute("step") ?? "").trim().toLowerCase();
    const step = FLOAT.test(stepText) && Number(stepText) > 0 ? Number(stepText) : stepText === "any" ? 0 : 1;
    let n = FLOAT.test(value) ? Math.min(Math.max(Number(value), min), max) : min + (max - min) / 2;
    if (step > 0) {
      n = min + Math.round((n - min) / step) * step;
      if (n > max) n -= step;
    }
    return String(Number(n.toPrecision(15)));
  }
  const flat = value.replace(/[\r\n]/g, "");
  return type === "email" || type === "url" ? flat.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "") : flat;
}

/** Input types whose `dirname` a browser submits (textareas submit theirs too). */
const DIRNAME = new Set(["text", "search", "tel", "url", "email", "password", "hidden"]);

/**
 * The direction a `dirname` entry sends: the nearest `dir` of "ltr" or "rtl" on the control or an
 * ancestor; for `dir="auto"` on the control, that of the value's first strong character
 * ("auto" when the value is not known yet, see {@link textDirection}).
 */
function direction(el: DomElement, value: string | undefined): "ltr" | "rtl" | "auto" {
  const own = el.getAttribute("dir")?.trim().toLowerCase();
  if (own === "auto") return value === undefined ? "auto" : textDirection(value);
  for (let n: DomNode | null = el; n && n.nodeType === 1; n = n.parentNode) {
    const dir = (n as DomElement).getAttribute("dir")?.trim().toLowerCase();
    if (dir === "ltr" || dir === "rtl") return dir;
    if (dir === "auto" && n !== el) return textDirection(textOf(n)); // an ancestor's: its text's
  }
  return "ltr";
}

/** "rtl" when the first strong character of a text is right-to-left (Hebrew, Arabic…), else "ltr". */
export function textDirection(text: string): "ltr" | "rtl" {
  const strong = /\p{L}/u.exec(text)?.[0] ?? "";
  return /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u
      .test(strong)
    ? "rtl"
    : "ltr";
}

function bounds(el: DomElement, field: FormFieldSpec): void {
  for (const key of ["min", "max", "step", "pattern"] as const) {
    const value = attr(el, key);
    if (value !== undefined && value !== "") field[key] = value;
  }
  const maxLength = Number(el.getAttribute("maxlength"));
  if (Number.isInteger(maxLength) && maxLength > 0) field.maxLength = maxLength;
}

/** Lower case for ASCII letters only, as HTML matches keywords (a Kelvin sign is no "k"). */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** What a single select sends untouched: its selected option, else the first of a drop-down (a list box, size > 1: none). */
function singleValue(el: DomElement, options: FormOptionSpec[], last?: FormOptionSpec): string | undefined {
  const size = Number(/^\s*\d+/.exec(el.getAttribute("size") ?? "")?.[0] ?? 0);
  return last?.value ?? (size > 1 ? undefined : options[0]?.value);
}

/**
 * The entries a control the card does not show sends, as a browser sends it untouched: a hidden
 * input's value (`_charset_`: the encoding), a read-only field's, or the value of any control the
 * page hides: a ticked box, a select's selection, a textarea's text, a file input's empty file.
 */
function untouched(
  el: DomElement,
  type: string,
  name: string,
  at: number,
  dirname: string | undefined,
): FormSpec["hidden"] {
  if (type === "checkbox" || type === "radio") {
    if (!el.hasAttribute("checked")) return [];
    return [{
      name,
      value: el.getAttribute("value") ?? "on",
      at,
      ...(type === "radio" ? { radio: true } : {}),
    }];
  }
  if (type === "hidden" && name.toLowerCase() === "_charset_") {
    return [{ name, value: "UTF-8", at, charset: true }]; // browsers send the encoding they use here
  }
  const tag = el.localName;
  if (tag === "select") {
    const { options, selected, last } = selectOptions(el);
    const values = el.hasAttribute("multiple")
      ? selected
      : last?.disabled
      ? []
      : [singleValue(el, options, last)].filter((v) => v !== undefined);
    return values.map((value) => ({ name, value, at }));
  }
  if (type === "file") return [{ name, value: "", at, file: true }];
  const value = tag === "textarea" ? textareaText(el) : sanitize(type, el.getAttribute("value") ?? "", el);
  return [{ name, value, at }, ...(dirname ? [{ name: dirname, value: direction(el, value), at }] : [])];
}

/** The state of reading one form: what its controls have added so far. */
interface FormRead {
  readonly form: DomElement;
  readonly labelsFor: Map<string, DomElement>;
  readonly ctx: Context;
  readonly fields: FormFieldSpec[];
  readonly hidden: FormSpec["hidden"];
  readonly notes: string[];
  /** The radio and checkbox groups, by type and name. */
  readonly groups: Map<string, FormFieldSpec>;
  submit: FormSpec["submit"] | undefined;
  /** The default button: its formaction, formmethod and formenctype win over the form's own. */
  submitter: DomElement | undefined;
  /** Fields left out past MAX_FIELDS. */
  dropped: number;
}

/** One control of a form: its element, tag, type, name and place among the form's controls. */
interface Control {
  el: DomElement;
  tag: string;
  type: string;
  name: string;
  at: number;
}

function readForm(
  form: DomElement,
  index: number,
  owned: DomElement[],
  concealed: ReadonlySet<DomElement>,
  labelsFor: Map<string, DomElement>,
  ctx: Context,
): FormSpec {
  const read: FormRead = {
    form,
    labelsFor,
    ctx,
    fields: [],
    hidden: [],
    notes: [],
    groups: new Map(),
    submit: undefined,
    submitter: undefined,
    dropped: 0,
  };
  owned.forEach((el, at) => readControl(read, el, at, concealed));
  labelGroups(read.groups);
  if (read.dropped) {
    read.notes.push(`${read.dropped} more fields were left out (at most ${MAX_FIELDS} are read)`);
  }
  const target = submitTarget(read);
  const { fields, hidden, notes, submit } = read;
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
    ...target,
    fields,
    hidden,
    submit: submit ?? { label: "Submit" },
    notes,
    ...(acceptCharset !== undefined ? { acceptCharset } : {}),
  };
}

/** Adds one control to the form: a button, a value sent untouched, a choice, a select or a field. */
function readControl(read: FormRead, el: DomElement, at: number, concealed: ReadonlySet<DomElement>): void {
  const tag = el.localName;
  const name = el.getAttribute("name") ?? "";
  // An enumerated attribute: matched ASCII case-insensitively, spaces kept (" hidden" is a text input).
  const type = tag === "input" ? asciiLower(el.getAttribute("type") ?? "text") : tag;
  const control: Control = { el, tag, type, name, at };
  if (tag === "button" || type === "submit" || type === "image") return readButton(read, control);
  if (type === "button" || type === "reset" || name === "") return;
  const dirname = tag === "textarea" || DIRNAME.has(type)
    ? el.getAttribute("dirname") || undefined
    : undefined;
  const readonly = el.hasAttribute("readonly") && tag !== "select" && type !== "file";
  if (type === "hidden" || readonly || concealed.has(el)) {
    read.hidden.push(...untouched(el, type, name, at, dirname));
    return;
  }
  const required = el.hasAttribute("required") || el.getAttribute("aria-required") === "true";
  if (type === "radio" || type === "checkbox") return readChoice(read, control, required);
  const label = controlLabel(el, read.form, read.labelsFor, read.ctx) || humanize(name);
  addField(
    read,
    tag === "select" ? selectField(control, label, required) : textField(control, label, required, dirname),
  );
}

function addField(read: FormRead, field: FormFieldSpec): void {
  if (read.fields.length >= MAX_FIELDS) return void read.dropped++;
  read.fields.push(field);
}

/** A submit button: the first one is the form's (a button of any other type, or none, submits, as in browsers). */
function readButton(read: FormRead, { el, tag, type, name, at }: Control): void {
  const buttonType = tag === "button" ? (el.getAttribute("type") ?? "").trim().toLowerCase() : type;
  if (buttonType === "reset" || buttonType === "button" || read.submit) return;
  const label = (tag === "button" ? labelText(el) : "") || squash(el.getAttribute("value") ?? "") ||
    squash(el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? "") || "Submit";
  const submit: NonNullable<FormSpec["submit"]> = { label };
  read.submit = submit;
  read.submitter = el;
  if (type === "image") {
    // An image button posts where it was clicked: (0, 0) when a form is sent by Enter.
    Object.assign(submit, { image: true, at }, name !== "" ? { name } : {});
  } else if (name !== "") {
    submit.name = name;
    submit.value = el.getAttribute("value") ?? "";
    submit.at = at;
    const dirname = type === "submit" ? el.getAttribute("dirname") : null;
    if (dirname) submit.dirname = [dirname, direction(el, submit.value)];
  }
}

/** A radio button or checkbox: an option of the group of its type and name. */
function readChoice(read: FormRead, { el, type, name, at }: Control, required: boolean): void {
  const value = el.getAttribute("value") ?? "on";
  const option = { value, label: controlLabel(el, read.form, read.labelsFor, read.ctx) || value, at };
  const key = `${type}\u0000${name}`;
  let group = read.groups.get(key);
  if (!group) {
    group = { name, label: "", type: type as FormFieldKind, options: [], at };
    read.groups.set(key, group);
    addField(read, group);
  }
  if (group.options!.length < MAX_OPTIONS) group.options!.push(option);
  if (el.hasAttribute("checked")) (group.checked ??= []).push(value);
  if (required) group.required = true;
  if (!group.label) group.label = groupLabel(el, read.form, read.ctx);
}

function selectField({ el, name, at }: Control, label: string, required: boolean): FormFieldSpec {
  const { options, selected, last } = selectOptions(el);
  const field: FormFieldSpec = { name, label, type: "select", options, at };
  if (el.hasAttribute("multiple")) {
    field.multiple = true;
    if (selected.length) field.checked = selected;
  } else if (last?.disabled) {
    // A disabled option shown selected ("Choose…") is sent as nothing: the card's placeholder.
    field.placeholder = clip(last.label, 200);
  } else {
    const value = singleValue(el, options, last);
    if (value !== undefined) field.value = value;
  }
  if (required) field.required = true;
  return field;
}

function textField(
  { el, tag, type, name, at }: Control,
  label: string,
  required: boolean,
  dirname: string | undefined,
): FormFieldSpec {
  const kind: FormFieldKind = tag === "textarea"
    ? "textarea"
    : TEXT_TYPES.has(type as FormFieldKind)
    ? type as FormFieldKind
    : "text";
  const field: FormFieldSpec = { name, label, type: kind, at };
  if (required) field.required = true;
  const value = tag === "textarea" ? textareaText(el) : sanitize(kind, el.getAttribute("value") ?? "", el);
  // A password field's own value stays on the server (a card never shows one), sent as in a browser.
  if (value !== "" && kind !== "file") field.value = value;
  const placeholder = squash(el.getAttribute("placeholder") ?? "");
  if (placeholder) field.placeholder = placeholder;
  bounds(el, field);
  if (dirname) {
    field.dirname = dirname;
    const dir = direction(el, undefined);
    if (dir !== "ltr") field.dir = dir;
  }
  return field;
}

/** A group without a group label: a lone checkbox is named by its own label, a group by its name. */
function labelGroups(groups: Map<string, FormFieldSpec>): void {
  for (const group of groups.values()) {
    if (group.label) continue;
    group.label = group.type === "checkbox" && group.options!.length === 1 &&
        group.options![0].label !== group.options![0].value
      ? group.options![0].label
      : humanize(group.name);
  }
}

/** Where and how the form is sent, as browsers submit: the button's formaction, formmethod and formenctype, else the form's. */
function submitTarget(read: FormRead): Pick<FormSpec, "action" | "method" | "enctype"> {
  const { form, submitter, ctx } = read;
  const setting = (button: string, own: string) => submitter?.getAttribute(button) ?? form.getAttribute(own);
  const rawAction = setting("formaction", "action");
  const methodWord = (setting("formmethod", "method") ?? "get").trim().toLowerCase();
  let action = rawAction === null || rawAction.trim() === ""
    ? ctx.page.href.replace(/#.*$/, "")
    : absoluteUrl(rawAction, ctx.base) ?? "";
  if (methodWord === "dialog") {
    action = "";
    read.notes.push(UNSENT_DIALOG);
  } else if (action === "") read.notes.push(UNSENT_ACTION);
  const method = methodWord === "post" ? "POST" : "GET";
  const enctypeAttr = (setting("formenctype", "enctype") ?? "").trim().toLowerCase();
  const enctype: FormEnctype = enctypeAttr === "multipart/form-data" || enctypeAttr === "text/plain"
    ? enctypeAttr
    : "application/x-www-form-urlencoded";
  return { action, method, enctype };
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

/**
 * Whether a form element stands inside another form: browsers never build one (their parser
 * drops a `<form>` tag met inside a form), so it is not read as a form of its own.
 */
export function nestedForm(form: DomNode): boolean {
  for (let n = form.parentNode; n && n.nodeType === 1; n = n.parentNode) {
    const name = (n as DomElement).localName;
    if (name === "form") return true;
    if (name === "template") return false;
  }
  return false;
}

/** Reads every form (at most {@link MAX_FORMS}) of the page whose top-level nodes are `top`. */
export function readForms(
  forms: DomElement[],
  top: Iterable<DomNode>,
  labelsFor: Map<string, DomElement>,
  ctx: Context,
): FormSpec[] {
  if (forms.length === 0) return [];
  const { owned, concealed } = formControls(
    top,
    ctx.byId ?? (() => undefined),
    ctx.mark ? { mark: ctx.mark, forms } : undefined,
  );
  return forms.slice(0, MAX_FORMS).map((form, i) =>
    readForm(form, i + 1, owned.get(form) ?? [], concealed, labelsFor, ctx)
  );
}
