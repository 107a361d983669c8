/**
 * create_form_card: a form the user fills in to steer the conversation. Submitting checks the
 * fields in the browser, fills `promptTemplate` with the answers (per field name) and sends it as
 * the user's next message; where the host cannot take it, the card shows the prompt to copy.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { checkFormFields, type FormField, renderFormFields } from "../render/form_fields.ts";
import { brief, plural } from "../render/summary.ts";
import { FIELD_NAME, literal, NO_PREFERENCE, templateNames } from "../ui/shared/prompt.ts";
import { cardTitle, plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 30;

const FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "email",
  "url",
  "date",
  "select",
  "radio",
  "checkboxes",
  "checkbox",
  "range",
] as const;

const field = z.object({
  name: z.string().regex(FIELD_NAME, { error: "use a letter, then letters, digits, _ or - (at most 40)" })
    .describe("Key: {{name}}"),
  label: plainLine(200, "Default: name").optional(),
  type: z.enum(FIELD_TYPES).optional(), // text when left out
  options: z.array(z.string().max(200)).max(MAX_OPTIONS).optional().describe(
    "select, radio, checkboxes: choices",
  ),
  required: z.boolean().optional(),
  placeholder: z.string().max(200).optional(),
  help: z.string().max(500).optional(),
  default: z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(200))])
    .optional(),

  min: z.union([z.number(), z.string().max(10)]).optional().describe("Or a date"),
  max: z.union([z.number(), z.string().max(10)]).optional(),
  step: z.number().positive().optional(),
  maxLength: z.number().int().min(1).max(10_000).optional(),
  other: z.string().max(100).optional().describe(
    "Other box label",
  ),
});

const input = z.object({
  title: cardTitle,
  intro: z.string().max(2_000).optional().describe("Intro"),
  promptTemplate: z.string().max(8_000).regex(/\S/, { error: "must not be empty or only whitespace" })
    .optional()
    .describe(
      "{{name}} = its answer; [[...]] dropped if blank",
    ),
  fields: z.array(field).min(1).max(MAX_FIELDS).describe("Fields"),
  submitLabel: plainLine(40, "Submit label").optional(),
});

/**
 * Without a template: the card title, then one `label: {{name}}` line per name, each an optional
 * clause but a required field's (a blank answer drops its line).
 */
function defaultTemplate(title: string, fields: readonly FormField[]): string {
  const seen = new Set<string>();
  let template = `My answers to "${literal(title)}":`;
  for (const f of fields) {
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    const line = `\n${literal(f.label ?? f.name)}: {{${f.name}}}`;
    template += f.required ? line : `[[${line}]]`;
  }
  return template;
}

function describeField(f: FormField): string {
  const type = f.type ?? "text";
  const choices = f.options?.length ? `: ${brief(f.options.map(String).join(", "), 120)}` : "";
  return `- ${brief(f.label ?? f.name, 80)} (${f.name}, ${type}${f.required ? ", required" : ""})${choices}`;
}

export default defineCard({
  name: "create_form_card",
  kind: "form",
  view: { widgets: ["form"], styles: ["form", "prompt"] },
  title: "Form card",
  description: "A form whose submission is the user's next message.",
  input,
  render(inp) {
    const fields = inp.fields as FormField[];
    checkFormFields(fields);
    const names = new Set(fields.map((f) => f.name));
    const unknown = inp.promptTemplate
      ? templateNames(inp.promptTemplate).find((n) => !names.has(n))
      : undefined;
    if (unknown !== undefined) {
      throw invalidInput(
        "promptTemplate",
        `"{{${unknown}}}" names no field`,
        `Use one of ${[...names].map((n) => `"${n}"`).join(", ")}, or add a field named "${unknown}"`,
      );
    }
    const template = inp.promptTemplate ?? defaultTemplate(inp.title, fields);
    const id = idMaker(JSON.stringify(inp));
    const intro = inp.intro ? markup`<p class="mcc-text">${inp.intro}</p>` : "";
    const body =
      markup`<form class="mcc-form" data-mcc-prompt="${template}" data-mcc-blank="${NO_PREFERENCE}" novalidate>${intro}
${renderFormFields(fields, id)}
<div class="mcc-form-bar"><button type="submit" class="mcc-tool mcc-primary">${
        inp.submitLabel ?? "Send"
      }</button></div>
</form>`;
    const summary = [
      `Form card ${quoteTitle(inp.title)} with ${plural(fields.length, "field")}:`,
      ...fields.map(describeField),
      `On submit the user's next message will be: ${brief(template, 300)}`,
    ].join("\n");
    return { title: inp.title, summary, blocks: [body] };
  },
});
