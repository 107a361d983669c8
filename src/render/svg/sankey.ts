/**
 * Sankey diagrams: flows between named nodes, drawn as bands whose thickness follows the value.
 * Nodes sit in columns by their longest path from a source (nodes with no way out in the last
 * column), stacked by size, and a few passes order each column by where its flows come from, so
 * bands cross less. The bands are the focusable marks (one table row each); node names sit beside
 * their nodes where there is room at the band's width.
 */
import { invalidInput } from "../../errors.ts";
import { escape } from "../../html/html.ts";
import { FONT } from "./axis.ts";
import type { Table } from "./figure.ts";
import { formatter, type NumberFormat } from "./format.ts";
import { q, share } from "./words.ts";
import { across, type Cartesian, cutWidth, type Frame, plotHeight, shift, UNITS, xAttrs } from "./layout.ts";
import { seriesClass } from "./palette.ts";
import { r1 } from "./scale.ts";
import { textWidth, truncate } from "./text.ts";
import { checkLinkValue, type Link } from "./tree.ts";

/** Most nodes and flows a sankey draws (each flow costs about 300 characters of the result). */
export const MAX_SANKEY_NODES = 40;
export const MAX_SANKEY_LINKS = 80;
/** Node width and the gap between nodes of a column, as shares of the plot box. */
const NODE_W = 0.012;
const GAP = 0.05;
/** Px between lines of node labels. */
const ROW = 16;

interface Node {
  name: string;
  index: number;
  ins: number[];
  outs: number[];
  value: number;
  column: number;
  y0: number;
  y1: number;
}

/** Refuses what a flow diagram cannot draw: no value, self links, repeats, cycles, too many. */
function checkFlows(links: readonly Link[]): void {
  const seen = new Map<string, number>();
  links.forEach((l, i) => {
    if (l.value === undefined) {
      throw invalidInput(
        `links[${i}].value`,
        `the flow from ${q(l.from)} to ${q(l.to)} needs a value`,
        "Give its size",
      );
    }
    checkLinkValue(l.value, i, "sankey");
    if (l.value === 0) {
      throw invalidInput(
        `links[${i}].value`,
        "a flow of zero draws nothing",
        "Drop the flow, or give its size",
      );
    }
    if (l.from === l.to) {
      throw invalidInput(
        `links[${i}]`,
        `${q(l.from)} flows into itself`,
        "Link each node to where its flow goes",
      );
    }
    const key = JSON.stringify([l.from, l.to]);
    const before = seen.get(key);
    if (before !== undefined) {
      throw invalidInput(
        `links[${i}]`,
        `the flow from ${q(l.from)} to ${q(l.to)} is given twice (links[${before}] and links[${i}])`,
        "Give one flow per pair of nodes, with the sum of their values",
      );
    }
    seen.set(key, i);
  });
  if (links.length > MAX_SANKEY_LINKS) {
    throw invalidInput(
      "links",
      `${links.length} flows is more than ${MAX_SANKEY_LINKS} for a sankey`,
      "Fold the smallest flows into one per node",
    );
  }
}

/** The nodes in first-seen order, with their flows in and out. */
function nodesOf(links: readonly Link[]): Node[] {
  const byName = new Map<string, Node>();
  const node = (name: string) => {
    let n = byName.get(name);
    if (!n) {
      byName.set(
        name,
        n = { name, index: byName.size, ins: [], outs: [], value: 0, column: 0, y0: 0, y1: 0 },
      );
    }
    return n;
  };
  links.forEach((l, i) => {
    node(l.from).outs.push(i);
    node(l.to).ins.push(i);
  });
  const nodes = [...byName.values()];
  if (nodes.length > MAX_SANKEY_NODES) {
    throw invalidInput(
      "links",
      `${nodes.length} nodes is more than ${MAX_SANKEY_NODES} for a sankey`,
      "Group the smaller nodes into one",
    );
  }
  for (const n of nodes) {
    const sum = (list: number[]) => list.reduce((s, i) => s + links[i].value!, 0);
    n.value = Math.max(sum(n.ins), sum(n.outs));
  }
  return nodes;
}

/** Columns by longest path from a source; a cycle is refused naming its nodes. */
function columns(nodes: Node[], links: readonly Link[], byName: Map<string, Node>): number {
  const state = new Map<Node, number>(); // 1: on the path, 2: done
  const path: Node[] = [];
  const visit = (n: Node): number => {
    if (state.get(n) === 2) return n.column;
    if (state.get(n) === 1) {
      // the walk goes against the flow: turn it around
      const seen = path.slice(path.indexOf(n));
      const loop = [n, ...seen.slice(1).reverse(), n].map((m) => q(m.name)).join(" → ");
      throw invalidInput(
        "links",
        `the flows form a cycle: ${loop}`,
        "A sankey flows one way: drop a flow of the cycle",
      );
    }
    state.set(n, 1);
    path.push(n);
    n.column = Math.max(0, ...n.ins.map((i) => visit(byName.get(links[i].from)!) + 1));
    path.pop();
    state.set(n, 2);
    return n.column;
  };
  for (const n of nodes) visit(n);
  const last = Math.max(...nodes.map((n) => n.column));
  for (const n of nodes) if (!n.outs.length) n.column = last; // sinks line up at the right
  return last;
}

/** Stacks each column's nodes, ordered by the centres of where their flows come from. */
function stack(nodes: Node[], links: readonly Link[], byName: Map<string, Node>, last: number): number {
  const cols = Array.from({ length: last + 1 }, (_, c) => nodes.filter((n) => n.column === c));
  const scale = Math.min(
    ...cols.map((col) => (1 - GAP * (col.length - 1)) / col.reduce((s, n) => s + n.value, 0)),
  );
  const place = (col: Node[]) => {
    let y = (1 - col.reduce((s, n) => s + n.value * scale, 0) - GAP * (col.length - 1)) / 2;
    for (const n of col) {
      n.y0 = y;
      n.y1 = y += n.value * scale;
      y += GAP;
    }
  };
  cols.forEach(place);
  const centre = (n: Node) => (n.y0 + n.y1) / 2;
  for (let pass = 0; pass < 4; pass++) {
    for (const col of cols.slice(1)) {
      const weight = (n: Node) => {
        const w = n.ins.reduce((s, i) => s + links[i].value!, 0);
        return w
          ? n.ins.reduce((s, i) => s + centre(byName.get(links[i].from)!) * links[i].value!, 0) / w
          : centre(n);
      };
      const at = new Map(col.map((n) => [n, weight(n)]));
      col.sort((a, b) => at.get(a)! - at.get(b)! || a.index - b.index);
      place(col);
    }
  }
  return scale;
}

/** A sankey of `links`: the plot, its table and summary. */
export function sankeyChart(links: readonly Link[], format: NumberFormat) {
  checkFlows(links);
  const nodes = nodesOf(links);
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const last = columns(nodes, links, byName);
  const scale = stack(nodes, links, byName, last);
  const f = formatter(format);
  const x0 = (n: Node) => (last ? (n.column / last) * (1 - NODE_W) : 0.5 - NODE_W / 2);
  const perColumn = Math.max(
    ...Array.from({ length: last + 1 }, (_, c) => nodes.filter((n) => n.column === c).length),
  );

  function frame(width: number): Frame {
    const w = cutWidth(width);
    const height = Math.max(plotHeight(w), perColumn * ROW * 1.6);
    const label = (n: Node) => `${n.name} ${f(n.value)}`;
    // the last column's names sit right of it, in a margin of their own (at most a third of the width)
    const sinks = last ? nodes.filter((n) => n.column === last) : [];
    const right = sinks.length
      ? Math.min(Math.max(...sinks.map((n) => textWidth(label(n), FONT))) + 10, w / 3)
      : 0;
    const plot = { top: 0, right, bottom: 0, left: 0 };
    const inner = w - right;
    const room = last ? (inner * (1 - NODE_W)) / last - inner * NODE_W - 12 : inner / 2 - 12;
    const items: string[] = [];
    for (let c = 0; c <= last; c++) {
      let below = -Infinity;
      const col = nodes.filter((n) => n.column === c).sort((a, b) => a.y0 - b.y0);
      for (const n of col) {
        const y = ((n.y0 + n.y1) / 2) * height + 4;
        if (y - below < ROW) continue;
        const text = truncate(label(n), c === last && last ? right - 8 : room, FONT);
        if (textWidth(text, FONT) < FONT * 2) continue;
        below = y;
        const at = shift(across(plot, x0(n) + NODE_W), 5);
        items.push(`<text ${xAttrs(at)} y="${r1(y)}">${escape(text)}</text>`);
      }
    }
    return { parts: [{ g: 'class="mcc-vals mcc-start"', items }], height, plot };
  }

  function layer(): string {
    const out = new Map<Node, number>();
    const into = new Map<Node, number>();
    const u = (v: number) => r1(v * UNITS);
    // bands leave a node in the order of their targets, and enter in the order of their sources
    const order = links.map((_, i) => i);
    const mid = (n: Node) => n.y0 + n.y1;
    let bands = "";
    const byNode = new Map<number, string>();
    const startOf = new Map<number, number>();
    for (
      const i of [...order].sort((a, b) => mid(byName.get(links[a].to)!) - mid(byName.get(links[b].to)!))
    ) {
      const s = byName.get(links[i].from)!;
      const at = out.get(s) ?? 0;
      startOf.set(i, s.y0 + at);
      out.set(s, at + links[i].value! * scale);
    }
    for (
      const i of [...order].sort((a, b) => mid(byName.get(links[a].from)!) - mid(byName.get(links[b].from)!))
    ) {
      const s = byName.get(links[i].from)!;
      const t = byName.get(links[i].to)!;
      const at = into.get(t) ?? 0;
      into.set(t, at + links[i].value! * scale);
      const h = links[i].value! * scale;
      const a = startOf.get(i)!;
      const b = t.y0 + at;
      const xa = x0(s) + NODE_W;
      const xb = x0(t);
      const xm = (xa + xb) / 2;
      const d = `M${u(xa)} ${u(a)}C${u(xm)} ${u(a)} ${u(xm)} ${u(b)} ${u(xb)} ${u(b)}V${u(b + h)}C${u(xm)} ${
        u(b + h)
      } ${u(xm)} ${u(a + h)} ${u(xa)} ${u(a + h)}Z`;
      byNode.set(s.index, (byNode.get(s.index) ?? "") + `<path class="mcc-pt" data-i="${i}" d="${d}"/>`);
    }
    for (const [k, body] of byNode) bands += `<g class="${seriesClass(k)}">${body}</g>`;
    const rects = nodes.map((n) =>
      `<rect class="${seriesClass(n.index)}" x="${u(x0(n))}" y="${u(n.y0)}" width="${u(NODE_W)}" height="${
        u(Math.max(n.y1 - n.y0, 0.004))
      }"/>`
    ).join("");
    return `<g class="mcc-marks mcc-sk" data-s="0">${bands}</g><g class="mcc-sk-nodes">${rects}</g>`;
  }

  const plot: Cartesian = { frame, layer };
  const table: Table = {
    head: ["Flow", "Value", "Share of source"],
    rows: links.map((l) => ({
      label: `${l.from} → ${l.to}`,
      cells: [l.value!, share(l.value!, byName.get(l.from)!.value, format.locale)],
    })),
  };
  return { plot, table, summary: sankeySummary(links, nodes, format) };
}

/** What a reader concludes: where the flow starts and ends, the biggest flow, the largest node. */
function sankeySummary(links: readonly Link[], nodes: readonly Node[], format: NumberFormat): string {
  const f = formatter(format);
  const sources = nodes.filter((n) => !n.ins.length).sort((a, b) => b.value - a.value);
  const sinks = nodes.filter((n) => !n.outs.length).sort((a, b) => b.value - a.value);
  const total = sources.reduce((s, n) => s + n.value, 0);
  const list = (ns: Node[]) =>
    ns.slice(0, 5).map((n) => `${q(n.name)} ${f(n.value)}`).join(", ") +
    (ns.length > 5 ? `, and ${ns.length - 5} more` : "");
  const big = links.reduce((a, b) => (b.value! > a.value! ? b : a));
  const from = nodes.find((n) => n.name === big.from)!;
  const middle = nodes.filter((n) => n.ins.length && n.outs.length).sort((a, b) => b.value - a.value)[0];
  let text = `Sankey of ${links.length} flow${links.length === 1 ? "" : "s"} between ${nodes.length} nodes: ${
    f(total)
  } from ${list(sources)}; into ${list(sinks)}. The biggest flow is ${q(big.from)} → ${q(big.to)}, ${
    f(big.value!)
  } (${share(big.value!, from.value, format.locale)} of ${q(big.from)}).`;
  if (middle) text += ` The largest node in between is ${q(middle.name)}, ${f(middle.value)}.`;
  return text;
}
