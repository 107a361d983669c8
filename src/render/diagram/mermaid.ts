/**
 * A parser for the Mermaid most diagrams use: flowcharts (`graph`/`flowchart`: node shapes, edge
 * kinds and labels, chains, `&`, subgraphs), sequence diagrams (participants, actors, messages,
 * notes, autonumber, loop/alt/opt/par/critical/break frames), state diagrams (`[*]`, composite
 * states, choices) and class diagrams (members, relations, labels). Mermaid itself needs a
 * browser, so this is our own reading of its documented syntax.
 *
 * Styling and interaction lines (classDef, class, style, linkStyle, click, `:::`) are read and
 * skipped: the card draws in the theme's colours and has no scripts. Anything else it cannot read
 * makes the whole diagram unsupported, with each line and the reason, so the card shows the
 * source instead of a diagram that silently lacks a part.
 */
import type {
  Direction,
  EdgeEnd,
  GraphDiagram,
  GraphEdge,
  GraphGroup,
  GraphNode,
  NodeShape,
  Parsed,
  Participant,
  SequenceDiagram,
  SequenceStep,
  Unsupported,
} from "./model.ts";

/** The diagram kinds this parser reads, as their first line names them. */
export const SUPPORTED_KINDS = ["flowchart", "graph", "sequenceDiagram", "stateDiagram", "classDiagram"];

interface Line {
  n: number;
  text: string;
}

const STYLING = /^(classDef|class\s|style|linkStyle|click)\b/;
const STYLING_REASON = "styling and click actions: the card draws in the theme's colours";

/** Mermaid's `#quot;` / `#35;` entities and `<br>` line breaks; markdown-string backticks dropped. */
function labelText(raw: string): string {
  let t = raw.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) t = t.slice(1, -1);
  if (t.length >= 2 && t.startsWith("`") && t.endsWith("`")) t = t.slice(1, -1);
  return t.replace(/<br\s*\/?>/gi, "\n").replace(
    /#(quot|amp|lt|gt|\d+);/g,
    (_, e: string) =>
      e === "quot"
        ? '"'
        : e === "amp"
        ? "&"
        : e === "lt"
        ? "<"
        : e === "gt"
        ? ">"
        : Number(e) > 0 && Number(e) <= 0x10ffff
        ? String.fromCodePoint(Number(e))
        : "�",
  ).trim();
}

/** Source lines without comments, directives and front matter, numbered from 1. */
function linesOf(source: string): Line[] {
  const raw = source.replace(/\r\n?/g, "\n").split("\n");
  let start = 0;
  const first = raw.findIndex((l) => l.trim() !== "");
  if (first >= 0 && raw[first].trim() === "---") {
    const close = raw.findIndex((l, i) => i > first && l.trim() === "---");
    if (close > 0) start = close + 1;
  }
  const out: Line[] = [];
  for (let i = start; i < raw.length; i++) {
    const text = withoutDirectives(raw[i]).trim();
    if (text === "" || text.startsWith("%%")) continue;
    out.push({ n: i + 1, text });
  }
  return out;
}

/**
 * A line without its `%%{…}%%` directives. A scan, not `/%%\{.*?\}%%/g`: that regex scans to the
 * end from every `%%{` when none closes, quadratic in the line (178 ms for one 19,000-character line).
 */
function withoutDirectives(line: string): string {
  let out = "";
  let at = 0;
  for (let open = line.indexOf("%%{"); open >= 0; open = line.indexOf("%%{", at)) {
    const close = line.indexOf("}%%", open + 3);
    if (close < 0) break; // none closes after this one, so none after a later one either
    out += line.slice(at, open);
    at = close + 3;
  }
  return out + line.slice(at);
}

/** Parses Mermaid source into a diagram, or says which lines it cannot read. */
export function parseMermaid(source: string): Parsed {
  const lines = linesOf(source);
  if (!lines.length) return { unsupported: [{ line: 1, text: "", reason: "the diagram is empty" }] };
  const [head, ...body] = lines;
  const word = head.text.split(/\s+/)[0];
  if (word === "graph" || word === "flowchart") return parseFlowchart(head, body);
  if (word === "sequenceDiagram") return parseSequence(body);
  if (word === "stateDiagram" || word === "stateDiagram-v2") return parseState(body);
  if (word === "classDiagram") return parseClass(body);
  return {
    kind: word,
    unsupported: [{
      line: head.n,
      text: head.text,
      reason: `${
        JSON.stringify(word.slice(0, 40))
      } diagrams are not supported (supported: flowchart, sequence, state, class)`,
    }],
  };
}

const DIRECTIONS: Record<string, Direction> = { TB: "TB", TD: "TB", BT: "BT", LR: "LR", RL: "RL" };

/** A graph under construction: nodes keep their first position, a later definition fills the label. */
class GraphBuilder {
  readonly nodes = new Map<string, GraphNode>();
  readonly edges: GraphEdge[] = [];
  readonly groups: GraphGroup[] = [];
  readonly stack: string[] = [];

  node(id: string, label?: string, shape?: NodeShape): GraphNode {
    let node = this.nodes.get(id);
    if (!node) {
      node = { id, label: label ?? id, shape: shape ?? "rect", group: this.stack.at(-1) };
      this.nodes.set(id, node);
    } else {
      if (label !== undefined) node.label = label;
      if (shape) node.shape = shape;
    }
    return node;
  }

  open(label: string, id?: string): string {
    const gid = id ?? `group ${this.groups.length + 1}`;
    this.groups.push({ id: gid, label, parent: this.stack.at(-1) });
    this.stack.push(gid);
    return gid;
  }

  build(type: GraphDiagram["type"], direction: Direction): GraphDiagram {
    return { type, direction, nodes: [...this.nodes.values()], edges: this.edges, groups: this.groups };
  }
}

// --- flowcharts ---

/** Node shape openers, longest first, with their closers. */
const SHAPES: readonly [string, string[], NodeShape[]][] = [
  ["(((", [")))"], ["double_circle"]],
  ["([", ["])"], ["stadium"]],
  ["((", ["))"], ["circle"]],
  ["(", [")"], ["round"]],
  ["[[", ["]]"], ["subroutine"]],
  ["[(", [")]"], ["cylinder"]],
  ["[/", ["/]", "\\]"], ["parallelogram", "trapezoid"]],
  ["[\\", ["\\]", "/]"], ["parallelogram_alt", "trapezoid_alt"]],
  ["[", ["]"], ["rect"]],
  ["{{", ["}}"], ["hexagon"]],
  ["{", ["}"], ["rhombus"]],
  [">", ["]"], ["asymmetric"]],
];

const ID = /^[\p{L}\p{N}_]+/u;

interface NodeRef {
  id: string;
  label?: string;
  shape?: NodeShape;
}

interface LinkToken {
  label?: string;
  line: GraphEdge["line"];
  head: EdgeEnd;
  tail: EdgeEnd;
}

class Scanner {
  i = 0;
  constructor(readonly s: string) {}
  skip(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
  get rest(): string {
    return this.s.slice(this.i);
  }
  done(): boolean {
    this.skip();
    return this.i >= this.s.length;
  }
}

function readNode(sc: Scanner): NodeRef | string {
  sc.skip();
  const id = ID.exec(sc.rest)?.[0];
  if (!id) return `expected a node id at ${JSON.stringify(sc.rest.slice(0, 30))}`;
  sc.i += id.length;
  const ref: NodeRef = { id };
  const shape = SHAPES.find(([open]) => sc.rest.startsWith(open));
  if (shape) {
    const [open, closers, shapes] = shape;
    sc.i += open.length;
    let text: string;
    let at: number;
    let closer: string | undefined;
    const quoted = /^\s*"/.test(sc.rest);
    if (quoted) {
      const q1 = sc.rest.indexOf('"');
      const q2 = sc.rest.indexOf('"', q1 + 1);
      if (q2 < 0) return `the quoted text of ${JSON.stringify(id)} is not closed`;
      text = sc.rest.slice(q1, q2 + 1);
      sc.i += q2 + 1;
      sc.skip();
      closer = closers.find((c) => sc.rest.startsWith(c));
      at = 0;
    } else {
      const found = closers.map((c) => [sc.rest.indexOf(c), c] as const).filter(([p]) => p >= 0)
        .sort((a, b) => a[0] - b[0])[0];
      [at, closer] = found ?? [-1, undefined];
      text = at >= 0 ? sc.rest.slice(0, at) : "";
    }
    if (!closer) return `the text of ${JSON.stringify(id)} is not closed with ${JSON.stringify(closers[0])}`;
    sc.i += at + closer.length;
    ref.label = labelText(text);
    ref.shape = shapes[closers.indexOf(closer)];
  }
  const cls = /^:::[\w-]+/.exec(sc.rest);
  if (cls) sc.i += cls[0].length;
  return ref;
}

function readGroup(sc: Scanner): NodeRef[] | string {
  const refs: NodeRef[] = [];
  for (;;) {
    const ref = readNode(sc);
    if (typeof ref === "string") return ref;
    refs.push(ref);
    sc.skip();
    if (!sc.rest.startsWith("&")) return refs;
    sc.i++;
  }
}

const END: Record<string, EdgeEnd> = { ">": "arrow", "<": "arrow", o: "circle", x: "cross" };
const LINK = /^(<|[ox](?=[-=.]))?(-{2,}|={2,}|-\.+-?)(>|[ox](?=[\s\p{L}\p{N}_]|$))?/u;
const TEXT_LINK: Record<string, RegExp> = {
  "--": /\s(-{2,}>|-{3,}|-{2,}[ox])(?=[\s\p{L}\p{N}_]|$)/u,
  "==": /\s(={2,}>|={3,})/,
  "-.": /\s(\.-+>|\.-+)(?=[\s\p{L}\p{N}_]|$)/u,
};

function readLink(sc: Scanner): LinkToken | undefined | string {
  sc.skip();
  // `-- text -->`, `== text ==>`, `-. text .->`
  const textOpen = /^(<|[ox])?(--|==|-\.)\s/.exec(sc.rest);
  if (textOpen && !/^(<|[ox])?(--|==|-\.)\s*\|/.test(sc.rest)) {
    const end = TEXT_LINK[textOpen[2]].exec(sc.rest.slice(textOpen[0].length - 1));
    if (!end) return `the link text after ${JSON.stringify(textOpen[0].trim())} has no end`;
    const label = sc.rest.slice(textOpen[0].length, textOpen[0].length - 1 + end.index);
    const close = end[1];
    sc.i += textOpen[0].length - 1 + end.index + end[0].length;
    return {
      label: labelText(label),
      line: textOpen[2] === "==" ? "thick" : textOpen[2] === "-." ? "dotted" : "solid",
      head: END[close.at(-1)!] ?? "none",
      tail: textOpen[1] ? END[textOpen[1]] : "none",
    };
  }
  const m = LINK.exec(sc.rest);
  if (!m) return undefined;
  sc.i += m[0].length;
  const link: LinkToken = {
    line: m[2].includes(".") ? "dotted" : m[2].startsWith("=") ? "thick" : "solid",
    head: m[3] ? END[m[3]] : "none",
    tail: m[1] ? END[m[1]] : "none",
  };
  sc.skip();
  const pipe = /^\|\s*("[^"]*"|[^|]*)\|/.exec(sc.rest);
  if (pipe) {
    link.label = labelText(pipe[1]);
    sc.i += pipe[0].length;
  }
  return link;
}

/** One statement: nodes, or a chain of node groups joined by links. */
function readChain(text: string, g: GraphBuilder): string | undefined {
  const sc = new Scanner(text);
  let left = readGroup(sc);
  if (typeof left === "string") return left;
  for (const ref of left) g.node(ref.id, ref.label, ref.shape);
  for (;;) {
    const link = readLink(sc);
    if (typeof link === "string") return link;
    if (!link) break;
    const right = readGroup(sc);
    if (typeof right === "string") return right;
    for (const ref of right) g.node(ref.id, ref.label, ref.shape);
    for (const a of left) {
      for (const b of right) g.edges.push({ from: a.id, to: b.id, ...link });
    }
    left = right;
  }
  if (!sc.done()) return `cannot read ${JSON.stringify(sc.rest.slice(0, 40))}`;
  return undefined;
}

/** Splits a line at semicolons outside quotes. */
function statements(line: Line): Line[] {
  const parts: string[] = [];
  let quote = false;
  let cur = "";
  for (const ch of line.text) {
    if (ch === '"') quote = !quote;
    if (ch === ";" && !quote && !/#\w+$/.test(cur)) { // not the end of an entity like #quot;
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((t) => t.trim()).filter(Boolean).map((text) => ({ n: line.n, text }));
}

function parseFlowchart(head: Line, body: Line[]): Parsed {
  const [, dir] = head.text.split(/\s+/);
  const direction = DIRECTIONS[(dir ?? "TB").replace(/;$/, "").toUpperCase()];
  const bad: Unsupported[] = [];
  const ignored: Unsupported[] = [];
  if (!direction) {
    bad.push({ line: head.n, text: head.text, reason: `unknown direction ${JSON.stringify(dir)}` });
  }
  const g = new GraphBuilder();
  for (const st of body.flatMap(statements)) {
    const t = st.text;
    const sub = /^subgraph\s+(.*)$/.exec(t);
    if (sub) {
      const spec = sub[1].trim();
      const named = /^([\p{L}\p{N}_]+)\s*\[(.*)\]$/u.exec(spec);
      if (named) g.open(labelText(named[2]), named[1]);
      else if (/^"/.test(spec)) g.open(labelText(spec));
      else if (ID.exec(spec)?.[0] === spec) g.open(spec, spec);
      else g.open(labelText(spec));
      continue;
    }
    if (t === "end") {
      if (!g.stack.pop()) bad.push({ line: st.n, text: t, reason: "end without a subgraph" });
      continue;
    }
    if (/^direction\s+(TB|TD|BT|LR|RL)$/i.test(t)) continue; // a subgraph's own direction: laid out as the whole
    if (STYLING.test(t)) {
      ignored.push({ line: st.n, text: t, reason: STYLING_REASON });
      continue;
    }
    const problem = readChain(t, g);
    if (problem) bad.push({ line: st.n, text: t, reason: problem });
  }
  if (g.stack.length) {
    bad.push({ line: body.at(-1)?.n ?? head.n, text: "", reason: "a subgraph is not closed with end" });
  }
  if (bad.length) return { unsupported: bad, kind: "flowchart" };
  return { diagram: g.build("flowchart", direction ?? "TB"), ignored };
}

// --- state diagrams ---

function parseState(body: Line[]): Parsed {
  const g = new GraphBuilder();
  const bad: Unsupported[] = [];
  const ignored: Unsupported[] = [];
  let direction: Direction = "TB";
  let inNote = false;
  const star = (side: "start" | "end") => {
    const scope = g.stack.at(-1) ?? "";
    return g.node(`[*] ${side} ${scope}`, dotLabel(g, side, scope), side).id;
  };
  const ref = (name: string, side: "start" | "end") => (name === "[*]" ? star(side) : g.node(name).id);
  for (const { n, text: t } of body) {
    if (inNote) {
      if (/^end note$/i.test(t)) inNote = false;
      continue;
    }
    let m;
    if ((m = /^direction\s+(TB|TD|BT|LR|RL)$/i.exec(t))) {
      if (!g.stack.length) direction = DIRECTIONS[m[1].toUpperCase()];
    } else if ((m = /^state\s+"([^"]*)"\s+as\s+([\p{L}\p{N}_]+)\s*(\{)?$/u.exec(t))) {
      if (m[3]) g.open(labelText(m[1]), m[2]);
      else g.node(m[2], labelText(m[1]));
    } else if ((m = /^state\s+([\p{L}\p{N}_]+)\s*\{$/u.exec(t))) g.open(m[1], m[1]);
    else if ((m = /^state\s+([\p{L}\p{N}_]+)\s+<<(choice|fork|join)>>$/u.exec(t))) {
      g.node(m[1], m[2] === "choice" ? "" : m[1], m[2] === "choice" ? "rhombus" : "rect");
    } else if ((m = /^(?:state\s+)?([\p{L}\p{N}_]+)$/u.exec(t))) g.node(m[1]);
    else if (t === "}") {
      if (!g.stack.pop()) bad.push({ line: n, text: t, reason: "} without a composite state" });
    } else if ((m = /^(\[\*\]|[\p{L}\p{N}_]+)\s*-->\s*(\[\*\]|[\p{L}\p{N}_]+)\s*(?::(.*))?$/u.exec(t))) {
      const label = m[3] === undefined ? undefined : labelText(m[3]) || undefined;
      g.edges.push({
        from: ref(m[1], "start"),
        to: ref(m[2], "end"),
        label,
        line: "solid",
        head: "arrow",
        tail: "none",
      });
    } else if ((m = /^([\p{L}\p{N}_]+)\s*:(.*)$/u.exec(t))) g.node(m[1], labelText(m[2]) || m[1]);
    else if (/^note\s+(left|right)\s+of\s+\S+\s*:/i.test(t)) {
      ignored.push({ line: n, text: t, reason: "notes on state diagrams are not drawn" });
    } else if (/^note\s+(left|right)\s+of\s+\S+$/i.test(t)) {
      ignored.push({ line: n, text: t, reason: "notes on state diagrams are not drawn" });
      inNote = true;
    } else if (STYLING.test(t) || /^hide empty description$/.test(t)) {
      ignored.push({ line: n, text: t, reason: STYLING_REASON });
    } else {bad.push({
        line: n,
        text: t,
        reason: "not a state, transition or composite state this card reads",
      });}
  }
  if (g.stack.length) {
    bad.push({ line: body.at(-1)?.n ?? 1, text: "", reason: "a composite state is not closed with }" });
  }
  if (bad.length) return { unsupported: bad, kind: "state" };
  enterComposites(g);
  return { diagram: g.build("state", direction), ignored };
}

/** "Start", or "Start of Shipping" inside a composite state. */
function dotLabel(g: GraphBuilder, side: "start" | "end", scope: string): string {
  const word = side === "start" ? "Start" : "End";
  const group = g.groups.find((gr) => gr.id === scope);
  return group ? `${word} of ${group.label}` : word;
}

/**
 * A transition into a composite state enters at its start, one out of it leaves from its end: the
 * layout cannot join an edge to a box, so the composite's own `[*]` dots stand in for it.
 */
function enterComposites(g: GraphBuilder): void {
  for (const group of g.groups) {
    if (!g.nodes.has(group.id)) continue;
    g.nodes.delete(group.id);
    const dot = (side: "start" | "end") => {
      const id = `[*] ${side} ${group.id}`;
      if (!g.nodes.has(id)) {
        g.nodes.set(id, { id, label: dotLabel(g, side, group.id), shape: side, group: group.id });
      }
      return id;
    };
    for (const e of g.edges) {
      if (e.to === group.id) e.to = dot("start");
      if (e.from === group.id) e.from = dot("end");
    }
  }
}

// --- class diagrams ---

/** Class relation arrows: [left end, line, right end]. */
const RELATION =
  /^([\p{L}\p{N}_]+)\s*(?:"([^"]*)"\s*)?(<\||\*|o|<)?(--|\.\.)(\|>|\*|o|>)?\s*(?:"([^"]*)"\s*)?([\p{L}\p{N}_]+)\s*(?::(.*))?$/u;
const CLASS_END: Record<string, EdgeEnd> = {
  "<|": "triangle",
  "|>": "triangle",
  "*": "diamond",
  o: "open_diamond",
  "<": "arrow",
  ">": "arrow",
};

function parseClass(body: Line[]): Parsed {
  const g = new GraphBuilder();
  const bad: Unsupported[] = [];
  const ignored: Unsupported[] = [];
  let direction: Direction = "TB";
  let open: GraphNode | undefined;
  const cls = (name: string) => {
    const node = g.node(name, name, "class");
    node.members ??= [];
    return node;
  };
  for (const { n, text: t } of body) {
    let m;
    if (open) {
      if (t === "}") open = undefined;
      else open.members!.push(t.replace(/^<<(.*)>>$/, "«$1»"));
      continue;
    }
    if ((m = /^direction\s+(TB|TD|BT|LR|RL)$/i.exec(t))) direction = DIRECTIONS[m[1].toUpperCase()];
    else if ((m = /^class\s+([\p{L}\p{N}_]+)(?:~([^~]*)~)?\s*(?:\["([^"]*)"\])?\s*(\{)?\s*(\})?$/u.exec(t))) {
      const node = cls(m[1]);
      node.label = m[3] ?? (m[2] ? `${m[1]}<${m[2]}>` : m[1]);
      if (m[4] && !m[5]) open = node;
    } else if ((m = RELATION.exec(t))) {
      const [, a, ca, left, line, right, cb, b, label] = m;
      cls(a);
      cls(b);
      // cardinalities stand beside the label: "1 · owns · *"
      const text = [ca, label === undefined ? undefined : labelText(label), cb].filter((x) => x);
      g.edges.push({
        from: a,
        to: b,
        label: text.length ? text.join(" · ") : undefined,
        line: line === ".." ? "dotted" : "solid",
        tail: left ? CLASS_END[left] : "none",
        head: right ? CLASS_END[right] : "none",
      });
    } else if ((m = /^([\p{L}\p{N}_]+)\s*:\s*(.+)$/u.exec(t))) cls(m[1]).members!.push(m[2].trim());
    else if ((m = /^<<(.+)>>\s*([\p{L}\p{N}_]+)$/u.exec(t))) cls(m[2]).members!.unshift(`«${m[1]}»`);
    else if (STYLING.test(t) || /^(note|cssClass)\b/.test(t)) {
      ignored.push({ line: n, text: t, reason: "notes, styling and click actions are not drawn" });
    } else bad.push({ line: n, text: t, reason: "not a class, member or relation this card reads" });
  }
  if (open) {
    bad.push({
      line: body.at(-1)?.n ?? 1,
      text: "",
      reason: `class ${JSON.stringify(open.id)} is not closed with }`,
    });
  }
  if (bad.length) return { unsupported: bad, kind: "class" };
  return { diagram: g.build("class", direction), ignored };
}

// --- sequence diagrams ---

/** A sequence arrow: `->`, `-->`, `->>`, `-->>`, `-x`, `--x`, `-)`, `--)`. */
const ARROW = /(-{1,2})(>>|>|x|\))/g;
const BLANK = /\s/;

/** A message line's parts. */
interface Message {
  from: string;
  dashes: string;
  head: string;
  to: string;
  text: string;
}

/**
 * `from`, the first arrow after it, an optional activation `+`/`-`, `to`, then `:` and the text.
 * A scan, linear in the line: the regex it replaces (`^(.+?)\s*(-{1,2})(>>|>|x|\))\s*([+-])?\s*(.+?)\s*:(.*)$`,
 * whose reading this keeps) tried every arrow against the rest of the line when no colon followed,
 * 2.3 s for one 19,000-character line of `a->a->…`.
 */
function readMessage(t: string): Message | undefined {
  ARROW.lastIndex = 1; // from holds at least one character
  const arrow = ARROW.exec(t);
  if (!arrow) return undefined;
  const skip = (i: number) => {
    while (i < t.length && BLANK.test(t[i])) i++;
    return i;
  };
  let to = skip(arrow.index + arrow[0].length);
  let colon = -1;
  if (t[to] === "+" || t[to] === "-") {
    const after = skip(to + 1);
    colon = t.indexOf(":", after + 1);
    if (colon >= 0) to = after;
  }
  if (colon < 0) colon = t.indexOf(":", to + 1); // `to` holds at least one character, a colon too
  if (colon < 0) return undefined; // no colon after this arrow, so none after a later one
  return {
    from: t.slice(0, arrow.index),
    dashes: arrow[1],
    head: arrow[2],
    to: t.slice(to, colon),
    text: t.slice(colon + 1),
  };
}
const FRAMES = new Set(["loop", "alt", "opt", "par", "critical", "break", "rect"]);
const DIVIDERS = new Set(["else", "and", "option"]);

function parseSequence(body: Line[]): Parsed {
  const participants = new Map<string, Participant>();
  const steps: SequenceStep[] = [];
  const bad: Unsupported[] = [];
  const ignored: Unsupported[] = [];
  let numbered = false;
  let count = 0;
  let depth = 0;
  const who = (name: string) => {
    const id = name.trim();
    if (!participants.has(id)) participants.set(id, { id, label: id, actor: false });
    return id;
  };
  for (const { n, text: t } of body) {
    let m;
    let message;
    const word = t.split(/\s+/)[0];
    if ((m = /^(participant|actor)\s+(.+?)(?:\s+as\s+(.+))?$/.exec(t))) {
      const id = labelText(m[2]);
      participants.set(id, { id, label: labelText(m[3] ?? m[2]), actor: m[1] === "actor" });
    } else if ((m = /^note\s+(left of|right of|over)\s+([^:]+?)\s*:(.*)$/i.exec(t))) {
      const over = m[2].split(",").map(who);
      const side = m[1].toLowerCase().startsWith("left")
        ? "left"
        : m[1].toLowerCase().startsWith("right")
        ? "right"
        : "over";
      steps.push({ kind: "note", over, side, text: labelText(m[3]) });
    } else if (t === "autonumber" || /^autonumber\s+\d+(\s+\d+)?$/.test(t)) numbered = true;
    else if (FRAMES.has(word)) {
      depth++;
      steps.push({ kind: "open", frame: word, text: word === "rect" ? "" : labelText(t.slice(word.length)) });
    } else if (DIVIDERS.has(word)) {
      if (!depth) bad.push({ line: n, text: t, reason: `${word} outside alt, par or critical` });
      steps.push({ kind: "divide", text: labelText(t.slice(word.length)) });
    } else if (t === "end") {
      if (!depth--) {
        depth = 0;
        bad.push({ line: n, text: t, reason: "end without loop, alt, opt, par, critical or break" });
      }
      steps.push({ kind: "close" });
    } else if (/^(activate|deactivate)\s+\S/.test(t) || /^title\b/.test(t)) {
      ignored.push({ line: n, text: t, reason: "activation bars and titles are not drawn" });
    } else if ((message = readMessage(t))) {
      const { from, dashes, head, to, text } = message;
      steps.push({
        kind: "message",
        from: who(labelText(from)),
        to: who(labelText(to)),
        text: labelText(text),
        line: dashes === "--" ? "dotted" : "solid",
        head: head === ">>" ? "arrow" : head === ">" ? "open" : head === "x" ? "cross" : "async",
        n: numbered ? ++count : undefined,
      });
    } else {bad.push({
        line: n,
        text: t,
        reason: "not a participant, message, note or frame this card reads",
      });}
  }
  if (depth > 0) bad.push({ line: body.at(-1)?.n ?? 1, text: "", reason: "a frame is not closed with end" });
  if (bad.length) return { unsupported: bad, kind: "sequence" };
  const diagram: SequenceDiagram = { type: "sequence", participants: [...participants.values()], steps };
  return { diagram, ignored };
}
