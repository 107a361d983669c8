// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Charts laid out for the width they are shown at, checked in real Chromium under the official
 * AppBridge host: every chart kind's example and stress inputs (long names, many categories, one and
 * 200 points, negative values, right-to-left labels) at 360, 420, 760 and 1,100 px in both themes,
 * through the layout lint (lint_chart.ts): no text crosses other text, none is under 11 px on
 * screen, none is cut where the whole text had room, none runs out of the chart.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type Harness, inPages, skipReason, startHarness, waitFor } from "./harness.ts";
import "./page/types.ts";
import { type Args, EXAMPLES, golden, stress } from "./chart_inputs.ts";
import { lintCharts } from "./lint_chart.ts";

const reason = skipReason();
const WIDTHS = [360, 420, 760, 1100];

/** Every kind; MCC_CHART_KINDS=bar,line narrows a run while working on a family. */
const KINDS = Deno.env.get("MCC_CHART_KINDS")?.split(",") ?? Object.keys(EXAMPLES);

/**
 * The lint's problems for one chart at every width, light and then dark (the host switches theme),
 * in the host page `h.mount` gives (left open for the next chart).
 */
async function lintAt(h: Harness, args: Args): Promise<string[]> {
  const m = await h.mount({
    tool: "create_chart_card",
    args,
    deliver: "result",
    hostContext: { theme: "light" },
  });
  const painted = ".mcc-chart .mcc-pt, .mcc-notice";
  await waitFor(m.view, painted, { attached: true });
  const refusal = await m.view.evaluate((painted) => {
    const first = document.querySelector(painted)!;
    return first.matches(".mcc-notice") ? first.textContent : undefined;
  }, painted);
  if (refusal !== undefined) return [`refused: ${refusal}`];
  const problems: string[] = [];
  for (const theme of ["light", "dark"]) {
    if (theme === "dark") {
      await m.page.evaluate(() => window.changeContext({ theme: "dark" }));
      await waitFor(m.view, 'body[data-theme="dark"]', { attached: true });
    }
    for (const width of WIDTHS) {
      await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
      await m.view.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      problems.push(...(await lintCharts(m.view)).map((p) => `${theme} ${width} px: ${p}`));
    }
  }
  return problems;
}

Deno.test({
  name: "charts keep their text apart, whole and readable at every width",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    // Every kind's cases are painted and linted a few pages at a time from the start; each kind's
    // step then waits for its own cases and reports their problems, in the order a loop would.
    const cases = KINDS.flatMap((type) =>
      ([["example", golden(EXAMPLES[type])], ...stress(type)] as [string, Args][]).map(([name, args]) => ({
        type,
        name,
        args,
      }))
    );
    const linted = inPages(
      h,
      cases,
      ({ name, args }, h) => lintAt(h, args).then((problems) => problems.map((p) => `${name}: ${p}`)),
    );
    for (const type of KINDS) {
      await t.step(type, async () => {
        const problems: string[] = [];
        for (const [i, c] of cases.entries()) if (c.type === type) problems.push(...await linted[i]);
        assertEquals(problems, []);
      });
    }
    await t.step(
      "a radar uses the width it has: a circle as large as its names allow, the legend in a row under it or beside it",
      async () => {
        const m = await h.mount({
          tool: "create_chart_card",
          args: golden(EXAMPLES.radar),
          deliver: "result",
          hostContext: { theme: "light" },
        });
        await waitFor(m.view, ".mcc-radar .mcc-pt", { attached: true });
        const seen: string[] = [];
        for (const width of [360, 420, 760]) {
          await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
          await m.view.evaluate(() =>
            new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
          );
          seen.push(
            await m.view.evaluate((w) => {
              const box = (e: Element) => e.getBoundingClientRect();
              const grid = box(document.querySelector(".mcc-radar .mcc-grid")!);
              const svg = box(document.querySelector(".mcc-radar")!);
              const figure = box(document.querySelector(".mcc-chart")!);
              const items = [...document.querySelectorAll(".mcc-legend li")].map(box);
              const rows = new Set(items.map((b) => Math.round(b.top))).size;
              const [left, right] = [
                Math.min(...items.map((b) => b.left)),
                Math.max(...items.map((b) => b.right)),
              ];
              const where = left >= svg.right
                ? "beside"
                : Math.abs(left - figure.left - (figure.right - right)) <= 2
                ? "centred under"
                : "under, off centre";
              // the circle's width (the grid's box: a hexagon's is its width across), the legend's rows and place
              return `${w}: circle ${Math.round(grid.width)} px, legend ${rows} row(s) ${where}`;
            }, width),
          );
        }
        // before: a circle 139 px across at every width (names of 60 px left room for 194), and at 360 and
        // 420 px the legend in two columns spread across the card (Model B 200 px from Model A)
        assertEquals(seen, [
          "360: circle 194 px, legend 1 row(s) centred under",
          "420: circle 194 px, legend 1 row(s) centred under",
          "760: circle 194 px, legend 3 row(s) beside",
        ]);
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
