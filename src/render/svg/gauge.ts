/**
 * Gauges: the input of a bullet chart (measures.ts: values, targets, band limits) drawn as one
 * semicircular dial per measure, side by side and wrapping (a small multiple, up to MAX_GAUGES). A
 * dial keeps its shape, so each is a fixed-size SVG (larger when alone): the bands as arcs of a ring
 * in shades of the text colour, the value as a dark arc along the ring's middle third from 0, the
 * target as a short line across the ring, the value large in the middle (scientific when too long
 * to fit; "off the scale" under the name when clipped at the ring's end), the scale's ends under the ring's ends, the measure's name under
 * the dial. The ring is a meter (`role="meter"`, aria-valuenow within the scale, the exact value and
 * the target in aria-valuetext: the value arc itself is a focusable mark with a tooltip, which the
 * runtime makes a button that selects it); the table has the rest.
 */
import { escape } from "../../html/html.ts";
import type { ChartSpec } from "./spec.ts";
import { FONT, LINE } from "./axis.ts";
import { figureHtml, legendHtml, tableHtml } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import {
  bandClass,
  bandStart,
  checkMeasures,
  type Measure,
  measureLegend,
  measureSentence,
  measureSummary,
  measureTable,
  readMeasures,
  scientific,
  shortFormatter,
  TARGET_CLASS,
  VALUE_CLASS,
} from "./measures.ts";
import type { Series } from "./model.ts";
import { r1 } from "./scale.ts";
import { clip, textWidth, wrap } from "./text.ts";

/** Most dials a gauge chart draws: two rows of four on a wide card, four rows of two on a narrow one. */
export const MAX_GAUGES = 8;

/** A dial's size: its width, the ring's outer radius and thickness, the largest value text. */
interface Dial {
  width: number;
  radius: number;
  ring: number;
  font: number;
}
/** Four fit a 760 px card, two a 360 px one. */
const SMALL: Dial = { width: 150, radius: 58, ring: 14, font: 22 };
/** One dial alone. */
const LARGE: Dial = { width: 240, radius: 92, ring: 22, font: 30 };
/** Room above the ring for the target line's overhang, px. */
const TOP = 8;

/** The point at share `f` (0 left, 1 right) along the semicircle of radius `r`. */
function point(d: Dial, f: number, r: number): string {
  const a = Math.PI * (1 - f);
  const cx = d.width / 2;
  const cy = TOP + d.radius;
  return `${r1(cx + r * Math.cos(a))} ${r1(cy - r * Math.sin(a))}`;
}

/** The ring's piece from share `f0` to `f1` between radii `r0` (inner) and `r1` (outer). */
function arc(d: Dial, f0: number, f1: number, inner: number, outer: number): string {
  return `M${point(d, f0, outer)}A${outer} ${outer} 0 0 1 ${point(d, f1, outer)}L${
    point(d, f1, inner)
  }A${inner} ${inner} 0 0 0 ${point(d, f0, inner)}Z`;
}

/** One measure's dial, inside an `<svg>` titled by its name and described by its sentence. */
function dialSvg(
  d: Dial,
  m: Measure,
  i: number,
  format: NumberFormat,
  parts: { names: string[]; desc: string; id: (name: string) => string },
): string {
  const f = formatter(format);
  const short = shortFormatter(format);
  const { min, max } = m.ticks;
  const share = (v: number) => (Math.min(Math.max(v, min), max) - min) / (max - min);
  const inner = d.radius - d.ring;
  const cx = d.width / 2;
  const cy = TOP + d.radius;
  // the whole ring faint under the bands: a dial with no bands (or none reaching its ends) still reads as one
  const track = `<path class="mcc-track" d="${arc(d, 0, 1, inner, d.radius)}"/>`;
  let from = bandStart(m);
  const bands = m.bands.map((b, k) => {
    if (b === null) return "";
    const piece = `<path class="${bandClass(k, m.bands.length)}" d="${
      arc(d, share(from), share(b), inner, d.radius)
    }"/>`;
    from = b;
    return piece;
  }).join("");
  let value = "";
  let number = "";
  let meter = "";
  if (m.value !== null) {
    const [a, b] = [share(0), share(m.value)].sort((p, q) => p - q);
    const third = d.ring / 3;
    const now = Math.min(Math.max(m.value, min), max);
    // scientific where even the smallest size would not fit between the ring's feet
    const room = 2 * inner - 16;
    // (at the smallest size the text sits low, where the ring's inside is widest)
    const text = textWidth(short(m.value), FONT + 2, true) <= room + 8
      ? short(m.value)
      : scientific(format)(m.value);
    // a meter must have a value: with none, the ring is only a drawing
    meter = ` role="meter" aria-label="${
      escape(m.label)
    }" aria-valuemin="${min}" aria-valuemax="${max}" aria-valuenow="${now}" aria-valuetext="${
      escape(
        short(m.value) + (m.clipped ? ", off the scale" : "") +
          (m.target === null ? "" : `, target ${short(m.target)}`),
      )
    }"`;
    value = `<path class="mcc-pt" data-i="${i}" d="${
      arc(d, a, Math.max(b, a + 0.002), inner + third, d.radius - third)
    }"/>`;
    // as large as fits between the ring's feet
    const size = Math.max(
      FONT + 2,
      Math.min(d.font, Math.floor((d.font * room) / textWidth(text, d.font, true))),
    );
    const attr = text === f(m.value) ? "data-v" : "data-vx";
    number = `<text class="mcc-total" font-size="${size}" x="${cx}" y="${cy - 6}" ${attr}="${m.value}">${
      escape(text)
    }</text>`;
  }
  const target = m.target === null
    ? ""
    : `<path class="mcc-pt" data-i="${i}" d="M${point(d, share(m.target), inner - 5)}L${
      point(d, share(m.target), d.radius + 5)
    }"/>`;
  const ticks = formatter(format, m.ticks.step);
  const ends = `<g class="mcc-ticks"><text class="mcc-start" x="${cx - d.radius}" y="${
    cy + 16
  }" data-v="${min}">${escape(ticks(min))}</text><text class="mcc-end" x="${cx + d.radius}" y="${
    cy + 16
  }" data-v="${max}">${escape(ticks(max))}</text></g>`;
  const full = parts.names.join(" ") === m.label.replace(/\s+/g, " ").trim()
    ? ""
    : `<title>${escape(m.label)}</title>`;
  const name =
    `<text class="mcc-axis-title">${full}${
      parts.names.map((l, k) => `<tspan x="${cx}" y="${cy + 33 + LINE * k}">${escape(l)}</tspan>`).join("")
    }</text>` +
    (m.clipped ? `<text x="${cx}" y="${cy + 33 + LINE * parts.names.length}">off the scale</text>` : "");
  // each dial as tall as its own name (and note): a row's dials align at their tops
  const height = Math.ceil(cy + 33 + LINE * (parts.names.length - 1 + (m.clipped ? 1 : 0)) + 4);
  const tid = parts.id("gauge-title");
  const did = parts.id("gauge-desc");
  return `<svg class="mcc-pie mcc-gauge" viewBox="0 0 ${d.width} ${height}" width="${d.width}" height="${height}" role="img" aria-labelledby="${tid} ${did}"><title id="${tid}">${
    escape(m.label)
  }</title><desc id="${did}">${
    escape(parts.desc)
  }</desc><g class="mcc-bands"${meter}>${track}${bands}</g><g class="mcc-marks"><g class="${VALUE_CLASS}" data-s="0">${value}</g><g class="${TARGET_CLASS}" data-s="1">${target}</g></g>${ends}<g class="mcc-vals">${number}</g>${name}</svg>`;
}

/** A dial's own sentence: the measure in words, and its scale. */
function dialDesc(m: Measure, series: readonly Series[], format: NumberFormat): string {
  const f = shortFormatter(format);
  return `${measureSentence(m, series, f)}; the scale runs from ${f(m.ticks.min)} to ${f(m.ticks.max)}.`;
}

/** The gauge chart's figure: the legend, the dials, the table; the summary. */
export function gaugeFigure(
  spec: ChartSpec,
  labels: string[],
  format: NumberFormat,
  id: (name: string) => string,
): { html: string; summary: string } {
  const series = spec.series;
  checkMeasures("gauge", labels, series);
  const { measures } = readMeasures(labels, series);
  const d = measures.length === 1 ? LARGE : SMALL;
  // the name under its dial: the dial's width, up to three lines, cut past that (whole in its title)
  const names = labels.map((l) => wrap(l, d.width, FONT, 3, true));
  const summary = measureSummary("Gauge chart", measures, series, format);
  const dials = measures.map((m, i) =>
    dialSvg(d, m, i, format, { names: names[i], desc: dialDesc(m, series, format), id })
  ).join("");
  const did = id("chart-desc");
  const plot = `<div class="mcc-plot" role="group" aria-label="${
    escape(clip(spec.title, 200))
  }" aria-describedby="${did}"><p id="${did}" hidden>${
    escape(spec.description ?? summary)
  }</p>${dials}</div>`;
  const html = figureHtml(spec.type, format, {
    legend: legendHtml(measureLegend(series)),
    plot,
    note: "",
    table: tableHtml(measureTable(measures, series, format, spec.xTitle), formatter(format)),
  });
  return { html, summary };
}
