/**
 * submit_web_form: sends user-confirmed values to the real form behind a mirrored form card. The
 * target, method, encoding, hidden fields and submit button come from what mirror_web_form
 * remembered, never from the call: the model supplies values only, each checked against the
 * field it names. The request goes through the safe fetcher like any other, and the answer is
 * reported as status, final URL and a short extract.
 */
import { z } from "zod";
import { invalidInput, ToolError } from "../errors.ts";
import type { FetchedPage } from "../net/fetch.ts";
import type { FormFieldSpec, FormSpec } from "../web/extract.ts";
import { textDirection } from "../web/extract_forms.ts";
import { QUOTED_LABEL, QUOTED_TITLE, QUOTED_URL, quoteData } from "../quote.ts";
import { defineTool } from "../tool.ts";
import { encodeIn, encodingName, urlencoded } from "./_charset.ts";
import { redactText, redactUrl } from "./_redact.ts";
import { cardNames, extractAny, opening } from "./_web.ts";

type Value = string | number | boolean | string[];
/** A name and a value; `file` marks a file input's entry (with no file chosen: an empty one). */
type Entry = [name: string, value: string, file?: "file"];

const TRUE = new Set(["yes", "true", "on", "1", "checked"]);
const FALSE = new Set(["no", "false", "off", "0", ""]);
/** Longest text sent for one field. */
const MAX_VALUE = 100_000;

const output = z.object({
  status: z.number().int(),
  statusText: z.string(),
  url: z.string().describe("Final URL after redirects"),
  title: z.string(),
  extract: z.string().describe("The start of the response's main text"),
});

function quoteList(values: string[]): string {
  const shown = values.slice(0, 12).map((v) => quoteData(v, QUOTED_LABEL)).join(", ");
  return values.length > 12 ? `${shown}, …` : shown;
}

function asText(field: string, value: Value): string {
  if (Array.isArray(value)) throw invalidInput(field, "takes one value, not a list");
  return typeof value === "string" ? value : String(value);
}

/** An entry with its place among the form's controls, for the browser's order. */
type Placed = [string, string, number, "file"?];

/** The entries one field submits, from the caller's value or the page's own default. */
function fieldEntries(spec: FormFieldSpec, key: string, given: Value | undefined): Placed[] {
  const field = `values.${key}`;
  const options = (spec.options ?? []).map((o) => o.value);
  const at = spec.at ?? 0;
  const choose = (value: string) => {
    if (!options.includes(value)) {
      const shown = quoteList(options.filter((o) => o !== ""));
      throw invalidInput(field, `${quoteData(value, QUOTED_LABEL)} is not one of its options: ${shown}`);
    }
    return value;
  };
  // A radio or checkbox is submitted where it stands in the page (its box, not its group).
  const used = new Set<number>();
  const placeOf = (value: string) => {
    const i = spec.options!.findIndex((o, i) => o.value === value && !used.has(i));
    used.add(i);
    return spec.options![i]?.at ?? at;
  };
  const several = spec.type === "checkbox" && options.length > 1 || spec.type === "select" && spec.multiple;
  let entries: Placed[];
  if (several) {
    const list = given === undefined
      ? spec.checked ?? []
      : Array.isArray(given)
      ? given
      : [asText(field, given)];
    // "" means none, unless a box of the page has that value.
    const chosen = list.filter((v) => v !== "" || options.includes("")).map(choose);
    entries = spec.type === "select"
      // A multiple select submits its selected options in their own order.
      ? options.filter((o, i) => chosen.includes(o) && options.indexOf(o) === i).map((
        v,
      ) => [spec.name, v, at])
      : chosen.map((v) => [spec.name, v, placeOf(v)]);
  } else if (spec.type === "checkbox") {
    // A lone checkbox: the card sends "yes"/"no"; the website gets its own value when ticked.
    const own = options[0] ?? "on";
    const text = given === undefined ? undefined : asText(field, given).trim();
    const ticked = text === undefined
      ? (spec.checked?.length ?? 0) > 0
      : TRUE.has(text.toLowerCase()) || text === own
      ? true
      : FALSE.has(text.toLowerCase())
      ? false
      : choose(text) === own;
    entries = ticked ? [[spec.name, own, placeOf(own)]] : [];
  } else if (spec.type === "radio") {
    // Of several radios marked checked in the page, the last one is.
    const value = given === undefined ? spec.checked?.at(-1) : asText(field, given);
    entries = value === undefined || value === "" && !options.includes("")
      ? []
      : [[spec.name, choose(value), placeOf(value)]];
  } else if (spec.type === "select" && options.length === 0) {
    // A select without an option submits nothing, as in a browser.
    if (given !== undefined && asText(field, given) !== "") {
      throw invalidInput(field, "the page gives this list no options, so it takes no value", "Leave it out");
    }
    entries = [];
  } else if (spec.type === "select") {
    const value = given === undefined ? spec.value : asText(field, given);
    // The card's own blank choice: the website gets what the page would have sent untouched
    // (nothing, when the page shows a disabled "Choose…" or a list box with nothing selected).
    const sent = value === undefined || value === "" && !options.includes("") ? spec.value : choose(value);
    entries = sent === undefined ? [] : [[spec.name, sent, at]];
  } else if (spec.type === "file" || spec.type === "password") {
    // Never sent from a chat: a file input posts an empty file, a password field the page's own value.
    entries = [spec.type === "file" ? [spec.name, "", at, "file"] : [spec.name, spec.value ?? "", at]];
    if (spec.dirname) entries.push([spec.dirname, spec.dir === "rtl" ? "rtl" : "ltr", at]);
    if (spec.required && entries[0][1] === "") {
      throw invalidInput(
        field,
        `${
          quoteData(spec.label, QUOTED_LABEL)
        } is required by the form, and ${spec.type} fields are not sent from a chat`,
        "Ask the user to fill in this form on the website itself",
      );
    }
  } else {
    const value = given === undefined ? spec.value ?? "" : asText(field, given);
    if (value.length > MAX_VALUE) throw invalidInput(field, `is longer than ${MAX_VALUE} characters`);
    if (spec.maxLength && [...value].length > spec.maxLength) {
      throw invalidInput(field, `is longer than the form allows (${spec.maxLength} characters)`);
    }
    entries = [[spec.name, value, at]];
    if (spec.dirname) {
      const dir = spec.dir === "auto" ? textDirection(value) : spec.dir ?? "ltr";
      entries.push([spec.dirname, dir, at]);
    }
  }
  if (spec.required && entries.every(([, v]) => v === "")) {
    throw invalidInput(
      field,
      `${quoteData(spec.label, QUOTED_LABEL)} is required by the form`,
      "Ask the user for it, then call again",
    );
  }
  return entries;
}

/**
 * Every entry the form submits, in the browser's order: each control (hidden ones, every box of a
 * group, every control sharing a name, the submit button) where it stands in the page. Values
 * are keyed by the card's names (see {@link cardNames}).
 */
export function formEntries(form: FormSpec, values: Record<string, Value>, encoding = "utf-8"): Entry[] {
  const names = cardNames(form);
  const byName = new Map(form.fields.map((f, i) => [names[i], f]));
  const hidden = new Set(form.hidden.map((h) => h.name));
  for (const name of Object.keys(values)) {
    const spec = byName.get(name);
    if (hidden.has(name) && !spec) {
      throw invalidInput(`values.${name}`, "is a hidden field: the website's own value is sent");
    }
    if (!spec) {
      throw invalidInput(
        `values.${name}`,
        "the form has no such field",
        `Its fields are ${
          quoteList(names.filter((_, i) =>
            form.fields[i].type !== "password" && form.fields[i].type !== "file"
          ))
        }`,
      );
    }
    if (spec.type === "password" || spec.type === "file") {
      throw invalidInput(
        `values.${name}`,
        `${spec.type} fields are not sent from a chat`,
        "Ask the user to fill in this form on the website itself",
      );
    }
  }
  const entries: Placed[] = [];
  const picked = new Set<string>();
  for (const [key, spec] of byName) {
    // Own fields only: a field named "constructor" or "toString" must not read Object.prototype.
    const sent = fieldEntries(spec, key, Object.hasOwn(values, key) ? values[key] : undefined);
    if (spec.type === "radio" && sent.length) picked.add(spec.name);
    entries.push(...sent);
  }
  for (const h of form.hidden) {
    // A radio the page hides is unchecked when the user picks a radio of its group.
    if (h.radio && picked.has(h.name)) continue;
    // A `_charset_` field sends the name of the encoding the form goes in.
    const value = h.charset ? encodingName(encoding) : h.value;
    entries.push(h.file ? [h.name, value, h.at ?? -1, "file"] : [h.name, value, h.at ?? -1]);
  }
  const { submit } = form;
  if (submit.image) {
    const prefix = submit.name ? submit.name + "." : "";
    entries.push([prefix + "x", "0", submit.at ?? Infinity], [prefix + "y", "0", submit.at ?? Infinity]);
  } else if (submit.name) {
    if (submit.dirname) entries.push([...submit.dirname, submit.at ?? Infinity]);
    entries.push([submit.name, submit.value ?? "", submit.at ?? Infinity]);
  }
  // A stable sort: forms read before positions were recorded keep hidden fields first, the button last.
  return entries.sort((a, b) => a[2] - b[2]).map(([name, value, , file]): Entry =>
    file ? [name, value, file] : [name, value]
  );
}

/** Line breaks as browsers send them in form data: CRLF. */
const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");

/** The request a browser would make for these entries, in the form's encoding (UTF-8 by default). */
export function encodeForm(
  form: FormSpec,
  entries: Entry[],
  boundary = "----mcp-chat-cards-" + crypto.randomUUID().replaceAll("-", ""),
  encoding = "utf-8",
): { url: string; method: "GET" | "POST"; body?: { contentType: string; bytes: Uint8Array } } {
  const normalized = entries.map(([n, v, file]): Entry => file ? [crlf(n), v, file] : [crlf(n), crlf(v)]);
  if (form.method === "GET") {
    const url = new URL(form.action);
    url.search = urlencoded(normalized.map(([n, v]) => [n, v]), encoding);
    return { url: url.href, method: "GET" };
  }
  const bytes = (text: string) => encodeIn(text, encoding);
  const join = (chunks: Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) out.set(c, (at += c.length) - c.length);
    return out;
  };
  if (form.enctype === "multipart/form-data") {
    const escapeName = (name: string) =>
      name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    // A file input with no file chosen: an empty part named "", as a browser sends it.
    const chunks = normalized.flatMap(([name, value, file]) => [
      bytes(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"`),
      bytes(file ? `; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n` : "\r\n\r\n"),
      bytes(value),
      bytes("\r\n"),
    ]);
    return {
      url: form.action,
      method: "POST",
      body: {
        contentType: `multipart/form-data; boundary=${boundary}`,
        bytes: join([...chunks, bytes(`--${boundary}--\r\n`)]),
      },
    };
  }
  if (form.enctype === "text/plain") {
    // Each name and value is encoded on its own (ISO-2022-JP returns to ASCII after each).
    const chunks = normalized.flatMap(([n, v]) => [bytes(n), bytes("="), bytes(v), bytes("\r\n")]);
    return { url: form.action, method: "POST", body: { contentType: "text/plain", bytes: join(chunks) } };
  }
  return {
    url: form.action,
    method: "POST",
    body: {
      contentType: "application/x-www-form-urlencoded",
      bytes: bytes(urlencoded(normalized.map(([n, v]) => [n, v]), encoding)),
    },
  };
}

async function report(page: FetchedPage, form: FormSpec, encoding: string) {
  const extract = await extractAny(page);
  return {
    status: page.status,
    statusText: page.statusText,
    url: redactUrl(page.url, form, encoding),
    title: redactText(extract.title, form, encoding),
    extract: opening(redactText(extract.text, form, encoding), 600),
  };
}

export default defineTool({
  name: "submit_web_form",
  title: "Submit a mirrored website form",
  description:
    "Submit a form mirrored by mirror_web_form to the real website, with values the user entered in the card or explicitly confirmed. Never invent or guess values, and never call this without the user's go-ahead: it acts on the website (sign-ups, messages, orders).",
  input: z.object({
    formId: z.string().min(1).max(200).describe('The formId from mirror_web_form, e.g. "wf-…"'),
    values: z.record(
      z.string().max(500),
      z.union([z.string(), z.number(), z.boolean(), z.array(z.string()).max(500)]),
    ).describe(
      "Field name to value, as the card sent them; a list for a checkbox group. Fields left out keep the page's defaults",
    ),
  }),
  output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async handler({ formId, values }, ctx) {
    const remembered = await ctx.webForms.get(formId);
    if (!remembered) {
      throw new ToolError(
        "not_found",
        `Form ${
          quoteData(formId, QUOTED_LABEL)
        } is not known: mirrored forms are kept for this session, for an hour`,
        "Call mirror_web_form again, let the user fill in the new card, then submit with its formId",
      );
    }
    const { form, encoding = "utf-8" } = remembered;
    const request = encodeForm(form, formEntries(form, values, encoding), undefined, encoding);
    const title = quoteData(form.title, QUOTED_LABEL);
    let page: FetchedPage;
    try {
      page = await ctx.fetcher.fetch({ ...request, shown: (url) => redactUrl(url, form, encoding) });
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      // The fetcher names the URL it could not fetch; say which form that was.
      const message = error.message.replace(
        /^Cannot fetch /,
        `Cannot submit the form the page calls ${title} to `,
      );
      throw new ToolError(error.code, message, error.hint, { cause: error });
    }
    const result = await report(page, form, encoding);
    const outcome = page.status >= 400 ? "The website refused it" : "The website accepted it";
    const lines = [
      `Submitted the form the page calls ${title} (${form.method} to ${
        quoteData(redactUrl(form.action, form, encoding), QUOTED_URL)
      }): HTTP ${page.status}${page.statusText ? " " + page.statusText : ""}. ${outcome}${
        page.status >= 400 ? "" : " (check the page text below to be sure)"
      }.`,
      `Final URL: ${quoteData(result.url, QUOTED_URL)}`,
    ];
    if (result.title) {
      lines.push(`Page title, in the website's words: ${quoteData(result.title, QUOTED_TITLE)}`);
    }
    if (result.extract) lines.push(`Page text, in the website's words: ${quoteData(result.extract, 600)}`);
    return { content: [{ type: "text", text: lines.join("\n") }], structuredContent: result };
  },
});
