/**
 * What a parsed diagram is, whatever its Mermaid kind: a graph (flowcharts, state and class
 * diagrams: nodes, edges, nested groups) or a sequence (participants and the messages, notes and
 * frames between them, in order). The parser (mermaid.ts) makes these; layout and SVG read them.
 */

/** Node outlines the renderer draws (Mermaid's flowchart shapes, and the state diagram's dots). */
export type NodeShape =
  | "rect"
  | "round"
  | "stadium"
  | "subroutine"
  | "cylinder"
  | "circle"
  | "double_circle"
  | "asymmetric"
  | "rhombus"
  | "hexagon"
  | "parallelogram"
  | "parallelogram_alt"
  | "trapezoid"
  | "trapezoid_alt"
  | "start"
  | "end"
  | "class";

export interface GraphNode {
  id: string;
  label: string;
  shape: NodeShape;
  /** The group (subgraph, composite state) the node sits in. */
  group?: string;
  /** A class diagram's members, one per line, under the name. */
  members?: string[];
}

/** How an edge ends: Mermaid's arrow heads, and a class diagram's relations. */
export type EdgeEnd = "none" | "arrow" | "circle" | "cross" | "triangle" | "diamond" | "open_diamond";

export interface GraphEdge {
  from: string;
  to: string;
  label?: string;
  line: "solid" | "dotted" | "thick";
  head: EdgeEnd;
  tail: EdgeEnd;
}

export interface GraphGroup {
  id: string;
  label: string;
  parent?: string;
}

export type Direction = "TB" | "BT" | "LR" | "RL";

export interface GraphDiagram {
  type: "flowchart" | "state" | "class";
  direction: Direction;
  nodes: GraphNode[];
  edges: GraphEdge[];
  groups: GraphGroup[];
}

export interface Participant {
  id: string;
  label: string;
  actor: boolean;
}

/** One row of a sequence diagram, in order. */
export type SequenceStep =
  | {
    kind: "message";
    from: string;
    to: string;
    text: string;
    line: "solid" | "dotted";
    head: "arrow" | "open" | "cross" | "async";
    n?: number;
  }
  | { kind: "note"; over: string[]; side: "left" | "right" | "over"; text: string }
  | { kind: "open"; frame: string; text: string }
  | { kind: "divide"; text: string }
  | { kind: "close" };

export interface SequenceDiagram {
  type: "sequence";
  participants: Participant[];
  steps: SequenceStep[];
}

export type Diagram = GraphDiagram | SequenceDiagram;

/** Lines the parser could not read: the card then shows the source and names them. */
export interface Unsupported {
  line: number;
  text: string;
  reason: string;
}

export type Parsed = { diagram: Diagram; ignored: Unsupported[] } | {
  unsupported: Unsupported[];
  kind?: string;
};
