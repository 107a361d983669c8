/**
 * Code tours and documents in real Chromium under the AppBridge host: file tabs built from the
 * part's sections, Raw | Code and Raw | Rendered switches that hold across tab switches, copy
 * buttons that return the exact source (CR LF included), a gutter that selections skip, the gutter
 * and notice of a truncated file, axe with switched views, and screenshots at 420 and 760 px.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame } from "playwright-core";
import {
  axeViolations,
  type Harness,
  type Mounted,
  picture,
  skipReason,
  startHarness,
  until,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
const cases = new URL("../cards/code_tour/", import.meta.url);
const args = (name: string, dir = cases) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, dir)));
const example = args("example");
const source = (path: string) =>
  (example.files as { path: string; content: string }[]).find((f) => f.path === path)!.content;

async function paintedView(m: Mounted): Promise<Frame> {
  await waitFor(m.view, ".mcc-card [role=tablist], .mcc-card .mcc-md");
  return m.view;
}

const visible = (view: Frame, selector: string) =>
  view.evaluate(
    (s) => [...document.querySelectorAll<HTMLElement>(s)].filter((e) => e.checkVisibility()).length,
    selector,
  );

const panel = (path: string) => `section.mcc-tourfile[data-mcc-path="${path}"]`;

Deno.test({
  name: "code tours and documents in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  await h.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const mount = (tool: string, a: Record<string, unknown>, theme: "light" | "dark" = "light") =>
    h.mount({
      tool,
      args: a,
      deliver: "result",
      hostContext: { theme },
      permissions: { clipboardWrite: {} },
    });
  const clipboard = (m: Mounted) => m.page.evaluate(() => navigator.clipboard.readText());
  try {
    await t.step("files become tabs in tour order; keys move between them", async () => {
      const m = await mount("create_code_tour_card", example);
      const view = await paintedView(m);
      const tabs = await view.locator("[role=tab]").allTextContents();
      assertEquals(tabs, [
        "README.md",
        "package.json",
        "Makefile",
        "src/models.ts",
        "src/errors.ts",
        "src/main.ts",
      ]);
      assertEquals(await visible(view, "section.mcc-tourfile"), 1);
      assertEquals(await visible(view, ".mcc-tourfile-name"), 0, "the tab names the file");
      await view.locator("[role=tab]").first().focus();
      await m.page.keyboard.press("End");
      assert(await view.locator(panel("src/main.ts")).isVisible());
      await m.page.keyboard.press("ArrowRight");
      assert(await view.locator(panel("README.md")).isVisible());
      await m.page.close();
    });

    await t.step("Raw | Rendered and Raw | Code switch views, and the choice holds across tabs", async () => {
      const m = await mount("create_code_tour_card", example);
      const view = await paintedView(m);
      const readme = view.locator(panel("README.md"));
      assert(await readme.locator(".mcc-view-rendered").isVisible(), "Rendered on arrival");
      assert(!(await readme.locator(".mcc-view-raw").isVisible()));
      await readme.getByRole("button", { name: "Raw" }).click();
      assert(await readme.locator(".mcc-view-raw").isVisible());
      assert(!(await readme.locator(".mcc-view-rendered").isVisible()));
      assertEquals(await readme.getByRole("button", { name: "Raw" }).getAttribute("aria-pressed"), "true");
      assertEquals(
        await readme.getByRole("button", { name: "Rendered" }).getAttribute("aria-pressed"),
        "false",
      );

      await view.getByRole("tab", { name: "src/models.ts" }).click();
      const models = view.locator(panel("src/models.ts"));
      assert(await models.locator(".mcc-gutter").isVisible(), "Code on arrival, with its gutter");
      const color = (sel: string) => models.locator(sel).first().evaluate((e) => getComputedStyle(e).color);
      assert((await color("b")) !== (await color("pre")), "keywords are coloured in Code");
      await models.getByRole("button", { name: "Raw" }).click();
      assert(!(await models.locator(".mcc-gutter").isVisible()), "Raw has no gutter");
      assertEquals(await color("b"), await color("pre"), "Raw is uncoloured");

      await view.getByRole("tab", { name: "src/errors.ts" }).click();
      const errors = view.locator(panel("src/errors.ts"));
      assertEquals(await errors.getByRole("button", { name: "Raw" }).getAttribute("aria-pressed"), "true");
      assert(!(await errors.locator(".mcc-gutter").isVisible()), "the Raw choice carried over");
      await view.getByRole("tab", { name: "README.md" }).click();
      assert(await readme.locator(".mcc-view-raw").isVisible(), "the README is still Raw after the tab trip");
      assertEquals(await axeViolations(view), [], "switched views");
      await m.page.close();
    });

    await t.step("copy buttons return the exact source; selections skip the gutter", async () => {
      const m = await mount("create_code_tour_card", example);
      const view = await paintedView(m);
      await view.getByRole("tab", { name: "src/main.ts" }).click();
      const main = view.locator(panel("src/main.ts"));
      await main.getByRole("button", { name: "Copy" }).click();
      await view.locator(".mcc-status").filter({ hasText: "Code copied" }).waitFor();
      assertEquals(await clipboard(m), source("src/main.ts"));
      // Select the whole source view (gutter included) and by mouse from the first number to the end.
      const selected = await main.locator(".mcc-src-body").evaluate((body) => {
        getSelection()!.selectAllChildren(body);
        return getSelection()!.toString();
      });
      // Chromium leaves a pre's final line break out of a selection's text; the numbers stay out entirely.
      assertEquals(selected, source("src/main.ts").replace(/\n$/, ""));
      const gutter = await main.locator(".mcc-gutter").boundingBox();
      const code = await main.locator("pre").boundingBox();
      await m.page.mouse.move(0, 0);
      const frame = await m.page.locator("iframe").boundingBox();
      const sandboxFrame = await m.page.frames()[1].locator("iframe").boundingBox().catch(() => null);
      const dx = (frame?.x ?? 0) + (sandboxFrame?.x ?? 0);
      const dy = (frame?.y ?? 0) + (sandboxFrame?.y ?? 0);
      await m.page.mouse.move(dx + gutter!.x + 2, dy + gutter!.y + 12);
      await m.page.mouse.down();
      await m.page.mouse.move(dx + code!.x + code!.width - 4, dy + code!.y + code!.height - 4, { steps: 8 });
      await m.page.mouse.up();
      const dragged = await view.evaluate(() => getSelection()!.toString());
      assert(dragged.length > 20, `dragged "${dragged}"`);
      assert(
        !/^\d+\n\d+/m.test(dragged) && source("src/main.ts").includes(dragged.trim().slice(0, 20)),
        dragged,
      );
      assertEquals(await main.locator(".mcc-gutter").evaluate((g) => getComputedStyle(g).userSelect), "none");

      await view.getByRole("tab", { name: "README.md" }).click();
      const readme = view.locator(panel("README.md"));
      await readme.getByRole("button", { name: "Raw" }).click();
      await readme.locator(".mcc-view-raw").getByRole("button", { name: "Copy" }).click();
      await until(
        m.page,
        (expected) => navigator.clipboard.readText().then((t) => t === expected),
        source("README.md"),
      );
      await m.page.close();

      const crlf = args("crlf_and_entities");
      const c = await mount("create_code_tour_card", crlf);
      const v = await paintedView(c);
      for (const file of crlf.files as { path: string; content: string }[]) {
        await v.getByRole("tab", { name: file.path }).click();
        await v.locator(panel(file.path)).getByRole("button", { name: "Copy" }).click();
        await until(
          c.page,
          (expected) => navigator.clipboard.readText().then((t) => t === expected),
          file.content,
        );
      }
      await c.page.close();
    });

    await t.step("a truncated file keeps its notice in its tab and gets its gutter back", async () => {
      const m = await mount("create_code_tour_card", args("truncated_2"));
      const view = await paintedView(m);
      const big = view.locator(panel("src/big.ts"));
      assert(await big.locator(".mcc-notice").isVisible());
      assert(await big.locator(".mcc-gutter").isVisible());
      const lines = await big.locator(".mcc-gutter").evaluate((g) => g.textContent!.split("\n").length);
      const shown = await big.locator("pre").evaluate((p) => p.textContent!.split("\n").length);
      assertEquals(lines, shown);
      await m.page.close();
    });

    await t.step("documents: sections fold and open by keyboard; screenshots at 420 and 760 px", async () => {
      const docArgs = args("example", new URL("../cards/markdown/", import.meta.url));
      for (const theme of ["light", "dark"] as const) {
        for (const width of [420, 760]) {
          for (
            const [tool, a, name] of [
              ["create_markdown_card", docArgs, "markdown"],
              ["create_code_tour_card", example, "code_tour"],
            ] as const
          ) {
            const m = await mount(tool, a, theme);
            const view = await paintedView(m);
            await m.page.setViewportSize({ width: width + 60, height: 900 });
            await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
            if (name === "markdown") {
              const open = () =>
                view.locator("details.mcc-md-section").evaluateAll((ds) =>
                  ds.map((d) => (d as HTMLDetailsElement).open)
                );
              await view.getByRole("button", { name: "Show all" }).click();
              assertEquals(await open(), [true, true, true]);
              await view.getByRole("button", { name: "Hide all" }).click();
              assertEquals(await open(), [false, false, false]);
              const first = view.locator("details.mcc-md-section summary").first();
              await first.focus();
              await m.page.keyboard.press("Enter");
              assert(
                await view.locator("details.mcc-md-section").first().evaluate((d) =>
                  (d as HTMLDetailsElement).open
                ),
              );
            } else if (width === 760) {
              await view.getByRole("tab", { name: "src/main.ts" }).click();
            }
            assertEquals(await axeViolations(view), [], `${name} ${theme} ${width}`);
            await new Promise((r) => setTimeout(r, 300));
            await picture(m.page.locator("body"), `i11-${name}-${theme}-${width}.png`);
            await m.page.close();
          }
        }
      }
    });
  } finally {
    await h.context.clearPermissions();
    await h.close();
  }
});
