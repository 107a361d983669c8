/**
 * Box plots, one box per series (a group, named on the axis). Without labels each series is a
 * group's raw values: quartiles by linear interpolation between order statistics (type 7, R's and
 * NumPy's default), whiskers to the furthest values within 1.5 IQR of the box (Tukey), and the values
 * beyond them drawn as outliers. With labels exactly ["min","q1","median","q3","max"], each series
 * gives those five numbers and the whiskers reach min and max. Every part is a focusable mark whose
 * tooltip reads its table cell: the whiskers, each half of the box (Q1, Q3), the median bar and the
 * outliers. The summary names each group's median and middle half, the highest median and the widest
 * spread.
 */
import { invalidInput } from "../../errors.ts";
import { gridlines, VALUE_TICKS } from "./axis.ts";
import type { Cell } from "./figure.ts";
import { formatter } from "./format.ts";
import { grownFrame, verticalFrame } from "./frame.ts";
import { q } from "./words.ts";
import type { KindInput, KindOutput } from "./spec.ts";
import { type Cartesian, type Frame, units, whole } from "./layout.ts";
import { niceTicks } from "./scale.ts";
import { quantile } from "./stats.ts";
import { formatCount } from "../summary.ts";

/** The labels that say each series gives its five numbers. */
export const FIVE = ["min", "q1", "median", "q3", "max"] as const;

/** One group's box: whiskers, quartiles, the values beyond the whiskers, and how many values. */
export interface BoxStats {
  low: number;
  q1: number;
  median: number;
  q3: number;
  high: number;
  outliers: number[];
  n?: number;
}

/** A group's box from its raw values (at least one): type 7 quartiles, Tukey's 1.5 IQR whiskers. */
export function boxOf(values: readonly number[]): BoxStats {
  const sorted = values.slice().sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = 1.5 * (q3 - q1);
  const inside = sorted.filter((v) => v >= q1 - reach && v <= q3 + reach);
  return {
    low: inside[0],
    q1,
    median: quantile(sorted, 0.5),
    q3,
    high: inside[inside.length - 1],
    outliers: sorted.filter((v) => v < q1 - reach || v > q3 + reach),
    n: sorted.length,
  };
}

const HINT = `Give each group's raw values as a series with no labels, or labels ${
  JSON.stringify(FIVE)
} and one value per label in each series`;

/** The boxes the input gives, checked: raw values, or the five numbers in order. */
function boxes({ labels, series }: KindInput): BoxStats[] {
  if (!labels.length) {
    return series.map((s, k) => {
      const values = s.values.filter((v): v is number => v !== null);
      if (!values.length) throw invalidInput(`series[${k}].values`, "a group needs at least one value", HINT);
      return boxOf(values);
    });
  }
  if (labels.length !== FIVE.length || labels.some((l, i) => l !== FIVE[i])) {
    throw invalidInput(
      "labels",
      `a box plot takes raw values without labels, or exactly ${JSON.stringify(FIVE)}, not ${
        JSON.stringify(labels.slice(0, 6))
      }`,
      HINT,
    );
  }
  return series.map((s, k) => {
    const v = s.values;
    const missing = v.findIndex((x) => x === null);
    if (missing >= 0) {
      throw invalidInput(`series[${k}].values[${missing}]`, `needs its ${FIVE[missing]}`, HINT);
    }
    const [min, q1, median, q3, max] = v as number[];
    const out = [min, q1, median, q3, max].findIndex((x, i, all) => i > 0 && x < all[i - 1]);
    if (out > 0) {
      throw invalidInput(
        `series[${k}].values[${out}]`,
        `${FIVE[out]} ${v[out]} is below ${FIVE[out - 1]} ${v[out - 1]}`,
        "Give min ≤ q1 ≤ median ≤ q3 ≤ max",
      );
    }
    return { low: min, q1, median, q3, high: max, outliers: [] };
  });
}

export function boxChart(input: KindInput): KindOutput {
  const { spec, series, format } = input;
  const raw = !input.labels.length;
  const stats = boxes(input);
  const f = formatter(format);
  const names = series.map((s) => s.name);
  const g = stats.length;
  const all = stats.flatMap((b) => [b.low, b.high, ...b.outliers]);
  const ticks = niceTicks(Math.min(...all), Math.max(...all), VALUE_TICKS);
  const share = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  // the table's columns, each a series of marks (data-s): the tooltip reads the mark's column
  const head = raw
    ? ["Values", "Low whisker", "Q1", "Median", "Q3", "High whisker", "Outliers"]
    : ["Min", "Q1", "Median", "Q3", "Max"];
  const col = (name: string) => head.indexOf(name);
  const [LOW, Q1, MEDIAN, Q3, HIGH] = raw
    ? [col("Low whisker"), col("Q1"), col("Median"), col("Q3"), col("High whisker")]
    : [0, 1, 2, 3, 4];

  function frame(width: number): Frame {
    const fr = verticalFrame({
      width,
      ticks,
      format,
      yTitle: spec.yTitle,
      xTitle: spec.xTitle,
      categories: names,
      ordered: false,
    });
    return grownFrame(fr);
  }

  function layer(): string {
    const y = (v: number) => units(1 - share(v));
    const marks: string[][] = head.map(() => []);
    let caps = "";
    stats.forEach((b, k) => {
      const mid = (k + 0.5) / g;
      const half = Math.min(0.3 / g, 0.08);
      const x0 = units(mid - half);
      const w = units(2 * half);
      const rect = (s: number, from: number, to: number, attrs = "", left = x0, width = w) =>
        marks[s].push(
          `<rect class="mcc-pt"${attrs} data-i="${k}" x="${left}" y="${y(to)}" width="${width}" height="${
            Math.max(units(share(to) - share(from)), 0.5)
          }"/>`,
        );
      // whiskers: thin bars from the box out to their ends, with a cap across each end
      const thin = units(Math.min(0.012 / g, 0.004));
      rect(LOW, b.low, b.q1, "", units(mid) - thin / 2, thin);
      rect(HIGH, b.q3, b.high, "", units(mid) - thin / 2, thin);
      caps += `M${units(mid - half / 2)} ${y(b.low)}H${units(mid + half / 2)}M${units(mid - half / 2)} ${
        y(b.high)
      }H${units(mid + half / 2)}`;
      rect(Q1, b.q1, b.median, ' fill-opacity=".3"');
      rect(Q3, b.median, b.q3, ' fill-opacity=".3"');
      // the median: a bar 1% of the plot tall, centred on it
      const m = share(b.median);
      marks[MEDIAN].push(
        `<rect class="mcc-pt" data-i="${k}" x="${x0}" y="${units(1 - m - 0.005)}" width="${w}" height="${
          units(0.01)
        }"/>`,
      );
      for (const o of b.outliers) {
        marks[col("Outliers")].push(
          `<path class="mcc-pt" data-i="${k}" d="M${whole(mid)} ${whole(1 - share(o))}h0"/>`,
        );
      }
    });
    const groups = marks.map((list, s) => list.length ? `<g data-s="${s}">${list.join("")}</g>` : "").join(
      "",
    );
    return gridlines(ticks, (v) => (1 - share(v)) * 1000) +
      `<g class="mcc-marks mcc-s0"><path class="mcc-line" d="${caps}"/>${groups}</g>`;
  }

  const plot: Cartesian = { frame, layer };
  const table = {
    head: [spec.xTitle || "Group", ...head],
    rows: stats.map((b, k) => {
      const five: Cell[] = [b.low, b.q1, b.median, b.q3, b.high];
      const cells: Cell[] = raw
        ? [
          { x: b.n!, text: formatCount(b.n!) },
          ...five,
          b.outliers.length ? b.outliers.map(f).join(", ") : "—",
        ]
        : five;
      return { label: names[k], cells };
    }),
  };
  return { summary: summarize(), table, plot };

  function summarize(): string {
    const method = raw
      ? " (quartiles by linear interpolation, type 7; whiskers to the furthest values within 1.5 IQR)"
      : " (given five-number summaries)";
    const groups = stats.slice(0, 6).map((b, k) => {
      let text = `${q(names[k])}: median ${f(b.median)}`;
      if (b.q3 > b.q1) text += `, middle half ${f(b.q1)} to ${f(b.q3)}`;
      if (raw) {
        text += `, ${formatCount(b.n!)} value${b.n === 1 ? "" : "s"}`;
        if (b.outliers.length) text += `, ${b.outliers.length} outlier${b.outliers.length === 1 ? "" : "s"}`;
      }
      return text;
    });
    let text = `Box plot of ${g} group${g === 1 ? "" : "s"}${method}. ${groups.join("; ")}${
      g > 6 ? `; and ${g - 6} more` : ""
    }.`;
    if (g > 1) {
      const top = stats.reduce((a, b, k) => b.median > stats[a].median ? k : a, 0);
      const wide = stats.reduce((a, b, k) => b.q3 - b.q1 > stats[a].q3 - stats[a].q1 ? k : a, 0);
      text += ` Highest median: ${q(names[top])} (${f(stats[top].median)}); widest middle half: ${
        q(names[wide])
      } (${f(stats[wide].q3 - stats[wide].q1)}).`;
    }
    return text;
  }
}
