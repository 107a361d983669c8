/**
 * Funnels: stages (labels) with one series of counts, drawn as centred bars whose widths follow
 * the counts, joined by a light band, with each stage's count and its share of the first stage at
 * the right. The summary says how many of the first stage reach the last and where the most drop.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import { formatter } from "./format.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { type Cartesian, type Frame, units, xAttrs } from "./layout.ts";
import { rowFrame } from "./rows.ts";
import { r1 } from "./scale.ts";
import { textWidth } from "./text.ts";
import { q, share } from "./words.ts";

export function funnelChart({ labels, series, format }: KindInput): KindOutput {
  if (series.length > 1) {
    throw invalidInput(
      "series",
      `a funnel shows one series, not ${series.length}`,
      "Give one series of counts per stage, or use grouped_bar",
    );
  }
  const values = series[0].values;
  values.forEach((v, i) => {
    if (v === null || v < 0) {
      throw invalidInput(
        `series[0].values[${i}]`,
        v === null ? "a funnel stage needs a count" : "a funnel stage cannot be negative",
        "Give each stage's count, zero or more",
      );
    }
  });
  const counts = values as number[];
  const f = formatter(format);
  const locale = format.locale;
  const top = Math.max(...counts);
  const first = counts[0];
  const shares = counts.map((v) => share(v, first, locale));
  const n = counts.length;

  function frame(width: number): Frame {
    const valueRoom = Math.ceil(Math.max(...counts.map((v) => textWidth(f(v), FONT))));
    const shareRoom = Math.ceil(Math.max(...shares.map((t) => textWidth(t, FONT))));
    const rows = rowFrame(labels, width, { right: valueRoom + shareRoom + 24, band: 32 });
    const at = { a: 1, b: -rows.plot.right + 8 };
    const y = (i: number) => r1(rows.mid(i) + 4);
    const values = counts.map((v, i) =>
      `<text class="mcc-start" data-v="${v}" ${xAttrs(at)} y="${y(i)}">${escape(f(v))}</text>`
    );
    const ofFirst = shares.map((t, i) => `<text ${xAttrs({ a: 1, b: 0 })} y="${y(i)}">${escape(t)}</text>`);
    return {
      parts: [
        { g: 'class="mcc-cats mcc-end"', items: rows.names },
        { g: 'class="mcc-vals"', items: values },
        { g: 'class="mcc-end"', items: ofFirst },
      ],
      height: rows.height,
      plot: rows.plot,
      labels: "plain",
    };
  }

  function layer(): string {
    const w = (v: number) => (top ? v / top : 0);
    let bars = "";
    let joins = "";
    counts.forEach((v, i) => {
      const y0 = (i + 0.18) / n;
      const y1 = (i + 0.82) / n;
      const x0 = (1 - w(v)) / 2;
      bars += `<rect class="mcc-pt" data-i="${i}" x="${units(x0)}" y="${units(y0)}" width="${
        units(Math.max(w(v), 0.002))
      }" height="${units(y1 - y0)}"/>`;
      if (i + 1 < n) {
        const x1 = (1 - w(counts[i + 1])) / 2;
        const yn = (i + 1.18) / n;
        joins += `M${units(x0)} ${units(y1)}H${units(1 - x0)}L${units(1 - x1)} ${units(yn)}H${units(x1)}Z`;
      }
    });
    return `<g class="mcc-marks"><g class="mcc-s0" data-s="0">${
      joins ? `<path class="mcc-area" d="${joins}"/>` : ""
    }${bars}</g></g>`;
  }

  const plot: Cartesian = { frame, layer };
  // the summary: how many reach the end, and the largest step down
  let drop = -1;
  for (let i = 1; i < n; i++) {
    const lost = counts[i - 1] ? (counts[i - 1] - counts[i]) / counts[i - 1] : 0;
    if (lost > 0 && (drop < 0 || lost > (counts[drop - 1] - counts[drop]) / counts[drop - 1])) drop = i;
  }
  const last = n - 1;
  let summary = `Funnel of ${q(series[0].name)} over ${n} stage${n === 1 ? "" : "s"}`;
  if (n === 1) summary += `: ${q(labels[0])} ${f(first)}.`;
  else {
    summary += ` from ${q(labels[0])} (${f(first)}) to ${q(labels[last])} (${f(counts[last])}): ${
      share(counts[last], first, locale)
    } of ${q(labels[0])} reach ${q(labels[last])}`;
    summary += drop > 0
      ? `; the largest drop is from ${q(labels[drop - 1])} to ${q(labels[drop])} (${
        share(counts[drop] - counts[drop - 1], counts[drop - 1], locale, true)
      }).`
      : "; no stage loses any.";
  }
  const table = {
    head: ["Stage", series[0].name, "Of first", "Of previous"],
    rows: labels.map((label, i) => ({
      label,
      cells: [counts[i], share(counts[i], first, locale), i ? share(counts[i], counts[i - 1], locale) : "—"],
    })),
  };
  return { summary, table, plot };
}
