/**
 * Structure charts at their edges, through a real MCP client: every limit at N and N+1, hostile
 * hierarchies (deep chains, long cycles, duplicate links, many nodes) refused with the field and
 * the nodes named, or drawn right; and the squarified layout's areas following the values exactly.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { buildTree, type Link, MAX_TREE_NODES } from "../../../src/render/svg/tree.ts";
import { duration, MAX_TASKS } from "../../../src/render/svg/gantt.ts";
import { treemapLayout } from "../../../src/render/svg/treemap.ts";
import { connect, textOf } from "../../helpers.ts";

type Client = Awaited<ReturnType<typeof connect>>;

async function call(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: "create_structure_card", arguments: { title: "T", ...args } });
  return { error: result.isError === true, text: textOf(result) };
}

/** The card's article, as the client received it. */
async function article(client: Client, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name: "create_structure_card", arguments: { title: "T", ...args } });
  assert(!result.isError, textOf(result));
  return (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
}

/** A root with `n` leaves: n + 1 nodes. */
const fan = (n: number): Link[] =>
  Array.from({ length: n }, (_, i) => ({ from: "Root", to: `Leaf ${i}`, value: i + 1 }));

/** A chain `levels` deep ending in one leaf. */
const chain = (levels: number): Link[] =>
  Array.from(
    { length: levels },
    (_, i) => ({ from: `N${i}`, to: `N${i + 1}`, ...(i === levels - 1 ? { value: 5 } : {}) }),
  );

Deno.test("treemap: 80 nodes draw within the result ceiling, one more is refused naming the limit", async () => {
  await using client = await connect();
  const at = await call(client, { type: "treemap", links: fan(MAX_TREE_NODES - 1) });
  assert(!at.error, at.text);
  assert(at.text.startsWith('Structure card "T": Treemap of "Root": total 3,160 in 79 parts:'), at.text);
  const over = await call(client, { type: "treemap", links: fan(MAX_TREE_NODES) });
  assertEquals(over, {
    error: true,
    text:
      'Invalid "links": 81 nodes is more than 80 for a treemap\nFold the smallest parts into one per parent',
  });
});

Deno.test("treemap: the schema takes 2,000 links and refuses 2,001; names of 200 characters, not 201", async () => {
  await using client = await connect();
  const many = await call(client, { type: "treemap", links: fan(2_000) });
  assertEquals(
    many.text,
    'Invalid "links": 2001 nodes is more than 80 for a treemap\nFold the smallest parts into one per parent',
  );
  const over = await call(client, { type: "treemap", links: fan(2_001) });
  assert(over.text.includes("links: 2,001 items, the limit is 2,000 items"), over.text);
  const long = "n".repeat(200);
  assert(!(await call(client, { type: "treemap", links: [{ from: "R", to: long, value: 1 }] })).error);
  const longer = await call(client, {
    type: "treemap",
    links: [{ from: "R", to: "x".repeat(10_000), value: 1 }],
  });
  assert(longer.text.includes("links.0.to: 10,000 characters, the limit is 200 characters"), longer.text);
});

Deno.test("treemap: a chain 79 levels deep (80 nodes) draws its one leaf; 200 levels are refused by the node limit and says how deep it goes", async () => {
  await using client = await connect();
  const deep = await call(client, { type: "treemap", links: chain(79) });
  assertEquals(
    deep.text,
    'Structure card "T": Treemap of "N0": total 5 in 1 part and 1 leaves over 79 levels: "N1" 5 (100%). ' +
      'The largest leaf is "N79" 5 (100%), in "N78".',
  );
  const deeper = await call(client, { type: "treemap", links: chain(200) });
  assert(deeper.text.startsWith('Invalid "links": 201 nodes is more than 80 for a treemap'), deeper.text);
});

Deno.test("treemap: a cycle of 3 or 70 nodes is named from where it closes; a repeated link is named as such", async () => {
  await using client = await connect();
  const ring: Link[] = Array.from({ length: 3 }, (_, i) => ({ from: `C${i}`, to: `C${(i + 1) % 3}` }));
  const cycle = await call(client, { type: "treemap", links: [{ from: "R", to: "L", value: 1 }, ...ring] });
  assertEquals(
    cycle.text,
    'Invalid "links": the links form a cycle: "C1" → "C2" → "C0" → "C1"\n' +
      "A treemap is a tree: each node under one parent, none under itself",
  );
  const big: Link[] = Array.from({ length: 70 }, (_, i) => ({ from: `C${i}`, to: `C${(i + 1) % 70}` }));
  const long = await call(client, { type: "treemap", links: [{ from: "R", to: "L", value: 1 }, ...big] });
  assert(
    long.text.startsWith('Invalid "links": the links form a cycle: "C1" → "C2" → '),
    long.text.slice(0, 80),
  );
  const twice = await call(client, {
    type: "treemap",
    links: [{ from: "A", to: "B", value: 1 }, { from: "A", to: "B", value: 1 }],
  });
  assertEquals(
    twice.text,
    'Invalid "links[1].to": "B" is linked from "A" twice (links[0] and links[1])\n' +
      "Give each node one parent; a treemap nests parts, a sankey draws flows that merge",
  );
});

Deno.test("treemap: values at ±1e300 draw; 1e300 plus a bit is refused; NaN cannot arrive as JSON", async () => {
  await using client = await connect();
  const top = await call(client, {
    type: "treemap",
    links: [{ from: "A", to: "B", value: 1e300 }, { from: "A", to: "C", value: 1e300 }],
  });
  assert(!top.error, top.text);
  const over = await call(client, { type: "treemap", links: [{ from: "A", to: "B", value: 1.1e300 }] });
  assertEquals(
    over.text,
    'Invalid "links[0].value": 1.1e+300 is beyond 1e+300, the largest value a chart draws\n' +
      "Scale the values (e.g. in billions) and say so in the title",
  );
});

Deno.test("squarified layout: each leaf's area is its share of the box, and the leaves tile it", () => {
  const { root } = buildTree(
    [
      { from: "R", to: "A" },
      { from: "A", to: "a1", value: 6 },
      { from: "A", to: "a2", value: 6 },
      { from: "R", to: "B", value: 4 },
      { from: "R", to: "C", value: 3 },
      { from: "A", to: "a3", value: 4 },
      { from: "R", to: "D", value: 1 },
    ],
    "T",
    "treemap",
  );
  const boxes = treemapLayout(root);
  const box = boxes.get(root)!;
  const whole = (box.x1 - box.x0) * (box.y1 - box.y0);
  let sum = 0;
  for (const [node, b] of boxes) {
    if (node.children.length) continue;
    const area = (b.x1 - b.x0) * (b.y1 - b.y0);
    sum += area;
    assert(Math.abs(area / whole - node.value / root.value) < 1e-9, node.name);
    assert(b.x0 >= box.x0 - 1e-9 && b.x1 <= box.x1 + 1e-9 && b.y0 >= -1e-9 && b.y1 <= 1 + 1e-9, node.name);
  }
  assert(Math.abs(sum - whole) < 1e-9);
  // squarified: no leaf here is more than 3 times longer than wide
  for (const [node, b] of boxes) {
    const ratio = Math.max((b.x1 - b.x0) / (b.y1 - b.y0), (b.y1 - b.y0) / (b.x1 - b.x0));
    if (!node.children.length) assert(ratio < 3, `${node.name}: ${ratio}`);
  }
});

Deno.test("the chart card refuses a treemap naming the structure card", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_chart_card",
    arguments: { title: "T", type: "treemap", labels: ["a"], series: [{ name: "s", values: [1] }] },
  });
  assertEquals(
    textOf(result),
    'Input validation error: Invalid arguments for tool create_chart_card: type: "treemap" is not a type of this tool: create_structure_card draws it',
  );
});

Deno.test("sankey: 80 flows draw and 81 are refused; 40 nodes draw and 41 are refused", async () => {
  await using client = await connect();
  // 80 flows among 40 nodes: 20 sources, each to two of 20 sinks
  const flows = (n: number, sources: number, sinks: number) =>
    Array.from(
      { length: n },
      (_, i) => ({ from: `S${i % sources}`, to: `T${(i + Math.floor(i / sources)) % sinks}`, value: i + 1 }),
    );
  const at = await call(client, { type: "sankey", links: flows(80, 20, 20) });
  assert(!at.error, at.text);
  assert(at.text.startsWith('Structure card "T": Sankey of 80 flows between 40 nodes:'), at.text);
  const over = await call(client, {
    type: "sankey",
    links: [...flows(80, 20, 20), { from: "S0", to: "X", value: 1 }],
  });
  assertEquals(
    over.text,
    'Invalid "links": 81 flows is more than 80 for a sankey\nFold the smallest flows into one per node',
  );
  const nodes = await call(client, { type: "sankey", links: flows(21, 21, 20) });
  assertEquals(
    nodes.text,
    'Invalid "links": 41 nodes is more than 40 for a sankey\nGroup the smaller nodes into one',
  );
});

Deno.test("the chart card refuses a sankey naming the structure card", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_chart_card",
    arguments: { title: "T", type: "sankey", labels: ["a"], series: [{ name: "s", values: [1] }] },
  });
  assert(
    textOf(result).endsWith('type: "sankey" is not a type of this tool: create_structure_card draws it'),
  );
});

/** `n` tasks a week apart, each two weeks long, names `width` characters long. */
const plan = (n: number, width = 12) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${i} `.padEnd(width, "n"),
    start: new Date(Date.UTC(2025, 0, 6 + 7 * i)).toISOString().slice(0, 10),
    end: new Date(Date.UTC(2025, 0, 20 + 7 * i)).toISOString().slice(0, 10),
    group: `Team ${i % 8}`.padEnd(40, "t"),
  }));

Deno.test("gantt: 25 tasks with 80-character names and 40-character groups draw within the result ceiling; 26 are refused naming the limit; 81-character names by the schema", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_structure_card",
    arguments: { title: "T", type: "gantt", tasks: plan(MAX_TASKS, 80) },
  });
  assert(!result.isError, textOf(result));
  const size = JSON.stringify(result).length;
  assert(size < 40_000, `${size} characters`);
  assert(
    textOf(result).startsWith(
      'Structure card "T": Gantt of 25 tasks from 2025-01-06 to 2025-07-07 (182 days). Longest: "0 nnn',
    ),
    textOf(result),
  );
  assertEquals(await call(client, { type: "gantt", tasks: plan(MAX_TASKS + 1) }), {
    error: true,
    text:
      'Invalid "tasks": a gantt draws at most 25 tasks, not 26\nMerge the smaller tasks into phases, or split the plan into several cards',
  });
  const longer = await call(client, { type: "gantt", tasks: [{ ...plan(1)[0], name: "x".repeat(81) }] });
  assert(longer.text.includes("tasks.0.name: 81 characters, the limit is 80 characters"), longer.text);
  const hostile = await call(client, { type: "gantt", tasks: [{ ...plan(1)[0], name: "x".repeat(200) }] });
  assert(hostile.text.includes("tasks.0.name: 200 characters, the limit is 80 characters"), hostile.text);
});

Deno.test("gantt: hostile dates are refused naming the task's field; datetimes with offsets and milestones draw", async () => {
  await using client = await connect();
  const task = { name: "Plan", start: "2025-01-06", end: "2025-01-10" };
  for (
    const bad of ["2025-13-01", "2025-02-29", "2025-01-06T24:00", "06/01/2025", "2025-01-06T10:00+25:00"]
  ) {
    assertEquals(await call(client, { type: "gantt", tasks: [task, { ...task, end: bad }] }), {
      error: true,
      text: `Invalid "tasks[1].end": ${
        JSON.stringify(bad)
      } is not an ISO date or datetime\nWrite dates as 2024-03-05 and times as 2024-03-05T14:30`,
    });
  }
  const blank = await call(client, { type: "gantt", tasks: [{ ...task, start: " " }] });
  assert(blank.text.endsWith("tasks.0.start: must not be empty or only whitespace"), blank.text);
  const quoted = await call(client, { type: "gantt", tasks: [{ ...task, start: '"}] ignore that' }] });
  assert(quoted.text.startsWith('Invalid "tasks[0].start": "\\"}] ignore that" is not'), quoted.text);
  // one millisecond back is refused; the same instant is a milestone, also across offsets
  assertEquals(
    (await call(client, {
      type: "gantt",
      tasks: [{ name: "Tick", start: "2025-01-06T10:00:00.001Z", end: "2025-01-06T10:00Z" }],
    })).text,
    'Invalid "tasks[0].end": task "Tick" ends ("2025-01-06T10:00Z") before it starts ("2025-01-06T10:00:00.001Z")\nGive each task an end at or after its start (the same for a milestone)',
  );
  const zoned = await call(client, {
    type: "gantt",
    tasks: [{ name: "Call", start: "2025-01-06T10:00+01:00", end: "2025-01-06T09:00Z" }, task],
  });
  assert(zoned.text.includes('Milestone: "Call" (2025-01-06T10:00+01:00).'), zoned.text);
});

Deno.test("gantt: overlaps are counted pair by pair; tasks end to end do not overlap", async () => {
  await using client = await connect();
  const chained = await call(client, {
    type: "gantt",
    tasks: [
      { name: "A", start: "2025-01-01", end: "2025-01-05" },
      { name: "B", start: "2025-01-05", end: "2025-01-09" },
    ],
  });
  assertEquals(
    chained.text,
    'Structure card "T": Gantt of 2 tasks from 2025-01-01 to 2025-01-09 (8 days). Longest: "A" (4 days). No tasks overlap: they run one after another.',
  );
  const three = await call(client, {
    type: "gantt",
    tasks: [
      { name: "A", start: "2025-01-01", end: "2025-01-10" },
      { name: "B", start: "2025-01-02", end: "2025-01-04" },
      { name: "C", start: "2025-01-03", end: "2025-01-12" },
    ],
  });
  assert(
    three.text.includes("3 pairs of tasks overlap; at most 3 run at once (from 2025-01-03)."),
    three.text,
  );
});

Deno.test("gantt: durations read in days, hours or minutes in the locale", () => {
  assertEquals(duration(0, "en"), "milestone");
  assertEquals(duration(90_000, "en"), "2 minutes");
  assertEquals(duration(3_600_000 * 1.5, "en"), "1.5 hours");
  assertEquals(duration(86_400_000 * 14, "en"), "14 days");
  assertEquals(duration(86_400_000, "de"), "1 Tag");
});

Deno.test("sunburst: 8 levels draw as 8 rings, 9 and a 50-level chain are refused naming the depth; 2,000 links by the node limit", async () => {
  await using client = await connect();
  const eight = await article(client, { type: "sunburst", links: chain(8) });
  assertEquals((eight.match(/class="mcc-pt /g) ?? []).length, 8);
  for (const levels of [9, 50]) {
    assertEquals(await call(client, { type: "sunburst", links: chain(levels) }), {
      error: true,
      text:
        `Invalid "links": the hierarchy is ${levels} levels deep, more than the 8 rings a sunburst draws\n` +
        "Fold the deepest levels into their parents, or use a treemap",
    });
  }
  assertEquals(
    (await call(client, { type: "sunburst", links: fan(2_000) })).text,
    'Invalid "links": 2001 nodes is more than 80 for a sunburst\nFold the smallest parts into one per parent',
  );
});

Deno.test("sunburst: equal leaves take equal angles, a zero leaf has a row but no arc, markup and bidi stay text", async () => {
  await using client = await connect();
  const names = ["<b>a</b>", "\u202eb", "c & d", "Same", "same"];
  const links = [...names.map((to) => ({ from: "Root", to, value: 1 })), {
    from: "Root",
    to: "Zero",
    value: 0,
  }];
  const text = await article(client, { type: "sunburst", links });
  // five arcs of 72° each: every arc's outer edge is the same chord
  const arcs = [
    ...text.matchAll(
      /class="mcc-pt [^"]*" data-i="\d+" d="M([\d.]+) ([\d.]+)A[^ ]+ [^ ]+ 0 0 1 ([\d.]+) ([\d.]+)/g,
    ),
  ]
    .map(([, x0, y0, x1, y1]) => Math.round(Math.hypot(+x1 - +x0, +y1 - +y0)));
  assertEquals(arcs.length, 5);
  assert(arcs.every((c) => Math.abs(c - arcs[0]) <= 1), `${arcs}`);
  assert(text.includes('<th scope="row">Root › Zero</th><td data-v="0">0</td><td>0%</td><td>0%</td>'), text);
  assert(text.includes("Root › &lt;b&gt;a&lt;/b&gt;"), "markup escaped in the table");
  assert(!text.includes("<b>a</b>"), "no markup through");
});

Deno.test("the chart card refuses a sunburst naming the structure card", async () => {
  await using client = await connect();
  const result = await client.callTool({
    name: "create_chart_card",
    arguments: { title: "T", type: "sunburst", labels: ["a"], series: [{ name: "s", values: [1] }] },
  });
  assertEquals(
    textOf(result),
    'Input validation error: Invalid arguments for tool create_chart_card: type: "sunburst" is not a type of this tool: create_structure_card draws it',
  );
});
