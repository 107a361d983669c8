/**
 * Sunbursts: a hierarchy (tree.ts, from the treemap's parent → child links) drawn as rings, one per
 * level out from a centre that holds the total, each node an arc whose angle follows its value
 * within its parent's. A top-level branch keeps its colour outwards, lighter at each level; names
 * are written on the arcs that hold them whole, the rest are in tooltips and the table. Like a pie,
 * it keeps its circle: one SVG of a fixed size, scaled down on a narrow card.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import type { Table } from "./figure.ts";
import { formatter, intlOptions, type NumberFormat } from "./format.ts";
import { share } from "./words.ts";
import { seriesClass } from "./palette.ts";
import { r1 } from "./scale.ts";
import { textWidth } from "./text.ts";
import { type TreeNode, walk } from "./tree.ts";
import { branchLegend, treeSummary } from "./treemap.ts";

/** The sunburst's box, in px. */
export const SUNBURST_SIZE = 300;
const C = SUNBURST_SIZE / 2;
/** Outer radius of the last ring, and radius of the centre that holds the total. */
const R = 146;
const HOLE = 46;
/** Most rings: past eight levels a ring is thinner than a line of text. */
export const MAX_RINGS = 8;
/** Shades by level (chart_card.css .mcc-d1 ...): the branch's colour, lighter further out. */
const SHADES = 4;
/** Joins the names of a node's path in the table and tooltips. */
const SEP = " › ";

interface Arc {
  node: TreeNode;
  a0: number;
  a1: number;
}

/** Every node with a value, as an arc (the root spans the circle), children in value order within their parent. */
function arcs(root: TreeNode): Arc[] {
  const out: Arc[] = [{ node: root, a0: 0, a1: 2 * Math.PI }];
  for (let k = 0; k < out.length; k++) {
    const { node, a0, a1 } = out[k];
    let at = a0;
    for (const c of node.children.filter((c) => c.value > 0).sort((a, b) => b.value - a.value)) {
      const span = ((a1 - a0) * c.value) / node.value;
      out.push({ node: c, a0: at, a1: at += span });
    }
  }
  return out;
}

function point(angle: number, radius: number): string {
  return `${r1(C + radius * Math.sin(angle))} ${r1(C - radius * Math.cos(angle))}`;
}

/** A ring segment from angle a0 to a1 (radians clockwise from the top), between radii r0 and r1. */
function segment(a0: number, a1: number, r0: number, r1_: number): string {
  // a whole ring cannot be one arc: two halves
  if (a1 - a0 > 2 * Math.PI - 1e-9) {
    return segment(0, Math.PI, r0, r1_) + segment(Math.PI, 2 * Math.PI, r0, r1_);
  }
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${point(a0, r1_)}A${r1_} ${r1_} 0 ${large} 1 ${point(a1, r1_)}L${
    point(a1, r0)
  }A${r0} ${r0} 0 ${large} 0 ${point(a0, r0)}Z`;
}

/** The angle of (x, y) from the centre, clockwise from the top, 0..2π. */
function angleOf(x: number, y: number): number {
  const a = Math.atan2(x - C, C - y);
  return a < 0 ? a + 2 * Math.PI : a;
}

/** True when a label `w` px wide, centred at (x, y), lies wholly inside the segment. */
function inside(x: number, y: number, w: number, arc: Arc, r0: number, r1_: number): boolean {
  const [x0, x1, y0, y1] = [x - w / 2, x + w / 2, y - FONT / 2 - 1, y + FONT / 2 + 1];
  const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]];
  // the point of the box nearest the centre, and its farthest corner
  const near = Math.hypot(Math.max(x0 - C, 0, C - x1), Math.max(y0 - C, 0, C - y1));
  const far = Math.max(...corners.map(([cx, cy]) => Math.hypot(cx - C, cy - C)));
  if (near < r0 || far > r1_) return false;
  if (arc.a1 - arc.a0 > 2 * Math.PI - 1e-9) return true;
  return corners.every(([cx, cy]) => {
    const a = angleOf(cx, cy);
    return a >= arc.a0 && a <= arc.a1;
  });
}

/**
 * A name written whole on its arc, or nothing: level when it fits so, else along the arc, else
 * along the radius (turned so it never reads upside down).
 */
function label(name: string, arc: Arc, r0: number, r1_: number): string {
  const w = textWidth(name, FONT) + 6;
  const span = arc.a1 - arc.a0;
  const mid = (r0 + r1_) / 2;
  const whole = span > 2 * Math.PI - 1e-9;
  const at = whole ? 0 : (arc.a0 + arc.a1) / 2;
  const [x, y] = [r1(C + mid * Math.sin(at)), r1(C - mid * Math.cos(at))];
  const text = (turn: number) =>
    `<text x="${x}" y="${r1(y + FONT * 0.35)}"${turn ? ` transform="rotate(${r1(turn)} ${x} ${y})"` : ""}>${
      escape(name)
    }</text>`;
  if (inside(x, y, w, arc, r0, r1_)) return text(0);
  const deg = (at * 180) / Math.PI;
  const ring = r1_ - r0;
  // along the arc: the chord inside the ring holds the name, the ring's depth its height
  const chord = 2 * (r0 + 2) * Math.sin(Math.min(span, Math.PI) / 2);
  if (ring >= FONT + 4 && w <= chord) return text(deg > 90 && deg < 270 ? deg - 180 : deg);
  // along the radius: the ring's depth holds the name, the arc at its inner edge its height
  if (w <= ring && FONT + 2 <= span * r0) return text(deg < 180 ? deg - 90 : deg + 90);
  return "";
}

/** The names of a node's path from the root, joined. */
function path(node: TreeNode): string {
  const names: string[] = [];
  for (let n: TreeNode | undefined = node; n; n = n.parent) names.unshift(n.name);
  return names.join(SEP);
}

/** Refuses a tree with more levels than rings. */
function checkDepth(root: TreeNode): number {
  const depth = Math.max(...walk(root).map((n) => n.depth));
  if (depth > MAX_RINGS) {
    throw invalidInput(
      "links",
      `the hierarchy is ${depth} levels deep, more than the ${MAX_RINGS} rings a sunburst draws`,
      "Fold the deepest levels into their parents, or use a treemap",
    );
  }
  return Math.max(depth, 1);
}

/**
 * The centre: the total at the largest size (22 px down to 12) that fits, in compact notation when
 * the whole number does not (then written as is: the runtime's relocalized whole number would not fit).
 */
function centre(value: number, format: NumberFormat): string {
  const room = 2 * HOLE - 12;
  let text = formatter(format)(value);
  let raw = ` data-v="${value}"`;
  if (textWidth(text, 12, true) > room) {
    const options = { ...intlOptions(format), notation: "compact" as const };
    delete options.minimumFractionDigits;
    options.maximumFractionDigits = 1;
    text = new Intl.NumberFormat(format.locale, options).format(
      format.style === "percent" ? value / 100 : value,
    );
    raw = "";
  }
  let size = 22;
  while (size > 12 && textWidth(text, size, true) > room) size--;
  if (textWidth(text, size, true) > room) return "";
  return `<g class="mcc-hole"><text class="mcc-total"${raw} x="${C}" y="${
    r1(C + size * 0.3)
  }" font-size="${size}">${escape(text)}</text><text x="${C}" y="${
    r1(C + size * 0.3 + FONT + 6)
  }">Total</text></g>`;
}

/** A sunburst of `root`: the SVG's inner markup, its table, legend and summary. */
export function sunburstChart(root: TreeNode, madeUp: boolean, format: NumberFormat) {
  const depth = checkDepth(root);
  const ring = (R - HOLE) / depth;
  const rows = madeUp ? walk(root).slice(1) : walk(root);
  const row = new Map(rows.map((n, i) => [n, i]));
  let marks = "";
  let labels = "";
  // in the table's order, so arrow keys walk the arcs depth first as the table lists them
  const placed = new Map(arcs(root).map((a) => [a.node, a]));
  for (const node of rows) {
    const arc = placed.get(node);
    if (!arc || node === root) continue;
    const { a0, a1 } = arc;
    const [r0, r1_] = [HOLE + (node.depth - 1) * ring, HOLE + node.depth * ring];
    const shade = `mcc-d${Math.min(node.depth, SHADES)}`;
    marks += `<path class="mcc-pt ${seriesClass(node.branch)} ${shade}" data-i="${row.get(node)}" d="${
      segment(a0, a1, r0, r1_)
    }"/>`;
    labels += label(node.name, arc, r0, r1_);
  }
  const svg =
    `<g class="mcc-marks mcc-sun" data-s="0" data-c="0 1 2 3">${marks}</g><g class="mcc-vals mcc-halo">${labels}</g>${
      centre(root.value, format)
    }`;
  const table: Table = {
    head: ["Path", "Value", "Share of parent", "Share of total"],
    rows: rows.map((n) => ({
      label: madeUp ? path(n).slice(root.name.length + SEP.length) : path(n),
      cells: [
        n.value,
        n.parent ? share(n.value, n.parent.value, format.locale) : "—",
        share(n.value, root.value, format.locale),
      ],
    })),
  };
  return {
    svg,
    table,
    legend: branchLegend(root, format.locale),
    summary: treeSummary("Sunburst", root, format, madeUp),
  };
}
