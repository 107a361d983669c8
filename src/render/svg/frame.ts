/**
 * The frame of a chart with a vertical value axis (bars, lines, areas, scatter), laid out for one
 * width: the value axis title on top, tick labels left of the plot, categories (or a numeric x axis)
 * under it, the x title last. Families add their own text (direct labels, value labels) on top of it.
 */
import {
  bottomTitle,
  type CategoryAxis,
  categoryAxis,
  FONT,
  tickLabels,
  tickWidth,
  TITLE_ROOM,
  topTitle,
  valueAxisBottom,
  valueAxisLeft,
} from "./axis.ts";
import type { NumberFormat } from "./format.ts";
import type { ChartData } from "./model.ts";
import { across, at, type Box, down, type Frame, type Part, plotHeight, under, type X } from "./layout.ts";
import type { Ticks } from "./scale.ts";
import type { TimeAxis } from "./time_axis.ts";
import { textWidth } from "./text.ts";

/** What the vertical frame needs. */
export interface VerticalSpec {
  width: number;
  ticks: Ticks;
  format: NumberFormat;
  yTitle?: string;
  xTitle?: string;
  /** Px kept free right of the plot (direct labels); at least 10. */
  right?: number;
  /** Px kept free above the plot for labels over the top marks; 10 by default. */
  headroom?: number;
  /** Categories along the bottom, each centred in an equal band. */
  categories?: readonly string[];
  /** False when the categories are names that must each show (bars): see categoryAxis. */
  ordered?: boolean;
  /** Or a numeric x axis: its ticks, and the attribute holding each tick's raw value. */
  x?: { ticks: Ticks; format: NumberFormat; attr: string };
  /** Or a time axis (time_axis.ts): ticks chosen for the width. */
  time?: TimeAxis;
  /** The attribute holding each value tick's raw value (`data-v` by default; see valueAxisLeft). */
  yAttr?: string;
}

/** The part of a vertical spec every chart fills from its data: width, value ticks, format, titles. */
export function specOf(data: ChartData, width: number, ticks: Ticks): VerticalSpec {
  return { width, ticks, format: data.format, yTitle: data.yTitle, xTitle: data.xTitle };
}

/** A vertical frame: its box, axes markup and the maps from values to positions. */
export interface VerticalFrame {
  plot: Box;
  /** Height at the layout width, in px. */
  height: number;
  parts: Part[];
  /** A value's height in the plot box, fluid (a share of the frame's height plus px). */
  y(v: number): X;
  /** The same in px at the layout width. */
  py(v: number): number;
  /** A share (0..1) across the plot, fluid. */
  x(f: number): X;
  /** The category axis, when there are categories. */
  axis?: CategoryAxis;
}

/** Lays out the frame of a vertical chart for a frame `width` px wide; its plot grows (see Frame.grow). */
export function verticalFrame(spec: VerticalSpec): VerticalFrame {
  const { width, ticks, format } = spec;
  const title = topTitle(spec.yTitle, width);
  const plot: Box = {
    top: title.height + (spec.headroom ?? 10),
    right: Math.max(10, spec.right ?? 10),
    bottom: 0,
    left: Math.ceil(tickWidth(ticks, format)) + 10,
  };
  const share = (v: number) => (v - ticks.min) / (ticks.max - ticks.min || 1);
  let axis: CategoryAxis | undefined;
  const cats = spec.categories;
  if (cats) {
    // labels that would run past the frame's edges move the plot in, which narrows the bands
    for (let pass = 0; pass < 2; pass++) {
      const band = (width - plot.left - plot.right) / cats.length;
      axis = categoryAxis(
        cats,
        band,
        (i) => across(plot, (i + 0.5) / cats.length),
        spec.ordered ?? true,
        width,
      );
      const [l, r] = axis.margins;
      if (l <= plot.left && r <= plot.right) break;
      plot.left = Math.max(plot.left, l);
      plot.right = Math.max(plot.right, r);
    }
    plot.bottom = axis!.height;
  } else if (spec.x) {
    const labels = tickLabels(spec.x.ticks, spec.x.format);
    // the last tick label is centred on the plot's right edge: keep its half inside the frame
    plot.right = Math.max(plot.right, Math.ceil(textWidth(labels[labels.length - 1].label, FONT) / 2) + 2);
    plot.bottom = 24;
  } else if (spec.time) {
    // room for half a tick label past the plot's right edge
    plot.right = Math.max(plot.right, 20);
    plot.bottom = 24;
    // the first tick often names the year: move the plot in rather than lose it
    for (let pass = 0; pass < 2; pass++) {
      const [l, r] = spec.time.overhang(plot, width);
      if (!l && !r) break;
      plot.left += l;
      plot.right += r;
    }
  }
  if (spec.xTitle) plot.bottom += TITLE_ROOM;
  const height = plot.top + plotHeight(width) + plot.bottom;
  const x = (f: number) => across(plot, f);
  const y = (v: number) => down(plot, 1 - share(v));
  const xt = spec.x?.ticks;
  const xAxis = spec.x && xt
    ? valueAxisBottom(
      xt,
      spec.x.format,
      (v) => x((v - xt.min) / (xt.max - xt.min || 1)),
      width,
      plot,
      spec.x.attr,
    )
    : [];
  const parts = [
    ...valueAxisLeft(ticks, format, y, plot, spec.yAttr),
    ...xAxis,
    ...(axis ? [{ g: 'class="mcc-cats"', items: axis.draw((d) => under(plot, d)) }] : []),
    ...(spec.time ? [{ g: 'class="mcc-cats"', items: spec.time.ticks(plot, width) }] : []),
    { g: "", items: [title.body, bottomTitle(spec.xTitle, plot, width)].filter(Boolean) },
  ];
  return { plot, height, parts, y, py: (v) => at(y(v), height), x, axis };
}

/**
 * The Frame a vertical chart hands on: the frame's parts and then `extra`, a plot that grows, the
 * category labels' strategy, and whether the legend shows (undefined: the kind has none).
 */
export function grownFrame(fr: VerticalFrame, legend?: boolean, extra: Part[] = [], plot = fr.plot): Frame {
  return {
    parts: [...fr.parts, ...extra],
    height: fr.height,
    grow: true,
    plot,
    legend,
    labels: fr.axis?.strategy,
  };
}
