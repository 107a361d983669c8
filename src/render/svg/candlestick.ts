/**
 * Candlestick (OHLC) charts: four series in order open, high, low, close, one value each per period.
 * Each period is a wick from low to high and a body from open to close: hollow and green where it
 * closed at or above its open, filled and red where it closed below, so the shape tells them apart
 * without colour. Periods that are all ISO dates sit on a time axis (time_axis.ts), gaps and all.
 */
import { invalidInput } from "../../errors.ts";
import { gridlines, VALUE_TICKS } from "./axis.ts";
import { formatter } from "./format.ts";
import { grownFrame, verticalFrame } from "./frame.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { type Cartesian, type Frame, units } from "./layout.ts";
import { niceTicks, r1 } from "./scale.ts";
import { timeAxis } from "./time_axis.ts";

/** Up periods: green and hollow; down periods: red and filled. */
const UP = "mcc-s2 mcc-hollow";
const DOWN = "mcc-s5";
const UP_WICK = "mcc-s2";
const FIELDS = ["open", "high", "low", "close"] as const;

interface Candle {
  i: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The periods with values, checked: all four or none, high at or above low, open and close within. */
function candles(labels: readonly string[], values: readonly (number | null)[][]): Candle[] {
  const out: Candle[] = [];
  labels.forEach((label, i) => {
    const row = values.map((v) => v[i]);
    const missing = row.findIndex((v) => v === null);
    if (missing >= 0) {
      if (row.every((v) => v === null)) return;
      throw invalidInput(
        `series[${missing}].values[${i}]`,
        `the ${FIELDS[missing]} of ${q(label)} is null but the period has other values`,
        "Give all four values of a period, or null for all four",
      );
    }
    const [open, high, low, close] = row as number[];
    if (high < low) {
      throw invalidInput(
        `series[1].values[${i}]`,
        `the high of ${q(label)} (${high}) is below its low (${low})`,
        "Give the series in order open, high, low, close",
      );
    }
    for (const [k, v] of [[0, open], [3, close]] as const) {
      if (v < low || v > high) {
        throw invalidInput(
          `series[${k}].values[${i}]`,
          `the ${FIELDS[k]} of ${q(label)} (${v}) is outside its low–high range (${low} to ${high})`,
          "Give the series in order open, high, low, close",
        );
      }
    }
    out.push({ i, open, high, low, close });
  });
  return out;
}

export function candlestickChart({ spec, labels, series, format }: KindInput): KindOutput {
  if (series.length !== 4) {
    throw invalidInput(
      "series",
      `a candlestick needs 4 series (open, high, low, close), not ${series.length}`,
      "Give 4 series in order open, high, low, close, one value each per period label",
    );
  }
  const list = candles(labels, series.map((s) => s.values));
  const n = labels.length;
  const time = timeAxis(labels, format.locale);
  const lo = Math.min(...list.map((c) => c.low));
  const hi = Math.max(...list.map((c) => c.high));
  const ticks = niceTicks(lo, hi, VALUE_TICKS, false);
  const share = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  const xTitle = time?.zoned ? `${spec.xTitle ?? "Time"} (UTC)` : spec.xTitle;

  function frame(width: number): Frame {
    const fr = verticalFrame({
      width,
      ticks,
      format,
      yTitle: spec.yTitle,
      xTitle,
      ...(time ? { time } : { categories: labels, ordered: true }),
    });
    return grownFrame(fr, true);
  }

  function layer(): string {
    const y = (v: number) => units(1 - share(v));
    const band = time ? time.step : 1 / n;
    const w = band * 0.7;
    // wicks in the colour of their candle: [up, down]
    const wicks = ["", ""];
    let bodies = "";
    for (const c of list) {
      const mid = time ? time.at[c.i] : (c.i + 0.5) / n;
      wicks[c.close >= c.open ? 0 : 1] += `M${units(mid)} ${y(c.high)}V${y(c.low)}`;
      const top = y(Math.max(c.open, c.close));
      bodies += `<rect class="mcc-pt ${c.close >= c.open ? UP : DOWN}" data-i="${c.i}" x="${
        units(mid - w / 2)
      }" y="${top}" width="${units(w)}" height="${Math.max(r1(y(Math.min(c.open, c.close)) - top), 1)}"/>`;
    }
    // a candle's tooltip reads the table's close; the table holds all four values
    return gridlines(ticks, (v) => (1 - share(v)) * 1000) +
      `<g class="mcc-marks">${
        wicks.map((d, k) => d && `<path class="mcc-line ${k ? DOWN : UP_WICK}" d="${d}"/>`).join("")
      }<g data-s="3">${bodies}</g></g>`;
  }

  const f = formatter(format);
  const plot: Cartesian = { frame, layer };
  const first = list[0];
  const last = list[list.length - 1];
  const high = list.reduce((a, c) => (c.high > a.high ? c : a));
  const low = list.reduce((a, c) => (c.low < a.low ? c : a));
  const ups = list.filter((c) => c.close >= c.open).length;
  const change = last.close - first.open;
  const pct = first.open
    ? ` (${
      new Intl.NumberFormat(format.locale, {
        style: "percent",
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }).format(change / Math.abs(first.open))
    })`
    : "";
  const span = list.length === 1
    ? `for ${q(labels[first.i])}`
    : `from ${q(labels[first.i])} to ${q(labels[last.i])}`;
  const summary = `Candlestick chart of ${list.length} period${list.length === 1 ? "" : "s"} ${span}: ` +
    `opened at ${f(first.open)} and closed at ${f(last.close)}, ${
      change > 0 ? "up" : change < 0 ? "down" : "unchanged"
    }${change ? ` ${f(Math.abs(change))}${pct}` : ""}; high ${f(high.high)} (${q(labels[high.i])}), low ${
      f(low.low)
    } (${q(labels[low.i])}); ` +
    `${ups} period${ups === 1 ? "" : "s"} closed at or above the open, ${list.length - ups} below.`;
  const byRow = new Map(list.map((c) => [c.i, c]));
  const table = {
    head: [spec.xTitle || "Period", "Open", "High", "Low", "Close"],
    rows: labels.map((label, i) => {
      const c = byRow.get(i);
      return {
        label,
        cells: c ? [c.open, c.high, c.low, c.close] : [null, null, null, null],
      };
    }),
  };
  return {
    summary,
    table,
    plot,
    legend: [{ name: "Closed at or above open", cls: UP }, { name: "Closed below open", cls: DOWN }],
  };
}
