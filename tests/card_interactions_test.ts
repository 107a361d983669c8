/** defineCard's shared input for cards that show text: extras (tutor tips, context menu), carried on the frame. */
import { deepStrictEqual, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { defineCard } from "../src/card.ts";
import { DEFAULT_CONFIG } from "../src/config.ts";
import { markup } from "../src/html/html.ts";
import { CardStore } from "../src/store/card_store.ts";
import type { ToolContext } from "../src/tool.ts";

/** A tiny card that reports what render saw. */
function probe(options: { tutorAndActions?: boolean }) {
  const seen: Record<string, unknown>[] = [];
  const card = defineCard({
    name: "create_probe_card",
    kind: "probe",
    view: { widgets: [], styles: [] },
    title: "Probe",
    description: "Test card",
    input: z.object({ title: z.string().describe("Title") }),
    ...options,
    render(inp) {
      seen.push(inp);
      return { title: inp.title, summary: "s", blocks: [markup`<p>x</p>`] };
    },
  });
  return { card, seen };
}

const ctx = {
  config: DEFAULT_CONFIG,
  store: new CardStore(),
  apps: true,
  newId: () => "id-1",
  progress: () => Promise.resolve(),
} as unknown as ToolContext; // a card's handler reads none of the web tools' context

async function article(
  card: ReturnType<typeof probe>["card"],
  args: Record<string, unknown>,
): Promise<string> {
  const result = await card.handler(card.input.parse(args) as Record<string, unknown>, ctx);
  return (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml;
}

Deno.test("tutorAndActions adds extras, whose tips and menu reach the frame and never render", async () => {
  const { card, seen } = probe({ tutorAndActions: true });
  deepStrictEqual(Object.keys(card.input.shape), ["title", "extras"]);
  const html = await article(card, {
    title: "T",
    extras: { tips: { "a<b": 't"' }, menu: { L: "Explain {{selection}}" } },
  });
  deepStrictEqual(seen, [{ title: "T" }]);
  assertEquals(
    html.split("\n")[0],
    `<article class="mcc-card" data-mcc-kind="probe" data-mcc-tutor="{&quot;terms&quot;:[{&quot;term&quot;:&quot;a&lt;b&quot;,&quot;tip&quot;:&quot;t\\&quot;&quot;,&quot;caseInsensitive&quot;:true}]}" data-mcc-actions="[{&quot;label&quot;:&quot;L&quot;,&quot;prompt&quot;:&quot;Explain {{selection}}&quot;}]" aria-labelledby="m16sj33j-title">`,
  );
  // Without them the frame carries nothing extra.
  assertEquals(
    (await article(card, { title: "T" })).split("\n")[0],
    `<article class="mcc-card" data-mcc-kind="probe" aria-labelledby="m16sj33j-title">`,
  );
});

Deno.test("a card that does not take text has neither input", () => {
  deepStrictEqual(Object.keys(probe({}).card.input.shape), ["title"]);
});

Deno.test("a tip's term in lowercase matches any case; a capital makes it exact; blank entries are dropped", async () => {
  const { card } = probe({ tutorAndActions: true });
  const html = await article(card, {
    title: "T",
    extras: {
      tips: { recursion: "a", API: "b", JavaScript: "c", "3.14": "d", " ": "e", f: " " },
      menu: { " ": "x" },
    },
  });
  const tutor = /data-mcc-tutor="([^"]*)"/.exec(html)![1].replaceAll("&quot;", '"');
  deepStrictEqual(JSON.parse(tutor).terms, [
    { term: "recursion", tip: "a", caseInsensitive: true },
    { term: "API", tip: "b" },
    { term: "JavaScript", tip: "c" },
    { term: "3.14", tip: "d" },
  ]);
  assertEquals(html.includes("data-mcc-actions"), false, "a menu of blank items is no menu");
});

Deno.test("extras are checked in full though hosts see only their outline: unknown keys and limits are refused", () => {
  const { card } = probe({ tutorAndActions: true });
  const issues = (extras: unknown) =>
    card.input.safeParse({ title: "T", extras }).error?.issues.map((i) =>
      `${i.path.join(".")}: ${i.message}`
    );
  deepStrictEqual(issues({ tips: { a: "b" }, menu: { c: "d" } }), undefined);
  deepStrictEqual(issues({ terms: [] }), ['extras: Unrecognized key: "terms"']);
  deepStrictEqual(issues({ tips: { a: 1 } }), [
    "extras.tips.a: Invalid input: expected string, received number",
  ]);
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`t${i}`, "x"]));
  deepStrictEqual(issues({ tips: many(40), menu: many(8) }), undefined);
  deepStrictEqual(issues({ tips: many(41) }), ["extras.tips: at most 40 tips"]);
  deepStrictEqual(issues({ menu: many(9) }), ["extras.menu: at most 8 menu items"]);
  deepStrictEqual(issues({ tips: { ["x".repeat(81)]: "y" } })?.length, 1);
  deepStrictEqual(issues({ menu: { a: "y".repeat(2_001) } })?.length, 1);
});
