/**
 * One template per card kind (src/ui/kinds.ts): each kind's template must carry every widget its
 * markup asks for, or the card would sit there inert. The card markup of every golden case (and of
 * mirror_web_form's goldens) is checked against the hooks each widget answers to: a widget the kind
 * leaves out must find nothing to do in that kind's cards, and every widget a kind carries must find
 * something in at least one of its cards. The stylesheets are checked in the browser
 * (tests/browser/kinds_test.ts).
 */
import assert, { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { parseHTML } from "linkedom";
import { CARDS, KIND_UI, TOOLS } from "../../src/registry.ts";
import { ALWAYS_STYLES, kindViews } from "../../src/ui/kinds.ts";
import { ACTION } from "../../src/ui/shared/protocol.ts";

const root = new URL("../../", import.meta.url);

/**
 * What in card markup each kind widget answers to: its actions, the selectors of its clicks, keys
 * and submits, and what its `enhance` looks for (read from src/ui/runtime/widgets/<name>.ts).
 */
const HOOKS: Record<string, string> = {
  tab: '[role="tab"]',
  reveal: `[data-mcc-action="${ACTION.showAll}"], [data-mcc-action="${ACTION.hideAll}"]`,
  markdown: ".mcc-body > details.mcc-md-section",
  code_tour: `.mcc-body > .mcc-tourfile, .mcc-src, [data-mcc-action="${ACTION.view}"]`,
  web_form: "form[data-mcc-web-form]",
  host_check: "[data-mcc-host-check]",
  form: "form[data-mcc-prompt], [data-mcc-field], [data-mcc-count]",
  prompt: `form[data-mcc-final], [data-mcc-action="${ACTION.copyPrompt}"]`,
  chart: "[data-mcc-chart], .mcc-pt",
  map: "[data-mcc-map]",
  diagram: "[data-mcc-diagram]",
  table: `[data-mcc-kind="table"] .mcc-table`,
  animation: "[data-mcc-anim]",
  video: "[data-mcc-video] video",
  move: "[data-mcc-movable]",
};

/** Markup a widget adds that another widget then answers to: a document's show-all bar, a tour's tabs. */
const ADDS: Record<string, string> = { markdown: "reveal", code_tour: "tab" };

/** Widgets that only draw the live preview: nothing in the result's markup asks for them. */
const PREVIEW_ONLY = new Set(["list"]);

/** The kinds that split into parts: get_card's "parts" template paints them all. */
const SPLIT = CARDS.filter((c) => c.card.splittable).map((c) => c.card.kind);

/** The article markup of every golden card of `kind`. */
async function goldens(kind: string): Promise<[string, string][]> {
  if (kind === "parts") return (await Promise.all(SPLIT.map(goldens))).flat();
  const dir = new URL(kind === "web_form" ? "tests/tools/web_form/" : `tests/cards/${kind}/`, root);
  const found: [string, string][] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".html")) continue;
    const html = await Deno.readTextFile(new URL(entry.name, dir));
    if (html.includes('class="mcc-card"')) found.push([entry.name, html]);
  }
  return found;
}

const widgetsOf = (kind: string) => [...KIND_UI[kind].widgets, ...(KIND_UI[kind].movable ? ["move"] : [])];

Deno.test("every tool that shows a card names known widgets, and styles beyond the ones always carried", () => {
  assertDeep(Object.keys(KIND_UI), [...CARDS.map((c) => c.card.kind), "web_form", "parts"]);
  for (const [kind, ui] of Object.entries(KIND_UI)) {
    for (const w of ui.widgets) {
      assertEquals(w in HOOKS || PREVIEW_ONLY.has(w), true, `${kind}: unknown widget ${w}`);
    }
    for (const s of ui.styles) {
      assertEquals(ALWAYS_STYLES.includes(s), false, `${kind}: ${s} is always carried`);
    }
  }
  assertDeep(Object.keys(KIND_UI), TOOLS.flatMap((t) => t.view ? [t.view.kind] : []));
});

Deno.test("a kind two tools show must be declared alike by both", () => {
  const view = { kind: "form", widgets: ["form"], styles: ["form"] };
  assertDeep(kindViews([{ name: "a", view }, { name: "b", view: { ...view } }]), {
    form: { widgets: ["form"], styles: ["form"] },
  });
  assert.throws(
    () => kindViews([{ name: "a", view }, { name: "b", view: { ...view, styles: [] } }]),
    { message: 'b and a declare different templates for the kind "form"' },
  );
});

Deno.test("tutor terms and whole downloads are in the templates of exactly the kinds that can have them", () => {
  // a tool takes `extras` (tutor terms) when it takes text (src/card.ts); mirror_web_form does neither
  const tools = new Map(CARDS.map((c) => [c.card.kind, c]));
  for (const [kind, ui] of Object.entries(KIND_UI)) {
    const tool = tools.get(kind);
    assertEquals(!!ui.terms, !!tool && "extras" in tool.input.shape, `${kind}: terms`);
    assertEquals(!!ui.parts, !!tool?.card.splittable, `${kind}: parts`);
  }
});

for (const kind of Object.keys(KIND_UI)) {
  Deno.test(`the ${kind} template carries every widget its cards ask for, and none they never do`, async () => {
    const cards = await goldens(kind);
    assertEquals(cards.length > 0, true, `no golden card of ${kind}`);
    const carried = widgetsOf(kind);
    const used = new Set<string>();
    for (const [name, html] of cards) {
      const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`) as unknown as {
        document: { querySelector(selector: string): unknown };
      };
      for (const [widget, selector] of Object.entries(HOOKS)) {
        if (!document.querySelector(selector)) continue;
        used.add(widget).add(ADDS[widget] ?? widget);
        for (const needed of new Set([widget, ADDS[widget] ?? widget])) {
          assertEquals(
            carried.includes(needed),
            true,
            `${kind}/${name} needs the ${needed} widget (${selector})`,
          );
        }
      }
    }
    const unused = carried.filter((w) => !used.has(w) && !PREVIEW_ONLY.has(w));
    assertDeep(unused, [], `${kind} carries widgets none of its cards use: ${unused}`);
  });
}
