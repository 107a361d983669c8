/**
 * Maps in real Chromium under the official AppBridge host: every golden map paints and passes axe
 * in both themes, the data table holds exactly the input values, every coloured region and pin is
 * named from its row, tooltips follow hover and focus, arrow keys move to the nearest mark in that
 * direction with one Tab stop for the map, and screenshots at 420 and 760 px in both themes land in
 * tests/artifacts/map-*.png to be looked at.
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
const dir = new URL("../cards/map/", import.meta.url);
const CASES = [...Deno.readDirSync(dir)].map((e) => e.name)
  .filter((n) => n.endsWith(".json") && !n.startsWith("error_")).map((n) => n.slice(0, -5)).sort();
const args = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));

async function paint(h: Harness, name: string, hostContext: Record<string, unknown>, width = 680) {
  const m = await h.mount({ tool: "create_map_card", args: args(name), deliver: "result", hostContext });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  await waitFor(m.view, ".mcc-map svg[role=group]", { attached: true });
  return m;
}

const tip = (view: Frame) =>
  view.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".mcc-tip");
    return t && !t.hidden ? t.textContent : null;
  });

const focused = (view: Frame) => view.evaluate(() => document.activeElement?.getAttribute("aria-label"));

/** The regions table's value column: raw numbers (data-v, else the text), null for "—". */
const regionValues = (view: Frame) =>
  view.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('table[data-mcc-rows="regions"] tbody tr')].map(
      (r) => {
        const cell = r.cells[1];
        return cell.textContent === "—" ? null : Number(cell.dataset.v ?? cell.textContent);
      },
    )
  );

Deno.test({
  name: "maps in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step(
      "every map paints, names its marks, holds its exact values and passes axe in both themes",
      async () => {
        // a few pages at a time; the first failure in case order is the one reported
        const renders = CASES.flatMap((name) =>
          (["light", "dark"] as const).map((theme) => ({ name, theme }))
        );
        await allInOrder(inPages(h, renders, async ({ name, theme }, h) => {
          const m = await paint(h, name, { theme });
          const width = await m.view.evaluate(() =>
            document.querySelector(".mcc-svg")!.getBoundingClientRect().width
          );
          assert(width > 500, `${name}: svg is ${width} px wide`);
          assertEquals(await axeViolations(m.view), [], `${name} ${theme}`);
          const unnamed = await m.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-regions > *, .mcc-pins > *")].filter((e) =>
              !e.getAttribute("aria-label")
            ).length
          );
          assertEquals(unnamed, 0, `${name}: marks without a name`);
          const input = args(name) as { data?: { value: number | string | null }[] };
          if (theme === "light" && input.data && typeof input.data[0].value !== "string") {
            assertEquals(await regionValues(m.view), input.data.map((r) => r.value ?? null), name);
          }
        }));
      },
    );

    await t.step("tooltips on hover and focus; arrow keys move to the nearest mark that way", async () => {
      const m = await paint(h, "example", { theme: "light" });
      const france = m.view.locator('.mcc-regions > [aria-label^="France"]');
      // at its centre: the middle of its outline's box is in the Atlantic (French Guiana)
      const [cx, cy] = (await france.getAttribute("data-c"))!.split(" ").map(Number);
      const svg = (await m.view.locator(".mcc-svg").boundingBox())!;
      const k = svg.width / 640;
      await m.page.mouse.move(svg.x + cx * k, svg.y + cy * k);
      assertEquals(await tip(m.view), "FranceYears: 83.3");
      await m.view.locator(".mcc-card h2").hover();
      assertEquals(await tip(m.view), null);
      await france.focus();
      assertEquals([await focused(m.view), await tip(m.view)], ["France, Years: 83.3", "FranceYears: 83.3"]);
      await m.page.keyboard.press("ArrowRight"); // the nearest centre eastwards, off-axis counting double
      assertEquals(await focused(m.view), "Switzerland, Years: 84");
      await m.page.keyboard.press("ArrowLeft");
      assertEquals(await focused(m.view), "France, Years: 83.3");
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await focused(m.view), "Spain, Years: 83.8");
      await m.page.keyboard.press("Home");
      assertEquals(await focused(m.view), "Japan, Years: 84.7");
      assertEquals(
        await m.view.evaluate(() => document.querySelectorAll('.mcc-map svg [tabindex="0"]').length),
        1, // one Tab stop for the map: the mark last focused
      );
      await m.page.close();
    });

    await t.step(
      "a numeric legend of 8 bins is one scale on one line at 420 px; each bin reads as its range",
      async () => {
        const m = await paint(h, "us_states_diverging", { theme: "light" }, 420);
        const steps = await m.view.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".mcc-legend .mcc-step")].map((li) => ({
            top: li.getBoundingClientRect().top,
            left: li.getBoundingClientRect().left,
            right: li.getBoundingClientRect().right,
            text: li.textContent,
            role: li.getAttribute("role"),
          }))
        );
        assertEquals(steps.map((s) => s.text), [
          "-8 to -6",
          "-6 to -4",
          "-4 to -2",
          "-2 to 0",
          "0–2",
          "2–4",
          "4–6",
          "6–8",
        ]);
        assertEquals(new Set(steps.map((s) => s.top)).size, 1, "the scale wraps");
        steps.slice(1).forEach((s, i) =>
          assert(Math.abs(s.left - steps[i].right) < 0.5, `gap before bin ${i + 1}`)
        );
        assert(steps.every((s) => s.role === "option"));
        await m.page.close();
      },
    );

    await t.step("pins and small countries: named from their rows", async () => {
      const pins = await paint(h, "world_pins", { theme: "dark" });
      await pins.view.locator(".mcc-pins > *").first().focus();
      assertEquals(await tip(pins.view), "LondonGroup: Europe");
      await pins.page.close();
      const tiny = await paint(h, "tiny_countries", { theme: "light" });
      assertEquals(await tiny.view.locator(".mcc-speck").count(), 5);
      await tiny.view.locator(".mcc-speck").first().focus();
      assertEquals(await tip(tiny.view), "SingaporeValue: 5.9");
      await tiny.page.close();
    });

    await t.step("screenshots at 420 and 760 px in both themes", async () => {
      const all = Deno.env.get("MCC_MAP_SHOTS") === "all";
      const names = all
        ? CASES
        : ["example", "us_states_diverging", "europe_categories", "world_bubbles_200"];
      const shots = names.flatMap((name) =>
        [420, 760].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ name, width, theme })))
      );
      await allInOrder(inPages(h, shots, async ({ name, width, theme }, h) => {
        const m = await paint(h, name, { theme }, width);
        await shot(m, `map-${name}-${width}-${theme}`);
      }));
    });
  } finally {
    await h.close();
  }
});
