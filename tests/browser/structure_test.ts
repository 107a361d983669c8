/**
 * Structure cards in real Chromium under the official AppBridge host: every golden case paints and
 * passes axe in both themes, every mark is named from its row of the data table, the table holds the
 * exact input values, tooltips follow hover and focus, arrow keys move between marks with one Tab
 * stop, and screenshots at 420 and 760 px in both themes land in tests/artifacts/structure-*.png to
 * be looked at.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import {
  allInOrder,
  axeViolations,
  type Harness,
  inPages,
  shot,
  skipReason,
  startHarness,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
const dir = new URL("../cards/structure/", import.meta.url);
const CASES = [...Deno.readDirSync(dir)].map((e) => e.name)
  .filter((n) => n.endsWith(".json") && !n.startsWith("error_")).map((n) => n.slice(0, -5)).sort();
const args = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));

async function paint(h: Harness, name: string, hostContext: Record<string, unknown>, width = 680) {
  const m = await h.mount({
    tool: "create_structure_card",
    args: args(name),
    deliver: "result",
    hostContext,
  });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  // a sunburst keeps its circle: one SVG (.mcc-pie), not a layer over a frame
  await waitFor(m.view, ".mcc-ov svg[role=group], .mcc-pie[role=group]", { attached: true });
  return m;
}

const tip = (view: Frame) =>
  view.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".mcc-tip");
    return t && !t.hidden ? t.textContent : null;
  });

const focused = (view: Frame) => view.evaluate(() => document.activeElement?.getAttribute("aria-label"));

/** The table's rows as [name, raw value]. */
const tableValues = (view: Frame) =>
  view.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>(".mcc-data tbody tr")].map((r) => [
      r.cells[0].textContent,
      Number(r.cells[1].dataset.v),
    ])
  );

Deno.test({
  name: "structure cards in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step("every case paints, names its marks and passes axe in both themes", async () => {
      // a few pages at a time; the first failure in case order is the one reported
      const renders = CASES.flatMap((name) => (["light", "dark"] as const).map((theme) => ({ name, theme })));
      await allInOrder(inPages(h, renders, async ({ name, theme }, h) => {
        const m = await paint(h, name, { theme });
        assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
        const marks = await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-plot .mcc-pt")].map((e) => e.getAttribute("aria-label"))
        );
        assert(marks.length > 0, `${name}: no marks`);
        assert(marks.every(Boolean), `${name}: marks without a name`);
      }));
    });

    await t.step("a treemap's table holds every node with its exact value, inner nodes summed", async () => {
      const m = await paint(h, "example", { theme: "light" });
      assertEquals(await tableValues(m.view), [
        ["Budget", 2556],
        ["Housing", 1325],
        ["Rent", 1150],
        ["Energy", 140],
        ["Insurance", 35],
        ["Food", 680],
        ["Groceries", 520],
        ["Eating out", 160],
        ["Transport", 151],
        ["Train pass", 86],
        ["Bike repairs", 20],
        ["Car share", 45],
        ["Savings", 400],
      ]);
      await m.page.close();
    });

    await t.step("tooltips on hover and focus; arrow keys walk the leaves with one Tab stop", async () => {
      const m = await paint(h, "example", { theme: "light" });
      const rent = m.view.locator('.mcc-ov .mcc-pt[aria-label^="Rent"]');
      await rent.hover();
      assertEquals(await tip(m.view), "RentValue: €1,150.00");
      await m.view.locator(".mcc-card h2").hover();
      assertEquals(await tip(m.view), null);
      await rent.focus();
      assertEquals(await focused(m.view), "Rent, Value: €1,150.00");
      await m.page.keyboard.press("ArrowRight");
      assertEquals(await focused(m.view), "Energy, Value: €140.00");
      await m.page.keyboard.press("End");
      assertEquals(await focused(m.view), "Savings, Value: €400.00");
      assertEquals(
        await m.view.evaluate(() => document.querySelectorAll('.mcc-ov svg [tabindex="0"]').length),
        1,
      );
      await m.page.close();
    });

    await t.step("sunburst: arcs named by their path, value and shares; arrow keys walk them", async () => {
      const m = await paint(h, "sunburst_budget", { theme: "dark" }, 420);
      assertEquals(
        await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-data thead th")].map((c) => c.textContent)
        ),
        ["Path", "Value", "Share of parent", "Share of total"],
      );
      assertEquals((await tableValues(m.view)).slice(0, 4), [
        ["Engineering", 5255000],
        ["Engineering › Platform", 2580000],
        ["Engineering › Platform › Cloud hosting", 1850000],
        ["Engineering › Platform › Observability", 420000],
      ]);
      const platform = m.view.locator('.mcc-pie .mcc-pt[aria-label^="Engineering › Platform:"]');
      await platform.hover({ position: { x: 60, y: 80 } }); // in the ring, right of the centre (its box's middle is the hole)
      assertEquals(
        await tip(m.view),
        "Engineering › PlatformValue $2,580,000.00, Share of parent 49.1%, Share of total 49.1%",
      );
      await platform.focus();
      await m.page.keyboard.press("ArrowRight");
      assertEquals(
        await focused(m.view),
        "Engineering › Platform › Cloud hosting: Value $1,850,000.00, Share of parent 71.7%, Share of total 35.2%",
      );
      await m.page.keyboard.press("End");
      assertEquals(
        await focused(m.view),
        "Engineering › Security › Tooling: Value $140,000.00, Share of parent 33.7%, Share of total 2.7%",
      );
      // the centre holds the total, compact where the whole number would not fit
      assertEquals(
        await m.view.evaluate(() => document.querySelector(".mcc-hole")?.textContent),
        "$5.3MTotal",
      );
      // a sunburst keeps its circle at every width
      for (const width of [420, 760]) {
        await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
        const [w, hgt] = await m.view.evaluate(() => {
          const r = document.querySelector(".mcc-sunburst")!.getBoundingClientRect();
          return [Math.round(r.width), Math.round(r.height)];
        });
        assertEquals(w, hgt, `${width} px`);
      }
      await m.page.close();
    });

    await t.step(
      "gantt: bars and milestones named by their dates, tooltips, arrow keys, names left of the rows",
      async () => {
        const m = await paint(h, "gantt_launch", { theme: "light" }, 420);
        const names = await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-ov .mcc-pt")].map((e) =>
            `${e.tagName}|${e.getAttribute("aria-label")}`
          )
        );
        assertEquals(names.length, 8);
        assertEquals(names[0], "rect|Research, When: 2025-01-06 → 2025-01-24, 18 days");
        assertEquals(names[3], "rect|Design sign-off, When: 2025-02-28 (milestone)");
        // a milestone's diamond is as wide as it is tall at any width (it was 6 px wide at 420 px)
        for (const width of [420, 760]) {
          await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
          const box = await m.view.evaluate(() => {
            const r = document.querySelector(".mcc-ov .mcc-ms")!.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height)];
          });
          assertEquals(box, [16, 16], `${width} px`);
        }
        await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "420px"));
        const research = m.view.locator('.mcc-ov .mcc-pt[aria-label^="Research"]');
        await research.hover();
        assertEquals(await tip(m.view), "ResearchWhen: 2025-01-06 → 2025-01-24, 18 days");
        await research.focus();
        await m.page.keyboard.press("ArrowRight");
        assertEquals(await focused(m.view), "Wireframes, When: 2025-01-20 → 2025-02-07, 18 days");
        await m.page.keyboard.press("End");
        assertEquals(await focused(m.view), "Launch, When: 2025-04-14 (milestone)");
        // the long name is written whole, on two lines beside its row
        const lines = await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-fr text")].filter((e) =>
            e.getClientRects().length && e.querySelector("tspan")
          )
            .map((e) => [...e.querySelectorAll("tspan")].map((t) => t.textContent))
        );
        assertEquals(lines, [["Back end and content", "management integration"]]);
        await m.page.close();
      },
    );

    await t.step("names and values sit inside their rectangles at 420 and 760 px", async () => {
      for (const width of [420, 760]) {
        const m = await paint(h, "example", { theme: "light" }, width);
        const outside = await m.view.evaluate(() => {
          const frame = [...document.querySelectorAll<SVGSVGElement>(".mcc-fr")].find((s) =>
            s.getClientRects().length
          )!;
          const rects = [...document.querySelectorAll(".mcc-ov .mcc-pt")].map((r) =>
            r.getBoundingClientRect()
          );
          return [...frame.querySelectorAll("text")].filter((text) => text.getClientRects().length).filter(
            (text) => {
              const b = text.getBoundingClientRect();
              return !rects.some((r) =>
                b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 &&
                b.bottom <= r.bottom + 0.5
              );
            },
          ).map((text) => text.textContent);
        });
        assertEquals(outside, [], `${width} px`);
        const small = await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-fr text")].filter((e) =>
            parseFloat(getComputedStyle(e).fontSize) < 12
          )
            .length
        );
        assertEquals(small, 0);
        await m.page.close();
      }
    });

    await t.step("screenshots at 420 and 760 px in both themes", async () => {
      const shots = CASES.flatMap((name) =>
        [420, 760].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ name, width, theme })))
      );
      await allInOrder(inPages(h, shots, async ({ name, width, theme }, h) => {
        const m = await paint(h, name, { theme }, width);
        await shot(m, `structure-${name}-${width}-${theme}`);
      }));
    });
  } finally {
    await h.close();
  }
});
