/**
 * Bullet charts (Stephen Few's bullet graph): one horizontal bullet per measure (measures.ts reads
 * value, target and bands), its name at the left, the qualitative bands as shades of the text colour
 * (darkest for the first, "poor"), the value as a dark bar along the middle third, the target as a
 * short perpendicular line, the value printed at the right. Measures whose ranges are alike share
 * one scale, ticked once at the foot; otherwise each bullet has its own scale ticked under it. A
 * value far beyond its scale runs to the scale's end with a break mark (» or «); its table cell and
 * tooltip say so.
 */
import { escape } from "../../html/html.ts";
import { FONT, valueAxisBottom } from "./axis.ts";
import { formatter } from "./format.ts";
import type { KindInput, KindOutput } from "./kinds.ts";
import { across, type Box, type Cartesian, type Frame, type Part, units, xAttrs } from "./layout.ts";
import {
  bandClass,
  bandStart,
  checkMeasures,
  type Measure,
  measureLegend,
  measureSummary,
  measureTable,
  readMeasures,
  shortFormatter,
  TARGET_CLASS,
  VALUE_CLASS,
} from "./measures.ts";
import { rowFrame } from "./rows.ts";
import { r1 } from "./scale.ts";
import { textWidth } from "./text.ts";

/** A row with its own scale: the bullet 20 px tall from 4 px down, its tick labels under it. */
const OWN = { band: 44, top: 4, height: 20 };
/** A row on the shared scale: the bullet alone, centred (taller when its name takes two lines). */
const SHARED = { band: 30, top: 5, height: 20 };
/** Baseline of a tick label under its bullet, px. */
const TICK_BASELINE = 13;

export function bulletChart({ spec, labels, series, format }: KindInput): KindOutput {
  checkMeasures("bullet", labels, series);
  const { measures, shared } = readMeasures(labels, series);
  const f = formatter(format);
  const short = shortFormatter(format);
  const n = measures.length;
  const row = shared ? SHARED : OWN;
  const centre = (row.top + row.height / 2) / row.band;

  function frame(width: number): Frame {
    const valueRoom = Math.max(
      0,
      ...measures.map((m) => m.value === null ? 0 : textWidth(short(m.value), FONT)),
    );
    const lastTick = Math.max(
      ...measures.map((m) => textWidth(formatter(format, m.ticks.step)(m.ticks.max), FONT)),
    );
    const rows = rowFrame(labels, width, {
      band: row.band,
      centre,
      title: spec.xTitle,
      right: Math.ceil(Math.max(valueRoom + 14, lastTick / 2 + 2)),
      bottom: shared ? 26 : 4,
    });
    const { plot } = rows;
    const x = (m: Measure) => (v: number) => across(plot, (v - m.ticks.min) / (m.ticks.max - m.ticks.min));
    const height = rows.height;
    // tick labels: once at the foot on a shared scale, else under each bullet (valueAxisBottom writes
    // them `BASELINE` px under the plot's foot: a box whose foot is at the bullet's does it per row)
    const ticks: Part[] = shared
      ? valueAxisBottom(measures[0].ticks, format, x(measures[0]), width, plot)
      : measures
        .flatMap((m, i) => {
          const foot = rows.mid(i) - row.height / 2 + row.height + TICK_BASELINE - 18;
          const box: Box = { ...plot, bottom: height - foot };
          return valueAxisBottom(m.ticks, format, x(m), width, box);
        });
    const values: string[] = [];
    const breaks: string[] = [];
    measures.forEach((m, i) => {
      if (m.value === null) return;
      const y = r1(rows.mid(i) + 4);
      // a value printed short keeps its text: the runtime would write it out in full for the host's locale
      const text = short(m.value);
      values.push(
        `<text class="mcc-start" data-v${text === f(m.value) ? "" : "x"}="${m.value}" ${
          xAttrs({ a: 1, b: -plot.right + 8 })
        } y="${y}">${escape(text)}</text>`,
      );
      if (m.clipped) {
        const high = m.value > m.ticks.max;
        const at = across(plot, high ? 1 : 0);
        breaks.push(
          `<text class="mcc-hi ${high ? "mcc-end" : "mcc-start"}" ${
            xAttrs({ a: at.a, b: at.b + (high ? -2 : 2) })
          } y="${y}">${high ? "»" : "«"}</text>`,
        );
      }
    });
    return {
      parts: [
        ...(rows.title ? [{ g: "", items: [rows.title] }] : []),
        { g: 'class="mcc-cats mcc-end"', items: rows.names },
        ...ticks,
        { g: 'class="mcc-vals"', items: [...values, ...breaks] },
      ],
      height,
      plot,
      legend: true,
      labels: "plain",
    };
  }

  function layer(): string {
    // rows in plot units: row i spans [i, i + 1] / n of the plot's height
    const y = (i: number, px: number) => units((i + px / row.band) / n);
    const bands: string[] = [];
    let bars = "";
    let targets = "";
    measures.forEach((m, i) => {
      const x = (v: number) =>
        (Math.min(Math.max(v, m.ticks.min), m.ticks.max) - m.ticks.min) /
        (m.ticks.max - m.ticks.min);
      const top = y(i, row.top);
      const h = r1(y(i, row.top + row.height) - top);
      let from = bandStart(m);
      m.bands.forEach((b, k) => {
        if (b === null) return;
        bands.push(
          `<rect class="${bandClass(k, m.bands.length)}" x="${units(x(from))}" y="${top}" width="${
            units(x(b) - x(from))
          }" height="${h}"/>`,
        );
        from = b;
      });
      if (m.value !== null) {
        const [a, b] = [x(0), x(m.value)].sort((p, q) => p - q);
        const barTop = y(i, row.top + row.height / 3);
        bars += `<rect class="mcc-pt" data-i="${i}" x="${units(a)}" y="${barTop}" width="${
          units(Math.max(b - a, 0.002))
        }" height="${r1(y(i, row.top + (2 * row.height) / 3) - barTop)}"/>`;
      }
      if (m.target !== null) {
        const tx = units(x(m.target));
        targets += `<path class="mcc-pt" data-i="${i}" d="M${tx} ${y(i, row.top + row.height * 0.15)}V${
          y(i, row.top + row.height * 0.85)
        }"/>`;
      }
    });
    return `<g class="mcc-bands">${
      bands.join("")
    }</g><g class="mcc-marks"><g class="${VALUE_CLASS}" data-s="0">${bars}</g><g class="${TARGET_CLASS}" data-s="1">${targets}</g></g>`;
  }

  const plot: Cartesian = { frame, layer };
  return {
    summary: measureSummary("Bullet chart", measures, series, format),
    table: measureTable(measures, series, format, spec.xTitle),
    plot,
    legend: measureLegend(series),
  };
}
