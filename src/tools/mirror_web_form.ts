/**
 * mirror_web_form: rebuilds one form of a real page as a form card. The page comes through the
 * safe fetcher; the form is picked by number, id or name (a page with several forms and no pick
 * gets the list back). Visible fields are drawn by the shared form renderer with their resolved
 * labels; the action, method, encoding, hidden fields and submit button stay on the server under
 * a form id, for submit_web_form. Submitting the card sends the values to the chat for review,
 * never to the website.
 */
import { z } from "zod";
import { CARD_OUTPUT_SCHEMA } from "../card.ts";
import { invalidInput, ToolError } from "../errors.ts";
import { type Html, markup, safeUrl } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { buildCardResult } from "../output/result.ts";
import type { FormFieldSpec, FormSpec } from "../web/extract.ts";
import { UNSENT_ACTION, UNSENT_DIALOG } from "../web/extract_forms.ts";
import { type FormField, renderFormFields } from "../render/form_fields.ts";
import { plural } from "../render/summary.ts";
import { QUOTED_LABEL, QUOTED_URL, quoteData, quoteHost } from "../quote.ts";
import { defineTool } from "../tool.ts";
import { encodingName, formEncoding } from "./_charset.ts";
import { redactUrl } from "./_redact.ts";
import { cardNames, extractAny, fetchPage } from "./_web.ts";

export const KIND = "web_form";

const output = CARD_OUTPUT_SCHEMA.extend({
  form: z.object({
    id: z.string().describe("Pass this as formId to submit_web_form"),
    title: z.string(),
    page: z.string(),
    action: z.string(),
    method: z.string(),
    fields: z.array(z.object({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      required: z.boolean().optional(),
      options: z.array(z.string()).optional(),
    })),
  }),
});

/**
 * A form's one-line description for lists: its title, id, name and action path as the page gives
 * them (without the values the card would not show, see _redact.ts).
 */
function describeForm(form: FormSpec): string {
  const names = [
    form.id ? `id ${quoteData(form.id, QUOTED_LABEL)}` : "",
    form.name ? `name ${quoteData(form.name, QUOTED_LABEL)}` : "",
  ].filter(Boolean);
  const path = form.action
    ? quoteData(new URL(redactUrl(form.action, form)).pathname, QUOTED_URL)
    : "(no http action)";
  return `${form.index}. ${quoteData(form.title, QUOTED_LABEL)}${
    names.length ? ` (${names.join(", ")})` : ""
  }: ${plural(form.fields.length, "field")}, ${form.method} ${path}`;
}

/** Picks the form the caller named, or explains which forms there are. */
export function pickForm(forms: FormSpec[], pick: string | undefined, url: string): FormSpec {
  if (forms.length === 0) {
    throw new ToolError(
      "not_found",
      `No form on ${quoteData(url, QUOTED_URL)}`,
      "Pass the URL of the page that shows the form (a sign-up or contact page, say)",
    );
  }
  const list = forms.map(describeForm).join("\n");
  if (pick === undefined || pick.trim() === "") {
    if (forms.length === 1) return forms[0];
    throw invalidInput(
      "form",
      `the page has ${forms.length} forms, so say which one:\n${list}`,
      'Call again with "form" set to a number above, or a form\'s id or name',
    );
  }
  const wanted = pick.trim();
  const found = /^\d+$/.test(wanted)
    ? forms.find((f) => f.index === Number(wanted))
    : forms.find((f) => f.id === wanted) ?? forms.find((f) => f.name === wanted);
  if (!found) {
    throw invalidInput(
      "form",
      `no form ${quoteData(wanted, QUOTED_LABEL)} on the page, which has:\n${list}`,
      "Pick a number, id or name above",
    );
  }
  return found;
}

const number = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) ? n : undefined;
};

/** A field spec as a card field, or the reason it is left out. */
export function cardField(f: FormFieldSpec): FormField | string {
  const base = { name: f.name, label: f.label, ...(f.required ? { required: true } : {}) };
  const options = f.options ?? [];
  switch (f.type) {
    case "password":
      return `Password field ${
        quoteData(f.label, QUOTED_LABEL)
      }: type it on the website itself, never in a chat`;
    case "file":
      return `File upload ${quoteData(f.label, QUOTED_LABEL)}: a card cannot send files`;
    case "radio":
      return { ...base, type: "radio", options, ...(f.checked?.length ? { default: f.checked[0] } : {}) };
    case "checkbox":
      return options.length === 1
        ? {
          ...base,
          label: options[0].label || f.label,
          type: "checkbox",
          default: (f.checked?.length ?? 0) > 0,
        }
        : { ...base, type: "checkboxes", options, ...(f.checked?.length ? { default: f.checked } : {}) };
    case "select": {
      if (f.multiple) {
        return { ...base, type: "checkboxes", options, ...(f.checked?.length ? { default: f.checked } : {}) };
      }
      // A leading empty option is the page's own "Choose…": it becomes the card's placeholder.
      const blank = options[0]?.value === "" ? options[0] : undefined;
      return {
        ...base,
        type: "select",
        options: blank ? options.slice(1) : options,
        // A disabled option the page shows selected ("Choose…") is a placeholder too.
        ...(blank || f.placeholder ? { placeholder: blank?.label ?? f.placeholder } : {}),
        ...(f.value ? { default: f.value } : {}),
      };
    }
    case "number":
    case "range": {
      const [min, max, step, value] = [number(f.min), number(f.max), number(f.step), number(f.value)];
      return {
        ...base,
        type: f.type,
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(step !== undefined && step > 0 ? { step } : {}),
        ...(value !== undefined ? { default: value } : {}),
      };
    }
    default: {
      const type = f.type === "textarea" || f.type === "email" || f.type === "url" || f.type === "date"
        ? f.type
        : "text";
      return {
        ...base,
        type,
        ...(f.value ? { default: f.value } : {}),
        ...(f.placeholder ? { placeholder: f.placeholder } : {}),
        ...(f.maxLength ? { maxLength: f.maxLength } : {}),
        ...(type === "date" && f.min ? { min: f.min } : {}),
        ...(type === "date" && f.max ? { max: f.max } : {}),
      };
    }
  }
}

/**
 * The line the card sends, as the user, ahead of the values: it tells the model what to do with
 * them. The page's title for the form, and its host unless plain, are quoted as data (see
 * src/quote.ts): a title that closes its quotes would put the page's words in the user's mouth.
 */
export function introLine(title: string, formId: string, host: string): string {
  return `The user filled in the mirrored form from ${quoteHost(host)} that the page calls ${
    quoteData(title, QUOTED_LABEL)
  } (formId "${formId}"). Show these values to the user and call submit_web_form with them only after the user confirms:`;
}

/**
 * The card; `link` is where its "From" link goes: the page, or the address the caller asked for
 * when the page's own address carries a value the card does not show (a session id from a redirect).
 */
function renderCard(
  form: FormSpec,
  formId: string,
  page: URL,
  link: string,
  fields: FormField[],
  notes: string[],
): Html[] {
  const action = new URL(form.action);
  const elsewhere = action.origin !== page.origin;
  const id = idMaker(`${KIND}\n${formId}`);
  const pageLink = safeUrl(link);
  const source = markup`<p class="mcc-web-source">From ${
    pageLink ? markup`<a href="${pageLink}">${page.host}</a>` : page.host
  }${elsewhere ? markup` · sends to ${action.host}` : ""}</p>`;
  const formHtml = markup`<form class="mcc-form" data-mcc-web-form="${formId}" data-mcc-intro="${
    introLine(form.title, formId, page.host)
  }" novalidate>
${renderFormFields(fields, id)}
<div class="mcc-form-bar"><button type="submit" class="mcc-tool mcc-primary">${form.submit.label}</button></div>
</form>`;
  const about =
    markup`<p class="mcc-web-note">Submitting sends your answers to this chat for review. Nothing reaches ${page.host} until you confirm.</p>`;
  const list = notes.length
    ? markup`<ul class="mcc-web-notes">${notes.map((n) => markup`<li>${n}</li>`)}</ul>`
    : "";
  return [source, formHtml, markup`${list}${about}`];
}

export default defineTool({
  name: "mirror_web_form",
  title: "Mirror a website form",
  description:
    "Rebuild a form of a public page as a form card. The values the user submits come back to the chat: confirm them with the user, then call submit_web_form. Several forms: pass `form`, or omit it to list them.",
  input: z.object({
    url: z.string().min(1).max(2_048).describe("Public http(s) page with the form"),
    form: z.string().max(200).optional().describe("Number (1 = first), id or name"),
  }),
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  view: { kind: KIND, widgets: ["web_form", "form"], styles: ["form", "prompt", "web_form"] },
  async handler({ url, form: pick }, ctx) {
    const page = await fetchPage(ctx, url);
    const extract = await extractAny(page);
    const form = pickForm(extract.forms, pick, page.url);
    if (form.action === "") {
      throw new ToolError(
        "unsupported",
        `Cannot mirror form ${form.index} of ${quoteData(page.url, QUOTED_URL)}: ${
          form.notes.find((n) => n === UNSENT_DIALOG) ?? UNSENT_ACTION
        }`,
        "Pick another form, or fill this one in on the website",
      );
    }
    const fields: FormField[] = [];
    const notes = [...form.notes];
    const names = cardNames(form);
    form.fields.forEach((spec, i) => {
      const field = cardField(spec);
      // Controls sharing a name get one each in the card, under the names submit_web_form takes.
      if (typeof field === "string") return void notes.push(field);
      const twin = names[i] !== spec.name &&
        form.fields.some((f, j) => j < i && f.name === spec.name && f.label === spec.label);
      const label = twin ? `${field.label} ${names[i].slice(spec.name.length + 1)}` : field.label;
      fields.push({ ...field, name: names[i], label });
    });
    if (fields.length === 0) {
      throw new ToolError(
        "unsupported",
        `Cannot mirror form ${form.index} of ${
          quoteData(page.url, QUOTED_URL)
        }: it has no field a card can fill in`,
        "Pick another form, or fill this one in on the website",
      );
    }
    const formId = "wf-" + ctx.newId();
    const encoding = formEncoding(form.acceptCharset, page.encoding);
    const pageUrl = new URL(page.url);
    pageUrl.hash = "";
    // What the model reads: the two URLs without the values the card does not show (a site may
    // put its session token in its action, or redirect to a page that carries it).
    const redacted = (url: string) => redactUrl(url, form, encoding);
    const outline = {
      id: formId,
      title: form.title,
      page: redacted(pageUrl.href),
      action: redacted(form.action),
      method: form.method,
      fields: fields.map((f) => ({
        name: f.name,
        label: f.label ?? f.name,
        type: f.type ?? "text",
        ...(f.required ? { required: true } : {}),
        ...(f.options ? { options: f.options.map((o) => typeof o === "string" ? o : o.value) } : {}),
      })),
    };
    // The outline is measured with the card: a result over the ceiling stores nothing.
    const result = await buildCardResult({
      title: form.title,
      summary: summary(form, formId, pageUrl, fields.length, notes, encoding, redacted),
      blocks: renderCard(
        form,
        formId,
        pageUrl,
        redacted(pageUrl.href) === pageUrl.href ? pageUrl.href : url,
        fields,
        notes,
      ),
    }, {
      tool: "mirror_web_form",
      kind: KIND,
      splittable: false,
      config: ctx.config,
      store: ctx.store,
      apps: ctx.apps,
      newId: ctx.newId,
      structured: { form: outline },
      tooLargeHint:
        "Fill this form in on the website (the user may raise MCP_CHAT_CARDS_RESULT_LIMIT if the host accepts larger results)",
    });
    await ctx.webForms.put({
      id: formId,
      page: pageUrl.href,
      form,
      ...(encoding === "utf-8" ? {} : { encoding }),
    });
    return result;
  },
});

function summary(
  form: FormSpec,
  formId: string,
  page: URL,
  shown: number,
  notes: string[],
  charset: string,
  redacted: (url: string) => string,
): string {
  const action = new URL(form.action);
  const encoding = (form.method === "POST" ? `, ${form.enctype}` : "") +
    (charset === "utf-8" ? "" : `, in ${encodingName(charset)}`);
  const lines = [
    `Mirrored the form the page calls ${quoteData(form.title, QUOTED_LABEL)} from ${
      quoteData(redacted(page.href), QUOTED_URL)
    } as a form card with ${plural(shown, "field")} (formId "${formId}").`,
    `It submits by ${form.method}${encoding} to ${quoteData(redacted(form.action), QUOTED_URL)}${
      action.origin !== page.origin ? ` (another site: ${quoteHost(action.host)})` : ""
    }; ${plural(form.hidden.length, "hidden field")} and the action stay on the server.`,
    "When the user submits the card, their values arrive in the chat: show them to the user, and call submit_web_form with formId and values only after the user confirms.",
  ];
  if (notes.length) lines.push(`Not in the card (labels as the page gives them): ${notes.join("; ")}.`);
  return lines.join("\n");
}
