/**
 * Diagrams in real Chromium under the official AppBridge host: every golden diagram paints and
 * passes axe in both themes, every drawn node (or message) is named from its text-alternative
 * item, arrow keys move focus to the nearest node that way with one Tab stop for the diagram, an
 * unreadable diagram shows its source, a mermaid fence in a markdown card is drawn the same way,
 * and screenshots at 420 and 760 px in both themes land in tests/artifacts/diagram-*.png.
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
const dir = new URL("../cards/diagram/", import.meta.url);
const CASES = [...Deno.readDirSync(dir)].map((e) => e.name)
  .filter((n) => n.endsWith(".json") && !n.startsWith("error_")).map((n) => n.slice(0, -5)).sort();
const args = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));

async function paint(h: Harness, name: string, hostContext: Record<string, unknown>, width = 680) {
  const m = await h.mount({ tool: "create_diagram_card", args: args(name), deliver: "result", hostContext });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  await waitFor(m.view, ".mcc-dg", { attached: true });
  return m;
}

const focused = (view: Frame) => view.evaluate(() => document.activeElement?.getAttribute("aria-label"));

Deno.test({
  name: "diagrams in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step("every diagram paints, names its nodes and passes axe in both themes", async () => {
      // a few pages at a time; the first failure in case order is the one reported
      const renders = CASES.filter((c) => c !== "limit_150_nodes").flatMap((name) =>
        (["light", "dark"] as const).map((theme) => ({ name, theme }))
      );
      await allInOrder(inPages(h, renders, async ({ name, theme }, h) => {
        const m = await paint(h, name, { theme });
        assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
        const [marks, named, items] = await m.view.evaluate(() => {
          const marks = [...document.querySelectorAll(".mcc-dg-nodes > *")];
          return [
            marks.length,
            marks.filter((e) => e.getAttribute("aria-label")).length,
            document.querySelectorAll('ol[data-mcc-rows="nodes"] > li').length,
          ];
        });
        assertEquals([named, marks], [items, items], `${name}: every listed node is drawn and named`);
      }));
    });

    await t.step("arrow keys move between nodes by where they stand; one Tab stop", async () => {
      const m = await paint(h, "example", { theme: "light" });
      await m.view.locator(".mcc-dg-nodes > *").first().focus();
      assertEquals(await focused(m.view), "Cart: → “Signed in?”");
      await m.page.keyboard.press("ArrowDown");
      assertEquals(
        await focused(m.view),
        "Signed in?: → “Shipping address”: yes, → “Sign in or continue as guest”: no",
      );
      await m.page.keyboard.press("End");
      assertEquals(await focused(m.view), "Charge (in Payment): → “Receipt”");
      assertEquals(
        await m.view.evaluate(() => document.querySelectorAll('.mcc-dg-nodes [tabindex="0"]').length),
        1,
      );
      await m.page.close();
    });

    await t.step("sequence messages are focusable rows", async () => {
      const m = await paint(h, "sequence", { theme: "dark" });
      await m.view.locator(".mcc-dg-nodes > *").first().focus();
      assertEquals(await focused(m.view), "1. “User” → “Browser”: Types password");
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(m.view), "2. “Browser” → “Server”: POST /login");
      await m.page.close();
    });

    await t.step("an unreadable diagram shows its source and names the line", async () => {
      const m = await paint(h, "unsupported_line", { theme: "light" });
      const text = await m.view.evaluate(() => document.querySelector(".mcc-dg-source")!.textContent);
      assert(text!.includes('line 3 (A@{ shape: diamond }): cannot read "@{ shape: diamond }"'), text!);
      assert(text!.includes("B ==> C"), text!);
      await m.page.close();
    });

    await t.step("a mermaid fence in a markdown card is drawn", async () => {
      const m = await h.mount({
        tool: "create_markdown_card",
        args: {
          markdown: "# Flow\n\nBefore.\n\n```mermaid\ngraph LR\n  A[Ask] --> B[Answer]\n```\n\nAfter.",
        },
        deliver: "result",
        hostContext: { theme: "dark" },
      });
      await waitFor(m.view, ".mcc-dg svg[role=group]", { attached: true });
      assertEquals(await m.view.locator(".mcc-dg-nodes > *").count(), 2);
      assertEquals(await axeViolations(m.view), []);
      await m.page.close();
    });

    await t.step(
      "a wide diagram shrinks to keep 11 px labels, then scrolls with its hidden sides faded",
      async () => {
        const m = await paint(h, "flowchart_lr_shapes", { theme: "light" }, 420);
        const state = () =>
          m.view.evaluate(() => {
            const svg = document.querySelector<SVGSVGElement>(".mcc-dg-svg")!;
            const plot = svg.parentElement!;
            return {
              scale: Math.round((svg.getBoundingClientRect().width / svg.width.baseVal.value) * 1000) / 1000,
              scrolls: plot.scrollWidth > plot.clientWidth,
              more: plot.dataset.mccMore ?? null,
              mask: getComputedStyle(plot).maskImage.includes("transparent") ||
                getComputedStyle(plot).maskImage.includes("rgba(0, 0, 0, 0)"),
            };
          });
        assertEquals(await state(), { scale: 0.917, scrolls: true, more: "right", mask: true });
        // the keyboard reaches the hidden side: the last node scrolls into view, the left side fades
        await m.view.locator(".mcc-dg-nodes > *").first().focus();
        await m.page.keyboard.press("End");
        assertEquals(
          await focused(m.view),
          await m.view.locator(".mcc-dg-nodes > *").last().getAttribute("aria-label"),
        );
        await m.page.waitForTimeout(100);
        const end = await state();
        assertEquals([end.more?.split(" ").includes("left"), end.mask], [true, true]);
        const narrow = await paint(h, "example", { theme: "light" }, 420); // fits: drawn at its size, no scroll
        assertEquals(
          await narrow.view.evaluate(() => {
            const plot = document.querySelector<HTMLElement>(".mcc-dg-plot")!;
            return [plot.scrollWidth > plot.clientWidth, plot.dataset.mccMore ?? null];
          }),
          [false, null],
        );
        await narrow.page.close();
        await m.page.close();
      },
    );

    await t.step("screenshots at 420 and 760 px in both themes", async () => {
      const all = Deno.env.get("MCC_DIAGRAM_SHOTS") === "all";
      const names = all ? CASES : ["example", "sequence", "state", "class", "flowchart_lr_shapes"];
      const shots = names.flatMap((name) =>
        [420, 760].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ name, width, theme })))
      );
      await allInOrder(inPages(h, shots, async ({ name, width, theme }, h) => {
        const m = await paint(h, name, { theme }, width);
        await shot(m, `diagram-${name}-${width}-${theme}`);
      }));
    });
  } finally {
    await h.close();
  }
});
