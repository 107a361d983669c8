// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Math in real Chromium under the official AppBridge host with the real server: a document's and a
 * tab's TeX arrive as MathML that Chromium lays out as math (no fonts or scripts from the card), TeX
 * that cannot be read shows its source and reason, nothing logs an error, and axe is clean in both
 * themes. Screenshots: tests/artifacts/math-*.png.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
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

const golden = (path: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../cards/${path}.json`, import.meta.url)));

/** Axe in both themes, and screenshots at 420 and 760 px in both. */
async function look(m: Mounted, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
    await until(m.view, (th) => document.body.dataset.theme === th, theme);
    assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
    for (const width of [420, 760]) {
      await m.page.setViewportSize({ width: width + 60, height: 1200 });
      await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
      await m.page.waitForTimeout(200);
      await picture(m.page.locator("#slot"), `math-${name}-${width}-${theme}.png`);
    }
  }
}

/** Each formula: its TeX, whether Chromium lays it out as MathML (a math box with height), display or inline. */
function formulas(m: Mounted) {
  return m.view.evaluate(() =>
    [...document.querySelectorAll("math")].map((math) => {
      const box = math.getBoundingClientRect();
      return {
        tex: math.querySelector("annotation")?.textContent,
        laidOut: math instanceof MathMLElement && box.height > 0,
        display: getComputedStyle(math).display,
      };
    })
  );
}

Deno.test({
  name: "math in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  try {
    await t.step("a document: inline and display formulas, errors as source", async () => {
      const m = await mountPainted(h, "create_markdown_card", golden("markdown/math"));
      await m.view.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      assertEquals(await formulas(m), [
        { tex: "r", laidOut: true, display: "math" },
        { tex: "A = \\pi r^2", laidOut: true, display: "math" },
        { tex: "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}", laidOut: true, display: "block math" },
        { tex: "ax^2 + bx + c = 0", laidOut: true, display: "math" },
        { tex: "x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}", laidOut: true, display: "block math" },
        { tex: "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}", laidOut: true, display: "block math" },
        { tex: "\\text{<script>alert(1)</script>}", laidOut: true, display: "math" },
      ]);
      assertEquals(await m.view.locator(".mcc-math-error code").allTextContents(), [
        "$\\frac{1}{$",
        "$\\href{javascript:alert(1)}{click}$",
      ]);
      assertEquals(await m.view.locator("script").count(), 1, "only the runtime's own script");
      await look(m, "document");
      assertEquals(m.console.filter((line) => /error|refused|violat/i.test(line)), []);
      await m.page.close();
    });

    await t.step(
      "a tab's html field: math in text, never in code; the plain text field stays text",
      async () => {
        const m = await mountPainted(h, "create_tab_card", golden("tab/math_html"));
        // every panel's formulas are in the page; only the shown panel's are laid out
        const shown = async () => (await formulas(m)).map((f) => [f.tex, f.laidOut]);
        assertEquals(await shown(), [["A = \\pi r^2", true], ["2", true], ["4\\pi", true], [
          "C = 2\\pi r",
          false,
        ]]);
        await m.view.click('[role="tab"]:text-is("Circumference")');
        assertEquals(await shown(), [["A = \\pi r^2", false], ["2", false], ["4\\pi", false], [
          "C = 2\\pi r",
          true,
        ]]);
        assert((await m.view.textContent(".mcc-tabpanel:not([hidden]) pre"))!.includes("$C = 2 * pi * r$"));
        assert((await m.view.textContent(".mcc-tabpanel:not([hidden]) .mcc-text"))!.includes("$x$"));
        await look(m, "tab");
        assertEquals(m.console.filter((line) => /error|refused|violat/i.test(line)), []);
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
