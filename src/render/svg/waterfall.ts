/**
 * Waterfall charts: one series of signed steps, each bar floating from the running total before it
 * to the one after it (rises and falls in two colours), a null value draws a subtotal from zero to
 * the running total there, and a final total bar is added unless the last step is a subtotal.
 * Labels that would be rotated or cut at some width are rotated there (categoryAxis). Steps and
 * totals are two series of marks, so arrow keys move along the steps and up to the totals.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT, gridlines, VALUE_TICKS } from "./axis.ts";
import { formatter } from "./format.ts";
import { grownFrame, verticalFrame } from "./frame.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { type Cartesian, type Frame, shift, units, xAttrs, yAttrs } from "./layout.ts";
import { niceTicks, r1 } from "./scale.ts";
import { textWidth } from "./text.ts";

/** Colours of rises, falls and totals: green, red and slate series classes. */
const RISE = "mcc-s2";
const FALL = "mcc-s5";
const TOTAL = "mcc-s6";

export function waterfallChart({ spec, labels, series, format }: KindInput): KindOutput {
  if (series.length > 1) {
    throw invalidInput(
      "series",
      `a waterfall shows one series of steps, not ${series.length}`,
      "Give one series: a signed change per label, null for a subtotal",
    );
  }
  const steps = series[0].values;
  const f = formatter(format);
  const signed = (v: number) => (v > 0 ? "+" : "") + f(v);
  // bars: [label, from, to, kind]
  const bars: { label: string; from: number; to: number; kind: "rise" | "fall" | "total"; step?: number }[] =
    [];
  let run = 0;
  steps.forEach((v, i) => {
    if (v === null) bars.push({ label: labels[i], from: 0, to: run, kind: "total" });
    else {
      bars.push({ label: labels[i], from: run, to: run + v, kind: v < 0 ? "fall" : "rise", step: v });
      run += v;
    }
  });
  if (steps[steps.length - 1] !== null) bars.push({ label: "Total", from: 0, to: run, kind: "total" });
  const n = bars.length;
  const lo = Math.min(0, ...bars.map((b) => Math.min(b.from, b.to)));
  const hi = Math.max(0, ...bars.map((b) => Math.max(b.from, b.to)));
  const ticks = niceTicks(lo, hi, VALUE_TICKS, true);
  const shareOf = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  const text = bars.map((b) => (b.kind === "total" ? f(b.to) : signed(b.step!)));
  const names = bars.map((b) => b.label);

  function frame(width: number): Frame {
    const fr = verticalFrame({
      width,
      ticks,
      format,
      yTitle: spec.yTitle,
      xTitle: spec.xTitle,
      headroom: 18,
      categories: names,
      ordered: false,
    });
    const band = (width - fr.plot.left - fr.plot.right) / n;
    // every bar's value or none: a few labelled bars would read as the only ones that matter
    const fits = text.every((t) => textWidth(t, FONT) <= band - 2);
    const values: string[] = [];
    bars.forEach((b, i) => {
      if (!fits) return;
      const y = shift(fr.y(Math.max(b.from, b.to)), -5);
      const raw = b.kind === "total" ? b.to : b.step!;
      values.push(
        `<text data-v="${raw}" ${xAttrs(fr.x((i + 0.5) / n))} ${yAttrs(y)}>${escape(text[i])}</text>`,
      );
    });
    return grownFrame(fr, true, [{ g: 'class="mcc-vals"', items: values }]);
  }

  function layer(): string {
    const y = (v: number) => units(1 - shareOf(v));
    const w = 0.7 / n;
    // steps are the table's "Change" column (data-s 0), totals its "Running total" (data-s 1): a
    // tooltip reads the column its mark stands for
    const marks = ["", ""];
    let joins = "";
    bars.forEach((b, i) => {
      const x = (i + 0.15) / n;
      const top = Math.max(b.from, b.to);
      const h = r1(Math.abs(y(b.from) - y(b.to)));
      const cls = b.kind === "total" ? TOTAL : b.kind === "rise" ? RISE : FALL;
      marks[b.kind === "total" ? 1 : 0] += `<rect class="mcc-pt ${cls}" data-i="${i}" x="${units(x)}" y="${
        y(top)
      }" width="${units(w)}" height="${Math.max(h, 1)}"/>`;
      if (i + 1 < n) joins += `M${units(x + w)} ${y(b.to)}H${units((i + 1.15) / n)}`;
    });
    return gridlines(ticks, (v) => (1 - shareOf(v)) * 1000) +
      `<g class="mcc-marks"><path class="mcc-grid mcc-zero" d="${joins}"/><g data-s="0">${
        marks[0]
      }</g><g data-s="1">${marks[1]}</g></g>`;
  }

  const plot: Cartesian = { frame, layer };
  const moves = bars.filter((b) => b.kind !== "total");
  const rises = moves.filter((b) => b.kind === "rise");
  const falls = moves.filter((b) => b.kind === "fall");
  const biggest = (list: typeof moves, sign: number) =>
    list.reduce((a, b) => (sign * b.step! > sign * a.step! ? b : a));
  let summary = `Waterfall of ${q(series[0].name)}: ${moves.length} step${
    moves.length === 1 ? "" : "s"
  } from 0 to ${f(run)}`;
  const parts: string[] = [];
  if (rises.length) {
    const b = biggest(rises, 1);
    parts.push(
      `${rises.length} rise${rises.length === 1 ? "" : "s"}, the largest ${q(b.label)} (${signed(b.step!)})`,
    );
  }
  if (falls.length) {
    const b = biggest(falls, -1);
    parts.push(
      `${falls.length} fall${falls.length === 1 ? "" : "s"}, the largest ${q(b.label)} (${signed(b.step!)})`,
    );
  }
  summary += parts.length ? `; ${parts.join("; ")}.` : ".";
  const table = {
    head: [spec.xTitle || "Step", "Change", "Running total"],
    rows: bars.map((b) => ({
      label: b.label,
      cells: [b.kind === "total" ? null : b.step!, b.to],
    })),
  };
  return {
    summary,
    table,
    plot,
    legend: [
      { name: "Increase", cls: RISE },
      { name: "Decrease", cls: FALL },
      { name: "Total", cls: TOTAL },
    ],
  };
}
