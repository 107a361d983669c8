/**
 * Charts laid out for the width they are shown at, checked in real Chromium under the official
 * AppBridge host: every chart kind's example and stress inputs (long names, many categories, one and
 * 200 points, negative values, right-to-left labels) at 360, 420, 760 and 1,100 px in both themes,
 * through the layout lint (lint_chart.ts): no text crosses other text, none is under 11 px on
 * screen, none is cut where the whole text had room, none runs out of the chart.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type Harness, skipReason, startHarness } from "./harness.ts";
import "./page/types.ts";
import { lintCharts } from "./lint_chart.ts";

const reason = skipReason();
const WIDTHS = [360, 420, 760, 1100];
const dir = new URL("../cards/chart/", import.meta.url);
const golden = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));

type Args = Record<string, unknown>;

/** The golden case that shows each kind as a user would first meet it. */
const EXAMPLES: Record<string, string> = {
  bar: "bar_basic",
  horizontal_bar: "horizontal_bar",
  grouped_bar: "grouped_bar",
  stacked_bar: "stacked_bar",
  line: "example",
  area: "area",
  stacked_area: "stacked_area",
  pie: "pie",
  donut: "donut",
  scatter: "scatter_numeric",
};

const LONG = [
  "Integrations (API, webhooks and the SDK)",
  "Mobile app for iOS and Android",
  "Data export and scheduled reports",
  "Single sign-on with SAML and SCIM",
  "Audit log",
];
const RTL = ["ירושלים", "תל אביב-יפו", "חיפה", "القاهرة", "الإسكندرية"];
const SERIES = ["Revenue from enterprise customers", "Revenue from self-serve plans", "Partner revenue"];

/** A wavy series of `n` values, the `k`-th of a chart, shifted down by `low` (negatives). */
const wave = (n: number, k: number, low = 0) =>
  Array.from({ length: n }, (_, i) => Math.round((40 + 25 * Math.sin(i / 3 + k) + 8 * k - low) * 10) / 10);

function chart(type: string, labels: string[], names: string[], low = 0, extra: Args = {}): Args {
  const pie = type === "pie" || type === "donut";
  const series = (pie ? names.slice(0, 1) : names).map((name, k) => ({
    name,
    values: wave(labels.length, k, pie || type === "stacked_area" ? 0 : low),
  }));
  return { title: `${type} stress`, type, labels, series, ...extra };
}

/** Stress inputs for one kind: [case name, arguments]. */
function stress(type: string): [string, Args][] {
  const pie = type === "pie" || type === "donut";
  const multi = /grouped|stacked|line|area|scatter/.test(type) && type !== "area";
  const names = multi ? SERIES : SERIES.slice(0, 1);
  const seq = (n: number) =>
    Array.from({ length: n }, (_, i) => `2024-${String(1 + (i % 12)).padStart(2, "0")}-${i + 1}`);
  const cases: [string, Args][] = [
    [
      "long names",
      chart(type, LONG, names, 0, {
        xTitle: "Product area, as filed by the customer",
        yTitle: "Requests per month (all plans)",
      }),
    ],
    ["right-to-left", chart(type, RTL, multi ? ["הכנסות", "مصاريف", "רווח"] : ["הכנסות"])],
    ["one point", chart(type, ["Only"], names)],
    [
      "many categories",
      chart(
        type,
        pie
          ? LONG.concat(["Other", "Billing", "Search"])
          : Array.from({ length: 50 }, (_, i) => `Category ${i + 1}`),
        names,
      ),
    ],
  ];
  // one series: 200 horizontal bars, or 200 points of several series, pass the 40,000-character
  // result ceiling (they did before charts were laid out per width too)
  const many = type === "horizontal_bar" ? 100 : 200;
  if (!pie) cases.push([`${many} points`, chart(type, seq(many), names.slice(0, 1))]);
  if (!pie && type !== "stacked_area") {
    cases.push(["negative values", chart(type, seq(12), names, 45, { valueStyle: "currency" })]);
  }
  return cases;
}

/** Every kind; MCC_CHART_KINDS=bar,line narrows a run while working on a family. */
const KINDS = Deno.env.get("MCC_CHART_KINDS")?.split(",") ?? Object.keys(EXAMPLES);

/** The lint's problems for one chart at every width, light and then dark (the host switches theme). */
async function lintAt(h: Harness, args: Args): Promise<string[]> {
  const m = await h.mount({
    tool: "create_chart_card",
    args,
    deliver: "result",
    hostContext: { theme: "light" },
  });
  try {
    const painted = await m.view.waitForSelector(".mcc-chart .mcc-pt, .mcc-notice", { state: "attached" });
    if (await painted.evaluate((e) => e.matches(".mcc-notice"))) {
      return [`refused: ${await painted.textContent()}`];
    }
    const problems: string[] = [];
    for (const theme of ["light", "dark"]) {
      if (theme === "dark") {
        await m.page.evaluate(() => window.changeContext({ theme: "dark" }));
        await m.view.waitForSelector('body[data-theme="dark"]', { state: "attached" });
      }
      for (const width of WIDTHS) {
        await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
        await m.view.evaluate(() =>
          new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        );
        problems.push(...(await lintCharts(m.view)).map((p) => `${theme} ${width} px: ${p}`));
      }
    }
    return problems;
  } finally {
    await m.page.close();
  }
}

Deno.test({
  name: "charts keep their text apart, whole and readable at every width",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    for (const type of KINDS) {
      await t.step(type, async () => {
        const problems: string[] = [];
        const cases: [string, Args][] = [["example", golden(EXAMPLES[type])], ...stress(type)];
        for (const [name, args] of cases) {
          problems.push(...(await lintAt(h, args)).map((p) => `${name}: ${p}`));
        }
        assertEquals(problems, []);
      });
    }
  } finally {
    await h.close();
  }
});
