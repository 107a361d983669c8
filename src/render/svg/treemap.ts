/**
 * Treemaps: a hierarchy drawn as nested rectangles whose areas follow the values, laid out by the
 * squarified algorithm (Bruls, Huizing and van Wijk: rows of rectangles as close to squares as the
 * row allows) in a box of the aspect of a typical chart, then stretched over the plot box like any
 * layer. Each top-level part has its own colour, outlined apart; the leaves are the focusable
 * marks, named and sized in place where they have room at the band's width.
 */
import { escape } from "../../html/html.ts";
import { FONT, LINE } from "./axis.ts";
import type { LegendEntry, Table } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { q, share } from "./words.ts";
import {
  across,
  type Cartesian,
  cutWidth,
  down,
  type Frame,
  plotHeight,
  shift,
  units,
  xAttrs,
  yAttrs,
} from "./layout.ts";
import { seriesClass } from "./palette.ts";
import { textWidth } from "./text.ts";
import { type TreeNode, walk } from "./tree.ts";

/** Width over height of the box the layout squares its rectangles in (a chart about 600 × 260 px). */
const ASPECT = 2.3;

/** A rectangle in layout space: x from 0 to ASPECT, y from 0 to 1. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The worst aspect ratio of a row of areas summing to `sum`, laid along a side `side` long. */
function worst(sum: number, largest: number, smallest: number, side: number): number {
  const s2 = sum * sum;
  const side2 = side * side;
  return Math.max((side2 * largest) / s2, s2 / (side2 * smallest));
}

/** Squarified placement of `nodes` (value > 0, largest first) in `box`, into `out`. */
export function squarify(nodes: readonly TreeNode[], box: Box, out: Map<TreeNode, Box>): void {
  let { x0, y0, x1, y1 } = box;
  let left = nodes.reduce((s, n) => s + n.value, 0);
  let i = 0;
  while (i < nodes.length) {
    const w = x1 - x0;
    const h = y1 - y0;
    const side = Math.min(w, h);
    const scale = (w * h) / left;
    let sum = 0;
    let best = Infinity;
    let j = i;
    while (j < nodes.length) {
      const area = nodes[j].value * scale;
      const next = worst(sum + area, nodes[i].value * scale, area, side);
      if (next > best) break;
      best = next;
      sum += area;
      j++;
    }
    const thick = sum / side;
    let at = w >= h ? y0 : x0;
    for (let k = i; k < j; k++) {
      const len = (nodes[k].value * scale) / thick;
      out.set(
        nodes[k],
        w >= h ? { x0, y0: at, x1: x0 + thick, y1: at + len } : { x0: at, y0, x1: at + len, y1: y0 + thick },
      );
      at += len;
    }
    if (w >= h) x0 += thick;
    else y0 += thick;
    left -= sum / scale;
    i = j;
  }
}

/** Every node with a size, placed: children squarified inside their parent's rectangle. */
export function treemapLayout(root: TreeNode): Map<TreeNode, Box> {
  const out = new Map<TreeNode, Box>([[root, { x0: 0, y0: 0, x1: ASPECT, y1: 1 }]]);
  for (const node of walk(root)) {
    const box = out.get(node);
    if (!box || !node.children.length) continue;
    const sized = node.children.filter((c) => c.value > 0).sort((a, b) => b.value - a.value);
    squarify(sized, box, out);
  }
  return out;
}

/** The hierarchy's table rows: every node but a root made up to hold several, depth first. */
function tableRows(root: TreeNode, madeUp: boolean): TreeNode[] {
  const all = walk(root);
  return madeUp ? all.slice(1) : all;
}

/** A data table of the nodes: value, share of the whole, parent. */
export function treeTable(rows: readonly TreeNode[], total: number, locale: string): Table {
  return {
    head: ["Part", "Value", "Share", "Parent"],
    rows: rows.map((n) => ({
      label: n.name,
      cells: [n.value, share(n.value, total, locale), n.parent ? n.parent.name : "—"],
    })),
  };
}

/** The legend: the top-level parts with their shares, when they hold parts of their own. */
export function branchLegend(root: TreeNode, locale: string): LegendEntry[] | undefined {
  if (!root.children.some((c) => c.children.length)) return undefined;
  return root.children.map((c, k) => ({
    name: c.name,
    extra: share(c.value, root.value, locale),
    cls: seriesClass(k),
  }));
}

/** What a reader concludes: the whole, the largest part and its share, the largest leaf. */
export function treeSummary(name: string, root: TreeNode, format: NumberFormat, madeUp: boolean): string {
  const f = formatter(format);
  const nodes = walk(root);
  const leaves = nodes.filter((n) => !n.children.length);
  const depth = Math.max(...nodes.map((n) => n.depth));
  const locale = format.locale;
  const tops = [...root.children].sort((a, b) => b.value - a.value);
  // values that are percentages already are their own shares
  const of = (n: TreeNode) =>
    format.style === "percent"
      ? `${q(n.name)} ${f(n.value)}`
      : `${q(n.name)} ${f(n.value)} (${share(n.value, root.value, locale)})`;
  let text = `${name}${madeUp ? "" : ` of ${q(root.name)}`}: total ${f(root.value)} in ${tops.length} part${
    tops.length === 1 ? "" : "s"
  }`;
  text += depth > 1 ? ` and ${leaves.length} leaves over ${depth} levels` : "";
  text += `: ${tops.slice(0, 6).map(of).join(", ")}${
    tops.length > 6 ? `, and ${tops.length - 6} more` : ""
  }.`;
  if (depth > 1) {
    const big = leaves.reduce((a, b) => (b.value > a.value ? b : a));
    text += ` The largest leaf is ${of(big)}, in ${q(big.parent!.name)}.`;
  }
  return text;
}

/** Text written in a rectangle `w` × `h` px: the whole name, and the value under it when there is room. */
function label(n: TreeNode, b: Box, width: number, f: (v: number) => string): string {
  const w = ((b.x1 - b.x0) / ASPECT) * width;
  const h = (b.y1 - b.y0) * plotHeight(width);
  if (h < FONT + 6) return "";
  // a name is written whole or not at all: a rectangle is no place to cut it (its tooltip and the table
  // carry it), and a cut name would read as another node
  const name = n.name;
  if (textWidth(name, FONT, true) > w - 8) return ""; // names are bold
  const plot = { top: 0, right: 0, bottom: 0, left: 0 };
  const x = xAttrs(shift(across(plot, b.x0 / ASPECT), 4));
  const top = down(plot, b.y0);
  let out = `<text class="mcc-tm-name" ${x} ${yAttrs(shift(top, FONT + 2))}>${escape(name)}</text>`;
  const value = f(n.value);
  if (h >= FONT + LINE + 8 && textWidth(value, FONT) <= w - 8) {
    out += `<text data-v="${n.value}" ${x} ${yAttrs(shift(top, FONT + 2 + LINE))}>${escape(value)}</text>`;
  }
  return out;
}

/** A treemap of `root`: the plot, its table, legend and summary. */
export function treemapChart(root: TreeNode, madeUp: boolean, format: NumberFormat) {
  const boxes = treemapLayout(root);
  const rows = tableRows(root, madeUp);
  const f = formatter(format);
  const leaves = rows.filter((n) => !n.children.length && boxes.has(n));

  function frame(width: number): Frame {
    // decided at a few widths only, so that nearby bands write the same labels (and share them)
    const items = leaves.map((n) => label(n, boxes.get(n)!, cutWidth(width), f)).filter(Boolean);
    return {
      parts: [{ g: 'class="mcc-vals mcc-start"', items }],
      height: plotHeight(width),
      grow: true,
      plot: { top: 0, right: 0, bottom: 0, left: 0 },
      legend: true,
    };
  }

  function layer(): string {
    const rect = (b: Box, attrs: string) =>
      `<rect ${attrs} x="${units(b.x0 / ASPECT)}" y="${units(b.y0)}" width="${
        units((b.x1 - b.x0) / ASPECT)
      }" height="${units(b.y1 - b.y0)}"/>`;
    const groups = new Map<number, string>();
    for (const n of leaves) {
      const at = rows.indexOf(n);
      groups.set(
        n.branch,
        (groups.get(n.branch) ?? "") + rect(boxes.get(n)!, `class="mcc-pt" data-i="${at}"`),
      );
    }
    let marks = "";
    for (const [branch, body] of groups) {
      marks += `<g class="${seriesClass(Math.max(branch, 0))}">${body}</g>`;
    }
    const outlines = root.children.filter((c) => boxes.has(c) && c.children.length)
      .map((c) => rect(boxes.get(c)!, 'class="mcc-tm-branch"')).join("");
    return `<g class="mcc-marks mcc-tm" data-s="0">${marks}</g>${outlines}`;
  }

  const plot: Cartesian = { frame, layer };
  return {
    plot,
    table: treeTable(rows, root.value, format.locale),
    legend: branchLegend(root, format.locale),
    summary: treeSummary("Treemap", root, format, madeUp),
  };
}
