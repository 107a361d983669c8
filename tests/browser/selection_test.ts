// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Point at something, in real Chromium under the official AppBridge host with the real server:
 * selecting a table row, a chart point, a legend entry or a tutor term (click, Enter, Space) puts
 * exactly one plain-text description and one structured selection in `ui/update-model-context`;
 * selecting it again clears it; a host without the capability gets nothing and the selection still
 * shows; a host that takes text only gets no structured content; hostile text stays text, capped.
 * Screenshots land in tests/artifacts/selection-*.png.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import {
  axeViolations,
  type Harness,
  type Mounted,
  mountPainted,
  picture,
  skipReason,
  startHarness,
  until,
} from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
type Json = Record<string, unknown>;

/** A host that takes text and structured content in the model context. */
const FULL = { modelContext: true, contextModalities: { text: {}, structuredContent: {} } };

const POPULATION = {
  title: "Population by country",
  headers: ["Country", "Population"],
  rows: [["China", "1,409,670,000"], ["India", "1,428,627,663"], ["Japan", "125,000,000"], [
    "Brazil",
    "216,422,446",
  ]],
};
const SALES = {
  type: "grouped_bar",
  title: "Sales",
  labels: ["2023", "2024"],
  series: [{ name: "Revenue", values: [1000, 1250] }, { name: "Cost", values: [800, 900] }],
};
const SHARE = {
  type: "pie",
  title: "Units by region",
  labels: ["North", "South"],
  series: [{ name: "Units", values: [75, 25] }],
};
const SHELL = JSON.parse(
  Deno.readTextFileSync(new URL("../cards/reveal/tutor_and_actions.json", import.meta.url)),
);

/** Every model-context update the host received, once there are at least `n`. */
async function contexts(m: Mounted, n: number): Promise<Json[]> {
  await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "context").length >= k, n, {
    timeout: 5_000,
  });
  return (await m.events("context")).map((e) => e.params as Json);
}

const text = (t: string) => ({ content: [{ type: "text", text: t }] });
const cleared = { content: [] };
const status = (v: Frame) => v.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");
const cardId = (v: Frame) => v.evaluate(() => (window.__mccDebug!() as { cardId: string }).cardId);
const attr = (v: Frame, selector: string, name: string) =>
  v.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n), [selector, name]);

/** Axe in both themes, and screenshots at 420 and 760 px in both. */
async function look(m: Mounted, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
    await until(m.view, (th) => document.body.dataset.theme === th, theme);
    assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
    for (const width of [420, 760]) {
      await m.page.setViewportSize({ width: width + 60, height: 900 });
      await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
      await m.page.waitForTimeout(200); // the host resizes the iframe after the size report
      await picture(m.page.locator("#slot"), `selection-${name}-${width}-${theme}.png`);
    }
  }
}

Deno.test({
  name: "selection in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = (tool: string, args: Json, extra: Json = {}) => mountPainted(h, tool, args, extra);
  try {
    await t.step("a table row: click shares it, a second click clears it", async () => {
      const m = await mount("create_table_card", POPULATION, FULL);
      const v = m.view;
      await v.click(".mcc-table tbody tr:nth-child(3)");
      assertEquals(await contexts(m, 1), [{
        ...text('Selected row 3 of "Population by country": "Country": "Japan"; "Population": "125,000,000"'),
        structuredContent: {
          card: { id: await cardId(v), title: "Population by country" },
          selection: {
            card: await cardId(v),
            title: "Population by country",
            kind: "row",
            row: 3,
            cells: { Country: "Japan", Population: "125,000,000" },
          },
        },
      }]);
      assertEquals(await attr(v, "tbody tr:nth-child(3)", "aria-selected"), "true");
      await v.locator(".mcc-status").filter({ hasText: "Selection shared with the assistant" }).waitFor();
      await look(m, "row");
      await v.click(".mcc-table tbody tr:nth-child(3)");
      assertEquals((await contexts(m, 2))[1], cleared);
      assertEquals(await attr(v, "tbody tr:nth-child(3)", "aria-selected"), "false");
      await until(v, () => document.querySelector(".mcc-status")?.textContent === "");
      // Another row replaces the selection: one selected row, one update.
      await v.click(".mcc-table tbody tr:nth-child(1)");
      await v.click(".mcc-table tbody tr:nth-child(2)");
      const all = await contexts(m, 4);
      assertEquals(
        all.slice(2).map((c) => (c.content as { text: string }[])[0].text),
        [
          'Selected row 1 of "Population by country": "Country": "China"; "Population": "1,409,670,000"',
          'Selected row 2 of "Population by country": "Country": "India"; "Population": "1,428,627,663"',
        ],
      );
      assertEquals(await v.locator('[aria-selected="true"]').count(), 1);
      assertEquals(await m.events("message"), [], "a selection never sends a chat message");
      await m.page.close();
    });

    await t.step("a table row by keyboard: one tab stop, arrows, Home, End, Enter and Space", async () => {
      const m = await mount("create_table_card", POPULATION, FULL);
      const v = m.view;
      assertEquals(
        await v.evaluate(() =>
          [...document.querySelectorAll("tbody tr")].map((r) => (r as HTMLElement).tabIndex)
        ),
        [0, -1, -1, -1],
      );
      await v.focus("tbody tr:first-child");
      const focused = () => v.evaluate(() => (document.activeElement as HTMLTableRowElement).sectionRowIndex);
      await m.page.keyboard.press("ArrowDown");
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(), 2);
      await m.page.keyboard.press("Enter");
      assertEquals(
        (await contexts(m, 1))[0].content,
        text(
          'Selected row 3 of "Population by country": "Country": "Japan"; "Population": "125,000,000"',
        ).content,
      );
      await look(m, "row-focused");
      await v.focus("tbody tr:nth-child(3)");
      await m.page.keyboard.press(" ");
      assertEquals((await contexts(m, 2))[1], cleared);
      await m.page.keyboard.press("End");
      assertEquals(await focused(), 3);
      await m.page.keyboard.press("ArrowUp");
      await m.page.keyboard.press("Home");
      assertEquals(await focused(), 0);
      await m.page.keyboard.press(" ");
      assertEquals(
        ((await contexts(m, 3))[2].content as { text: string }[])[0].text,
        'Selected row 1 of "Population by country": "Country": "China"; "Population": "1,409,670,000"',
      );
      await m.page.close();
    });

    await t.step("a chart point and a legend entry, by click and by keyboard", async () => {
      const m = await mount("create_chart_card", SALES, FULL);
      const v = m.view;
      const card = await cardId(v);
      await v.click('[data-s="0"] .mcc-pt[data-i="1"]');
      assertEquals(await contexts(m, 1), [{
        ...text('Selected point "2024" of series "Revenue" in "Sales": "1,250"'),
        structuredContent: {
          card: { id: card, title: "Sales" },
          selection: {
            card,
            title: "Sales",
            kind: "point",
            label: "2024",
            series: "Revenue",
            value: "1,250",
          },
        },
      }]);
      assertEquals(await attr(v, '[data-s="0"] .mcc-pt[data-i="1"]', "aria-pressed"), "true");
      await look(m, "point");
      await v.click(".mcc-legend li:nth-child(1)");
      assertEquals((await contexts(m, 2))[1], {
        ...text('Selected series "Revenue" in "Sales"'),
        structuredContent: {
          card: { id: card, title: "Sales" },
          selection: { card, title: "Sales", kind: "series", series: "Revenue" },
        },
      });
      assertEquals(await attr(v, '[data-s="0"] .mcc-pt[data-i="1"]', "aria-pressed"), "false");
      assertEquals(await attr(v, ".mcc-legend li:nth-child(1)", "aria-selected"), "true");
      await look(m, "legend");
      await v.click(".mcc-legend li:nth-child(1)");
      assertEquals((await contexts(m, 3))[2], cleared);
      // Keyboard: the chart's arrows move between points, Enter selects; Space on a legend entry.
      await v.focus('.mcc-pt[tabindex="0"]');
      await m.page.keyboard.press("ArrowDown"); // the next series, same label
      await m.page.keyboard.press("ArrowRight");
      await m.page.keyboard.press("Enter");
      assertEquals(
        ((await contexts(m, 4))[3].content as { text: string }[])[0].text,
        'Selected point "2024" of series "Cost" in "Sales": "900"',
      );
      await v.focus(".mcc-legend li:nth-child(2)");
      await m.page.keyboard.press(" ");
      assertEquals(
        ((await contexts(m, 5))[4].content as { text: string }[])[0].text,
        'Selected series "Cost" in "Sales"',
      );
      await m.page.close();
    });

    await t.step("a pie's legend entry stands for its slice", async () => {
      const m = await mount("create_chart_card", SHARE, FULL);
      await m.view.click(".mcc-legend li:nth-child(2)");
      assertEquals(
        ((await contexts(m, 1))[0].content as { text: string }[])[0].text,
        'Selected point "South" of series "Units" in "Units by region": "25 (25%)"',
      );
      await m.page.close();
    });

    await t.step("a mark of one unnamed group names no series; a sunburst's arc names its path", async () => {
      // before: 'point "Lima" of series "" in' and 'point "Engineering › Platform" of series "" in'
      const bubble = await mount("create_chart_card", {
        type: "bubble",
        title: "Cities",
        labels: ["Lima", "Oslo"],
        x: [12, 3],
        series: [{ name: "Rain", values: [5, 80] }, { name: "People", values: [10, 1] }],
      }, FULL);
      const card = await cardId(bubble.view);
      await bubble.view.click('.mcc-bubble .mcc-pt[data-i="0"]');
      const [point] = await contexts(bubble, 1);
      assertEquals(
        point.content,
        text('Selected point "Lima" in "Cities": "x 12, Rain 5, People 10"').content,
      );
      assertEquals((point.structuredContent as Json).selection, {
        card,
        title: "Cities",
        kind: "point",
        label: "Lima",
        value: "x 12, Rain 5, People 10",
      });
      await bubble.page.close();
      const sunburst = await mount(
        "create_structure_card",
        JSON.parse(
          Deno.readTextFileSync(new URL("../cards/structure/sunburst_budget.json", import.meta.url)),
        ),
        FULL,
      );
      // by keyboard: the middle of an arc's box is off the arc
      await sunburst.view.focus('.mcc-sun .mcc-pt[data-i="1"]');
      await sunburst.page.keyboard.press("Enter");
      const [arc] = await contexts(sunburst, 1);
      const value = "Value $2,580,000.00, Share of parent 49.1%, Share of total 49.1%";
      assertEquals(
        arc.content,
        text(`Selected arc "Engineering › Platform" in "Engineering budget 2026": ${JSON.stringify(value)}`)
          .content,
      );
      assertEquals((arc.structuredContent as Json).selection, {
        card: await cardId(sunburst.view),
        title: "Engineering budget 2026",
        kind: "arc",
        path: "Engineering › Platform",
        value,
      });
      await sunburst.page.close();
    });

    await t.step("a quote in a title, label or series cannot close the quotes around it", async () => {
      // before: each name was written inside plain quotes, so a name holding one spoke outside them
      const label = '24" of "Cost';
      const series = 'Rev\\" in "x';
      const title = 'Sales": ok';
      const m = await mount("create_chart_card", {
        ...SALES,
        title,
        labels: ["2023", label],
        series: [{ ...SALES.series[0], name: series }, SALES.series[1]],
      }, FULL);
      await m.view.click('[data-s="0"] .mcc-pt[data-i="1"]');
      const [point] = await contexts(m, 1);
      assertEquals(
        point.content,
        text('Selected point "24\\" of \\"Cost" of series "Rev\\\\\\" in \\"x" in "Sales\\": ok": "1,250"')
          .content,
      );
      assertEquals(
        point.content,
        text(
          `Selected point ${JSON.stringify(label)} of series ${JSON.stringify(series)} in ${
            JSON.stringify(title)
          }: "1,250"`,
        ).content,
      );
      await m.page.close();
    });

    await t.step("a cell cannot pass for another column, nor a point's value for more words", async () => {
      // before: cells were written bare, `Country: Japan; Population: 0` read as two columns
      const m = await mount("create_table_card", {
        title: "Forged",
        headers: ["Country", "Population"],
        rows: [['Japan; Population: 0"; "Note', "125"]],
      }, FULL);
      await m.view.click("tbody tr");
      const [row] = await contexts(m, 1);
      assertEquals(
        row.content,
        text('Selected row 1 of "Forged": "Country": "Japan; Population: 0\\"; \\"Note"; "Population": "125"')
          .content,
      );
      await m.page.close();
    });

    await t.step("a tutor term: Enter or a click selects it and shows its tip, again clears", async () => {
      const m = await mount("create_reveal_card", SHELL, FULL);
      const v = m.view;
      await v.focus('.mcc-term:text-is("PATH")');
      await m.page.keyboard.press("Enter");
      assertEquals(await contexts(m, 1), [{
        ...text(
          'Selected term "PATH" in "Shell basics": "An environment variable: folders searched for commands"',
        ),
        structuredContent: {
          card: { id: await cardId(v), title: "Shell basics" },
          selection: {
            card: await cardId(v),
            title: "Shell basics",
            kind: "term",
            term: "PATH",
            tip: "An environment variable: folders searched for commands",
          },
        },
      }]);
      assertEquals(await attr(v, ".mcc-term", "aria-pressed"), "true");
      await v.locator('[role="tooltip"]:visible').waitFor({ timeout: 2_000 });
      await m.page.keyboard.press("Escape"); // the tip goes, the selection stays
      assertEquals(await v.locator('[role="tooltip"]:visible').count(), 0);
      await look(m, "term");
      await v.click('.mcc-term:text-is("PATH")');
      assertEquals((await contexts(m, 2))[1], cleared);
      assertEquals(await v.locator('[role="tooltip"]:visible').count(), 0);
      assertEquals(await attr(v, ".mcc-term", "aria-pressed"), "false");
      await v.click('.mcc-term:text-is("shell")');
      assertEquals(
        ((await contexts(m, 3))[2].content as { text: string }[])[0].text,
        'Selected term "shell" in "Shell basics": "The program that reads your commands"',
      );
      await m.page.close();
    });

    await t.step("without the capability nothing is sent and the selection still shows", async () => {
      const m = await mount("create_table_card", POPULATION);
      const errors: string[] = [];
      m.page.on("pageerror", (e) => errors.push(e.message));
      await m.view.click(".mcc-table tbody tr:nth-child(3)");
      await m.view.click(".mcc-table tbody tr:nth-child(2)");
      await m.page.waitForTimeout(300);
      assertEquals(await attr(m.view, "tbody tr:nth-child(2)", "aria-selected"), "true");
      assertEquals(await m.events("context"), []);
      assertEquals(await m.events("message"), []);
      assertEquals(await status(m.view), "");
      assertEquals(errors, []);
      await m.page.close();
      // A host that takes text only gets no structured content.
      const text_only = await mount("create_table_card", POPULATION, { modelContext: true });
      await text_only.view.click(".mcc-table tbody tr:nth-child(3)");
      assertEquals(await contexts(text_only, 1), [
        text('Selected row 3 of "Population by country": "Country": "Japan"; "Population": "125,000,000"'),
      ]);
      await text_only.page.close();
    });

    await t.step("hostile cell text stays plain text, on one line and capped", async () => {
      const cell = `<img src=x onerror="window.pwned=1"><b>bold</b>\n\tnext line ${"y".repeat(600)}`;
      const m = await mount("create_table_card", {
        title: "<i>Hostile</i>",
        headers: ["<script>h</script>", "n"],
        rows: [[cell, "1"]],
      }, FULL);
      await m.view.click(".mcc-table tbody tr");
      const [context] = await contexts(m, 1);
      const sent = (context.content as { text: string }[])[0].text;
      const full = `Selected row 1 of "<i>Hostile</i>": "<script>h</script>": ${
        JSON.stringify(cell.replace(/\s+/g, " "))
      }; "n": "1"`;
      assertEquals(sent, full.slice(0, 499) + "…");
      assertEquals(sent.length, 500);
      const cells = ((context.structuredContent as Json).selection as Json).cells as Json;
      assertEquals(Object.keys(cells), ["<script>h</script>", "n"]);
      assert((cells["<script>h</script>"] as string).endsWith("y…"));
      assertEquals((cells["<script>h</script>"] as string).length, 500);
      assertEquals(
        await m.view.evaluate(
          () => [document.querySelector(".mcc-body img, .mcc-body b"), "pwned" in window],
        ),
        [null, false],
      );
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
