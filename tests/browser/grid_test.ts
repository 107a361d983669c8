// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * The table card as a data grid, in real Chromium under the official AppBridge host with the real
 * server: sorting by each type of column (stable, `aria-sort`, the status line), the filter (case,
 * accents, right-to-left text, "n of m rows", Escape), Totals, the keyboard, row selection after a
 * sort, Download's CSV as shown, paging a split table through get_card, the standalone document
 * with no host, 50 mixed columns, and axe in both themes. Screenshots: tests/artifacts/grid-*.png.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
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

const FRUIT = {
  title: "Fruit stock",
  headers: ["Name", "Stock", "Picked", "Shelf"],
  rows: [
    ["banana", "1,200", "2024-03-05", "B"],
    ["Äpfel", "-30", "2024-01-20", "A"],
    ["item 10", "", "2023-12-31", "B"],
    ["apple", "75.5", "", "A"],
    ["item 2", "1,200", "2024-02-29", "C"],
    ["مَرحبا", "8", "2024-03-01", "A"],
  ],
};

const names = (v: Frame) => v.locator("tbody tr:not([hidden]) td:first-child").allTextContents();
const status = (v: Frame) => v.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");
const sortOf = (v: Frame) =>
  v.evaluate(() => [...document.querySelectorAll("thead th")].map((th) => th.getAttribute("aria-sort")));
const count = (v: Frame) => v.textContent(".mcc-grid-count");

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
      await picture(m.page.locator("#slot"), `grid-${name}-${width}-${theme}.png`);
    }
  }
}

/** The text of the one CSV file Download gave the host. */
async function downloadCsv(m: Mounted): Promise<string> {
  await m.view.click('[data-mcc-action="more"]');
  await m.view.click('.mcc-menu [role="menuitem"]:text-is("Download CSV")');
  await until(m.page, () => window.hostEvents.some((e) => e.type === "download"));
  const [event] = await m.events("download");
  return String((event.params as { contents: { resource: Json }[] }).contents[0].resource.text);
}

/** Parts the view asked get_card for (by the card's id, or with the input once the store let it go). */
async function pulled(m: Mounted): Promise<unknown[]> {
  return (await m.events("call-tool")).map((e) => {
    const args = e.arguments as { part?: number; arguments?: { part?: number } };
    return args.part ?? args.arguments?.part;
  });
}

Deno.test({
  name: "the table grid in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = (args: Json, extra: Json = {}) => mountPainted(h, "create_table_card", args, extra);
  try {
    await t.step("numbers sort by value, missing last either way, ties in source order", async () => {
      const m = await mount(FRUIT);
      const v = m.view;
      assertEquals(await count(v), "6 rows");
      await v.click("th:nth-child(2) .mcc-sort");
      assertEquals(await names(v), ["Äpfel", "مَرحبا", "apple", "banana", "item 2", "item 10"]);
      assertEquals(await sortOf(v), [null, "ascending", null, null]);
      assertEquals(await status(v), "Sorted by Stock, ascending");
      await v.click("th:nth-child(2) .mcc-sort");
      assertEquals(await names(v), ["banana", "item 2", "apple", "مَرحبا", "Äpfel", "item 10"]);
      assertEquals(await sortOf(v), [null, "descending", null, null]);
      assertEquals(await status(v), "Sorted by Stock, descending");
      await v.click("th:nth-child(2) .mcc-sort");
      assertEquals(await names(v), FRUIT.rows.map((r) => r[0]));
      assertEquals(await sortOf(v), [null, null, null, null]);
      assertEquals(await status(v), "Rows in their original order");
      assertEquals((await m.events("call-tool")).length, 0, "sorting is local");
      await m.page.close();
    });

    await t.step(
      "dates sort by time, text by the locale (numbers in text by value), ties stable",
      async () => {
        const m = await mount(FRUIT);
        const v = m.view;
        await v.click("th:nth-child(3) .mcc-sort");
        assertEquals(await names(v), ["item 10", "Äpfel", "item 2", "مَرحبا", "banana", "apple"]);
        await v.click("th:nth-child(1) .mcc-sort"); // "apfel" comes before "apple"; "item 2" before "item 10"
        assertEquals(await names(v), ["Äpfel", "apple", "banana", "item 2", "item 10", "مَرحبا"]);
        assertEquals(await sortOf(v), ["ascending", null, null, null]);
        await v.click("th:nth-child(4) .mcc-sort");
        assertEquals(await names(v), ["Äpfel", "apple", "مَرحبا", "banana", "item 10", "item 2"]);
        await v.click("th:nth-child(4) .mcc-sort");
        assertEquals(await names(v), ["item 2", "banana", "item 10", "Äpfel", "apple", "مَرحبا"]);
        await m.page.close();
      },
    );

    await t.step(
      "the filter ignores case and accents, reads right-to-left text, and Escape clears it",
      async () => {
        const m = await mount(FRUIT);
        const v = m.view;
        await v.fill(".mcc-grid-filter", "APFEL");
        assertEquals(await names(v), ["Äpfel"]);
        assertEquals(await count(v), "1 of 6 rows");
        await v.fill(".mcc-grid-filter", "item B");
        assertEquals(await names(v), ["item 10"]);
        await v.fill(".mcc-grid-filter", "مرحبا"); // without the vowel mark the cell has
        assertEquals(await names(v), ["مَرحبا"]);
        assertEquals(await v.getAttribute(".mcc-grid-filter", "dir"), "auto");
        await v.fill(".mcc-grid-filter", "nothing like this");
        assertEquals(await names(v), []);
        assertEquals(await count(v), "0 of 6 rows");
        await v.press(".mcc-grid-filter", "Escape");
        assertEquals(await v.inputValue(".mcc-grid-filter"), "");
        assertEquals(await names(v), FRUIT.rows.map((r) => r[0]));
        assertEquals(await count(v), "6 rows");
        await m.page.close();
      },
    );

    await t.step("Totals: sum, minimum and maximum of the shown rows, kept while sorting", async () => {
      const m = await mount(FRUIT);
      const v = m.view;
      const foot = () =>
        v.evaluate(() =>
          [...document.querySelectorAll("tfoot tr")].map((r) => [...r.children].map((c) => c.textContent))
        );
      assertEquals(await v.getAttribute("[data-mcc-totals]", "aria-pressed"), "false");
      await v.click("[data-mcc-totals]");
      assertEquals(await v.getAttribute("[data-mcc-totals]", "aria-pressed"), "true");
      assertEquals(await foot(), [
        ["Sum", "2,453.5", "", ""],
        ["Min", "-30", "", ""],
        ["Max", "1,200", "", ""],
      ]);
      await v.fill(".mcc-grid-filter", "p");
      assertEquals(await count(v), "2 of 6 rows");
      assertEquals(await foot(), [["Sum", "45.5", "", ""], ["Min", "-30", "", ""], ["Max", "75.5", "", ""]]);
      await v.click("th:nth-child(2) .mcc-sort");
      assertEquals(await v.locator("tfoot").count(), 1);
      await look(m, "totals");
      await v.click("[data-mcc-totals]");
      assertEquals(await v.locator("tfoot").count(), 0);
      await m.page.close();
    });

    await t.step(
      "keyboard: header buttons sort, arrows move among the shown rows, a selected row keeps its number",
      async () => {
        const m = await mount(FRUIT, { modelContext: true });
        const v = m.view;
        await v.focus("th:nth-child(2) .mcc-sort");
        await m.page.keyboard.press("Enter");
        assertEquals(await sortOf(v), [null, "ascending", null, null]);
        await m.page.keyboard.press("Space");
        assertEquals(await sortOf(v), [null, "descending", null, null]);
        await v.fill(".mcc-grid-filter", "p"); // banana, item 2, [apple], مَرحبا, [Äpfel], item 10
        assertEquals(await names(v), ["apple", "Äpfel"]);
        const stops = () =>
          v.evaluate(() =>
            [...document.querySelectorAll<HTMLTableRowElement>("tbody tr")].filter((r) => r.tabIndex === 0)
              .map((r) => r.cells[0].textContent)
          );
        assertEquals(await stops(), ["apple"]);
        const focused = () =>
          v.evaluate(() => (document.activeElement as HTMLTableRowElement).cells[0].textContent);
        await v.focus("tbody tr:not([hidden])");
        await m.page.keyboard.press("ArrowDown"); // over the hidden row between
        assertEquals(await focused(), "Äpfel");
        await m.page.keyboard.press("ArrowDown"); // wraps over the hidden rows
        assertEquals(await focused(), "apple");
        await m.page.keyboard.press("ArrowUp");
        assertEquals(await focused(), "Äpfel");
        await m.page.keyboard.press("Enter");
        await until(m.page, () => window.hostEvents.some((e) => e.type === "context"));
        const [context] = await m.events("context");
        assertEquals(
          (context.params as { content: { text: string }[] }).content[0].text,
          'Selected row 2 of "Fruit stock": "Name": "Äpfel"; "Stock": "-30"; "Picked": "2024-01-20"; "Shelf": "A"',
        );
        await m.page.close();
      },
    );

    await t.step("Download's CSV is the grid as shown: sorted and filtered, no footer", async () => {
      const m = await mount(FRUIT, { downloadReply: "ok" });
      const v = m.view;
      await v.click("th:nth-child(2) .mcc-sort");
      await v.fill(".mcc-grid-filter", "p");
      await v.click("[data-mcc-totals]");
      assertEquals(
        await downloadCsv(m),
        ["Name,Stock,Picked,Shelf", "Äpfel,-30,2024-01-20,A", "apple,75.5,,A"].map((l) => l + "\r\n").join(
          "",
        ),
      );
      await m.page.close();
    });

    const LONG = {
      title: "Long",
      headers: ["Name", "N"],
      rows: Array.from({ length: 1_500 }, (_, i) => [`row ${i + 1}`, `${(i * 7) % 1_500}`]),
    };

    await t.step("a split table pages through get_card, keeping the sort and filter", async () => {
      const m = await mount(LONG);
      const v = m.view;
      assertEquals(await v.textContent(".mcc-title"), "Long (part 1 of 3)");
      assertEquals(await v.textContent(".mcc-grid-pager span"), "Part 1 of 3");
      assertEquals(await v.isDisabled(".mcc-grid-pager [data-mcc-part='Previous part']"), true);
      const first = await v.locator("tbody tr").count();
      await v.click("th:nth-child(2) .mcc-sort");
      await v.click("th:nth-child(2) .mcc-sort"); // descending
      await v.click(".mcc-grid-pager [data-mcc-part='Next part']");
      await until(v, () => document.querySelector(".mcc-title")?.textContent === "Long (part 2 of 3)");
      assertEquals(await pulled(m), [2]);
      assertEquals(await status(v), "Showing part 2 of 3");
      assertEquals(await sortOf(v), [null, "descending"]);
      const shown = await v.evaluate(() =>
        [...document.querySelectorAll<HTMLTableRowElement>("tbody tr")].map((r) => +r.cells[1].textContent!)
      );
      assertEquals(shown, [...shown].sort((a, b) => b - a));
      assertEquals(await v.getAttribute("tbody tr:first-child", "data-mcc-row") !== null, true);
      assert(
        await v.evaluate(
          (n) =>
            [...document.querySelectorAll("tbody tr")].every((r) => +(r as HTMLElement).dataset.mccRow! > n),
          first,
        ),
        "part 2 numbers its rows after part 1's",
      );
      assertEquals(
        await v.evaluate(() => document.activeElement?.textContent),
        "Next part",
        "focus stays on the button",
      );
      await v.fill(".mcc-grid-filter", "row 1000");
      await v.click(".mcc-grid-pager [data-mcc-part='Next part']");
      await until(v, () => document.querySelector(".mcc-title")?.textContent === "Long (part 3 of 3)");
      assertEquals(await v.inputValue(".mcc-grid-filter"), "row 1000");
      assertEquals(await v.isDisabled(".mcc-grid-pager [data-mcc-part='Next part']"), true);
      await v.click(".mcc-grid-pager [data-mcc-part='Previous part']");
      await until(v, () => document.querySelector(".mcc-title")?.textContent === "Long (part 2 of 3)");
      assertEquals(await pulled(m), [2, 3, 2]);
      await look(m, "parts");
      await m.page.close();
    });

    await t.step("no pager without server tools; a part that does not come says so", async () => {
      const m = await mount(LONG, { omitCapabilities: ["serverTools"] });
      assertEquals(await m.view.locator(".mcc-grid-pager").count(), 0);
      assertEquals(await m.view.locator(".mcc-grid-filter").count(), 1);
      await m.page.close();
    });

    await t.step("the CSV of a split table gathers every part, then sorts and filters it", async () => {
      const m = await mount(LONG, { downloadReply: "ok" });
      const v = m.view;
      await v.click("th:nth-child(1) .mcc-sort");
      await v.click("th:nth-child(1) .mcc-sort"); // descending by name
      await v.fill(".mcc-grid-filter", "row 17");
      // every word of the filter somewhere in the row: "row 5 | 175" is in too
      const expected = LONG.rows.filter((r) => ["row", "17"].every((w) => r.join("\n").includes(w)))
        .sort((a, b) => b[0].localeCompare(a[0], "en-US", { numeric: true }));
      assertEquals(
        await downloadCsv(m),
        ["Name,N", ...expected.map((r) => r.join(","))].map((l) => l + "\r\n").join(""),
      );
      await m.page.close();
    });

    await t.step("50 columns of mixed types sort by the last one", async () => {
      const headers = Array.from({ length: 50 }, (_, c) => `Column ${c + 1}`);
      const rows = Array.from(
        { length: 30 },
        (_, r) => headers.map((_, c) => (c % 2 ? `${(r * 13) % 30}` : `x${r}`)),
      );
      rows[3][49] = "mixed"; // the last column is text now: numbers as text, by value
      const m = await mount({ title: "Wide", headers, rows });
      const v = m.view;
      await v.click("th:nth-child(50) .mcc-sort");
      const last = await v.evaluate(() =>
        [...document.querySelectorAll<HTMLTableRowElement>("tbody tr")].map((r) => r.cells[49].textContent)
      );
      assertEquals(
        last,
        [...last].sort((a, b) => a!.localeCompare(b!, "en-US", { numeric: true, sensitivity: "base" })),
      );
      assertEquals(last.at(-1), "mixed");
      await look(m, "wide");
      await m.page.close();
    });

    await t.step("the standalone document sorts and filters with no host", async () => {
      const m = await mount(FRUIT);
      const id = await m.view.evaluate(() => (window.__mccDebug!() as { cardId: string }).cardId);
      await m.page.close();
      const doc = ((await h.apps.readResource({ uri: `ui://mcp-chat-cards/html/${id}` })).contents[0] as {
        text: string;
      }).text;
      const page: Page = await h.context.newPage();
      const errors: string[] = [];
      page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
      await page.goto(h.servePage("/grid-standalone.html", doc));
      const v = page.mainFrame();
      await v.click("th:nth-child(2) .mcc-sort");
      assertEquals(await names(v), ["Äpfel", "مَرحبا", "apple", "banana", "item 2", "item 10"]);
      await v.fill(".mcc-grid-filter", "APFEL");
      assertEquals(await count(v), "1 of 6 rows");
      assertEquals(await v.locator(".mcc-grid-pager").count(), 0);
      assertEquals(errors, []);
      await page.close();
    });
  } finally {
    await h.close();
  }
});
