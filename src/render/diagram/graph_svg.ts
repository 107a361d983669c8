/**
 * Graph diagrams (flowcharts, state and class diagrams) laid out by dagre and drawn as SVG: node
 * outlines for Mermaid's shapes, edges as smooth curves through dagre's points with heads from
 * markers, edge labels on the background colour, and groups as titled boxes. Sizes come from the
 * shared text estimate (src/render/svg/text.ts), so labels fit their boxes without a browser.
 * dagre loads on first use ({@link loadGraphLayout}); markdown prepares it before rendering.
 */
import type * as Dagre from "@dagrejs/dagre";
import { escape } from "../../html/html.ts";
import { r1 } from "../svg/scale.ts";
import { textWidth, wrap } from "../svg/text.ts";
import type { EdgeEnd, GraphDiagram, GraphNode } from "./model.ts";

/** Font size of node and edge text, in SVG pixels. */
export const FONT = 13;
const LINE = 17;
/** Widest a node's text runs before it wraps. */
const MAX_LABEL = 200;

let dagre: typeof Dagre | undefined;

/** Loads the layout library once; graph rendering needs it done. */
export async function loadGraphLayout(): Promise<void> {
  dagre ??= await import("@dagrejs/dagre");
}

/** True once {@link loadGraphLayout} has finished. */
export function graphLayoutReady(): boolean {
  return dagre !== undefined;
}

/** A label as lines that fit MAX_LABEL wide (explicit breaks kept, at most 4 lines each). */
export function lines(label: string, max = MAX_LABEL): string[] {
  return label.split("\n").flatMap((l) => (l.trim() ? wrap(l.trim(), max, FONT, 4) : [""]));
}

interface Box {
  w: number;
  h: number;
  lines: string[];
  members?: string[];
}

function measure(node: GraphNode): Box {
  if (node.shape === "start" || node.shape === "end") return { w: 16, h: 16, lines: [] };
  const text = lines(node.label);
  const tw = Math.max(0, ...text.map((l) => textWidth(l, FONT)));
  if (node.shape === "class") {
    const members = (node.members ?? []).flatMap((m) => lines(m, 260));
    const mw = Math.max(0, ...members.map((l) => textWidth(l, FONT)));
    // members start at the left edge: a tenth more room, as the width estimate can fall short of the
    // host's font, and centred names have slack on both sides while members have none
    return {
      w: Math.max(tw, mw * 1.1) + 24,
      h: text.length * LINE + 14 + (members.length ? members.length * LINE + 12 : 0),
      lines: text,
      members,
    };
  }
  const w = Math.max(tw + 24, 40);
  const h = Math.max(text.length, 1) * LINE + 16;
  switch (node.shape) {
    case "circle":
    case "double_circle": {
      const d = Math.max(w, h) + (node.shape === "double_circle" ? 8 : 0);
      return { w: d, h: d, lines: text };
    }
    case "rhombus":
      return text.join("") === "" ? { w: 24, h: 24, lines: text } : { w: w + h, h: h + w / 3, lines: text };
    case "hexagon":
    case "parallelogram":
    case "parallelogram_alt":
    case "trapezoid":
    case "trapezoid_alt":
    case "asymmetric":
      return { w: w + h, h, lines: text };
    case "cylinder":
      return { w, h: h + 12, lines: text };
    case "subroutine": // room for the bars 7 px in from each side
      return { w: w + 14, h, lines: text };
    default:
      return { w, h, lines: text };
  }
}

/** The outline of a node centred at (x, y). */
function outline(shape: GraphNode["shape"], x: number, y: number, w: number, h: number): string {
  const [l, t, r, b] = [x - w / 2, y - h / 2, x + w / 2, y + h / 2].map(r1);
  const poly = (pts: number[][]) =>
    `<polygon points="${pts.map(([px, py]) => `${r1(px)},${r1(py)}`).join(" ")}"/>`;
  const rect = (rx: number) =>
    `<rect x="${l}" y="${t}" width="${r1(w)}" height="${r1(h)}"${rx ? ` rx="${rx}"` : ""}/>`;
  const k = h / 2;
  switch (shape) {
    case "round":
      return rect(8);
    case "stadium":
      return rect(r1(h / 2));
    case "subroutine":
      return rect(0) + `<path d="M${r1(l + 7)} ${t}V${b}M${r1(r - 7)} ${t}V${b}"/>`;
    case "cylinder": {
      const e = 6;
      return `<path d="M${l} ${r1(t + e)}A${r1(w / 2)} ${e} 0 0 1 ${r} ${r1(t + e)}V${r1(b - e)}A${
        r1(w / 2)
      } ${e} 0 0 1 ${l} ${r1(b - e)}ZM${l} ${r1(t + e)}A${r1(w / 2)} ${e} 0 0 0 ${r} ${r1(t + e)}"/>`;
    }
    case "circle":
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(w / 2)}"/>`;
    case "double_circle":
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(w / 2)}"/><circle cx="${r1(x)}" cy="${r1(y)}" r="${
        r1(w / 2 - 4)
      }"/>`;
    case "rhombus":
      return poly([[x, t], [r, y], [x, b], [l, y]]);
    case "hexagon":
      return poly([[l + k, t], [r - k, t], [r, y], [r - k, b], [l + k, b], [l, y]]);
    case "parallelogram":
      return poly([[l + k, t], [r, t], [r - k, b], [l, b]]);
    case "parallelogram_alt":
      return poly([[l, t], [r - k, t], [r, b], [l + k, b]]);
    case "trapezoid":
      return poly([[l + k, t], [r - k, t], [r, b], [l, b]]);
    case "trapezoid_alt":
      return poly([[l, t], [r, t], [r - k, b], [l + k, b]]);
    case "asymmetric":
      return poly([[l, t], [r, t], [r, b], [l, b], [l + k, y]]);
    case "start":
      return `<circle class="mcc-dg-dot" cx="${r1(x)}" cy="${r1(y)}" r="7"/>`;
    case "end":
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="8"/><circle class="mcc-dg-dot" cx="${r1(x)}" cy="${
        r1(y)
      }" r="4.5"/>`;
    default:
      return rect(0);
  }
}

/** Text lines centred on (x, y); the first baseline sits so the block is centred. */
export function textBlock(text: readonly string[], x: number, y: number, anchor = ""): string {
  if (!text.length) return "";
  const top = y - ((text.length - 1) * LINE) / 2 + 4.5;
  if (text.length === 1) return `<text${anchor} x="${r1(x)}" y="${r1(top)}">${escape(text[0])}</text>`;
  return `<text${anchor} x="${r1(x)}" y="${r1(top)}">${
    text.map((l, i) => `<tspan x="${r1(x)}"${i ? ` dy="${LINE}"` : ""}>${escape(l)}</tspan>`).join("")
  }</text>`;
}

/** Marker definitions for the edge ends used, ids from `id`. */
export function markers(ends: ReadonlySet<EdgeEnd>, id: (end: EdgeEnd) => string): string {
  const shapes: Partial<Record<EdgeEnd, string>> = {
    arrow: `<path d="M0 0L10 5L0 10z"/>`,
    circle: `<circle cx="5" cy="5" r="4" class="mcc-dg-hollow"/>`,
    cross: `<path d="M1 1L9 9M9 1L1 9" class="mcc-dg-cross"/>`,
    triangle: `<path d="M0 0L10 5L0 10z" class="mcc-dg-hollow"/>`,
    diamond: `<path d="M0 5L6 1L12 5L6 9z"/>`,
    open_diamond: `<path d="M0 5L6 1L12 5L6 9z" class="mcc-dg-hollow"/>`,
  };
  let out = "";
  for (const end of ends) {
    const shape = shapes[end];
    if (!shape) continue;
    const w = end.includes("diamond") ? 12 : 10;
    out += `<marker id="${id(end)}" viewBox="0 0 ${w} 10" refX="${
      w - 0.5
    }" refY="5" markerWidth="${w}" markerHeight="10" orient="auto-start-reverse" markerUnits="userSpaceOnUse">${shape}</marker>`;
  }
  return out ? `<defs class="mcc-dg-markers">${out}</defs>` : "";
}

type Point = { x: number; y: number };

/**
 * Where the ray from a node's centre towards `to` crosses its outline, for outlines that sit inside
 * their box: dagre ends an edge on the box, a gap short of a diamond or a circle.
 */
function onOutline(shape: GraphNode["shape"], c: Point, b: Box, to: Point): Point | undefined {
  const [dx, dy] = [to.x - c.x, to.y - c.y];
  const far = Math.hypot(dx, dy);
  if (!far) return undefined;
  const reach = shape === "rhombus"
    ? 1 / (Math.abs(dx) / (b.w / 2) + Math.abs(dy) / (b.h / 2))
    : shape === "circle" || shape === "double_circle"
    ? b.w / 2 / far
    : shape === "start" || shape === "end"
    ? (shape === "start" ? 7 : 8) / far
    : undefined;
  return reach === undefined || reach >= 1 ? undefined : { x: c.x + dx * reach, y: c.y + dy * reach };
}

/** A smooth path through the points: quadratic curves between midpoints. */
function curve(points: readonly { x: number; y: number }[]): string {
  const p = points.map(({ x, y }) => [r1(x), r1(y)]);
  let d = `M${p[0][0]} ${p[0][1]}`;
  for (let i = 1; i < p.length - 1; i++) {
    const [mx, my] = [r1((p[i][0] + p[i + 1][0]) / 2), r1((p[i][1] + p[i + 1][1]) / 2)];
    d += i === p.length - 2
      ? `Q${p[i][0]} ${p[i][1]} ${p.at(-1)![0]} ${p.at(-1)![1]}`
      : `Q${p[i][0]} ${p[i][1]} ${mx} ${my}`;
  }
  return p.length === 2 ? d + `L${p[1][0]} ${p[1][1]}` : d;
}

/** A laid-out graph: its size, and the SVG body (groups, edges, nodes with their row and centre). */
export interface DrawnGraph {
  width: number;
  height: number;
  body: string;
}

/** Lays out and draws a graph; `id` makes the diagram's marker ids. */
export function drawGraph(d: GraphDiagram, id: (name: string) => string): DrawnGraph {
  if (!dagre) throw new Error("the graph layout library is not loaded: call loadGraphLayout() first");
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: d.direction, nodesep: 28, ranksep: 44, edgesep: 14, marginx: 10, marginy: 10 });
  // internal keys: a node named "__proto__" or "constructor" stays a plain name
  const key = new Map(d.nodes.map((n, i) => [n.id, `n${i}`]));
  const gkey = new Map(d.groups.map((gr, i) => [gr.id, `g${i}`]));
  const used = new Set(d.nodes.flatMap((n) => (n.group ? [n.group] : [])));
  for (const gr of d.groups) {
    for (let p = gr.parent; p; p = d.groups.find((x) => x.id === p)?.parent) used.add(p);
  }
  const groups = d.groups.filter((gr) => used.has(gr.id));
  for (const gr of groups) {
    g.setNode(gkey.get(gr.id)!, { width: 0, height: 0 });
    if (gr.parent) g.setParent(gkey.get(gr.id)!, gkey.get(gr.parent)!);
  }
  const boxes = d.nodes.map(measure);
  d.nodes.forEach((n, i) => {
    g.setNode(key.get(n.id)!, { width: boxes[i].w, height: boxes[i].h });
    if (n.group && gkey.has(n.group)) g.setParent(key.get(n.id)!, gkey.get(n.group)!);
  });
  const labels = d.edges.map((e) => (e.label ? lines(e.label, 160) : []));
  d.edges.forEach((e, i) => {
    const lw = Math.max(0, ...labels[i].map((l) => textWidth(l, FONT - 1)));
    g.setEdge(key.get(e.from)!, key.get(e.to)!, {
      width: lw ? lw + 8 : 0,
      height: labels[i].length * LINE,
      labelpos: "c",
    }, `e${i}`);
  });
  dagre.layout(g);
  const size = g.graph() as { width?: number; height?: number };
  let body = "";
  for (const gr of groups) {
    const c = g.node(gkey.get(gr.id)!) as unknown as { x: number; y: number; width: number; height: number };
    const top = c.y - c.height / 2 - 20;
    body += `<g class="mcc-dg-group"><rect x="${r1(c.x - c.width / 2)}" y="${r1(top)}" width="${
      r1(c.width)
    }" height="${r1(c.height + 20)}" rx="6"/><text x="${r1(c.x - c.width / 2 + 8)}" y="${r1(top + 15)}">${
      escape(gr.label)
    }</text></g>`;
  }
  const ends = new Set(d.edges.flatMap((e) => [e.head, e.tail]));
  // edges grouped by line and ends: the group carries the class and markers once (a 150-node graph's
  // result pays for every attribute)
  const edgeGroups = new Map<string, string>();
  let edgeLabels = "";
  const at = new Map(d.nodes.map((n, i) => [n.id, i]));
  const ending = (name: string, toward: Point, dagreEnd: Point) => {
    const i = at.get(name)!;
    return onOutline(d.nodes[i].shape, g.node(key.get(name)!) as unknown as Point, boxes[i], toward) ??
      dagreEnd;
  };
  d.edges.forEach((e, i) => {
    const ed = g.edge(key.get(e.from)!, key.get(e.to)!, `e${i}`) as unknown as {
      points: Point[];
      x?: number;
      y?: number;
    };
    const pts = ed.points;
    const n = pts.length;
    const points = [
      ending(e.from, pts[1], pts[0]),
      ...pts.slice(1, -1),
      ending(e.to, pts[n - 2], pts[n - 1]),
    ];
    const attrs = (e.line === "solid" ? "" : ` class="mcc-dg-${e.line}"`) +
      (e.head !== "none" ? ` marker-end="url(#${id(e.head)})"` : "") +
      (e.tail !== "none" ? ` marker-start="url(#${id(e.tail)})"` : "");
    edgeGroups.set(attrs, (edgeGroups.get(attrs) ?? "") + `<path d="${curve(points)}"/>`);
    if (labels[i].length && ed.x !== undefined && ed.y !== undefined) {
      const lw = Math.max(...labels[i].map((l) => textWidth(l, FONT - 1))) + 8;
      const lh = labels[i].length * LINE;
      edgeLabels += `<g><rect x="${r1(ed.x - lw / 2)}" y="${r1(ed.y - lh / 2)}" width="${
        r1(lw)
      }" height="${lh}" rx="3"/>${textBlock(labels[i], ed.x, ed.y)}</g>`;
    }
  });
  let nodes = "";
  d.nodes.forEach((n, i) => {
    const p = g.node(key.get(n.id)!) as unknown as { x: number; y: number };
    const b = boxes[i];
    let inner = outline(n.shape, p.x, p.y, b.w, b.h);
    if (n.shape === "class") {
      const top = p.y - b.h / 2;
      const nameH = b.lines.length * LINE + 14;
      inner += `<g class="mcc-dg-name">${textBlock(b.lines, p.x, top + nameH / 2)}</g>`;
      if (b.members?.length) {
        inner += `<path d="M${r1(p.x - b.w / 2)} ${r1(top + nameH)}h${r1(b.w)}"/>` +
          textBlock(
            b.members,
            p.x - b.w / 2 + 12,
            top + nameH + 6 + (b.members.length * LINE) / 2,
            ' class="mcc-dg-members"',
          );
      }
    } else inner += textBlock(b.lines, p.x, p.y);
    nodes += `<g data-i="${i}" data-c="${r1(p.x)} ${r1(p.y)}">${inner}</g>`;
  });
  body += markers(ends, id) +
    `<g class="mcc-dg-edges">${
      [...edgeGroups].map(([attrs, paths]) => `<g${attrs}>${paths}</g>`).join("")
    }</g>` +
    (edgeLabels ? `<g class="mcc-dg-labels">${edgeLabels}</g>` : "") + `<g class="mcc-dg-nodes">${nodes}</g>`;
  return { width: Math.ceil(size.width ?? 0), height: Math.ceil(size.height ?? 0), body };
}
