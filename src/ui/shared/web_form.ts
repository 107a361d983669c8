/**
 * The message a mirrored website form card sends when the user submits it: the card's own
 * instruction line, then the values as JSON. Written once for the browser runtime (which sends
 * it) and the server (whose tests and submit_web_form read it). The website sees nothing yet:
 * the model reviews the values with the user and only then calls submit_web_form.
 */
import { jsonText } from "./json.ts";

/** Values per field name: a string, or a list for checkbox groups. */
export type WebFormValues = Record<string, string | string[]>;

/**
 * The text sent to the chat for a submitted mirrored form. The values (and the field names, which
 * come from the page) are one line of JSON: no name or value can start a line of its own.
 */
export function webFormMessage(intro: string, formId: string, values: WebFormValues): string {
  return `${intro}\n${jsonText({ formId, values })}`;
}
