/**
 * How a chart's summary and table write the caller's words and shares: a label quoted as a JSON
 * string (its own quotes cannot close ours), a share in the locale.
 */
import { jsonText } from "../../ui/shared/json.ts";
import { clip } from "./text.ts";

/** `a` as a share of `b`, in the locale (or a dash when `b` is zero). */
export function share(a: number, b: number, locale: string, signed = false): string {
  const ratio = a / b + 0; // + 0: a share of -0 prints 0%, not -0%
  // no share of 0, nor one past the largest double (-1e300 against a target of 1e-300)
  if (!b || !Number.isFinite(ratio)) return "—";
  return new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: signed ? "exceptZero" : "auto",
    // past 1e21 percent, scientific (as format.ts prints values): 1e300 / 5 in full is 400 characters
    notation: Math.abs(ratio) >= 1e19 ? "scientific" : "standard",
  }).format(ratio);
}

/** A label quoted for a summary, cut to 40 characters: a JSON string, so its own quotes cannot close ours. */
export const q = (label: string) => jsonText(clip(label, 40));
