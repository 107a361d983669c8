/**
 * The values a mirrored form's card never showed, kept out of everything the model reads about the
 * form: its action and page URLs, the final URL after submitting, every URL in a refusal, and the
 * title and text of the website's answer. A site may echo such a value in any spelling: plain,
 * percent-encoded (upper- or lower-case hex, `+` or `%20` for a space, in UTF-8 or in the form's
 * encoding), encoded again inside another parameter (`?next=%2Fgo%3Ft%3DAb%252B…`), or in base64
 * (a state blob). So each piece of a URL, and each word of a text, is read in every one of those
 * spellings, up to three layers deep, and is hidden whole when one of them holds such a value.
 */
import type { FormSpec } from "../web/extract.ts";
import { urlencoded } from "./_charset.ts";

/** What replaces a value the card did not show. */
export const REDACTED = "[hidden]";
/** Shorter values are hidden only where a whole piece of a URL is the value (or names its field). */
const MIN_MATCHED = 4;
/** Values this long are hidden wherever they appear, inside other words too. */
const MIN_ANYWHERE = 8;
/** Decoding layers read under a piece (a value encoded three times is still found). */
const MAX_DEPTH = 3;
/** Spellings read per piece at most (each layer may decode two or three ways). */
const MAX_SPELLINGS = 24;
/** What a TextDecoder does here, named without the DOM type (the Node build's types have none). */
type Decoder = { decode(bytes: Uint8Array): string };
/** A run of base64 (standard or URL-safe, padding optional) long enough to hold a value. */
const BASE64 = /^[A-Za-z0-9+/_-]{12,}={0,2}$/;

/**
 * The values of a form the card never shows: its hidden fields (and the controls the page hides),
 * the page's own password values, and the submit button's value.
 */
function unshown(form: FormSpec): [name: string, value: string][] {
  const out: [string, string][] = form.hidden.filter((h) => !h.charset).map((h) => [h.name, h.value]);
  for (const f of form.fields) if (f.type === "password" && f.value) out.push([f.name, f.value]);
  if (form.submit.name && !form.submit.image) out.push([form.submit.name, form.submit.value ?? ""]);
  return out.filter(([, value]) => value !== "");
}

/** One form's unshown values, ready to look for. */
interface Secrets {
  /** Values hidden wherever they appear. */
  long: string[];
  /** Values hidden where a whole piece is the value. */
  short: Set<string>;
  /** Names of unshown fields no visible field shares: their values in a query are hidden. */
  names: Set<string>;
  /** Unshown values per name of a visible field that shares it: hidden where that name stands. */
  shared: Map<string, Set<string>>;
  /** Decoders for percent-encoded bytes: UTF-8, and the form's encoding. */
  decoders: Decoder[];
  /** The long values as a form (and a URL) spells them, replaced before any piece is read. */
  spelled: string[];
}

function secretsOf(form: FormSpec, encoding: string): Secrets | undefined {
  const values = unshown(form);
  if (values.length === 0) return undefined;
  const shown = new Set(form.fields.filter((f) => f.type !== "password").map((f) => f.name));
  const long = [...new Set(values.map(([, v]) => v).filter((v) => v.length >= MIN_ANYWHERE))];
  const shared = new Map<string, Set<string>>();
  for (const [name, value] of values) {
    if (shown.has(name)) shared.set(name, (shared.get(name) ?? new Set()).add(value));
  }
  const decoders = [new TextDecoder("utf-8")];
  try {
    if (encoding !== "utf-8") decoders.push(new TextDecoder(encoding));
  } catch { /* an encoding this runtime cannot decode: UTF-8 spellings only */ }
  return {
    long,
    short: new Set(
      values.map(([, v]) => v).filter((v) => v.length >= MIN_MATCHED && v.length < MIN_ANYWHERE),
    ),
    names: new Set(values.map(([n]) => n).filter((n) => !shown.has(n))),
    shared,
    decoders,
    // Longest first, so a value inside another is not replaced out of it.
    spelled: [
      ...new Set(
        long.flatMap((v) => [v, encodeURIComponent(v), urlencoded([["", v]], encoding).slice(1)]),
      ),
    ].sort((a, b) => b.length - a.length),
  };
}

/** Percent-escapes read as bytes in `decoder`'s encoding (other characters as UTF-8), or undefined. */
function percentDecoded(text: string, decoder: Decoder): string | undefined {
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const escape = text[i] === "%" ? /^[0-9a-f]{2}$/i.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
    if (escape) {
      bytes.push(parseInt(escape, 16));
      i += 2;
    } else bytes.push(...utf8.encode(text[i]));
  }
  const decoded = decoder.decode(new Uint8Array(bytes));
  return decoded === text ? undefined : decoded;
}

/** Base64 (standard or URL-safe) read as UTF-8 text, or undefined when it is not. */
function base64Decoded(text: string): string | undefined {
  try {
    const standard = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
    const bytes = Uint8Array.from(
      atob(standard + "=".repeat((4 - standard.length % 4) % 4)),
      (c) => c.charCodeAt(0),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A piece of text in every spelling it may stand for: itself, decoded, and decoded again. */
function spellings(piece: string, secrets: Secrets): string[] {
  const out = [piece];
  let layer = [piece];
  for (let depth = 0; depth < MAX_DEPTH && layer.length && out.length < MAX_SPELLINGS; depth++) {
    const next: string[] = [];
    for (const text of layer) {
      const readings = [];
      if (text.includes("%")) {
        for (const decoder of secrets.decoders) {
          readings.push(percentDecoded(text, decoder));
          if (text.includes("+")) readings.push(percentDecoded(text.replace(/\+/g, " "), decoder));
        }
      } else if (text.includes("+")) readings.push(text.replace(/\+/g, " "));
      if (BASE64.test(text)) readings.push(base64Decoded(text));
      for (const reading of readings) {
        if (reading !== undefined && !out.includes(reading)) next.push(reading), out.push(reading);
      }
    }
    layer = next;
  }
  return out;
}

/** Whether some spelling of `piece` holds a long value, or (`whole`) is a short one. */
function holds(piece: string, secrets: Secrets, whole: boolean): boolean {
  if (piece === "" || piece === REDACTED) return false;
  return spellings(piece, secrets).some((s) =>
    secrets.long.some((v) => s.includes(v)) || (whole && secrets.short.has(s))
  );
}

/** The first spelling of a name (`+` a space, escapes decoded), for comparing with field names. */
function nameOf(raw: string, secrets: Secrets): string {
  return percentDecoded(raw.replace(/\+/g, " "), secrets.decoders[0]) ?? raw.replace(/\+/g, " ");
}

/** `name=value` pairs joined by `&` (a query or a fragment) with unshown values hidden. */
function redactPairs(text: string, secrets: Secrets): string {
  return text.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0) return holds(pair, secrets, true) ? REDACTED : pair;
    const [rawName, rawValue] = [pair.slice(0, eq), pair.slice(eq + 1)];
    const name = nameOf(rawName, secrets);
    const value = nameOf(rawValue, secrets);
    const hidden = rawValue !== "" &&
      (secrets.names.has(name) || secrets.shared.get(name)?.has(value) ||
        holds(rawValue, secrets, !secrets.shared.has(name)));
    return `${holds(rawName, secrets, false) ? REDACTED : rawName}=${hidden ? REDACTED : rawValue}`;
  }).join("&");
}

/** A path with each segment (and each `;` parameter of one) that holds an unshown value hidden. */
function redactPath(path: string, secrets: Secrets): string {
  return path.split("/").map((segment) =>
    segment.split(";").map((part) => {
      const eq = part.indexOf("=");
      if (eq > 0 && holds(part.slice(eq + 1), secrets, true)) return part.slice(0, eq + 1) + REDACTED;
      return holds(part, secrets, true) ? REDACTED : part;
    }).join(";")
  ).join("/");
}

/** A URL reference's path, query and fragment with unshown values hidden (the whole of it when one spans pieces). */
function redactReference(reference: string, secrets: Secrets): string {
  const hash = reference.indexOf("#");
  const beforeHash = hash < 0 ? reference : reference.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  let out = redactPath(path, secrets);
  if (question >= 0) out += "?" + redactPairs(beforeHash.slice(question + 1), secrets);
  if (hash >= 0) out += "#" + redactPairs(reference.slice(hash + 1), secrets);
  return holds(out, secrets, false) ? REDACTED : out;
}

function replaceSpelled(text: string, secrets: Secrets): string {
  let out = text;
  for (const spelling of secrets.spelled) {
    if (out.includes(spelling)) out = out.replaceAll(spelling, REDACTED);
  }
  return out;
}

/**
 * A URL as the model may see it, with every value the card did not show replaced by
 * {@link REDACTED} in any spelling: in the query, the values of those fields' names and any piece
 * that is one; in the path, any segment that is one; anywhere after the origin, any longer one
 * (8 characters and more). The origin stays as it is (a page may name its own host in a hidden
 * field), and so do the user's own values. Text that is not a URL is read as a URL's path.
 */
export function redactUrl(url: string, form: FormSpec, encoding = "utf-8"): string {
  const secrets = secretsOf(form, encoding);
  if (!secrets) return url;
  let origin = "";
  let rest = url;
  try {
    const { href, origin: own } = new URL(url);
    if (own !== "null" && href.startsWith(own)) [origin, rest] = [own, href.slice(own.length)];
  } catch { /* not a URL (a Location header, say): read whole */ }
  const out = redactReference(replaceSpelled(rest, secrets), secrets);
  return origin + (origin && out === REDACTED ? "/" : "") + out;
}

/** Characters that end a word of text: spaces, quotes and brackets. */
const WORD_BREAK = /([\s"'`<>()[\]{}|\\^]+)/;

/**
 * A text (a response's title or words) with every longer value the card did not show (see
 * {@link redactUrl}) replaced: a page may echo one, plainly or inside a URL it prints.
 */
export function redactText(text: string, form: FormSpec, encoding = "utf-8"): string {
  const secrets = secretsOf(form, encoding);
  if (!secrets || secrets.long.length === 0) return text;
  return replaceSpelled(text, secrets).split(WORD_BREAK).map((word, i) => {
    if (i % 2 === 1 || !holds(word, secrets, false)) return word;
    // Hide the pieces that hold a value, or the whole word when one spans them.
    return redactReference(word, secrets);
  }).join("");
}
