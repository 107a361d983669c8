/**
 * Charts laid out for the width they are shown at, with no layout engine in the browser. The server
 * lays a chart out for every width band (BANDS), keeps one frame per run of bands that decide alike,
 * and chart_card.css's container queries show the frame of the band the figure's width falls in. No
 * script is needed: the Apps view, the standalone document, "Copy card" and a host that never
 * delivers a result to the view (the pulled card is the same markup) all draw it the same way.
 *
 * A cartesian chart is two kinds of `<svg>` in one `.mcc-plot`:
 * - **frames** hold its text and axes (gridlines, tick and category labels, direct and value labels,
 *   axis titles). A frame has no viewBox: one unit is one CSS pixel, so text is drawn at exactly its
 *   size at every width. Horizontal positions are fluid (`X`: a share of the width plus pixels,
 *   written as `x="40%" dx="-12"`), so a frame decided at the narrowest width of its band stays exact
 *   across the band; gridlines reach the plot's right edge by `x2="100%"` and a shift.
 * - **layers** hold the marks (bars, lines, areas, points), drawn once in plot units (x and y from 0
 *   to UNITS across the plot box) in an `<svg preserveAspectRatio="none">` stretched over the plot
 *   box of the frame in view (the custom property `--i<band>` holds its insets). Strokes keep their
 *   width (`vector-effect: non-scaling-stroke`) and point markers are round or square caps of
 *   zero-length strokes, so nothing looks stretched.
 *
 * **Adding a chart family**: write one layout entry point, `frame(width)`, that makes every decision
 * for a container `width` px wide (the narrowest of a band: the frame must stay right up to the next
 * band) and returns the frame's markup, height, plot box and the layer it draws on; and `layer(key)`,
 * the marks of that layer in plot units. `cartesianPlot` does the rest. A family whose marks cannot
 * stretch (a pie keeps its circle) draws one fixed-size `<svg>` instead (see pie.ts).
 */
import { r1 } from "./scale.ts";

/**
 * Container widths (px) at which a chart is laid out again, narrowest first: a frame decided at
 * BANDS[k] is shown from BANDS[k] up to BANDS[k + 1]. chart_card.css holds the same list
 * (tests/render/svg/layout_test.ts keeps them equal). Below the first band, the first band's frame.
 */
export const BANDS: readonly number[] = [290, 330, 390, 450, 520, 600, 670, 730, 800, 900, 1000, 1070];

/** Height of a growing plot box on a container `width` px wide (chart_card.css `--ph` says the same). */
export function plotHeight(width: number): number {
  return Math.min(260, Math.max(180, Math.round(width * 0.3)));
}

/** Widths text is cut for: see cutWidth. */
const CUTS = [290, 450, 730, 1070];

/**
 * The width to cut text to on a frame `width` px wide when the whole text does not fit it: one of
 * a few, so that the frames of nearby widths write the same cut text (and share it).
 */
export function cutWidth(width: number): number {
  return CUTS.findLast((w) => w <= width) ?? CUTS[0];
}

/** Plot units across the plot box, both ways, in a layer. */
export const UNITS = 1000;

/** A horizontal position: `a` times the container's width, plus `b` px. */
export interface X {
  a: number;
  b: number;
}

/** Insets of the plot box from the frame's edges, in px. */
export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * A group of a frame's elements: the attributes of its `<g>` ("" for none) and its elements, one
 * string each. Frames are compared element by element, so an element several widths share (a tick
 * label, a category label every layout shows) is written once.
 */
export interface Part {
  g: string;
  items: string[];
}

/** Parts as plain markup (a frame drawn on its own, as the animation's chart scene is). */
export function flat(parts: readonly Part[]): string {
  return parts.map((p) => p.g ? `<g ${p.g}>${p.items.join("")}</g>` : p.items.join("")).join("");
}

/** A chart laid out for one width: the frame's markup and what the layer needs to sit on it. */
export interface Frame {
  /** SVG markup in px, horizontal positions written by `xAttrs` and friends. */
  parts: Part[];
  /** Height at this width, in px. */
  height: number;
  /**
   * True when the plot box takes the shared plot height (chart_card.css `--ph`, plotHeight() at the
   * layout width, taller on wider charts and in fullscreen): every position in and under the plot
   * is then a share of the frame's height plus px (`down`, `under`), so one frame serves any height.
   */
  grow?: boolean;
  plot: Box;
  /** The marks layer this frame shows (a family may draw its marks two ways); "" by default. */
  layer?: string;
  /** True when the chart's legend (HTML, above the plot) is shown at this width. */
  legend?: boolean;
  /** How the category labels were kept apart (RenderedChart.labels reports it per band). */
  labels?: string;
}

/** A cartesian chart family's output: the layout entry point and its marks. */
export interface Cartesian {
  frame(width: number): Frame;
  /** Marks in plot units (x right, y down, 0..UNITS), for the layer `key`. */
  layer(key: string): string;
  /**
   * True when the layer is not stretched: its marks are placed in percentages of the plot box and
   * sized in px, so a circle stays a circle of its size (bubble.ts).
   */
  px?: boolean;
}

/** A position `f` (0..1) across the plot box, fluid. */
export function across(plot: Box, f: number): X {
  return { a: f, b: plot.left - f * (plot.left + plot.right) };
}

/** A position `f` (0..1) down the plot box: a share of the frame's height plus px, like X. */
export function down(plot: Box, f: number): X {
  return { a: f, b: plot.top - f * (plot.top + plot.bottom) };
}

/** `d` px under the plot box's bottom edge. */
export function under(plot: Box, d: number): X {
  return { a: 1, b: d - plot.bottom };
}

/** `p` moved by `d` px. */
export function shift(p: X, d: number): X {
  return { a: p.a, b: p.b + d };
}

/** Where `x` falls on a container `width` px wide. */
export function at(x: X, width: number): number {
  return x.a * width + x.b;
}

/** A share as a percentage with two decimals (a hundredth of a percent is a tenth of a px at 1,000 px). */
function percent(a: number): number {
  return Math.round(a * 10000) / 100;
}

/** A share (0..1) of an unstretched layer's plot box as a percentage attribute value (`px` layers). */
export function pct(f: number): string {
  return `${percent(f)}%`;
}

/** An attribute pair placing text at `p` along `axis`: `x="40%" dx="-12"`, or `x="28"` in px. */
function place(axis: "x" | "y", p: X): string {
  const a = percent(p.a);
  const b = r1(p.b);
  if (!a) return `${axis}="${b}"`;
  return b ? `${axis}="${a}%" d${axis}="${b}"` : `${axis}="${a}%"`;
}

/** `x` (and `dx`) attributes placing text or a tspan at `x`. */
export function xAttrs(x: X): string {
  return place("x", x);
}

/** `y` (and `dy`) attributes placing text or a tspan at `y`. */
export function yAttrs(y: X): string {
  return place("y", y);
}

/** A length attribute value and the px a `translate` must add: `40%` and 12, or `28` and 0. */
function split(p: X): [string, number] {
  const a = percent(p.a);
  return a ? [`${a}%`, r1(p.b)] : [`${r1(p.b)}`, 0];
}

/** A translate of (dx, dy), or nothing. */
function translate(dx: number, dy: number): string {
  return dx || dy ? ` transform="translate(${r1(dx)}${dy ? ` ${r1(dy)}` : ""})"` : "";
}

/** A horizontal line at `y` across the plot box, from its left inset to its right one. */
export function hline(plot: Box, y: X, cls: string): string {
  const [py, dy] = split(y);
  return `<line class="${cls}" x1="${r1(plot.left + plot.right)}" x2="100%" y1="${py}" y2="${py}"${
    translate(-plot.right, dy)
  }/>`;
}

/** A rectangle `w` × `h` px with its top left corner at (x, y). */
export function rect(x: X, y: X, w: number, h: number, attrs: string): string {
  const [px, dx] = split(x);
  const [py, dy] = split(y);
  return `<rect ${attrs} x="${px}" y="${py}" width="${w}" height="${h}"${translate(dx, dy)}/>`;
}

/** A share (0..1) of the plot box as plot units, to a tenth (bar edges: a bar may be a few units wide). */
export function units(f: number): number {
  return r1(f * UNITS);
}

/** A share as whole plot units: points and line vertices, within half a px on a 1,000 px plot. */
export function whole(f: number): number {
  return Math.round(f * UNITS);
}

/** The attribute that shows an element in `bands` only (none when `all` of them). */
function inBands(bands: readonly number[], all: readonly number[] = BANDS.map((_, k) => k)): string {
  return bands.length === all.length ? "" : ` data-b="${bands.join(" ")}"`;
}

/** Adds `value` to the list `key` holds in `map`, creating it in first-seen order. */
function collect<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * One `<svg>` for the bands that share a plot box and height: each element written once, in a
 * group naming the bands that show it when not all of them do.
 */
function frameSvg(frames: readonly Frame[], bands: readonly number[]): string {
  const parts = new Map<string, Map<string, number[]>>();
  for (const k of bands) {
    for (const part of frames[k].parts) {
      let items = parts.get(part.g);
      if (!items) parts.set(part.g, items = new Map());
      for (const item of part.items) collect(items, item, k);
    }
  }
  let body = "";
  for (const [g, items] of parts) {
    const sets = new Map<string, string[]>();
    for (const [item, shown] of items) collect(sets, inBands(shown, bands), item);
    let inner = "";
    for (const [attr, list] of sets) inner += attr ? `<g${attr}>${list.join("")}</g>` : list.join("");
    body += g ? `<g ${g}>${inner}</g>` : inner;
  }
  const { height, grow, plot } = frames[bands[0]];
  // a growing frame is as tall as its margins plus the plot height chart_card.css gives it
  const style = grow ? ` style="height:calc(${r1(plot.top + plot.bottom)}px + var(--ph))"` : "";
  // data-w: the width it was laid out for, which a download of a chart not on screen takes
  const attrs = `${inBands(bands)} data-w="${BANDS[bands[0]]}" height="${Math.ceil(height)}"${style}`;
  return `<svg class="mcc-fr"${attrs} aria-hidden="true">${body}</svg>`;
}

/** Accessible name of the chart: each layer is an image titled and described (ids must differ). */
export interface Label {
  title: string;
  desc: string;
  id(name: string): string;
}

/** A cartesian chart's plot, every band laid out, and which bands show the legend. */
export interface Plotted {
  html: string;
  /** The legend's band attribute (` data-b="0 1"`), "" when shown in every band, undefined when never. */
  legend?: string;
  /** The label strategy of each band, narrowest first. */
  labels: (string | undefined)[];
}

/** Lays a cartesian chart out for every band and writes its frames and layers. */
export function cartesianPlot(chart: Cartesian, label: Label): Plotted {
  const frames = BANDS.map((w) => chart.frame(w));
  // one <svg> per plot box and height, whichever bands share it
  const boxes = new Map<string, number[]>();
  frames.forEach((f, k) => collect(boxes, `${f.grow ? "grow" : Math.ceil(f.height)} ${inset(f.plot)}`, k));
  let html = "";
  for (const bands of boxes.values()) html += frameSvg(frames, bands);
  // the layer's insets, written where they change from the band before
  let vars = "";
  frames.forEach((f, k) => {
    const value = inset(f.plot);
    if (k === 0 || value !== inset(frames[k - 1].plot)) vars += `--i${k}:${value};`;
  });
  const layers = new Map<string, number[]>();
  frames.forEach((f, k) => collect(layers, f.layer ?? "", k));
  for (const [key, bands] of layers) {
    const tid = label.id("chart-title");
    const did = label.id("chart-desc");
    const box = chart.px ? "" : ` viewBox="0 0 ${UNITS} ${UNITS}" preserveAspectRatio="none"`;
    html += `<div class="mcc-ov"${
      inBands(bands)
    }><svg${box} role="img" aria-labelledby="${tid} ${did}"><title id="${tid}">${label.title}</title><desc id="${did}">${label.desc}</desc>${
      chart.layer(key)
    }</svg></div>`;
  }
  const legend = frames.flatMap((f, k) => f.legend ? [k] : []);
  return {
    html: `<div class="mcc-plot" style="${vars.slice(0, -1)}">${html}</div>`,
    legend: legend.length ? inBands(legend) : undefined,
    labels: frames.map((f) => f.labels),
  };
}

/** A plot box as a CSS `inset` value. */
function inset(b: Box): string {
  return `${r1(b.top)}px ${r1(b.right)}px ${r1(b.bottom)}px ${r1(b.left)}px`;
}
