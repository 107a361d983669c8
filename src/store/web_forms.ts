/**
 * Mirrored website forms, remembered on the server between mirror_web_form and submit_web_form:
 * the real form's action, method, encoding, hidden fields and fields, none of which the card (or
 * the model) can change. Kept where cards are kept, with the same isolation: per session over
 * HTTP (and one for stdio), while stateless HTTP clients share one store whose ids are random and
 * expire, like their cards. In this process's memory by default (a small LRU with a lifetime), in
 * Redis with MCP_CHAT_CARDS_STORE so any replica can submit a form another one mirrored.
 */
import type { FormSpec } from "../web/extract_forms.ts";

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

/** Forms kept per session. */
export const WEB_FORM_CAPACITY = 32;

/**
 * Where mirrored forms are kept. Both methods may be backed by the network: when the store is
 * unreachable they reject with a ToolError the model can act on.
 */
export interface WebFormStorage {
  put(form: RememberedForm): Promise<void>;
  /** The form, or undefined when it was never stored, was evicted or has expired. */
  get(id: string): Promise<RememberedForm | undefined>;
}

/** The in-memory store: an LRU of `capacity` forms, each usable for `ttlMs` after it was stored. */
export class WebFormStore implements WebFormStorage {
  readonly #forms = new Map<string, { form: RememberedForm; bornAt: number }>();

  constructor(
    readonly capacity = WEB_FORM_CAPACITY,
    readonly ttlMs = WEB_FORM_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  put(form: RememberedForm): Promise<void> {
    this.#forms.delete(form.id);
    this.#forms.set(form.id, { form, bornAt: this.now() });
    while (this.#forms.size > this.capacity) this.#forms.delete(this.#forms.keys().next().value!);
    return Promise.resolve();
  }

  get(id: string): Promise<RememberedForm | undefined> {
    const entry = this.#forms.get(id);
    if (!entry) return Promise.resolve(undefined);
    if (this.now() - entry.bornAt > this.ttlMs) {
      this.#forms.delete(id);
      return Promise.resolve(undefined);
    }
    return Promise.resolve(entry.form);
  }
}
