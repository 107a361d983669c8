/**
 * Red team on the map and diagram tools through a real in-memory client: non-finite and huge
 * coordinates and values are refused with the field named; every limit holds at N and is refused at
 * N+1 with the limit in the message; hostile keys and labels come out as inert text, never markup;
 * and the server keeps serving after each refusal.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { prepareMarkdown, splitDocument } from "../../src/render/markdown.ts";
import { connect } from "../helpers.ts";
import { call } from "./probe.ts";

const HOSTILE = `</svg><script>alert(1)</script>" onload="x' <img src=x onerror=y>`;

const pins = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ({ lat: -60 + (i % 120), lon: -170 + ((i * 7) % 340), label: `p${i}` }),
  );
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: i }));
const chain = (n: number) =>
  "flowchart LR\n" + Array.from({ length: n - 1 }, (_, i) => `  n${i} --> n${i + 1}`).join("\n");
const actors = (n: number) =>
  "sequenceDiagram\n" + Array.from({ length: n }, (_, i) => `  participant P${i}`).join("\n") +
  "\n  P0->>P1: hi";

/** No tag or handler attribute from the input in the card: the hostile text is there only escaped. */
function assertInert(html: string, where: string): void {
  for (const bad of [/<script/i, /<img/i, /\son\w+\s*=\s*["']/i, /<\/svg><script/i]) {
    assertEquals(bad.test(html), false, `${where}: ${bad} in the card`);
  }
}

Deno.test("adversarial: maps refuse non-finite and huge numbers with the field named", async () => {
  await using client = await connect();
  const refusals: [Record<string, unknown>, RegExp][] = [
    [
      { title: "t", data: [{ key: "FR", value: NaN }] },
      /data\.0\.value: expected a number, text or null, got NaN$/,
    ],
    [{ title: "t", data: [{ key: "FR", value: Infinity }] }, /data\.0\.value: .*, got Infinity$/],
    [{ title: "t", data: [{ key: "FR", value: -Infinity }] }, /data\.0\.value: .*, got -Infinity$/],
    [
      { title: "t", data: [{ key: "FR", value: 1e308 }] },
      /^Invalid "data\[0\]\.value": 1e\+308 is beyond ±1e\+300, the largest value a map colours\n/,
    ],
    [{ title: "t", pins: [{ lat: NaN, lon: 0, label: "x" }] }, /pins\.0\.lat: expected a number, got NaN$/],
    [
      { title: "t", pins: [{ lat: 0, lon: Infinity, label: "x" }] },
      /pins\.0\.lon: expected a number, got Infinity$/,
    ],
    [
      { title: "t", pins: [{ lat: 1e308, lon: 0, label: "x" }] },
      /pins\.0\.lat: 1e\+308, the largest allowed is 90$/,
    ],
    [
      { title: "t", pins: [{ lat: 90.000001, lon: 0, label: "x" }] },
      /pins\.0\.lat: 90\.000001, the largest allowed is 90$/,
    ],
    [
      { title: "t", pins: [{ lat: 0, lon: -180.000001, label: "x" }] },
      /pins\.0\.lon: -180\.000001, the smallest allowed is -180$/,
    ],
    [
      { title: "t", pins: [{ lat: "1", lon: 0, label: "x" }] },
      /pins\.0\.lat: expected a number, got text: send 1 without quotes$/,
    ],
    [
      { title: "t", pins: [{ lat: 0, lon: 0, label: "x", value: NaN }] },
      /pins\.0\.value: expected a number, got NaN$/,
    ],
    [
      { title: "t", pins: [{ lat: 0, lon: 0, label: "x", value: 1e308 }] },
      /"pins\[0\]\.value": 1e\+308 is beyond/,
    ],
    [{ title: "t", data: rows(301) }, /data: 301 items, the limit is 300 items$/],
    [{ title: "t", pins: pins(301) }, /pins: 301 items, the limit is 300 items$/],
  ];
  for (const [args, message] of refusals) {
    const r = await call(client, "create_map_card", args);
    assertEquals(r.isError, true, `accepted: ${JSON.stringify(args).slice(0, 120)}`);
    assertEquals(message.test(r.text), true, r.text);
  }
  // the edges themselves are in range, and the server still serves
  for (const edge of [{ lat: 90, lon: 180 }, { lat: -90, lon: -180 }]) {
    const r = await call(client, "create_map_card", { title: "edge", pins: [{ ...edge, label: "x" }] });
    assertEquals(r.isError, false, r.text);
  }
});

Deno.test("adversarial: maps hold 300 rows and 300 pins, and hostile keys and labels stay text", async () => {
  // 300 unknown keys, each named in the note, pass the default 40,000-character result ceiling (a
  // clear refusal of its own); a higher ceiling shows the row limit itself holds at 300
  await using client = await connect({ resultLimit: 200_000 });
  const full = await call(client, "create_map_card", { title: "N", data: rows(300) });
  assertEquals(full.isError, false, full.text);
  const many = await call(client, "create_map_card", { title: "N", pins: pins(300) });
  assertEquals(many.isError, false, many.text);
  const hostile = await call(client, "create_map_card", {
    title: HOSTILE,
    valueName: HOSTILE,
    data: [{ key: HOSTILE, value: 1 }, { key: "__proto__", value: 2 }, { key: "constructor", value: 3 }],
    pins: [{ lat: 1, lon: 2, label: HOSTILE, group: HOSTILE.slice(0, 60) }],
  });
  assertEquals(hostile.isError, false, hostile.text);
  const html = hostile.structured!.card.articleHtml as string;
  assertInert(html, "map");
  // every hostile key is named as not placed, quoted so it cannot close its quotes
  assertEquals(hostile.text.includes(JSON.stringify("__proto__")), true, hostile.text);
  assertEquals(hostile.text.includes(JSON.stringify("constructor")), true, hostile.text);
  assertEquals(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("adversarial: diagrams hold their limits at N, refuse N+1, and draw hostile labels as text", async () => {
  await using client = await connect();
  const ok = [chain(150), actors(20), "flowchart TB\n  A --> B\n" + "%% padding\n".repeat(1818)];
  for (const mermaid of ok) {
    const r = await call(client, "create_diagram_card", { title: "N", mermaid: mermaid.slice(0, 20_000) });
    assertEquals(r.isError, false, r.text.slice(0, 200));
  }
  const refusals: [string, RegExp][] = [
    [chain(151), /^Invalid "mermaid": 151 nodes is more than 150\n/],
    [actors(21), /^Invalid "mermaid": 21 participants is more than 20\n/],
    [
      "flowchart TB\n  A --> B\n" + "%".repeat(20_000),
      /mermaid: 20,023 characters, the limit is 20,000 characters$/,
    ],
    [" \n\t ", /mermaid: must not be empty$/],
  ];
  for (const [mermaid, message] of refusals) {
    const r = await call(client, "create_diagram_card", { title: "t", mermaid });
    assertEquals(r.isError, true, `accepted: ${mermaid.slice(0, 60)}`);
    assertEquals(message.test(r.text), true, r.text);
  }
  const hostile = await call(client, "create_diagram_card", {
    title: HOSTILE,
    mermaid:
      `flowchart LR\n  A["${HOSTILE.replaceAll('"', "#quot;")}"] -->|${
        HOSTILE.replaceAll("|", "")
      }| B{{x}}\n` +
      `  __proto__ --> constructor`,
  });
  assertEquals(hostile.isError, false, hostile.text);
  assertInert(hostile.structured!.card.articleHtml as string, "diagram");
  const seq = await call(client, "create_diagram_card", {
    title: "s",
    mermaid: `sequenceDiagram\n  participant A as ${HOSTILE}\n  A->>A: ${HOSTILE}\n  Note over A: ${HOSTILE}`,
  });
  assertEquals(seq.isError, false, seq.text);
  assertInert(seq.structured!.card.articleHtml as string, "sequence");
});

Deno.test("adversarial: one document lays out at most 2,000 nodes and edges in all its mermaid fences, then shows source", async () => {
  const lone = (n: number) =>
    "```mermaid\nflowchart LR\n" + Array.from({ length: n }, (_, i) => `  n${i}`).join("\n") + "\n```\n\n";
  const atLimit = lone(150).repeat(13) + lone(50); // 1,950 + 50
  await prepareMarkdown(atLimit);
  const reason = "this document&#39;s diagrams pass 2,000 nodes and edges";
  const html = (markdown: string) => {
    const doc = splitDocument(markdown);
    return [doc.intro, ...doc.sections.map((s) => s.body)].map((h) => h.value).join("");
  };
  const drawn = (markup: string) => markup.split('class="mcc-dg-svg"').length - 1;
  const full = html(atLimit);
  assertEquals(drawn(full), 14);
  assertEquals(full.includes(reason), false);
  // Past the budget, in sections too (the budget is the document's, not a section's).
  const over = html(atLimit.replaceAll("```mermaid", "## S\n\n```mermaid") + lone(1) + lone(1));
  assertEquals(drawn(over), 14);
  assertEquals(over.split(reason).length - 1, 2);
  // A card's own diagram is not a document: its limits are its own.
  await using client = await connect();
  const own = await call(client, "create_diagram_card", {
    title: "N",
    mermaid: lone(150).split("\n").slice(1, -3).join("\n"),
  });
  assertEquals(own.isError, false, own.text.slice(0, 200));
});
