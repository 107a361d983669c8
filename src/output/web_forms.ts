/**
 * Mirrored website forms, remembered on the server between mirror_web_form and submit_web_form:
 * the real form's action, method, encoding, hidden fields and fields, none of which the card (or
 * the model) can change. One store per server instance (per session over HTTP); stateless HTTP
 * clients share one whose ids are random and expire, like their cards. A small LRU with a lifetime.
 */
import type { FormSpec } from "../render/extract_forms.ts";

/** One remembered form. */
export interface RememberedForm {
  id: string;
  /** The page the form was read from (after redirects). */
  page: string;
  form: FormSpec;
  /** The encoding the form is sent in (the page's, or its accept-charset's), when it is not UTF-8. */
  encoding?: string;
}

/** How long a mirrored form can be submitted. */
export const WEB_FORM_TTL_MS = 60 * 60_000;

export class WebFormStore {
  readonly #forms = new Map<string, { form: RememberedForm; bornAt: number }>();

  constructor(
    readonly capacity = 32,
    readonly ttlMs = WEB_FORM_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  put(form: RememberedForm): void {
    this.#forms.delete(form.id);
    this.#forms.set(form.id, { form, bornAt: this.now() });
    while (this.#forms.size > this.capacity) this.#forms.delete(this.#forms.keys().next().value!);
  }

  /** The form, or undefined when it was never stored, was evicted or has expired. */
  get(id: string): RememberedForm | undefined {
    const entry = this.#forms.get(id);
    if (!entry) return undefined;
    if (this.now() - entry.bornAt > this.ttlMs) {
      this.#forms.delete(id);
      return undefined;
    }
    return entry.form;
  }
}
