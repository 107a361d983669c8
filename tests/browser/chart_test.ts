// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Charts in real Chromium under the official AppBridge host: every golden chart paints and passes
 * axe in both themes, the data table holds exactly the input values, tooltips follow hover and
 * focus, arrow keys move between points, numbers follow the host's locale, and screenshots of
 * every kind at 420 and 760 px in both themes land in tests/artifacts/chart-*.png to be looked at.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import {
  allInOrder,
  axeViolations,
  type Harness,
  inPages,
  type Mounted,
  shot,
  SHOTS,
  skipReason,
  startHarness,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";
import { type Args, EXAMPLES, golden, stress } from "./chart_inputs.ts";

const reason = skipReason();
const dir = new URL("../cards/chart/", import.meta.url);
const CASES = [...Deno.readDirSync(dir)].map((e) => e.name)
  .filter((n) => n.endsWith(".json") && !n.startsWith("error_")).map((n) => n.slice(0, -5)).sort();

async function paint(h: Harness, name: string, hostContext: Record<string, unknown>, width = 680) {
  const m = await h.mount({ tool: "create_chart_card", args: golden(name), deliver: "result", hostContext });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  await waitFor(m.view, ".mcc-chart .mcc-pt", { attached: true });
  return m;
}

/** The data table as numbers: one array per series column, null for an empty cell. */
const tableValues = (view: Frame) =>
  view.evaluate(() => {
    const table = document.querySelector(".mcc-chart table") as HTMLTableElement;
    const head = [...table.tHead!.rows[0].cells].map((c) => c.textContent);
    const first = head[1] === "x" ? 2 : 1;
    const pie = document.querySelector(".mcc-slices") !== null; // its last column is the share
    const columns = head.slice(first, pie ? -1 : undefined);
    return columns.map((_, s) =>
      [...table.tBodies[0].rows].map((r) => {
        const v = r.cells[first + s].getAttribute("data-v");
        return v === null ? null : Number(v);
      })
    );
  });

const tip = (view: Frame) =>
  view.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".mcc-tip");
    return t && !t.hidden ? t.textContent : null;
  });

Deno.test({
  name: "charts in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step("every chart paints, holds its exact values and passes axe in both themes", async () => {
      // One render per chart: light as painted, then dark as a host switches it (the theme is only
      // body[data-theme] under CSS, set by one function for the first context and every change: a
      // chart painted dark and one switched to dark had the same DOM, boxes and computed colours in
      // every golden case when this was changed). Each kind's example is then shot from the same
      // render at 420 and 760 px, dark and switched back to light. A few pages at a time; the first
      // failure in case order is the one reported.
      const shots = new Map(Object.entries(EXAMPLES).map(([kind, name]) => [name, kind]));
      assertEquals([...shots.keys()].filter((name) => !CASES.includes(name)), [], "examples without a case");
      await allInOrder(inPages(h, CASES, async (name, h) => {
        const m = await paint(h, name, { theme: "light" });
        for (const theme of ["light", "dark"] as const) {
          if (theme === "dark") await switchTheme(m, theme);
          const box = await m.view.evaluate(() =>
            document.querySelector(".mcc-plot")!.getBoundingClientRect().width
          );
          assert(box > (/pie|donut/.test(name) ? 200 : 300), `${name}: the plot is ${box} px wide`);
          assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
          // the kinds whose table holds what they derive (bins, shares, running totals) are checked below
          if (
            theme === "light" &&
            !/^(line_2000_downsampled|histogram|funnel|waterfall|box|bubble|bullet|gauge)/.test(name)
          ) {
            const input = golden(name) as { series: { values: (number | null)[] }[] };
            assertEquals(await tableValues(m.view), input.series.map((s) => s.values), name);
          }
        }
        const kind = shots.get(name);
        for (const theme of kind ? ["dark", "light"] as const : []) {
          if (theme === "light") await switchTheme(m, theme);
          // back from 760 to 420, not 420 again: the view settles a height that flips between the same
          // two values a third time on the larger one (src/ui/runtime/size.ts), which would leave an
          // empty band under the card in the last shot
          for (const width of theme === "dark" ? [420, 760] : [760, 420]) {
            await shotAt(m, width, `chart-${kind}-${width}-${theme}`);
          }
        }
      }));
    });

    await t.step("tooltips on hover and focus; arrow keys move between points", async () => {
      const m = await paint(h, "example", { theme: "light" });
      const first = m.view.locator(".mcc-s0 .mcc-pt").first();
      await first.hover({ force: true }); // a marker is a stroke's cap: its geometry has no area
      assertEquals(await tip(m.view), "JanRevenue: $12");
      await m.view.locator(".mcc-card h2").hover();
      assertEquals(await tip(m.view), null);
      await first.focus();
      assertEquals(await tip(m.view), "JanRevenue: $12");
      const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      await m.page.keyboard.press("ArrowRight");
      assertEquals([await focused(), await tip(m.view)], ["Feb, Revenue: $15", "FebRevenue: $15"]);
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(), "Feb, Cost: $11");
      await m.page.keyboard.press("End");
      assertEquals(await focused(), "Dec, Cost: $21");
      await m.page.keyboard.press("ArrowUp");
      assertEquals(await focused(), "Dec, Revenue: $35");
      // one Tab stop for the whole chart: the point last focused
      assertEquals(await m.view.evaluate(() => document.querySelectorAll('.mcc-pt[tabindex="0"]').length), 1);
      await m.page.close();
    });

    await t.step("bars and slices: hover shows the value, pies add the share", async () => {
      const bar = await paint(h, "bar_negatives", { theme: "light" });
      await bar.view.locator(".mcc-pt").first().hover();
      assertEquals(await tip(bar.view), "Q1Profit: -120,50\u00a0€");
      await bar.page.close();
      const donut = await paint(h, "donut", { theme: "dark" });
      // the share printed on the slice lets the pointer through to the slice
      await donut.view.locator(".mcc-vals text", { hasText: "19%" }).hover({ force: true });
      assertEquals(await tip(donut.view), "SafariShare: 19% (19%)");
      await donut.page.close();
    });

    await t.step("histogram, funnel, waterfall: their tables, tooltips and keys", async () => {
      const cells = (view: Frame, column: number, attr: string) =>
        view.evaluate(
          ([c, a]) =>
            [...document.querySelectorAll<HTMLTableRowElement>(".mcc-chart tbody tr")].map((r) =>
              r.cells[c as number].getAttribute(a as string)
            ),
          [column, attr],
        );
      const focused = (m: Mounted) =>
        m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));

      // a histogram's table holds its counts (every value counted once), its bars their bins
      const hist = await paint(h, "histogram", { theme: "light" });
      const counts = (await cells(hist.view, 1, "data-vx")).map(Number);
      assertEquals(counts.reduce((a, b) => a + b, 0), 240);
      await hist.view.locator(".mcc-pt").first().focus();
      assertEquals(await tip(hist.view), `50–100Response time: ${counts[0]}`);
      await hist.page.close();

      // a funnel's stage counts are the input; each stage's share of the first follows
      const funnel = await paint(h, "funnel", { theme: "dark" });
      const stages = (golden("funnel") as { series: { values: number[] }[] }).series[0].values;
      assertEquals((await cells(funnel.view, 1, "data-v")).map(Number), stages);
      await funnel.view.locator(".mcc-pt").last().hover();
      assertEquals(await tip(funnel.view), "Invited a teammateVisitors: 940");
      await funnel.page.close();

      // a waterfall's steps and totals: arrows move along the steps, down to the totals
      const fall = await paint(h, "waterfall", { theme: "light" });
      assertEquals(
        (await cells(fall.view, 2, "data-v")).map(Number),
        [4200, 2550, 2550, 1830, 920, 540, 635, 635],
      );
      await fall.view.locator(".mcc-pt").first().focus();
      assertEquals(await tip(fall.view), "RevenueChange: €4,200");
      await fall.page.keyboard.press("ArrowRight");
      assertEquals(await focused(fall), "Cost of sales, Change: -€1,650");
      await fall.page.keyboard.press("ArrowLeft");
      await fall.page.keyboard.press("ArrowDown");
      assertEquals(await focused(fall), "Gross profit, Running total: €2,550");
      await fall.page.keyboard.press("End");
      assertEquals(await focused(fall), "Total, Running total: €635");
      await fall.page.close();
    });

    await t.step("heatmap: a cell's tooltip names its row and column, arrows walk a row", async () => {
      const m = await paint(h, "heatmap", { theme: "light" });
      const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      // the values printed on the cells let the pointer through to the cell under them
      await m.view.locator(".mcc-vals text", { hasText: "82" }).hover({ force: true });
      assertEquals(await tip(m.view), "14Fri: 82");
      await m.view.locator(".mcc-pt").first().focus();
      assertEquals(await focused(), "06, Mon: 28");
      await m.page.keyboard.press("ArrowRight");
      assertEquals(await focused(), "08, Mon: 45");
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(), "08, Tue: 46");
      await m.page.keyboard.press("End");
      assertEquals(await focused(), "22, Tue: 24");
      // text on a cell: the card's background colour on strong shades, its text colour on faint ones
      const fills = await m.view.evaluate(() =>
        ["78", "28"].map((v) => {
          const t = [...document.querySelectorAll(".mcc-vals text")].find((e) => e.textContent === v)!;
          return getComputedStyle(t).fill;
        })
      );
      assertEquals(fills, ["rgb(255, 255, 255)", "rgb(24, 24, 27)"]);
      await m.page.close();
    });

    await t.step("box plot: every part of a box is a mark that reads its table cell", async () => {
      const m = await paint(h, "box", { theme: "dark" });
      const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      await m.view.locator(".mcc-pt").first().focus();
      assertEquals(await focused(), "Europe, Low whisker: 320");
      await m.page.keyboard.press("ArrowRight");
      assertEquals(await focused(), "North America, Low whisker: 280");
      await m.page.keyboard.press("ArrowDown");
      assertEquals([await focused(), await tip(m.view)], ["North America, Q1: 322", "North AmericaQ1: 322"]);
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(), "North America, Median: 351");
      // an outlier reads the group's outliers
      await m.view.locator('[data-s="6"] .mcc-pt').first().hover({ force: true });
      assertEquals(await tip(m.view), "EuropeOutliers: 980");
      await m.page.close();
    });
    await t.step(
      "candlestick: the table holds open, high, low, close; a candle's tooltip its close",
      async () => {
        const m = await paint(h, "candlestick", { theme: "light" });
        const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
        assertEquals(
          await m.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-chart thead th")].map((c) => c.textContent)
          ),
          ["Period", "Open", "High", "Low", "Close"],
        );
        // up candles hollow, down candles filled: told apart by shape as well as colour
        const fills = await m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-ov .mcc-pt")].slice(0, 5).map((r) => getComputedStyle(r).fill)
        );
        assertEquals(fills[0] === fills[3], false); // 02-02 closed below its open, 02-05 above
        await m.view.locator(".mcc-pt").first().focus();
        assertEquals(await tip(m.view), "2026-02-02Close: $178.68");
        await m.page.keyboard.press("ArrowRight");
        assertEquals(await focused(), "2026-02-03, Close: $177.72");
        await m.page.keyboard.press("End");
        assertEquals(await focused(), "2026-02-27, Close: $177.11");
        await m.page.close();
      },
    );

    await t.step(
      "bubble: round at any width, largest drawn first; a bubble reads its label, x, y and size",
      async () => {
        const m = await paint(h, "bubble_groups", { theme: "light" }, 420);
        const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
        assertEquals(
          await m.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-chart thead th")].map((c) => c.textContent)
          ),
          ["Label", "Group", "Market growth (%)", "Gross margin (%)", "Revenue ($M)"],
        );
        const circles = () =>
          m.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-bubble .mcc-pt")].map((c) => {
              const r = c.getBoundingClientRect();
              return [Math.round(r.width), Math.round(r.height)];
            })
          );
        // largest first, so a small bubble is never hidden under a large one
        const sizes = (await circles()).map(([w]) => w);
        assertEquals(sizes, sizes.slice().sort((a, b) => b - a));
        for (const width of [420, 760]) {
          await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
          for (const [w, h] of await circles()) assertEquals(w, h, `a circle at ${width} px`);
        }
        await m.view.locator(".mcc-pt").first().focus();
        assertEquals(
          await tip(m.view),
          "AtlasHardware: Market growth (%) 4.5, Gross margin (%) 18, Revenue ($M) 420",
        );
        await m.page.keyboard.press("ArrowRight");
        assertEquals(
          await focused(),
          "Cirrus, Hardware: Market growth (%) -2, Gross margin (%) 9, Revenue ($M) 310",
        );
        await m.page.keyboard.press("ArrowDown");
        assertEquals(
          await focused(),
          "Beacon, Software: Market growth (%) 12, Gross margin (%) 61, Revenue ($M) 85",
        );
        await m.page.close();
        // one group: no group to name, the y column is the series' name when no yTitle is given
        const one = await paint(h, "bubble", { theme: "dark" });
        await one.view.locator(".mcc-pt").first().focus();
        assertEquals(
          await tip(one.view),
          "IndiaGDP per person (PPP, $) 8400, Life expectancy (years) 72, Population 1,428,630,000",
        );
        await one.page.close();
      },
    );

    await t.step(
      "bar_line: bars and lines each read their own column; down moves from bars to the line",
      async () => {
        const m = await paint(h, "bar_line", { theme: "dark" });
        const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
        await m.view.locator(".mcc-pt").first().focus();
        assertEquals(await tip(m.view), "JanRevenue: 120");
        await m.page.keyboard.press("ArrowDown");
        assertEquals([await focused(), await tip(m.view)], [
          "Jan, Gross margin %: 41.2",
          "JanGross margin %: 41.2",
        ]);
        await m.page.keyboard.press("End");
        assertEquals(await focused(), "Dec, Gross margin %: 47.5");
        await m.page.close();
      },
    );

    await t.step(
      "bullet: value bars and target ticks read their columns; a clipped value says so",
      async () => {
        const m = await paint(h, "bullet", { theme: "light" });
        const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
        const column = (c: number) =>
          m.view.evaluate(
            (c) =>
              [...document.querySelectorAll<HTMLTableRowElement>(".mcc-chart tbody tr")].map((r) =>
                r.cells[c].textContent
              ),
            c,
          );
        // the table: each series' exact values, then the value against its target
        const input = golden("bullet") as { series: { values: number[] }[] };
        assertEquals(await tableValues(m.view), [...input.series.map((s) => s.values), [
          null,
          null,
          null,
          null,
          null,
        ]]);
        assertEquals(await column(6), [
          "+20 (+8%)",
          "-4.5 (-16.7%)",
          "+30 (+5.5%)",
          "-450 (-21.4%)",
          "-0.1 (-2.2%)",
        ]);
        await m.view.locator(".mcc-pt").first().focus();
        assertEquals([await focused(), await tip(m.view)], [
          "Revenue (k$), Actual: 270",
          "Revenue (k$)Actual: 270",
        ]);
        await m.page.keyboard.press("ArrowDown");
        assertEquals([await focused(), await tip(m.view)], [
          "Revenue (k$), Target: 250",
          "Revenue (k$)Target: 250",
        ]);
        await m.page.keyboard.press("ArrowRight");
        assertEquals(await focused(), "Profit (%), Target: 27");
        await m.page.keyboard.press("End");
        assertEquals(await focused(), "Satisfaction (of 5), Target: 4.5");
        await m.page.close();
        const clipped = await paint(h, "bullet_clipped", { theme: "dark" });
        await clipped.view.locator(".mcc-bv .mcc-pt").first().hover();
        assertEquals(await tip(clipped.view), "HugeReading: 1E300 (off the scale: drawn clipped at 120)");
        await clipped.page.close();
      },
    );

    await t.step("gauge: a dial per measure, its ring a meter, its marks read their columns", async () => {
      const m = await paint(h, "gauge", { theme: "dark" }, 760);
      const focused = () => m.view.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      const input = golden("gauge") as { series: { values: number[] }[] };
      assertEquals(await tableValues(m.view), [...input.series.map((s) => s.values), [
        null,
        null,
        null,
        null,
        null,
      ]]);
      // four dials in a row at 760 px, the fifth under them
      const tops = await m.view.evaluate(() =>
        [...document.querySelectorAll(".mcc-gauge")].map((e) => Math.round(e.getBoundingClientRect().top))
      );
      assertEquals(tops.slice(1, 4).every((t) => t === tops[0]) && tops[4] > tops[0], true, String(tops));
      const meters = await m.view.evaluate(() =>
        [...document.querySelectorAll('[role="meter"]')].map((e) =>
          ["aria-label", "aria-valuemin", "aria-valuemax", "aria-valuenow", "aria-valuetext"].map((a) =>
            e.getAttribute(a)
          )
        )
      );
      assertEquals(meters[0], ["Revenue (k$)", "0", "300", "270", "270, target 250"]);
      assertEquals(meters.length, 5);
      await m.view.locator(".mcc-gauge .mcc-pt").first().focus();
      assertEquals([await focused(), await tip(m.view)], [
        "Revenue (k$), Actual: 270",
        "Revenue (k$)Actual: 270",
      ]);
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(), "Revenue (k$), Target: 250");
      await m.page.close();
      // a clipped value: the meter's value stays on the scale, its text and tooltip say where it is
      const edges = await paint(h, "gauge_edges", { theme: "light" });
      const huge = await edges.view.evaluate(() => {
        const e = document.querySelector('[role="meter"]')!;
        return [e.getAttribute("aria-valuenow"), e.getAttribute("aria-valuetext")];
      });
      assertEquals(huge, ["120", "1E300, off the scale, target 90"]);
      await edges.view.locator(".mcc-bv .mcc-pt").first().focus(); // an arc's box centre is off the arc
      assertEquals(await tip(edges.view), "HugeReading: 1E300 (off the scale: drawn clipped at 120)");
      // a measure with no value has no meter (a meter must have one) and no value mark
      assertEquals(await edges.view.locator('[role="meter"]').count(), 5);
      await edges.page.close();
    });

    await t.step("a dense line gets focusable points from its path, nearest to the pointer", async () => {
      const m = await paint(h, "line_2000_downsampled", { theme: "light" });
      assertEquals(await m.view.locator(".mcc-ghost").count(), 300);
      const svg = await m.view.locator(".mcc-ov svg").boundingBox();
      await m.page.mouse.move(svg!.x + svg!.width / 2, svg!.y + svg!.height / 3);
      assert(/^t\d+Load: [\d.]+$/.test((await tip(m.view)) ?? ""), String(await tip(m.view)));
      await m.page.close();
    });

    await t.step("dense bars (one path per series) get focusable bars too", async () => {
      const m = await paint(h, "bar_200_dense", { theme: "light" });
      assertEquals(await m.view.locator(".mcc-ghost").count(), 200);
      await m.view.locator(".mcc-ghost").first().focus();
      assertEquals(await tip(m.view), "Day 1Visits: 50");
      await m.page.keyboard.press("End");
      assertEquals(
        await m.view.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "Day 200, Visits: 55.4",
      );
      await m.page.close();
    });

    await t.step(
      "series are named by the legend where the names do not fit beside the plot, never twice",
      async () => {
        const m = await paint(h, "line_names_by_width", { theme: "light" }, 420);
        const shown = () =>
          m.view.evaluate(() => {
            const on = (e: Element | null) => e !== null && e.getClientRects().length > 0;
            const direct = [...document.querySelectorAll(".mcc-direct text")].filter((t) => {
              for (
                let e: Element | null = t;
                e;
                e = e.parentElement
              ) if (getComputedStyle(e).display === "none") return false;
              return true;
            });
            return {
              legend: on(document.querySelector(".mcc-legend")),
              direct: direct.map((t) => t.textContent),
            };
          });
        assertEquals(await shown(), { legend: true, direct: [] });
        await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "760px"));
        assertEquals(await shown(), {
          legend: false,
          direct: ["30-year fixed mortgage rate", "10-year Treasury yield"],
        });
        await m.page.close();
      },
    );

    await t.step("numbers follow the host's locale", async () => {
      const m = await paint(h, "bar_basic", { theme: "light", locale: "de-DE" });
      assertEquals(await texts(m, ".mcc-vals text"), ["1.200", "1.850", "1.640", "2.210", "2.600", "2.480"]);
      assertEquals(await texts(m, ".mcc-ticks text"), [
        "0",
        "500",
        "1.000",
        "1.500",
        "2.000",
        "2.500",
        "3.000",
      ]);
      assertEquals(await texts(m, "td[data-v]"), ["1.200", "1.850", "1.640", "2.210", "2.600", "2.480"]);
      await m.page.close();
    });

    await t.step(
      "numbers nearer zero than 1e-6 stay in scientific notation in the host's locale",
      async () => {
        const m = await h.mount({
          tool: "create_chart_card",
          args: {
            type: "line",
            title: "t",
            labels: ["a", "b", "c"],
            series: [{ name: "s", values: [1e-300, 2e-300, 3e-300] }],
          },
          deliver: "result",
          hostContext: { theme: "light", locale: "de-DE" },
        });
        await waitFor(m.view, ".mcc-chart .mcc-pt", { attached: true });
        // before: every tick and cell read 0,0000000000 (the ticks' 10 digits) or 0
        assertEquals(await texts(m, ".mcc-ticks text"), [
          "1E-300",
          "1,5E-300",
          "2E-300",
          "2,5E-300",
          "3E-300",
        ]);
        assertEquals(await texts(m, "td[data-v]"), ["1E-300", "2E-300", "3E-300"]);
        await m.page.close();
      },
    );

    // With MCC_SHOTS, MCC_CHART_SHOTS=all shoots every golden case and the stress inputs too (each
    // kind's example is shot in the sweep above)
    await t.step({
      name: "screenshots of every golden case and stress input at 420 and 760 px in both themes",
      ignore: !SHOTS || Deno.env.get("MCC_CHART_SHOTS") !== "all",
      fn: async () => {
        const cases: [string, Args][] = CASES.map((name) => [name, golden(name)]);
        for (const kind of Object.keys(EXAMPLES)) {
          cases.push(
            ...stress(kind).map(([name, a]): [string, Args] => [`${kind}-${name.replace(/\W+/g, "_")}`, a]),
          );
        }
        await allInOrder(inPages(h, cases, async ([name, a], h) => {
          const m = await h.mount({
            tool: "create_chart_card",
            args: a,
            deliver: "result",
            hostContext: { theme: "light" },
          });
          await waitFor(m.view, ".mcc-chart .mcc-pt", { attached: true });
          for (const theme of ["light", "dark"] as const) {
            if (theme === "dark") await m.page.evaluate(() => window.changeContext({ theme: "dark" }));
            for (const width of [420, 760]) await shotAt(m, width, `chart-${name}-${width}-${theme}`);
          }
        }));
      },
    });
  } finally {
    await h.close();
  }
});

/** Sets the host's slot (the card's width in the chat). */
function setWidth(m: Mounted, width: number): Promise<unknown> {
  return m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
}

/** Switches the host's theme as a host does, and waits until the view has taken it. */
async function switchTheme(m: Mounted, theme: "light" | "dark"): Promise<void> {
  await m.page.evaluate((theme) => window.changeContext({ theme }), theme);
  await waitFor(m.view, `body[data-theme="${theme}"]`, { attached: true });
}

/** `shot` at `width`: the slot set to it first. */
async function shotAt(m: Mounted, width: number, name: string): Promise<void> {
  await setWidth(m, width);
  await shot(m, name);
}

/** The text of every element `selector` finds in the card's view, in document order. */
function texts(m: Mounted, selector: string): Promise<(string | null)[]> {
  return m.view.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent), selector);
}
