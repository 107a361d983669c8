/**
 * The Mermaid subset, statement by statement: every flowchart shape and link kind, chains and `&`,
 * subgraphs, text links, sequence arrows and frames, state diagrams (composite states entered at
 * their start), class diagrams; styling lines skipped and named; anything else named line by line.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { parseMermaid } from "../../../src/render/diagram/mermaid.ts";
import type { GraphDiagram, SequenceDiagram } from "../../../src/render/diagram/model.ts";

function graph(source: string): GraphDiagram {
  const p = parseMermaid(source);
  if (!("diagram" in p) || p.diagram.type === "sequence") throw new Error(JSON.stringify(p));
  return p.diagram;
}

function sequence(source: string): SequenceDiagram {
  const p = parseMermaid(source);
  if (!("diagram" in p) || p.diagram.type !== "sequence") throw new Error(JSON.stringify(p));
  return p.diagram;
}

const problems = (source: string) => {
  const p = parseMermaid(source);
  return "unsupported" in p ? p.unsupported.map((u) => `${u.line}: ${u.reason}`) : [];
};

Deno.test("flowchart node shapes", () => {
  const shapes: [string, string, string][] = [
    ["a[t]", "rect", "t"],
    ["a(t)", "round", "t"],
    ["a([t])", "stadium", "t"],
    ["a[[t]]", "subroutine", "t"],
    ["a[(t)]", "cylinder", "t"],
    ["a((t))", "circle", "t"],
    ["a(((t)))", "double_circle", "t"],
    ["a>t]", "asymmetric", "t"],
    ["a{t}", "rhombus", "t"],
    ["a{{t}}", "hexagon", "t"],
    ["a[/t/]", "parallelogram", "t"],
    ["a[\\t\\]", "parallelogram_alt", "t"],
    ["a[/t\\]", "trapezoid", "t"],
    ["a[\\t/]", "trapezoid_alt", "t"],
    ['a["say ]"]', "rect", "say ]"],
    ["a[#quot;q#quot; #35; one<br>two]", "rect", '"q" # one\ntwo'],
    ["a", "rect", "a"],
    ["a[t]:::hot", "rect", "t"],
  ];
  for (const [src, shape, label] of shapes) {
    const [node] = graph(`graph TD\n${src}`).nodes;
    assertDeep([node.shape, node.label], [shape, label], src);
  }
});

Deno.test("flowchart links: every kind, labels, chains and &", () => {
  const links: [string, string, string, string, string?][] = [
    ["a --> b", "solid", "arrow", "none"],
    ["a --- b", "solid", "none", "none"],
    ["a -.-> b", "dotted", "arrow", "none"],
    ["a -.- b", "dotted", "none", "none"],
    ["a ==> b", "thick", "arrow", "none"],
    ["a === b", "thick", "none", "none"],
    ["a --o b", "solid", "circle", "none"],
    ["a --x b", "solid", "cross", "none"],
    ["a <--> b", "solid", "arrow", "arrow"],
    ["a o--o b", "solid", "circle", "circle"],
    ["a ---> b", "solid", "arrow", "none"],
    ["a -->|yes| b", "solid", "arrow", "none", "yes"],
    ['a -->|"a | b"| b', "solid", "arrow", "none", "a | b"],
    ["a -- to b --> b", "solid", "arrow", "none", "to b"],
    ["a -. maybe .-> b", "dotted", "arrow", "none", "maybe"],
    ["a == sure ==> b", "thick", "arrow", "none", "sure"],
    ["a-->b", "solid", "arrow", "none"],
  ];
  for (const [src, line, head, tail, label] of links) {
    const d = graph(`flowchart LR\n${src}`);
    assertDeep(d.edges.map((e) => [e.from, e.to, e.line, e.head, e.tail, e.label]), [[
      "a",
      "b",
      line,
      head,
      tail,
      label,
    ]], src);
  }
  const chain = graph("graph TD\na --> b & c --> d");
  assertDeep(chain.edges.map((e) => `${e.from}${e.to}`), ["ab", "ac", "bd", "cd"]);
  assertDeep(graph("graph TD\na --> b; b --> c").edges.map((e) => `${e.from}${e.to}`), ["ab", "bc"]);
});

Deno.test("flowchart direction, subgraphs and styling", () => {
  const d = graph(
    'graph RL\nsubgraph one [First]\n  a --> b\n  subgraph two\n    c\n  end\nend\nsubgraph "Quoted title"\n  d\nend\nclassDef x fill:red\nstyle a fill:#f00\nclick a callback',
  );
  assertEquals(d.direction, "RL");
  assertDeep(d.groups, [
    { id: "one", label: "First", parent: undefined },
    { id: "two", label: "two", parent: "one" },
    { id: "group 3", label: "Quoted title", parent: undefined },
  ]);
  assertDeep(d.nodes.map((n) => [n.id, n.group]), [["a", "one"], ["b", "one"], ["c", "two"], [
    "d",
    "group 3",
  ]]);
  const p = parseMermaid("graph TD\na-->b\nclassDef x fill:red\nlinkStyle 0 stroke:red");
  assertDeep("ignored" in p ? p.ignored.map((i) => i.line) : [], [3, 4]);
  assertEquals(graph("flowchart").direction, "TB");
  assertEquals(graph("graph TD\n%% a comment\n%%{init: {}}%%\na").nodes.length, 1);
  assertEquals(graph("---\ntitle: Front\n---\ngraph TD\na").nodes.length, 1);
});

Deno.test("what a flowchart cannot read is named by line", () => {
  assertDeep(problems("graph TD\na --> b\na@{ shape: diamond }"), ['3: cannot read "@{ shape: diamond }"']);
  assertDeep(problems("graph TD\na[open"), ['2: the text of "a" is not closed with "]"']);
  assertDeep(problems("graph TD\nsubgraph x\na"), ["3: a subgraph is not closed with end"]);
  assertDeep(problems("graph TD\nend"), ["2: end without a subgraph"]);
  assertDeep(problems("graph XY\na"), ['1: unknown direction "XY"']);
  assertDeep(problems("gantt\ntitle x"), [
    '1: "gantt" diagrams are not supported (supported: flowchart, sequence, state, class)',
  ]);
  assertDeep(problems("  \n"), ["1: the diagram is empty"]);
  assertDeep(problems("graph TD\na -- no end b"), ['2: the link text after "--" has no end']);
});

Deno.test("sequence diagrams: participants, arrows, notes, frames, autonumber", () => {
  const d = sequence(
    "sequenceDiagram\nautonumber\nactor U as User\nparticipant S\nU->>S: a\nS-->>U: b\nU-xS: c\nU--xS: d\nU-)S: e\nU->S: f\nU->>+S: g\nNote over U,S: n\nloop every\n  S->>S: self\nend\nalt x\n  U->>S: h\nelse y\n  U->>S: i\nend\nactivate S",
  );
  assertDeep(d.participants, [{ id: "U", label: "User", actor: true }, {
    id: "S",
    label: "S",
    actor: false,
  }]);
  const messages = d.steps.flatMap((s) => (s.kind === "message" ? [[s.text, s.line, s.head, s.n]] : []));
  assertDeep(messages, [
    ["a", "solid", "arrow", 1],
    ["b", "dotted", "arrow", 2],
    ["c", "solid", "cross", 3],
    ["d", "dotted", "cross", 4],
    ["e", "solid", "async", 5],
    ["f", "solid", "open", 6],
    ["g", "solid", "arrow", 7],
    ["self", "solid", "arrow", 8],
    ["h", "solid", "arrow", 9],
    ["i", "solid", "arrow", 10],
  ]);
  assertDeep(d.steps.filter((s) => s.kind !== "message").map((s) => s.kind), [
    "note",
    "open",
    "close",
    "open",
    "divide",
    "close",
  ]);
  assertDeep(problems("sequenceDiagram\nloop x\nA->>B: y"), ["3: a frame is not closed with end"]);
  assertDeep(problems("sequenceDiagram\nend"), ["2: end without loop, alt, opt, par, critical or break"]);
  assertDeep(problems("sequenceDiagram\nbox Aqua Group\nA->>B: x\nend"), [
    "2: not a participant, message, note or frame this card reads",
    "4: end without loop, alt, opt, par, critical or break",
  ]);
});

Deno.test("a message line reads as the first arrow after its sender, then everything to the first colon after the receiver", () => {
  const read = (line: string) =>
    sequence(`sequenceDiagram\n${line}`).steps.flatMap((s) =>
      s.kind === "message" ? [[s.from, s.to, s.text, s.line, s.head]] : []
    );
  assertDeep(read("a--b->c: x"), [["a--b", "c", "x", "solid", "open"]]); // "--b" is no arrow
  assertDeep(read("a---x y: z"), [["a-", "y", "z", "dotted", "cross"]]); // the arrow is "--x"
  assertDeep(read("a ->> b :  said: twice "), [["a", "b", "said: twice", "solid", "arrow"]]);
  assertDeep(read("a->>+b: go"), [["a", "b", "go", "solid", "arrow"]]);
  assertDeep(read("a->>+: go"), [["a", "+", "go", "solid", "arrow"]]); // no receiver after the mark: "+" is it
  assertDeep(read("a->>:b: c"), [["a", ":b", "c", "solid", "arrow"]]); // the receiver holds one character
  assertDeep(problems("sequenceDiagram\na->b"), [
    "2: not a participant, message, note or frame this card reads",
  ]);
  assertDeep(problems("sequenceDiagram\n->>b: x"), [
    "2: not a participant, message, note or frame this card reads",
  ]);
  // Linear: a long line of arrows with no colon is refused as one unreadable line.
  assertDeep(problems(`sequenceDiagram\n${"a->".repeat(6_000)}`), [
    "2: not a participant, message, note or frame this card reads",
  ]);
});

Deno.test("directives are dropped from a line only where they close", () => {
  assertDeep(graph("graph TD\nA-->B %%{init: {}}%% %%{x}%%").edges.map((e) => [e.from, e.to]), [["A", "B"]]);
  // A line of 6,000 unclosed `%%{` is a comment, read in linear time.
  assertDeep(graph(`graph TD\nA-->B\n${"%%{".repeat(6_000)}`).edges.map((e) => [e.from, e.to]), [["A", "B"]]);
  assertDeep(problems(`graph TD\nA-->B %%{x}%% %%{`), ['2: cannot read "%%{"']);
});

Deno.test("state diagrams: start and end dots per scope, composites entered at their start", () => {
  const d = graph(
    'stateDiagram-v2\ndirection LR\n[*] --> A\nA --> B : go\nstate B {\n  [*] --> C\n  C --> [*]\n}\nB --> [*]\nstate "Long name" as L\nA --> L\nstate ch <<choice>>\nL --> ch\nnote right of A : hidden',
  );
  assertEquals(d.direction, "LR");
  assertDeep(d.edges.map((e) => `${e.from} > ${e.to}${e.label ? ` : ${e.label}` : ""}`), [
    "[*] start  > A",
    "A > [*] start B : go",
    "[*] start B > C",
    "C > [*] end B",
    "[*] end B > [*] end ",
    "A > L",
    "L > ch",
  ]);
  assertDeep(
    d.nodes.filter((n) => n.id.startsWith("[*]")).map((n) => n.label),
    ["Start", "Start of B", "End of B", "End"],
  );
  assertEquals(d.nodes.find((n) => n.id === "L")!.label, "Long name");
  assertEquals(d.nodes.find((n) => n.id === "ch")!.shape, "rhombus");
  assertDeep(problems("stateDiagram-v2\nstate A {\nB"), ["3: a composite state is not closed with }"]);
});

Deno.test("class diagrams: members, relations, cardinalities", () => {
  const d = graph(
    'classDiagram\nclass A {\n  <<interface>>\n  +int x\n  +run() void\n}\nA <|-- B\nA *-- C\nA o-- D\nA --> E\nA ..> F : uses\nA ..|> G\nA "1" --> "*" H : has\nB : +int y',
  );
  assertDeep(d.nodes.find((n) => n.id === "A")!.members, ["«interface»", "+int x", "+run() void"]);
  assertDeep(d.nodes.find((n) => n.id === "B")!.members, ["+int y"]);
  assertDeep(d.edges.map((e) => [e.to, e.line, e.tail, e.head, e.label]), [
    ["B", "solid", "triangle", "none", undefined],
    ["C", "solid", "diamond", "none", undefined],
    ["D", "solid", "open_diamond", "none", undefined],
    ["E", "solid", "none", "arrow", undefined],
    ["F", "dotted", "none", "arrow", "uses"],
    ["G", "dotted", "none", "triangle", undefined],
    ["H", "solid", "none", "arrow", "1 · has · *"],
  ]);
  assertDeep(problems("classDiagram\nclass A {\n+x"), ['3: class "A" is not closed with }']);
});
