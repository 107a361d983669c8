/**
 * Number formatting for chart labels, tooltips and the data table. One `Intl.NumberFormat` per
 * (locale, style) pair, cached: a 2,000-point chart formats thousands of values. The options are
 * also written into the chart's markup so the browser runtime can reformat every raw value
 * (`data-v`) for the host's locale with exactly the same style.
 */
import { invalidInput } from "../../errors.ts";
import { jsonText } from "../../ui/shared/json.ts";
import { inScientific } from "../../ui/shared/number.ts";

/** How values read: plain numbers, percentages (25 means 25%), money, or compact (1.2K). */
export type ValueStyle = "number" | "percent" | "currency" | "compact";

/** The number format a chart declares: its style, a currency for money, fraction digits. */
export interface NumberFormat {
  locale: string;
  style: ValueStyle;
  currency?: string;
  /** Fixed fraction digits; unset means "as many as the value needs, up to 2" (ticks: the step's). */
  digits?: number;
}

/** The Intl options for a format; `step` (a tick step) sets the fraction digits ticks need. */
export function intlOptions(format: NumberFormat, step?: number): Intl.NumberFormatOptions {
  // compact labels pick their own unit (K, M): two digits keep 1.5K and 2K apart on any step
  const digits = format.digits ??
    (step === undefined || format.style === "compact" ? undefined : stepDigits(step));
  const options: Intl.NumberFormatOptions = {};
  if (format.style === "percent") options.style = "percent";
  if (format.style === "currency") {
    options.style = "currency";
    options.currency = format.currency ?? "USD";
  }
  if (format.style === "compact") options.notation = "compact";
  if (digits !== undefined) {
    options.minimumFractionDigits = digits;
    options.maximumFractionDigits = digits;
  } else if (format.style !== "currency") options.maximumFractionDigits = 2;
  return options;
}

/** Fraction digits a tick step needs: 0.25 -> 2, 5 -> 0, 1e-7 -> 7 (capped at 10). */
export function stepDigits(step: number): number {
  for (let d = 0; d < 10; d++) {
    const scaled = step * 10 ** d;
    if (Math.round(scaled) >= 1 && Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return 10;
}

const cache = new Map<string, (value: number) => string>();

/** Rounds a plain decimal string (no exponent) half away from zero at `digits` fraction digits. */
function roundDecimal(text: string, digits: number): [string, string] {
  const dot = text.indexOf(".");
  const int = dot < 0 ? text : text.slice(0, dot);
  const frac = dot < 0 ? "" : text.slice(dot + 1);
  if (frac.length <= digits) return [int, frac];
  let kept = int + frac.slice(0, digits);
  if (frac.charCodeAt(digits) >= 53) {
    // add one in the last kept place, carrying through nines
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === "9") i--;
    kept = (i < 0 ? "1" : kept.slice(0, i) + String(Number(kept[i]) + 1)) + "0".repeat(kept.length - 1 - i);
  }
  const split = kept.length - digits;
  return [kept.slice(0, split) || "0", kept.slice(split)];
}

/**
 * Plain numbers the quick way: Intl's own separators, learnt once per locale, around the shortest
 * decimal form of the number rounded half away from zero (as V8's Intl does). Used only where a
 * probe shows it prints exactly what Intl prints (ASCII digits, groups of three); Intl formats the rest.
 */
function quickNumber(
  nf: Intl.NumberFormat,
  options: Intl.NumberFormatOptions,
): ((v: number) => string) | undefined {
  const parts = nf.formatToParts(-1234567.5);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const [group, decimal, minus] = [part("group"), part("decimal"), part("minusSign")];
  const digits = options.maximumFractionDigits ?? 0;
  const fixed = options.minimumFractionDigits === digits;
  const quick = (v: number): string => {
    const a = Math.abs(v);
    if (!(a < 1e15) || (a > 0 && a < 1e-6)) return nf.format(v);
    let [int, frac] = roundDecimal(String(a), digits);
    frac = fixed ? frac.padEnd(digits, "0") : frac.replace(/0+$/, "");
    if (int.length > 3) int = int.replace(/\B(?=(\d{3})+$)/g, group);
    const body = frac ? int + decimal + frac : int;
    return v < 0 ? (/[1-9]/.test(body) ? minus + body : nf.format(v)) : body;
  };
  const probe = [-1234567.891, 0.5, 12.345, 1000, -0.001, 98765.4321, 3, 1.005];
  return probe.every((v) => quick(v) === nf.format(v)) ? quick : undefined;
}

/** A cached formatter; percentages are given as 25 for 25% and divided here. */
export function formatter(format: NumberFormat, step?: number): (value: number) => string {
  const options = intlOptions(format, step);
  const key = format.locale + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    const nf = new Intl.NumberFormat(format.locale, options);
    f = (format.style === "number" ? quickNumber(nf, options) : undefined) ?? ((v: number) => nf.format(v));
    if (cache.size > 200) cache.clear();
    cache.set(key, f);
  }
  const g = extremesInScientific(f, format.locale, options);
  return format.style === "percent" ? (v) => g(v / 100) : g;
}

/**
 * Scientific where `inScientific` says (past 1e21 and nearer zero than 1e-6):
 * 1e300 in full is 400 characters of tick, and 1e-300 at any fixed digits prints 0.
 */
function extremesInScientific(
  f: (v: number) => string,
  locale: string,
  options: Intl.NumberFormatOptions,
): (v: number) => string {
  let sci: Intl.NumberFormat | undefined;
  return (v) => {
    if (!inScientific(v)) return f(v);
    sci ??= new Intl.NumberFormat(locale, {
      ...options,
      notation: "scientific",
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    return sci.format(v);
  };
}

/** Validates a BCP 47 locale for formatting; refuses unknown or malformed tags with the field name. */
const knownLocales = new Set<string>();

export function checkLocale(locale: string, field = "locale"): string {
  if (knownLocales.has(locale)) return locale;
  try {
    const [supported] = Intl.NumberFormat.supportedLocalesOf([locale]);
    if (supported) {
      if (knownLocales.size < 100) knownLocales.add(locale);
      return locale;
    }
  } catch {
    // a malformed tag throws a RangeError: refused below with the same message
  }
  throw invalidInput(
    field,
    `${jsonText(locale)} is not a locale this server can format`,
    "Use a BCP 47 tag such as en-US, de-DE or ja-JP",
  );
}

/** Validates an ISO 4217 currency code. */
export function checkCurrency(currency: string, field = "currency"): string {
  if (/^[A-Z]{3}$/.test(currency)) return currency;
  throw invalidInput(
    field,
    `${jsonText(currency)} is not a currency code`,
    "Use three capital letters, e.g. USD, EUR or JPY",
  );
}
