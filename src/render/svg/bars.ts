/**
 * Bar charts: vertical (single series, or grouped side by side), horizontal (single or grouped),
 * and stacked (positives stack up from zero, negatives down). Single-series bars carry their
 * value as a direct label when there is room.
 */
import { escape } from "../../html/html.ts";
import { axisTitles, categoryBands, FONT, tickCount, tickWidth, valueAxisX, valueAxisY } from "./axis.ts";
import { formatter } from "./format.ts";
import { type ChartData, type Plot, PLOT_HEIGHT, TOP, WIDTH } from "./model.ts";
import { seriesClass } from "./palette.ts";
import { linear, niceTicks, r1 } from "./scale.ts";
import { textWidth, truncate } from "./text.ts";

/** Per row, the [start, end] of each series' bar along the value axis. */
function extents(
  data: ChartData,
  stacked: boolean,
): { spans: ([number, number] | null)[][]; lo: number; hi: number } {
  const n = data.labels.length;
  let lo = 0;
  let hi = 0;
  const spans = data.series.map(() => new Array<[number, number] | null>(n).fill(null));
  for (let i = 0; i < n; i++) {
    let pos = 0;
    let neg = 0;
    data.series.forEach((s, k) => {
      const v = s.values[i];
      if (v === null) return;
      let span: [number, number];
      if (!stacked) span = [0, v];
      else if (v >= 0) span = [pos, pos += v];
      else span = [neg, neg += v];
      spans[k][i] = span;
      lo = Math.min(lo, span[1]);
      hi = Math.max(hi, span[1]);
    });
  }
  return { spans, lo, hi };
}

/** Above this many categories, each series' bars are one path; the runtime adds focusable points. */
export const DENSE_BARS = 60;

function seriesGroups(data: ChartData, mark: (k: number) => string, dense = false): string {
  const flag = dense ? " data-mcc-dense" : "";
  return data.series.map((_, k) => `<g class="${seriesClass(k)}" data-s="${k}"${flag}>${mark(k)}</g>`).join(
    "",
  );
}

/** Vertical bars: single, grouped or stacked. */
export function verticalBars(data: ChartData, stacked: boolean): Plot {
  const n = data.labels.length;
  const { spans, lo, hi } = extents(data, stacked);
  const ticks = niceTicks(lo, hi, tickCount(PLOT_HEIGHT), true);
  const plotLeft = (data.yTitle ? 22 : 0) + Math.ceil(tickWidth(ticks, data.format)) + 10;
  const right = WIDTH - 10;
  const { band, axis, left } = categoryBands(data.labels, plotLeft, right);
  const top = TOP;
  const bottom = top + PLOT_HEIGHT;
  const height = bottom + axis.height + (data.xTitle ? 20 : 0);
  const y = linear(ticks.min, ticks.max, bottom, top);
  const groups = stacked ? 1 : data.series.length;
  const inner = band * (n > 60 ? 0.9 : 0.72);
  const w = inner / groups;
  const single = data.series.length === 1;
  const fmt = formatter(data.format);
  const showValues = single && n <= 16;
  const dense = n > DENSE_BARS;
  const values: string[] = [];
  const bars = seriesGroups(data, (k) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      const span = spans[k][i];
      if (!span) continue;
      const x = left + band * i + (band - inner) / 2 + (stacked ? 0 : w * k);
      const y0 = y(span[0]);
      const y1 = y(span[1]);
      const h = Math.max(Math.abs(y1 - y0), span[1] === span[0] ? 0 : 1);
      if (dense) {
        // one subpath per bar, from its base: M x base V top h width V base Z
        const base = r1(y0);
        out += `M${r1(x)} ${base}V${r1(y1 < y0 ? y0 - h : y0 + h)}h${r1(w)}V${base}Z`;
        continue;
      }
      out += `<rect class="mcc-pt" data-i="${i}" x="${r1(x)}" y="${r1(Math.min(y0, y1))}" width="${
        r1(w)
      }" height="${r1(h)}"/>`;
      if (showValues) {
        const v = data.series[k].values[i] as number;
        const label = fmt(v);
        if (textWidth(label, FONT - 1) <= band - 2) {
          const ty = v < 0 ? Math.max(y0, y1) + FONT : Math.min(y0, y1) - 4;
          values.push(`<text data-v="${v}" x="${r1(x + w / 2)}" y="${r1(ty)}">${escape(label)}</text>`);
        }
      }
    }
    return dense ? `<path class="mcc-bars" d="${out}"/>` : out;
  }, dense);
  const body = valueAxisY(ticks, data.format, y, left, right) + `<g class="mcc-marks">${bars}</g>` +
    (values.length ? `<g class="mcc-vals">${values.join("")}</g>` : "") +
    `<g class="mcc-cats">${axis.draw(bottom)}</g>` +
    axisTitles(data.xTitle, data.yTitle, { left, right, top, bottom, height });
  return { width: WIDTH, height, body, labels: axis.strategy };
}

/** Horizontal bars: single, grouped or stacked; labels at the left, truncated with a full title. */
export function horizontalBars(data: ChartData, stacked: boolean): Plot {
  const n = data.labels.length;
  const { spans, lo, hi } = extents(data, stacked);
  const groups = stacked ? 1 : data.series.length;
  const band = n > 30 ? 16 : Math.max(24, groups * 9 + 10);
  const labelRoom = Math.min(150, Math.max(...data.labels.map((l) => textWidth(l, FONT)))) + 8;
  const left = (data.yTitle ? 22 : 0) + labelRoom;
  const fmt = formatter(data.format);
  const single = data.series.length === 1;
  const valueRoom = single
    ? Math.max(...data.series[0].values.map((v) => v === null ? 0 : textWidth(fmt(v), FONT - 1))) + 6
    : 0;
  const right = WIDTH - 10 - valueRoom;
  const top = TOP / 2;
  const bottom = top + n * band;
  const height = bottom + 22 + (data.xTitle ? 20 : 0);
  const ticks = niceTicks(lo, hi, tickCount(right - left), true);
  const x = linear(ticks.min, ticks.max, left, right);
  const inner = band * (n > 30 ? 0.78 : 0.7);
  const h = inner / groups;
  const values: string[] = [];
  const bars = seriesGroups(data, (k) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      const span = spans[k][i];
      if (!span) continue;
      const y = top + band * i + (band - inner) / 2 + (stacked ? 0 : h * k);
      const x0 = x(span[0]);
      const x1 = x(span[1]);
      const w = Math.max(Math.abs(x1 - x0), span[1] === span[0] ? 0 : 1);
      out += `<rect class="mcc-pt" data-i="${i}" x="${r1(Math.min(x0, x1))}" y="${r1(y)}" width="${
        r1(w)
      }" height="${r1(h)}"/>`;
      if (single) {
        const v = data.series[k].values[i] as number;
        const tx = v < 0 ? Math.min(x0, x1) - 4 : Math.max(x0, x1) + 4;
        values.push(
          `<text class="${v < 0 ? "mcc-end" : "mcc-start"}" data-v="${v}" x="${r1(tx)}" y="${
            r1(y + h / 2 + 4)
          }">${escape(fmt(v))}</text>`,
        );
      }
    }
    return out;
  });
  let cats = "";
  data.labels.forEach((label, i) => {
    const shown = truncate(label, labelRoom - 12, FONT);
    const title = shown === label ? "" : `<title>${escape(label)}</title>`;
    cats += `<text x="${left - 8}" y="${r1(top + band * (i + 0.5) + 4)}">${title}${escape(shown)}</text>`;
  });
  const body = valueAxisX(ticks, data.format, x, top, bottom) + `<g class="mcc-marks">${bars}</g>` +
    (values.length ? `<g class="mcc-vals">${values.join("")}</g>` : "") +
    `<g class="mcc-cats mcc-end">${cats}</g>` +
    axisTitles(data.xTitle, data.yTitle, { left, right, top, bottom, height });
  return { width: WIDTH, height, body, labels: "plain" };
}
