/**
 * Card kinds of one's own, added with `createServer({ cards })` through the public API: listed
 * after the built-in cards, rendered, pulled again by get_card, painted by a template made from the
 * kind's view, and refused when the server is created for a taken kind, widgets no built runtime
 * carries, an unknown stylesheet, CSS that would end its element, or a template over budget (at
 * the limit and one byte past it).
 */
import assert, { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { gzipSync } from "fflate";
import { z } from "zod";
import {
  createServer,
  defineCard,
  type KindUi,
  markup,
  orderedListBlock,
  type ServerOptions,
} from "../../mod.ts";
import { CARDS } from "../../src/registry.ts";
import { STYLESHEETS } from "../../src/ui/assets.gen.ts";
import { ALWAYS_STYLES, MAX_GZIP_BYTES, MAX_RAW_BYTES } from "../../src/ui/kinds.ts";
import { templateHtml } from "../../src/ui/template.ts";
import { connect, textOf } from "../helpers.ts";

/** A card kind of one's own: numbered steps that split into parts, with a stylesheet of its own. */
function stepsCard(kind: string, view: KindUi) {
  return defineCard({
    name: `create_${kind}_card`,
    kind,
    title: "Steps card",
    description: "Numbered steps",
    input: z.object({
      title: z.string().describe("Card title"),
      steps: z.array(z.string()).min(1).describe("The steps, in order"),
    }),
    view,
    splittable: true,
    render: ({ title, steps }) => ({
      title,
      summary: `Steps card "${title}": ${steps.length} steps`,
      blocks: [orderedListBlock(steps, (step) => markup`${step}`, "mcc-steps")],
    }),
  });
}

const STEPS_CSS = ".mcc-steps li::marker{font-weight:700}";
const steps = stepsCard("steps", { widgets: [], styles: ["list"], css: STEPS_CSS });

Deno.test("own cards: listed after the built-in cards, rendered, and split with their numbering", async () => {
  await using client = await connect({ cards: [steps], cardBudget: 2_000 });
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  assertDeep(names.slice(0, CARDS.length + 1), [...CARDS.map((c) => c.name), "create_steps_card"]);
  const tool = tools.find((t) => t.name === "create_steps_card")!;
  assertDeep(tool._meta?.ui, { resourceUri: "ui://mcp-chat-cards/template/steps.html" });
  const args = {
    title: "Bread",
    steps: Array.from({ length: 60 }, (_, i) => `Step number ${i + 1} of the loaf`),
  };
  const first = await client.callTool({ name: "create_steps_card", arguments: args });
  assertEquals(textOf(first).startsWith('Steps card "Bread": 60 steps'), true, textOf(first));
  const parts = (first.structuredContent as { parts: { total: number } }).parts;
  assertEquals(parts.total > 1, true);
  const second = await client.callTool({ name: "create_steps_card", arguments: { ...args, part: 2 } });
  const html = (second.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
  const start = Number(/<ol class="mcc-steps" start="(\d+)">/.exec(html)?.[1]);
  assertEquals(html.includes(`<li>Step number ${start} of the loaf</li>`), true, "part 2 numbers on");
  // get_card, the view's pull, renders the own card like the built-in ones.
  const pulled = await client.callTool({
    name: "get_card",
    arguments: { tool: "create_steps_card", arguments: args },
  });
  assertEquals(pulled.isError, undefined, textOf(pulled));
});

Deno.test("own cards: the template is the plain runtime with every template's styles, its own and its css", async () => {
  await using client = await connect({ cards: [steps] });
  const { resources } = await client.listResources();
  assertEquals(resources.some((r) => r.uri === "ui://mcp-chat-cards/template/steps.html"), true);
  const read = await client.readResource({ uri: "ui://mcp-chat-cards/template/steps.html" });
  const text = (read.contents[0] as { text: string }).text;
  const sheets = STYLESHEETS as Record<string, string>;
  const css = Object.keys(sheets).filter((n) => [...ALWAYS_STYLES, "list"].includes(n)).map((n) => sheets[n]);
  assertEquals(text.includes(`<style id="mcc-css">${css.join("")}${STEPS_CSS}</style>`), true);
  assertEquals(text.includes('data-mcc-template="steps"'), true);
  // A host without MCP Apps gets the standalone document, with the same stylesheet.
  await using plain = await connect({ cards: [steps], apps: false });
  const result = await plain.callTool({ name: "create_steps_card", arguments: { title: "T", steps: ["a"] } });
  const link = (result.content as { uri?: string }[]).find((c) => c.uri)!.uri!;
  const doc = (await plain.readResource({ uri: link })).contents[0] as { text: string };
  assertEquals(doc.text.includes(STEPS_CSS), true);
});

/** The message createServer refuses these cards with. */
function refusal(cards: ServerOptions["cards"]): string {
  try {
    createServer({ cards });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("accepted");
}

Deno.test("own cards: a taken kind, missing widgets or stylesheets, and closing CSS are refused", () => {
  assertEquals(
    refusal([stepsCard("table", { widgets: [], styles: [] })]),
    'Card kind "table" is taken by create_table_card: choose another kind',
  );
  assertEquals(
    refusal([stepsCard("web_form", { widgets: [], styles: [] })]),
    'Card kind "web_form" is taken by mirror_web_form: choose another kind',
  );
  assertEquals(
    refusal([steps, stepsCard("steps", { widgets: [], styles: [] })]),
    'Card kind "steps" is taken by create_steps_card: choose another kind',
  );
  const missing = refusal([stepsCard("chart_tour", { widgets: ["chart", "tab"], styles: [] })]);
  assertEquals(
    missing.startsWith(
      'Card kind "chart_tour": no built runtime carries exactly the widgets ["chart","tab"]; use one of ["tab"], ["table"], ["chart"],',
    ),
    true,
    missing,
  );
  assertEquals(
    refusal([stepsCard("fancy", { widgets: [], styles: ["fancy"] })]).startsWith(
      'Card kind "fancy": no stylesheet fancy; the built ones are base, ',
    ),
    true,
  );
  assertEquals(
    refusal([stepsCard("escape", { widgets: [], styles: [], css: "</STYLE><script>alert(1)</script>" })]),
    'Card kind "escape": its css contains </style, which would end its own element',
  );
  assert.throws(
    () => defineCard({ ...stepsSpec(), name: "create_step_card" }),
    /must be named "create_steps_card"/,
  );
});

function stepsSpec() {
  return {
    name: "create_steps_card",
    kind: "steps",
    title: "Steps",
    description: "x",
    input: z.object({ title: z.string().describe("Title") }),
    view: { widgets: [], styles: [] },
    render: ({ title }: { title: string }) => ({ title, summary: title, blocks: [] }),
  };
}

Deno.test("own cards: the template budget holds, at the limit and one byte past it, raw and gzip", () => {
  const sheets = STYLESHEETS as Record<string, string>;
  const always = Object.keys(sheets).filter((n) => ALWAYS_STYLES.includes(n)).map((n) => sheets[n]).join("");
  createServer({ cards: [stepsCard("probe", { widgets: [], styles: [] })] });
  const runtime = /<script id="mcc-runtime">([\s\S]*)<\/script>/.exec(templateHtml("probe"))![1];
  const bytes = (text: string) => new TextEncoder().encode(text);
  const room = MAX_RAW_BYTES - bytes(always + runtime).length;
  const pad = (n: number) => `/*${"x".repeat(n - 4)}*/`;
  createServer({ cards: [stepsCard("at_limit", { widgets: [], styles: [], css: pad(room) })] });
  const gzip = gzipSync(bytes(always + pad(room + 1) + runtime)).length;
  assertEquals(
    refusal([stepsCard("past_limit", { widgets: [], styles: [], css: pad(room + 1) })]),
    `Card kind "past_limit": its template is over budget (${MAX_RAW_BYTES} B raw, ${MAX_GZIP_BYTES} B gzip): ${
      MAX_RAW_BYTES + 1
    } B raw, ${gzip} B gzip`,
  );
  // Text that barely compresses passes the gzip budget well before the raw one.
  const noise = Array.from({ length: 2_600 }, (_, i) => ((i * 2_654_435_761) >>> 0).toString(36)).join("");
  const noisy = refusal([stepsCard("noisy", { widgets: [], styles: [], css: `/*${noise}*/` })]);
  const [, raw, zipped] = /over budget .*: (\d+) B raw, (\d+) B gzip$/.exec(noisy) ?? [];
  assertEquals(Number(raw) <= MAX_RAW_BYTES && Number(zipped) > MAX_GZIP_BYTES, true, noisy);
});
