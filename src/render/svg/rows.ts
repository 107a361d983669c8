/**
 * The frame of charts drawn in rows, one per name (funnels, bullets, gantt tasks, heatmap rows):
 * names right-aligned left of the plot (whole, on two lines, or cut as horizontal bars cut them:
 * bars.ts `names`), each row `band` px tall, the plot's height the rows' sum, so the text never
 * crowds however many rows there are.
 */
import { escape } from "../../html/html.ts";
import { LINE, topTitle } from "./axis.ts";
import { names } from "./bars.ts";
import type { Box } from "./layout.ts";
import { r1 } from "./scale.ts";

/** A row frame for one width: its plot box, height and the row names' elements. */
export interface RowFrame {
  plot: Box;
  height: number;
  /** Text elements of the names, right-aligned at the plot's left edge less 8 px (group `mcc-end`). */
  names: string[];
  /** The title above the rows, if any. */
  title: string;
  /** The middle of row i's mark, in px from the frame's top. */
  mid(i: number): number;
  band: number;
}

/** Lays rows of `labels` out on a frame `width` px wide; `right` px stay free right of the plot. */
export function rowFrame(
  labels: readonly string[],
  width: number,
  options: {
    right?: number;
    bottom?: number;
    title?: string;
    band?: number;
    left?: number;
    centre?: number;
  } = {},
): RowFrame {
  const named = names(labels, width, labels.length <= 30);
  const tall = named.lines.some((l) => l.length > 1);
  const band = Math.max(options.band ?? 26, tall ? 2 * LINE + 8 : 0);
  const title = topTitle(options.title, width);
  const plot: Box = {
    top: title.height + 4,
    right: Math.max(10, options.right ?? 10),
    bottom: options.bottom ?? 4,
    left: Math.max(named.room + 14, options.left ?? 0),
  };
  // where a row's mark sits, as a share of the row (a bullet's scale runs under it): the middle by default
  const mid = (i: number) => plot.top + band * (i + (options.centre ?? 0.5));
  const at = plot.left - 8;
  const texts = labels.map((label, i) => {
    const lines = named.lines[i];
    const full = lines.join(" ") === label ? "" : `<title>${escape(label)}</title>`;
    const y = mid(i) + 4;
    const spans = lines.length === 1
      ? escape(lines[0])
      : lines.map((l, k) => `<tspan x="${at}" y="${r1(y + LINE * (k - 0.5))}">${escape(l)}</tspan>`).join("");
    return `<text x="${at}" y="${r1(y)}">${full}${spans}</text>`;
  });
  return {
    plot,
    height: plot.top + band * labels.length + plot.bottom,
    names: texts,
    title: title.body,
    mid,
    band,
  };
}
