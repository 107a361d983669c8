/**
 * Red team, session 9: the new chart kinds in real Chromium under the AppBridge host, with inputs
 * their authors' goldens do not hold: markup, `</script>`, bidi controls and tag characters in
 * labels and names, duplicate labels, sizes of 0, one point, values at ±1e300; for a sunburst, 200-character
 * names, -0 and 0 leaves; for a bullet, a target far outside the bands, a value at a band limit, nulls. Each case paints with
 * no script error and no NaN or Infinity in the view, its table has a row per point with the label
 * as text, the first mark's tooltip and the arrow keys work, and axe finds nothing in both themes.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { axeViolations, type Harness, shot, skipReason, startHarness, waitFor } from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
const EVIL = '</script><img src=x onerror="window.pwned=1">';
const BIDI = "ab\u202Ecd\u{E0041}";

type Args = Record<string, unknown>;
/** [name, arguments, table rows]; a case with `links` is a structure card. */
const CASES: [string, Args, number][] = [
  ["bubble-hostile", {
    title: EVIL,
    type: "bubble",
    labels: [EVIL, BIDI, "dup", "dup", "L".repeat(80)],
    x: [-3, 0, 1e-300, 2, 5],
    xTitle: EVIL,
    series: [
      { name: EVIL, values: [1, -2, 3, 3, 0] },
      { name: `${BIDI} size`, values: [0, 5, 0, 1e6, 2] },
      { name: "g2 \" ' &amp;", values: [null, 1, null, 2, null] },
      { name: "s2", values: [null, 0, null, 0, null] },
    ],
  }, 7],
  ["bubble-one", {
    title: "one",
    type: "bubble",
    labels: ["only"],
    series: [{ name: "y", values: [0] }, { name: "s", values: [0] }],
  }, 1],
  ["bubble-edges", {
    title: "edges",
    type: "bubble",
    labels: ["a", "b", "c"],
    x: [1e300, -1e300, 0],
    series: [{ name: "y", values: [-1e300, 1e300, 0] }, { name: "s", values: [1e300, 0, 1e-300] }],
  }, 3],
  ["sunburst-hostile", {
    title: EVIL,
    type: "sunburst",
    links: [
      { from: EVIL, to: BIDI, value: 0 },
      { from: EVIL, to: "dup", value: 1e300 },
      { from: "dup", to: "L".repeat(200), value: 1e300 },
      { from: "dup", to: '"quoted"', value: -0 },
      { from: EVIL, to: "Dup", value: 1 },
    ],
  }, 6],
  ["bullet-hostile", {
    title: EVIL,
    type: "bullet",
    labels: [EVIL, BIDI, "dup", "dup"],
    series: [
      { name: EVIL, values: [1e300, -1e300, 10, null] },
      { name: `${BIDI} target`, values: [-1e300, 5, 10, 3] },
      { name: "<low>", values: [3, null, 10, 1] },
      { name: "<high>", values: [10, 1e300, 20, 2] },
    ],
  }, 4],
];

async function check(h: Harness, name: string, args: Args, points: number, theme: "light" | "dark") {
  // the dark runs take the host's locale: the runtime reprints every number in it
  const hostContext = theme === "dark" ? { theme, locale: "de-DE" } : { theme };
  const tool = "links" in args ? "create_structure_card" : "create_chart_card";
  const m = await h.mount({ tool, args, deliver: "result", hostContext });
  await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "420px"));
  await waitFor(m.view, ".mcc-chart .mcc-pt", { attached: true });
  const facts = await m.view.evaluate(() => ({
    pwned: (window as unknown as { pwned?: number }).pwned ?? 0,
    imgs: document.querySelectorAll(".mcc-chart img").length,
    bad: [...document.querySelectorAll("*")].flatMap((e) =>
      [...e.attributes].filter((a) => /NaN|Infinity/.test(a.value)).map((a) =>
        `${e.tagName} ${a.name}=${a.value}`
      )
    ),
    rows: document.querySelectorAll(".mcc-chart tbody tr, .mcc-data tbody tr").length,
    // 1e300 in full is 400 characters of digits: the plot left the card
    long: document.querySelector(".mcc-chart")!.textContent!.match(/[\d,.]{40,}/)?.[0] ?? null,
  }));
  assertEquals(facts, {
    pwned: 0,
    imgs: 0,
    bad: [],
    rows: points,
    long: null,
  }, `${name} ${theme}`);
  const marks = m.view.locator(".mcc-pt");
  await marks.first().focus();
  const tip = () =>
    m.view.evaluate(() => document.querySelector<HTMLElement>(".mcc-tip:not([hidden])")?.textContent ?? null);
  const first = await tip();
  assertEquals(typeof first === "string" && first.length > 0, true, `${name}: a tooltip on focus`);
  if (points > 1) {
    await m.page.keyboard.press("ArrowRight");
    const moved = await m.view.evaluate(() => document.activeElement?.classList.contains("mcc-pt") ?? false);
    assertEquals(moved, true, `${name}: ArrowRight keeps focus on a point`);
  }
  assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
  assertEquals(m.console.filter((l) => /error|uncaught/i.test(l)), [], `${name} ${theme}: console`);
  await shot(m, `red-${name}-${theme}`);
  await m.page.close();
}

Deno.test({
  name:
    "red kinds in Chromium: hostile bubble, sunburst and bullet charts paint, escape, read and pass axe in both themes",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const h = await startHarness();
  try {
    for (const [name, args, points] of CASES) {
      for (const theme of ["light", "dark"] as const) await check(h, name, args, points, theme);
    }
  } finally {
    await h.close();
  }
});
