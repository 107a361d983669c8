/**
 * Axes: a value axis (nice ticks, light gridlines, formatted labels carrying their raw value in
 * `data-v` for the runtime to reformat) and a category axis whose labels never overlap. The
 * category axis picks one strategy and reports it: `plain` when every label fits its band, `skip`
 * (level, every other label) when each fits two bands, `wrap` onto two lines, `rotate` 45 degrees,
 * or `thin` (rotated, every k-th label shown); labels that still do not fit are truncated with the
 * full text in a `<title>`.
 */
import { escape } from "../../html/html.ts";
import { formatter, type NumberFormat, stepDigits } from "./format.ts";
import { r1, type Ticks } from "./scale.ts";
import { textWidth, truncate, wrap } from "./text.ts";

/** Label font size in SVG user units (chart.css shrinks it on wide cards). */
export const FONT = 12;
const LINE = 14;
/** Longest a rotated label may run, in user units. */
const ROTATED_MAX = 84;

export type LabelStrategy = "plain" | "wrap" | "skip" | "rotate" | "thin";

/** A category axis laid out: its strategy, the height it needs below the plot, and a draw function. */
export interface CategoryAxis {
  strategy: LabelStrategy;
  height: number;
  draw(y: number): string;
}

/** A `<text>` element with an optional full-text `<title>` when the shown text was cut. */
function text(attrs: string, shown: string, full: string): string {
  const title = shown === full ? "" : `<title>${escape(full)}</title>`;
  return `<text ${attrs}>${title}${escape(shown)}</text>`;
}

/** Lays out category labels centred at `xs`, each band `band` units wide. */
export function categoryAxis(labels: readonly string[], xs: readonly number[], band: number): CategoryAxis {
  // stops at the first label too wide, so dense axes skip measuring the rest
  if (labels.every((l) => textWidth(l, FONT) <= band - 2)) {
    return {
      strategy: "plain",
      height: LINE + 8,
      draw: (y) => labels.map((l, i) => text(`x="${r1(xs[i])}" y="${y + LINE}"`, l, l)).join(""),
    };
  }
  // short labels that fit two bands: every other one, still level (months on a narrow card)
  if (labels.length > 2 && band < 44 && labels.every((l) => textWidth(l, FONT) <= 2 * band - 4)) {
    return {
      strategy: "skip",
      height: LINE + 8,
      draw: (y) => labels.map((l, i) => i % 2 ? "" : text(`x="${r1(xs[i])}" y="${y + LINE}"`, l, l)).join(""),
    };
  }
  if (band >= 44) {
    const wrapped = labels.map((l) => wrap(l, band - 4, FONT, 2));
    return {
      strategy: "wrap",
      height: LINE * Math.max(...wrapped.map((w) => w.length)) + 8,
      draw: (y) =>
        wrapped.map((lines, i) => {
          const spans = lines.map((l, k) =>
            `<tspan x="${r1(xs[i])}" y="${y + LINE * (k + 1)}">${escape(l)}</tspan>`
          );
          const full = lines.join(" ") === labels[i] ? "" : `<title>${escape(labels[i])}</title>`;
          return `<text>${full}${spans.join("")}</text>`;
        }).join(""),
    };
  }
  const every = Math.max(1, Math.ceil((FONT * 1.5) / band));
  const shown = labels.map((l) => truncate(l, ROTATED_MAX, FONT));
  let longest = 0;
  for (let i = 0; i < shown.length; i += every) longest = Math.max(longest, textWidth(shown[i], FONT));
  return {
    strategy: every === 1 ? "rotate" : "thin",
    height: Math.ceil(longest * 0.71 + FONT + 10),
    draw: (y) => {
      let out = "";
      for (let i = 0; i < labels.length; i += every) {
        const x = r1(xs[i] + 4);
        out += text(
          `class="mcc-rot" x="${x}" y="${y + 8}" transform="rotate(-45 ${x} ${y + 8})"`,
          shown[i],
          labels[i],
        );
      }
      return out;
    },
  };
}

/** Labels for value ticks: formatted text with the raw number in data-v. */
export function tickLabels(ticks: Ticks, format: NumberFormat): { value: number; label: string }[] {
  const f = formatter(format, ticks.step);
  return ticks.ticks.map((value) => ({ value, label: f(value) }));
}

/**
 * Places `n` category bands between `left` and `right`, moving `left` right when the first
 * rotated label would run off the chart's left edge.
 */
export function categoryBands(labels: readonly string[], left: number, right: number) {
  for (let pass = 0; pass < 2; pass++) {
    const band = (right - left) / labels.length;
    const xs = labels.map((_, i) => left + band * (i + 0.5));
    const axis = categoryAxis(labels, xs, band);
    const overhang = axis.strategy === "rotate" || axis.strategy === "thin"
      ? textWidth(truncate(labels[0], ROTATED_MAX, FONT), FONT) * 0.71 - xs[0] - 2
      : 0;
    if (overhang <= 0 || pass === 1) return { band, xs, axis, left };
    left += Math.ceil(overhang);
  }
  throw new Error("unreachable");
}

/** Width the widest tick label needs. */
export function tickWidth(ticks: Ticks, format: NumberFormat): number {
  return tickLabels(ticks, format).reduce((w, t) => Math.max(w, textWidth(t.label, FONT)), 0);
}

/** The tick group's attributes: fraction digits (`data-d`) so the runtime reformats ticks alike. */
function tickGroup(ticks: Ticks, format: NumberFormat, extra = ""): string {
  const d = format.digits ?? (format.style === "compact" ? undefined : stepDigits(ticks.step));
  return `<g class="mcc-ticks${extra}"${d ? ` data-d="${d}"` : ""}>`;
}

/** Horizontal gridlines and left labels for a vertical value axis. */
export function valueAxisY(
  ticks: Ticks,
  format: NumberFormat,
  y: (v: number) => number,
  x0: number,
  x1: number,
): string {
  let grid = "";
  let labels = "";
  [x0, x1] = [r1(x0), r1(x1)];
  for (const t of tickLabels(ticks, format)) {
    const py = r1(y(t.value));
    grid += `<line class="mcc-grid${
      t.value === 0 ? " mcc-zero" : ""
    }" x1="${x0}" x2="${x1}" y1="${py}" y2="${py}"/>`;
    labels += `<text data-v="${t.value}" x="${x0 - 6}" y="${r1(py + 4)}">${escape(t.label)}</text>`;
  }
  return `<g class="mcc-axis">${grid}</g>${tickGroup(ticks, format, " mcc-end")}${labels}</g>`;
}

/** Vertical gridlines and bottom labels for a horizontal value axis. */
export function valueAxisX(
  ticks: Ticks,
  format: NumberFormat,
  x: (v: number) => number,
  y0: number,
  y1: number,
): string {
  let grid = "";
  let labels = "";
  [y0, y1] = [r1(y0), r1(y1)];
  for (const t of tickLabels(ticks, format)) {
    const px = r1(x(t.value));
    grid += `<line class="mcc-grid${
      t.value === 0 ? " mcc-zero" : ""
    }" x1="${px}" x2="${px}" y1="${y0}" y2="${y1}"/>`;
    labels += `<text data-v="${t.value}" x="${px}" y="${y1 + LINE + 4}">${escape(t.label)}</text>`;
  }
  return `<g class="mcc-axis">${grid}</g>${tickGroup(ticks, format)}${labels}</g>`;
}

/** How many ticks suit an axis `length` units long. */
export function tickCount(length: number): number {
  return Math.max(2, Math.min(8, Math.round(length / 48)));
}

/** Axis titles: x centred below, y rotated at the left edge. */
export function axisTitles(
  xTitle: string | undefined,
  yTitle: string | undefined,
  box: { left: number; right: number; top: number; bottom: number; height: number },
): string {
  let out = "";
  if (xTitle) {
    const w = box.right - box.left;
    out += `<text class="mcc-axis-title" x="${r1((box.left + box.right) / 2)}" y="${box.height - 6}">${
      escape(truncate(xTitle, w, FONT))
    }</text>`;
  }
  if (yTitle) {
    const h = box.bottom - box.top;
    const cy = r1((box.top + box.bottom) / 2);
    out += `<text class="mcc-axis-title" x="13" y="${cy}" transform="rotate(-90 13 ${cy})">${
      escape(truncate(yTitle, h, FONT))
    }</text>`;
  }
  return out;
}
