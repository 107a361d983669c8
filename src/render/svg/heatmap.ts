/**
 * Heatmaps: the labels are the columns, each series a row (its name the row's name), each value a
 * cell shaded on one scale. The scale is sequential (one hue, from faint at the least value to full
 * at the most) or, when the values cross zero, diverging (red below zero, blue above, full at the
 * largest magnitude): the shade is the series colour's opacity over the card, so both themes read
 * it alike. Cells print their values where every value fits its cell, in the text colour that
 * contrasts more with the cell in both themes; a key above the rows shows the scale. The summary
 * names the highest and lowest cells and the row and column that run highest on average.
 */
import { escape } from "../../html/html.ts";
import { categoryAxis, FONT, LINE, looksOrdered } from "./axis.ts";
import { formatter } from "./format.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { across, type Cartesian, type Frame, units, xAttrs } from "./layout.ts";
import { BACKGROUNDS, PALETTE, seriesClass } from "./palette.ts";
import { rowFrame } from "./rows.ts";
import { r1 } from "./scale.ts";
import { textWidth, truncate } from "./text.ts";

/** Series colours of values above zero (or of the whole sequential scale), and below zero. */
const ABOVE = 0;
const BELOW = 5;
/** Opacity of the faintest shade: a cell at the scale's low end still shows where it is. */
const FAINT = 0.08;
/** Row height, px. */
const BAND = 30;
/** Swatches of the key, and each one's size in px. */
const STEPS = 5;
const SWATCH = 22;
/** Height of the key above the rows, px. */
const KEY = 36;
/** The card's text colours, [light, dark] (base.css's foreground); BACKGROUNDS are its background. */
const FOREGROUNDS = ["#18181b", "#f4f4f5"] as const;

/** The shade of a cell: its colour (a series index) and opacity. */
interface Shade {
  colour: number;
  opacity: number;
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (rgb: readonly number[]) => {
  const [r, g, b] = rgb.map((c) => c / 255).map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * True when text in the card's background colour contrasts more with a cell of `shade` than text in
 * its foreground colour does, in the theme where each reads worse (the cell is the colour at its
 * opacity over the background, as drawn).
 */
export function lightOnCell({ colour, opacity }: Shade): boolean {
  let bgText = Infinity;
  let fgText = Infinity;
  BACKGROUNDS.forEach((bg, theme) => {
    const back = channels(bg);
    const mark = channels(PALETTE[colour][theme]);
    const cell = luminance(back.map((c, i) => c + (mark[i] - c) * opacity));
    bgText = Math.min(bgText, contrast(cell, luminance(back)));
    fgText = Math.min(fgText, contrast(cell, luminance(channels(FOREGROUNDS[theme]))));
  });
  return bgText > fgText;
}

export function heatmapChart({ spec, labels, series, format }: KindInput): KindOutput {
  const f = formatter(format);
  const n = labels.length;
  const rows = series.length;
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const diverging = lo < 0 && hi > 0;
  const reach = Math.max(Math.abs(lo), Math.abs(hi));
  const strength = (v: number) => diverging ? Math.abs(v) / reach : hi > lo ? (v - lo) / (hi - lo) : 1;
  const shade = (v: number): Shade => ({
    colour: diverging && v < 0 ? BELOW : ABOVE,
    opacity: Math.round((FAINT + (1 - FAINT) * strength(v)) * 100) / 100,
  });
  const text = series.map((s) => s.values.map((v) => v === null ? "" : f(v)));
  const widest = Math.max(...text.flat().map((t) => textWidth(t, FONT)));
  const names = series.map((s) => s.name);
  const ordered = looksOrdered(labels);
  const xTitle = spec.xTitle ?? "";
  const xTitleWidth = textWidth(xTitle, FONT, true);
  // the key: the scale's ends (and zero when diverging) under a row of swatches
  const keyValues = diverging ? [-reach, 0, reach] : [lo, hi];
  const keyShades = diverging
    ? [
      ...Array.from({ length: STEPS }, (_, i) => -reach * (STEPS - i) / STEPS),
      0,
      ...Array.from({ length: STEPS }, (_, i) => reach * (i + 1) / STEPS),
    ]
    : Array.from({ length: STEPS }, (_, i) => lo + (hi - lo) * i / (STEPS - 1));

  function frame(width: number): Frame {
    const first = rowFrame(names, width, { band: BAND, title: spec.yTitle });
    const cellAt = (left: number, right: number) => (width - left - right) / n;
    let axis = categoryAxis(labels, cellAt(first.plot.left, 10), () => ({ a: 0, b: 0 }), ordered, width);
    // a rotated first label runs down to the left of its column: keep it inside the frame
    const left = Math.max(first.plot.left, axis.margins[0] - cellAt(first.plot.left, 10) / 2);
    const right = Math.max(10, Math.ceil(axis.margins[1] - cellAt(left, 10) / 2));
    const fr = rowFrame(names, width, { band: BAND, title: spec.yTitle, left, right, bottom: 0 });
    // the key sits between the title and the rows, with the columns' title beside it (or above it
    // where it does not fit): nothing under the column labels, so a cut label never had room
    const swatch = Math.min(SWATCH, Math.floor((width - 10) / keyShades.length));
    const keyWidth = keyShades.length * swatch;
    const keyLeft = Math.max(0, Math.min(fr.plot.left, width - 10 - keyWidth));
    const beside = keyLeft + keyWidth + 40 + xTitleWidth <= width - fr.plot.right;
    const above = xTitle && !beside ? LINE + 4 : 0;
    const drop = KEY + above;
    const plot = { ...fr.plot, top: fr.plot.top + drop };
    const mid = (k: number) => fr.mid(k) + drop;
    const cell = cellAt(plot.left, plot.right);
    axis = categoryAxis(labels, cell, (j) => across(plot, (j + 0.5) / n), ordered, width);
    const plotBottom = plot.top + BAND * rows;
    const height = plotBottom + axis.height;
    plot.bottom = height - plotBottom;
    const columns = axis.draw((d) => ({ a: 0, b: plotBottom + d }));
    // every value or none: a few printed cells would read as the only ones that matter
    const printed: string[] = [];
    if (widest <= cell - 6) {
      series.forEach((s, k) =>
        s.values.forEach((v, j) => {
          if (v === null) return;
          const light = lightOnCell(shade(v)) ? ' class="mcc-hi"' : "";
          printed.push(
            `<text${light} data-v="${v}" ${xAttrs(across(plot, (j + 0.5) / n))} y="${r1(mid(k) + 4)}">${
              escape(text[k][j])
            }</text>`,
          );
        })
      );
    }
    // the key: at the rows' left edge, or further left (and narrower) where the frame is narrow
    const keyTop = fr.plot.top + above;
    const swatches = keyShades.map((v, i) => {
      const { colour, opacity } = shade(v);
      return `<rect class="${seriesClass(colour)}" fill-opacity="${opacity}" x="${
        keyLeft + i * swatch
      }" y="${keyTop}" width="${swatch}" height="10"/>`;
    });
    const ends = keyValues.map((v, i) => {
      const x = keyLeft + keyWidth * i / (keyValues.length - 1);
      const anchor = i === 0 ? ' class="mcc-start"' : i === keyValues.length - 1 ? ' class="mcc-end"' : "";
      return `<text${anchor} data-v="${v}" x="${r1(x)}" y="${keyTop + 24}">${escape(f(v))}</text>`;
    });
    const cutTitle = truncate(xTitle, width - keyLeft, FONT, true);
    const title = !xTitle
      ? ""
      : beside
      ? `<text class="mcc-axis-title mcc-end" ${xAttrs({ a: 1, b: -plot.right })} y="${keyTop + 10}">${
        escape(xTitle)
      }</text>`
      : `<text class="mcc-axis-title mcc-start" x="${keyLeft}" y="${fr.plot.top + FONT}">${
        cutTitle === xTitle ? "" : `<title>${escape(xTitle)}</title>`
      }${escape(cutTitle)}</text>`;
    return {
      parts: [
        { g: "", items: fr.title ? [fr.title] : [] },
        { g: `class="mcc-cats mcc-end" transform="translate(0 ${drop})"`, items: fr.names },
        { g: 'class="mcc-cats"', items: columns },
        { g: 'class="mcc-vals"', items: printed },
        { g: 'class="mcc-direct"', items: swatches },
        { g: "", items: title ? [title, ...ends] : ends },
      ],
      height,
      plot,
      labels: axis.strategy,
    };
  }

  function layer(): string {
    const w = units(1 / n);
    const h = units(1 / rows);
    const marks = series.map((s, k) => {
      let cells = "";
      s.values.forEach((v, j) => {
        if (v === null) return;
        const { colour, opacity } = shade(v);
        cells += `<rect class="mcc-pt ${seriesClass(colour)}" fill-opacity="${opacity}" data-i="${j}" x="${
          units(j / n)
        }" y="${units(k / rows)}" width="${w}" height="${h}"/>`;
      });
      return `<g data-s="${k}">${cells}</g>`;
    });
    return `<g class="mcc-marks">${marks.join("")}</g>`;
  }

  const plot: Cartesian = { frame, layer };
  const table = {
    head: [spec.xTitle || "Column", ...names],
    rows: labels.map((label, j) => ({ label, cells: series.map((s) => s.values[j]) })),
  };
  return { summary: summarize(), table, plot };

  /** The highest and lowest cells, and the row and column with the highest mean. */
  function summarize(): string {
    let top: [number, number] = [-1, -1];
    let bottom: [number, number] = [-1, -1];
    const at = ([k, j]: [number, number]) => series[k].values[j] as number;
    series.forEach((s, k) =>
      s.values.forEach((v, j) => {
        if (v === null) return;
        if (top[0] < 0 || v > at(top)) top = [k, j];
        if (bottom[0] < 0 || v < at(bottom)) bottom = [k, j];
      })
    );
    const mean = (list: readonly (number | null)[]) => {
      const given = list.filter((v): v is number => v !== null);
      return given.length ? given.reduce((a, b) => a + b, 0) / given.length : -Infinity;
    };
    const best = (means: number[]) => means.indexOf(Math.max(...means));
    const rowMeans = series.map((s) => mean(s.values));
    const colMeans = labels.map((_, j) => mean(series.map((s) => s.values[j])));
    const r = best(rowMeans);
    const c = best(colMeans);
    const cellName = ([k, j]: [number, number]) => `${q(names[k])} at ${q(labels[j])}`;
    const scale = diverging
      ? `diverging around 0, ${values.filter((v) => v < 0).length} of ${values.length} cells below it`
      : "sequential";
    let text = `Heatmap of ${rows} row${rows === 1 ? "" : "s"} by ${n} column${n === 1 ? "" : "s"} (${
      q(labels[0])
    }${n > 1 ? ` to ${q(labels[n - 1])}` : ""}), ${scale}. `;
    text += lo === hi
      ? `Every cell is ${f(lo)}.`
      : `Highest ${f(hi)} (${cellName(top)}), lowest ${f(lo)} (${cellName(bottom)}).`;
    if (rows > 1) text += ` Highest row on average: ${q(names[r])} (${f(rowMeans[r])}).`;
    if (n > 1) text += ` Highest column on average: ${q(labels[c])} (${f(colMeans[c])}).`;
    return text;
  }
}
