/** defineCard's shared inputs for cards that show text: tutor terms and context actions, carried on the frame. */
import { deepStrictEqual, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { defineCard } from "../src/card.ts";
import { DEFAULT_CONFIG } from "../src/config.ts";
import { markup } from "../src/html/html.ts";
import { CardStore } from "../src/output/store.ts";
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

Deno.test("tutorAndActions adds tutor and actions, which reach the frame and never render", async () => {
  const { card, seen } = probe({ tutorAndActions: true });
  deepStrictEqual(Object.keys(card.input.shape), ["title", "tutor", "actions"]);
  const html = await article(card, {
    title: "T",
    tutor: { terms: [{ term: "a<b", tip: 't"' }] },
    actions: [{ label: "L", prompt: "Explain {{selection}}" }],
  });
  deepStrictEqual(seen, [{ title: "T" }]);
  assertEquals(
    html.split("\n")[0],
    `<article class="mcc-card" data-mcc-kind="probe" data-mcc-tutor="{&quot;terms&quot;:[{&quot;term&quot;:&quot;a&lt;b&quot;,&quot;tip&quot;:&quot;t\\&quot;&quot;}]}" data-mcc-actions="[{&quot;label&quot;:&quot;L&quot;,&quot;prompt&quot;:&quot;Explain {{selection}}&quot;}]" aria-labelledby="m16sj33j-title">`,
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
