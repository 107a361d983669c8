/**
 * Axes, laid out for one width (see layout.ts): a value axis (nice ticks, light gridlines, labels
 * carrying their raw value in `data-v` for the runtime to reformat) and a category axis whose labels
 * never overlap at that width, measured with the real text widths of text.ts. The category axis
 * picks the first strategy that works and reports it: `plain` when every label fits its band, `wrap`
 * onto two lines when that cuts nothing, `skip` (level, every k-th label) for a long run of labels
 * that fit k bands, `rotate` 45 degrees, or `thin` (rotated, every k-th). Labels that still do not
 * fit are truncated with the full text in a `<title>`.
 */
import { escape } from "../../html/html.ts";
import { formatter, type NumberFormat, stepDigits } from "./format.ts";
import { at, type Box, cutWidth, type Part, shift, under, UNITS, type X, xAttrs, yAttrs } from "./layout.ts";
import { r1, type Ticks } from "./scale.ts";
import { textWidth, truncate, wrap } from "./text.ts";

/** Font size of every chart label, in px (chart.css sets the same). */
export const FONT = 12;
/** Line pitch of stacked labels: DejaVu Sans' ascent plus descent is 1.17 em. */
export const LINE = 15;
/** Least space between two level labels, in px. */
const GAP = 8;
/** Rotated 45 degrees, labels whose anchors are this far apart never touch (LINE × √2, rounded up). */
const ROTATED_STEP = 22;
/** Baseline of a level category label below the plot: clear of the lowest tick label's descent. */
const BASELINE = 18;
/** Fewest labels a level axis may thin out (fewer are every one shown, rotated if need be). */
const SKIP_FROM = 8;
/** More labels than this in a sequence are thinned level, never rotated. */
const LONG_RUN = 24;

export type LabelStrategy = "plain" | "wrap" | "skip" | "rotate" | "thin";

/** A category axis laid out for one width. */
export interface CategoryAxis {
  strategy: LabelStrategy;
  /** Height the labels take below the plot, in px. */
  height: number;
  /**
   * The least left and right insets (px) of the plot box that keep the labels inside the frame,
   * measured as if the first and last categories sat on its edges: the same at every width, so
   * frames that decide alike share their markup.
   */
  margins: [number, number];
  /** True when a label is shown cut. */
  cut: boolean;
  /** The labels' elements; `below(d)` is the height `d` px under the plot's bottom edge. */
  draw(below: (d: number) => X): string[];
}

/** A `<text>` element with a full-text `<title>` when the shown text was cut. */
function text(attrs: string, shown: string, full: string): string {
  const title = shown === full ? "" : `<title>${escape(full)}</title>`;
  return `<text ${attrs}>${title}${escape(shown)}</text>`;
}

/**
 * Longest a rotated label may run on a frame `width` px wide: one length below 600 px and one
 * above, so that rotated frames share their labels.
 */
export function rotatedMax(width: number): number {
  return width < 600 ? 112 : 160;
}

/**
 * The least power of two at or above `k`. Thinned axes show every 2nd, 4th, 8th… label: each step
 * divides the next, so a wider frame's labels include a narrower one's and the frames share them.
 */
function nested(k: number): number {
  let step = 1;
  while (step < k) step *= 2;
  return step;
}

/** The smallest (nested) step k such that every k-th label, level, keeps GAP from the next one shown. */
function skipStep(widths: readonly number[], band: number): number {
  let k = 2;
  for (; k < widths.length; k *= 2) {
    let fits = true;
    for (let i = k; i < widths.length && fits; i += k) {
      fits = (widths[i - k] + widths[i]) / 2 + GAP <= k * band;
    }
    if (fits) return k;
  }
  return k;
}

const MONTH_OR_DAY = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)/i;

/**
 * True when labels read as a sequence (every one holds a digit, or names a month or a weekday):
 * showing every k-th of them still tells the reader where each point is.
 */
export function looksOrdered(labels: readonly string[]): boolean {
  return labels.every((l) => /\d/.test(l)) || labels.every((l) => MONTH_OR_DAY.test(l.trim()));
}

/** A list of category labels measured once: a chart lays its axis out again for every band. */
interface Measured {
  widths: number[];
  widest: number;
  /**
   * Half the widest label a level axis may end on, whatever its step (1, 2, 4, 8…): the right
   * margin it needs is the same at every width, so thinner and thicker axes share a frame.
   */
  lastHalf: number;
}

const measures = new WeakMap<readonly string[], Measured>();

function measured(labels: readonly string[]): Measured {
  const known = measures.get(labels);
  if (known) return known;
  const n = labels.length;
  const widths = labels.map((l) => textWidth(l, FONT));
  let widest = -Infinity;
  for (const w of widths) widest = Math.max(widest, w);
  let lastHalf = 0;
  for (let step = 1; step < 2 * n; step *= 2) {
    lastHalf = Math.max(lastHalf, widths[Math.floor((n - 1) / step) * step] / 2);
  }
  const m = { widths, widest, lastHalf };
  measures.set(labels, m);
  return m;
}

/**
 * Lays out category labels `band` px apart on a frame `width` px wide; `pos(i)` is where label i
 * is centred in the markup (fluid, so it stays centred as the frame widens). Only an `ordered` axis
 * (a line's, or labels that read as a sequence) may skip labels; unordered names are rotated instead.
 */
export function categoryAxis(
  labels: readonly string[],
  band: number,
  pos: (i: number) => X,
  ordered = true,
  width = 0,
): CategoryAxis {
  const n = labels.length;
  const { widths, widest, lastHalf } = measured(labels);
  const level = (step: number, strategy: LabelStrategy): CategoryAxis => {
    const shown: number[] = [];
    for (let i = 0; i < n; i += step) shown.push(i);
    return {
      strategy,
      height: BASELINE + 6,
      margins: [Math.ceil(widths[0] / 2), Math.ceil(lastHalf)],
      cut: false,
      draw: (below) => {
        const y = yAttrs(below(BASELINE));
        return shown.map((i) => text(`${xAttrs(pos(i))} ${y}`, labels[i], labels[i]));
      },
    };
  };
  if (widest <= band - GAP) return { ...level(1, "plain"), margins: [0, 0] };
  if (band >= 48) {
    // two lines, or three in a band wide enough that three short lines read well
    const lines = labels.map((l) => wrap(l, band - GAP, FONT, band >= 80 ? 3 : 2));
    if (lines.every((ls, i) => ls.join(" ") === labels[i].replace(/\s+/g, " ").trim())) {
      const tall = Math.max(...lines.map((ls) => ls.length));
      return {
        strategy: "wrap",
        height: BASELINE + LINE * (tall - 1) + 6,
        margins: [0, 0], // each label within its own band
        cut: false,
        draw: (below) =>
          lines.map((ls, i) => {
            const spans = ls.map((l, k) =>
              `<tspan ${xAttrs(pos(i))} ${yAttrs(below(BASELINE + LINE * k))}>${escape(l)}</tspan>`
            );
            return `<text>${ls.join(" ") === labels[i] ? "" : `<title>${escape(labels[i])}</title>`}${
              spans.join("")
            }</text>`;
          }),
      };
    }
  }
  const every = nested(Math.ceil(ROTATED_STEP / band));
  const step = ordered && n >= SKIP_FROM ? skipStep(widths, band) : Infinity;
  // a long sequence reads best level, however sparse; a short one rotates rather than lose half
  if (step <= 4 || (step < Infinity && n > LONG_RUN)) return level(step, "skip");
  const shownText = labels.map((l) => truncate(l, rotatedMax(width), FONT));
  const shown = labels.map((_, i) => i).filter((i) => i % every === 0);
  // as tall as the longest label whichever are shown, so thinner and thicker axes share a frame
  const longest = Math.max(...shownText.map((t) => textWidth(t, FONT)));
  // rotated about its end, 10 px under the plot: the label runs down and left from its category
  return {
    strategy: every === 1 ? "rotate" : "thin",
    height: Math.ceil(longest * 0.71 + 19),
    margins: [Math.ceil(textWidth(shownText[0], FONT) * 0.71 + 5), 0],
    cut: shown.some((i) => shownText[i] !== labels[i]),
    draw: (below) =>
      shown.map((i) =>
        text(`class="mcc-rot" ${xAttrs(pos(i))} ${yAttrs(below(14))}`, shownText[i], labels[i])
      ),
  };
}

/** A tick label: formatted text, and the raw number for data-v. */
export interface TickLabel {
  value: number;
  label: string;
}

/** Tick labels made for each ticks' last format: a chart asks for them again in every band. */
const tickLabelsMade = new WeakMap<Ticks, { format: NumberFormat; labels: readonly TickLabel[] }>();

/** Labels for value ticks: formatted text with the raw number in data-v. */
export function tickLabels(ticks: Ticks, format: NumberFormat): readonly TickLabel[] {
  const made = tickLabelsMade.get(ticks);
  if (made?.format === format) return made.labels;
  const f = formatter(format, ticks.step);
  const labels = ticks.ticks.map((value) => ({ value, label: f(value) }));
  tickLabelsMade.set(ticks, { format, labels });
  return labels;
}

/** The widest label of each list of tick labels, measured once. */
const tickWidths = new WeakMap<readonly TickLabel[], number>();

/** Width the widest tick label needs. */
export function tickWidth(ticks: Ticks, format: NumberFormat): number {
  const labels = tickLabels(ticks, format);
  let width = tickWidths.get(labels);
  if (width === undefined) {
    width = labels.reduce((w, t) => Math.max(w, textWidth(t.label, FONT)), 0);
    tickWidths.set(labels, width);
  }
  return width;
}

/** The tick group's attributes: fraction digits (`data-d`) so the runtime reformats ticks alike. */
function tickGroup(ticks: Ticks, format: NumberFormat, extra = ""): string {
  const d = format.digits ?? (format.style === "compact" ? undefined : stepDigits(ticks.step));
  return `class="mcc-ticks${extra}"${d ? ` data-d="${d}"` : ""}`;
}

/**
 * A marks layer's gridlines, in plot units: a path through every tick at `at(v)` (0..UNITS) and
 * one for zero, left to right, or top to bottom for a horizontal value axis (`down`). Drawn once in
 * the layer, under the marks, whatever the frame.
 */
export function gridlines(ticks: Ticks, at: (v: number) => number, down = false): string {
  const line = (u: number) => down ? `M${u} 0V${UNITS}` : `M0 ${u}H${UNITS}`;
  const rest = ticks.ticks.filter((v) => v !== 0).map((v) => line(Math.round(at(v)))).join("");
  const zero = ticks.ticks.includes(0)
    ? `<path class="mcc-grid mcc-zero" d="${line(Math.round(at(0)))}"/>`
    : "";
  return `<g class="mcc-axis"><path class="mcc-grid" d="${rest}"/>${zero}</g>`;
}

/**
 * Tick labels right-aligned left of the plot box, each at `y(v)`; `attr` names the raw value's
 * attribute (`data-vx` for counts, which the runtime must not restyle as the chart's values).
 */
export function valueAxisLeft(
  ticks: Ticks,
  format: NumberFormat,
  y: (v: number) => X,
  plot: Box,
  attr = "data-v",
): Part[] {
  const labels = tickLabels(ticks, format).map((t) =>
    `<text ${attr}="${t.value}" x="${r1(plot.left - 6)}" ${yAttrs(shift(y(t.value), 4))}>${
      escape(t.label)
    }</text>`
  );
  return [{ g: tickGroup(ticks, format, " mcc-end"), items: labels }];
}

/**
 * Tick labels under the plot box, each at `x(v)`; on a frame `width` px wide, labels that would
 * touch are thinned to every other one (or fewer; the layer keeps every gridline). `attr` names
 * the raw value's attribute (`data-vx` for a scatter's x).
 */
export function valueAxisBottom(
  ticks: Ticks,
  format: NumberFormat,
  x: (v: number) => X,
  width: number,
  plot: Box,
  attr = "data-v",
): Part[] {
  const all = tickLabels(ticks, format);
  const w = all.map((t) => textWidth(t.label, FONT));
  let step = 1;
  while (
    step < all.length &&
    all.some((t, i) =>
      i >= step && i % step === 0 && at(x(t.value), width) - at(x(all[i - step].value), width) <
        (w[i] + w[i - step]) / 2 + GAP
    )
  ) step++;
  const labels: string[] = [];
  all.forEach((t, i) => {
    if (i % step === 0) {
      labels.push(
        `<text ${attr}="${t.value}" ${xAttrs(x(t.value))} ${yAttrs(under(plot, BASELINE))}>${
          escape(t.label)
        }</text>`,
      );
    }
  });
  return [{ g: tickGroup(ticks, format), items: labels }];
}

/** Ticks a vertical value axis aims for, at every width (the marks layer is drawn once). */
export const VALUE_TICKS = 5;

/** How many ticks suit an axis `length` px long. */
export function tickCount(length: number): number {
  return Math.max(2, Math.min(8, Math.round(length / 48)));
}

/** A title set above the plot at the left edge, wrapped onto two lines on a narrow frame. */
export function topTitle(title: string | undefined, width: number): { body: string; height: number } {
  if (!title) return { body: "", height: 0 };
  let lines = wrap(title, width, FONT, 2, true);
  if (lines.join(" ") !== title.replace(/\s+/g, " ").trim()) {
    lines = wrap(title, cutWidth(width), FONT, 2, true);
  }
  const body = lines.length === 1
    ? text(`class="mcc-axis-title mcc-start" x="0" y="${FONT}"`, lines[0], title)
    : `<text class="mcc-axis-title mcc-start">${
      lines.join(" ") === title ? "" : `<title>${escape(title)}</title>`
    }${lines.map((l, k) => `<tspan x="0" y="${FONT + LINE * k}">${escape(l)}</tspan>`).join("")}</text>`;
  return { body, height: LINE * lines.length + 4 };
}

/** A title centred under the plot box at the frame's foot; one wider than the plot is centred on the frame. */
export function bottomTitle(title: string | undefined, plot: Box, width: number): string {
  if (!title) return "";
  const fits = textWidth(title, FONT, true) <= width - plot.left - plot.right;
  const centre = fits ? { a: 0.5, b: (plot.left - plot.right) / 2 } : { a: 0.5, b: 0 };
  const attrs = `class="mcc-axis-title" ${xAttrs(centre)} ${yAttrs({ a: 1, b: -6 })}`;
  const shown = textWidth(title, FONT, true) <= width ? title : truncate(title, cutWidth(width), FONT, true);
  return text(attrs, shown, title);
}

/** Room a bottom title takes, in px. */
export const TITLE_ROOM = 20;
