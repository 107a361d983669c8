/**
 * Fetching every part of a split card, through a real in-memory MCP client: the first call
 * renders the input and stores every part, and each later part is read by the card's id with
 * get_card. Measured against floors in the same process (scripts/bench_summary.ts prints them):
 *
 * - a 10,000-row table: every part against one whole render (the same input, in one part, under
 *   budgets too large to split); target at most 3x, and each later part at most 1.2x its share
 *   (the whole render divided by the number of parts);
 * - a 1 MB markdown document: every part against markdown-it rendering the same text once;
 *   target at most 3x.
 */
import markdownIt from "markdown-it";
import { connect } from "../../tests/helpers.ts";
import { median } from "./measure.ts";

/** A 10,000-row table shaped like reference data: an id, a name, a sentence with markup, a link. */
export const TABLE_10K = {
  title: "Ten thousand rows",
  headers: ["#", "Method", "Purpose", "Reference", "Since", "Cost"],
  rows: Array.from({ length: 10_000 }, (_, i) => [
    `${i + 1}`,
    `Array.prototype.method${i}`,
    `Transforms each item & returns a <new> array of "results" (${i})`,
    `https://developer.example.org/docs/array/${i}`,
    i % 2 ? "ES2015" : "ES5",
    `${(i * 1.37).toFixed(2)} ms`,
  ]),
};

/** A ~1 MB guide: an intro, then H2 sections of prose, a list, a small table and a short code block. */
export function megabyteDocument(): string {
  const section = (i: number) =>
    [
      `## Section ${i + 1}: working with step ${i + 1}`,
      "",
      `Step ${i + 1} explains how the *parts* fit together. Read it **before** the next one, and keep ` +
      `the [reference](https://example.org/ref/${i}) at hand: it lists every option & its default. `.repeat(
        6,
      ),
      "",
      ...Array.from(
        { length: 5 },
        (_, j) => `- Point ${j + 1} of step ${i + 1}, with \`inline code\` and a note`,
      ),
      "",
      "| Option | Default | Meaning |",
      "| --- | --- | --- |",
      ...Array.from(
        { length: 4 },
        (_, j) => `| opt${j} | ${j * 10} | What option ${j} changes in step ${i + 1} |`,
      ),
      "",
      "```ts",
      `export function step${i}(input: number): number {`,
      `  return input * ${i + 1};`,
      "}",
      "```",
      "",
    ].join("\n");
  let text = "# A long guide\n\nAn introduction to the guide.\n\n";
  for (let i = 0; text.length + section(i).length < 999_900; i++) text += section(i); // the card takes 1,000,000
  return text;
}

export interface PartsFigures {
  parts: number;
  /** Milliseconds: every part, fetched in order. */
  all: number;
  /** Milliseconds: the floor (one whole render, or markdown-it once). */
  floor: number;
  /** Milliseconds each later part took (get_card by id). */
  later: number[];
}

type Structured = { card: { config: { id: string } }; parts: { total: number } };

/** Every part of `tool`'s card for `args`: the first call, then get_card by id for each later part. */
async function everyPart(tool: string, args: Record<string, unknown>) {
  await using client = await connect();
  const started = performance.now();
  const first = await client.callTool({ name: tool, arguments: args });
  if (first.isError) throw new Error(`${tool}: ${JSON.stringify(first.content)}`);
  const { card, parts } = first.structuredContent as unknown as Structured;
  const later: number[] = [];
  for (let part = 2; part <= parts.total; part++) {
    const t = performance.now();
    const r = await client.callTool({ name: "get_card", arguments: { id: card.config.id, part } });
    if (r.isError) throw new Error(`get_card part ${part}: ${JSON.stringify(r.content)}`);
    later.push(performance.now() - t);
  }
  return { parts: parts.total, all: performance.now() - started, later };
}

/** The same table rendered whole, in one part (budgets too large to split it). */
async function wholeTable(): Promise<number> {
  await using client = await connect({ cardBudget: 1e9, resultLimit: 1e9 });
  const t = performance.now();
  const r = await client.callTool({
    name: "create_table_card",
    arguments: { ...TABLE_10K, title: `${Math.random()}` },
  });
  if (r.isError) throw new Error(JSON.stringify(r.content));
  return performance.now() - t;
}

/** Medians over `runs` alternating runs of the parts and their floor. */
async function measure(
  runs: number,
  parts: () => Promise<{ parts: number; all: number; later: number[] }>,
  floor: () => Promise<number> | number,
): Promise<PartsFigures> {
  await parts(); // warm-up: modules, JIT
  await floor();
  const alls: number[] = [];
  const floors: number[] = [];
  let later: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const p = await parts();
    alls.push(p.all);
    later = later.concat(p.later);
    count = p.parts;
    floors.push(await floor());
  }
  return { parts: count, all: median(alls), floor: median(floors), later };
}

/** Every part of a 10,000-row table against one whole render of it. */
export function tableParts(runs = 3): Promise<PartsFigures> {
  // A new title per run: the card is rendered afresh, never served from a cache.
  let n = 0;
  return measure(
    runs,
    () => everyPart("create_table_card", { ...TABLE_10K, title: `Rows ${++n}` }),
    wholeTable,
  );
}

/** Every part of a 1 MB markdown document against markdown-it rendering it once. */
export function markdownParts(runs = 3): Promise<PartsFigures> {
  const text = megabyteDocument();
  const md = markdownIt();
  let n = 0;
  return measure(
    runs,
    () => everyPart("create_markdown_card", { markdown: `${text}\n\nRun ${++n}.\n` }),
    () => {
      const t = performance.now();
      md.render(text);
      return performance.now() - t;
    },
  );
}
