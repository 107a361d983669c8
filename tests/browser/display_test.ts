// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Display modes and the host's locale in real Chromium under the official AppBridge host.
 * Fullscreen: the tool shows only when the host offers the mode (and follows host-context-changed),
 * a request is never sent otherwise, the view follows what the host granted (or refused), the card
 * fills the fixed container in fullscreen and comes back to exactly its inline layout. Locale and
 * time zone: table numbers and ISO dates and chart values in `de-DE` and `ar-EG`, while malformed
 * locales or zones keep the server's text. Screenshots land in tests/artifacts/display-*.png.
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
import { KINDS } from "./samples.ts";

const reason = skipReason();

type Json = Record<string, unknown>;

const OFFERED = {
  availableDisplayModes: ["inline", "fullscreen"],
  displayMode: "inline",
  containerDimensions: { maxHeight: 6000, width: 680 },
};

/** A table both wide (6 columns) and long (60 rows), with numbers and ISO dates. */
const BIG_TABLE = {
  title: "Cities",
  headers: ["City", "Population", "Share", "Founded", "Updated", "Local time"],
  rows: Array.from({ length: 60 }, (_, i) => [
    `City ${i + 1}`,
    i === 0 ? "1,234,567.5" : String(1000 + i),
    "12.5%",
    "2024-03-05",
    "2024-03-05T22:30:00Z",
    "2024-03-05 09:15",
  ]),
};

/** A document taller than the 600 px fullscreen container. */
const LONG_DOC = {
  markdown: "# A long read\n\n" +
    Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}: words to read, in a document that goes on.`)
      .join("\n\n"),
};

const SMALL_TABLE = { title: "Small", headers: ["a", "b"], rows: [["1", "2"], ["3", "4"]] };

const TOOL = '[data-mcc-action="fullscreen"]';

async function mount(h: Harness, kind: string, hostContext: Json, extra: Json = {}): Promise<Mounted> {
  const { tool, args } = KINDS[kind];
  return await h.mount({ tool, args, deliver: "result", hostContext, ...extra });
}

/** Waits until the host's frame has the view's height (size reports are debounced). */
async function settled(m: Mounted): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await m.page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) return got;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the host never got the view's final size");
}

/** What "the inline layout" is: the card's markup, its box and the body's, and the frame's height. */
async function layout(m: Mounted) {
  const frame = await settled(m);
  const view = await m.view.evaluate(() => {
    const card = document.querySelector(".mcc-card")!;
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map(Math.round);
    };
    return {
      html: card.outerHTML,
      card: box(card),
      body: box(document.querySelector(".mcc-body")),
      full: document.documentElement.hasAttribute("data-mcc-full"),
    };
  });
  return { frame, ...view };
}

const modeRequests = async (m: Mounted) => (await m.events("display-mode")).map((e) => e.mode);

/** Requests the view itself sent, from its own trace (what the host never saw counts too). */
const sentDisplayRequests = (view: Frame) =>
  view.evaluate(() =>
    (window.__mccDebug!() as { messages: { dir: string; message: { method?: string } }[] }).messages
      .filter((e) => e.dir === "tx" && e.message.method === "ui/request-display-mode").length
  );

const full = (view: Frame) => view.evaluate(() => document.documentElement.hasAttribute("data-mcc-full"));

async function shot(m: Mounted, name: string): Promise<void> {
  await m.page.waitForTimeout(150); // the host resizes the iframe after the size report
  await picture(m.page.locator("#slot"), `display-${name}.png`);
}

/** The texts of the first body row of a table card. */
const firstRow = (view: Frame) =>
  view.evaluate(() => [...document.querySelector(".mcc-table tbody tr")!.children].map((c) => c.textContent));

Deno.test({
  name: "display modes and locale in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step(
      "offered: in and out by click, Escape and keyboard; the inline layout comes back exactly",
      async () => {
        const m = await h.mount({
          tool: KINDS.markdown.tool,
          args: LONG_DOC,
          deliver: "result",
          hostContext: { theme: "light", ...OFFERED },
          displayReply: "grant",
        });
        await waitFor(m.view, ".mcc-card");
        const [init] = await m.events("initialized");
        assertEquals(init.appCapabilities, {
          availableDisplayModes: ["inline", "fullscreen"],
          tools: { listChanged: true },
        });
        const tool = m.view.locator(TOOL);
        assert(await tool.isVisible());
        assertEquals(await tool.getAttribute("aria-label"), "Fullscreen");
        const inline = await layout(m);
        assert(inline.frame > 600, `a long document, ${inline.frame} px inline`);

        await tool.click();
        await until(m.view, () => document.documentElement.hasAttribute("data-mcc-full"));
        assertEquals(await modeRequests(m), ["fullscreen"]);
        assertEquals(await tool.getAttribute("aria-label"), "Exit fullscreen");
        const inFull = await m.view.evaluate(() => {
          const card = document.querySelector(".mcc-card")!.getBoundingClientRect();
          const body = document.querySelector(".mcc-body")!;
          return {
            card: [card.top, card.height],
            scrolls: body.scrollHeight > body.clientHeight,
            page: document.documentElement.scrollHeight,
          };
        });
        // the card fills the fixed 600 px container and the document scrolls inside it
        assertEquals(inFull, { card: [0, 600], scrolls: true, page: 600 });
        await until(m.page, () => window.hostEvents.findLast((e) => e.type === "size")?.height === 600);
        await shot(m, "markdown-full-light");

        await m.page.keyboard.press("Escape");
        await until(m.view, () => !document.documentElement.hasAttribute("data-mcc-full"));
        assertEquals(await modeRequests(m), ["fullscreen", "inline"]);
        assertEquals(await layout(m), inline);

        // three more rounds, by keyboard and by click: the size report never sticks at 600 px
        for (let round = 0; round < 3; round++) {
          await tool.focus();
          await m.page.keyboard.press("Enter");
          await until(m.view, () => document.documentElement.hasAttribute("data-mcc-full"));
          await tool.click();
          await until(m.view, () => !document.documentElement.hasAttribute("data-mcc-full"));
        }
        assertEquals(await layout(m), inline);
        assertEquals((await modeRequests(m)).length, 8);
        await m.page.close();
      },
    );

    await t.step(
      "not offered: the tool stays hidden, Escape asks nothing, and it follows host-context-changed",
      async () => {
        const m = await mount(h, "markdown", { theme: "light" }, { displayReply: "grant" });
        await waitFor(m.view, ".mcc-card");
        const tool = m.view.locator(TOOL);
        assertEquals([await tool.count(), await tool.isVisible()], [1, false]);
        // the toolbar's arrow keys skip the hidden tools ([Fullscreen], [</>], collapse, More)
        await m.view.locator('[data-mcc-action="more"]').focus();
        await m.page.keyboard.press("ArrowRight");
        assertEquals(
          await m.view.evaluate(() => document.activeElement?.getAttribute("data-mcc-action")),
          "collapse",
        );
        await m.page.keyboard.press("Escape");
        await m.page.evaluate(() => window.changeContext({ availableDisplayModes: ["inline"] }));
        await m.page.keyboard.press("Escape");
        await m.page.waitForTimeout(200);
        assertEquals(await tool.isVisible(), false);
        assertEquals([await modeRequests(m), await sentDisplayRequests(m.view)], [[], 0]);
        await m.page.evaluate(() =>
          window.changeContext({ availableDisplayModes: ["inline", "fullscreen"] })
        );
        await tool.waitFor({ state: "visible" });
        await m.page.evaluate(() => window.changeContext({ availableDisplayModes: ["inline"] }));
        await tool.waitFor({ state: "hidden" });
        assertEquals([await modeRequests(m), await sentDisplayRequests(m.view)], [[], 0]);
        await m.page.close();
      },
    );

    await t.step("a host that refuses: the view stays inline, unchanged", async () => {
      const m = await mount(h, "chart", { theme: "light", ...OFFERED }, { displayReply: "refuse" });
      await waitFor(m.view, ".mcc-chart .mcc-pt", { attached: true });
      const inline = await layout(m);
      await m.view.locator(TOOL).click();
      await until(m.page, () => window.hostEvents.some((e) => e.type === "display-mode"));
      await m.page.waitForTimeout(200);
      assertEquals(await modeRequests(m), ["fullscreen"]);
      assertEquals([await full(m.view), await m.view.locator(TOOL).getAttribute("aria-label")], [
        false,
        "Fullscreen",
      ]);
      assertEquals(await layout(m), inline);
      await m.page.close();
    });

    await t.step("which cards get the tool: documents, code tours, charts, big tables", async () => {
      const has = async (tool: string, args: Json) => {
        const m = await h.mount({ tool, args, deliver: "result", hostContext: { ...OFFERED } });
        await waitFor(m.view, ".mcc-card");
        const n = await m.view.locator(TOOL).count();
        await m.page.close();
        return n;
      };
      const got: Record<string, number> = {};
      for (const kind of ["markdown", "code_tour", "chart", "table", "list", "tab", "reveal"]) {
        got[kind] = await has(KINDS[kind].tool, KINDS[kind].args);
      }
      got.big_table = await has("create_table_card", BIG_TABLE);
      got.small_table = await has("create_table_card", SMALL_TABLE);
      assertEquals(got, {
        markdown: 1,
        code_tour: 1,
        chart: 1,
        table: 0, // 3 columns, 3 rows
        list: 0,
        tab: 0,
        reveal: 0,
        big_table: 1,
        small_table: 0,
      });
    });

    await t.step(
      "a big table fills the room and scrolls under its header; a chart grows; both come back",
      async () => {
        const m = await h.mount({
          tool: "create_table_card",
          args: BIG_TABLE,
          deliver: "result",
          hostContext: { theme: "light", ...OFFERED },
          displayReply: "grant",
        });
        await waitFor(m.view, ".mcc-table");
        const inline = await layout(m);
        await m.view.locator(TOOL).click();
        await until(m.view, () => document.documentElement.hasAttribute("data-mcc-full"));
        const wrap = () =>
          m.view.evaluate(() => {
            const w = document.querySelector(".mcc-table-wrap")!;
            const body = document.querySelector(".mcc-body")!.getBoundingClientRect();
            const r = w.getBoundingClientRect();
            return {
              within: r.bottom <= body.bottom,
              tall: r.height > 450,
              scrolls: w.scrollHeight > w.clientHeight,
            };
          });
        assertEquals(await wrap(), { within: true, tall: true, scrolls: true });
        await m.view.evaluate(() => document.querySelector(".mcc-table-wrap")!.scrollTop = 400);
        const headTop = await m.view.evaluate(() =>
          document.querySelector(".mcc-table thead th")!.getBoundingClientRect().top -
          document.querySelector(".mcc-table-wrap")!.getBoundingClientRect().top
        );
        assertEquals(Math.round(headTop), 0, "the header row stays in view");
        await m.view.evaluate(() => document.querySelector(".mcc-table-wrap")!.scrollTop = 0);
        await m.page.keyboard.press("Escape");
        await until(m.view, () => !document.documentElement.hasAttribute("data-mcc-full"));
        assertEquals(await layout(m), inline);
        await m.page.close();

        const c = await mount(h, "chart", { theme: "light", ...OFFERED }, { displayReply: "grant" });
        await waitFor(c.view, ".mcc-chart .mcc-pt", { attached: true });
        const chartInline = await layout(c);
        const svg = () =>
          c.view.evaluate(() => {
            const frame = [...document.querySelectorAll(".mcc-fr")].find((f) => f.getClientRects().length)!;
            const r = frame.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height)];
          });
        const [w0, h0] = await svg();
        await c.view.locator(TOOL).click();
        await until(c.view, () => document.documentElement.hasAttribute("data-mcc-full"));
        const [w1, h1] = await svg();
        assert(w1 > w0 && h1 > h0, `the chart grows: ${w0}x${h0} inline, ${w1}x${h1} in fullscreen`);
        assert(h1 <= 420, `and stays within 70% of the 600 px container: ${h1}`);
        await shot(c, "chart-full-light");
        await c.view.locator(TOOL).click();
        await until(c.view, () => !document.documentElement.hasAttribute("data-mcc-full"));
        assertEquals(await layout(c), chartInline);
        await c.page.close();
      },
    );

    await t.step(
      "axe in both themes, 44 px touch target; screenshots inline at 420 and 760 px and in fullscreen",
      async () => {
        for (const theme of ["light", "dark"] as const) {
          const m = await h.mount({
            tool: "create_table_card",
            args: BIG_TABLE,
            deliver: "result",
            hostContext: { theme, ...OFFERED, deviceCapabilities: { touch: true } },
            displayReply: "grant",
          });
          await waitFor(m.view, ".mcc-table");
          const tool = m.view.locator(TOOL);
          const box = (await tool.boundingBox())!;
          assert(box.height >= 44 && box.width >= 44, `touch target ${box.width}x${box.height}`);
          assertEquals(await axeViolations(m.view), [], `inline ${theme}`);
          for (const width of [420, 760]) {
            await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
            await shot(m, `table-${width}-${theme}`);
          }
          await m.page.evaluate(() => (document.getElementById("slot")!.style.width = ""));
          await tool.click();
          await until(m.view, () => document.documentElement.hasAttribute("data-mcc-full"));
          assertEquals(await axeViolations(m.view), [], `fullscreen ${theme}`);
          await shot(m, `table-full-${theme}`);
          await m.page.close();
        }
      },
    );

    await t.step(
      "locale and time zone: table numbers and dates, chart values; the summary keeps the server's text",
      async () => {
        const table = async (hostContext: Json) => {
          const m = await h.mount({
            tool: "create_table_card",
            args: BIG_TABLE,
            deliver: "result",
            hostContext,
          });
          await waitFor(m.view, ".mcc-table");
          const row = await firstRow(m.view);
          const summary = await m.page.evaluate(() =>
            (window.lastResult!.content as { text: string }[])[0].text.split("\n").find((l) =>
              l.includes("City 1 ")
            )
          );
          await m.page.close();
          return { row, summary };
        };
        const server = [
          "City 1",
          "1,234,567.5",
          "12.5%",
          "2024-03-05",
          "2024-03-05T22:30:00Z",
          "2024-03-05 09:15",
        ];
        const summary =
          "| City 1 | 1,234,567.5 | 12.5% | 2024-03-05 | 2024-03-05T22:30:00Z | 2024-03-05 09:15 |";
        assertEquals(await table({ theme: "light" }), { row: server, summary });
        assertEquals(await table({ locale: "de-DE", timeZone: "Europe/Berlin" }), {
          row: [
            "City 1",
            "1.234.567,5",
            "12,5\u00a0%",
            "05.03.2024",
            "05.03.2024, 23:30:00",
            "05.03.2024, 09:15",
          ],
          summary,
        });
        assertEquals((await table({ locale: "ar-EG", timeZone: "Africa/Cairo" })).row, [
          "City 1",
          "١٬٢٣٤٬٥٦٧٫٥",
          "١٢٫٥٪\u061c",
          "٠٥\u200f/٠٣\u200f/٢٠٢٤",
          "٠٦\u200f/٠٣\u200f/٢٠٢٤، ١٢:٣٠:٠٠ ص",
          "٠٥\u200f/٠٣\u200f/٢٠٢٤، ٩:١٥ ص",
        ]);
        // a column without digit groups keeps none ("1001", not "1.001")
        const m = await h.mount({
          tool: "create_table_card",
          args: { ...BIG_TABLE, rows: BIG_TABLE.rows.slice(1, 2) },
          deliver: "result",
          hostContext: { locale: "de-DE" },
        });
        await waitFor(m.view, ".mcc-table");
        assertEquals((await firstRow(m.view))[1], "1001");
        await m.page.close();
        // malformed locale or zone: the server's text stays (a good locale still formats the rest)
        assertEquals((await table({ locale: "de_DE", timeZone: "Europe/Berlin" })).row, server);
        assertEquals((await table({ locale: "de-DE", timeZone: "Mars/Olympus_Mons" })).row, [
          "City 1",
          "1.234.567,5",
          "12,5\u00a0%",
          "05.03.2024",
          "2024-03-05T22:30:00Z",
          "05.03.2024, 09:15",
        ]);

        const chart = async (hostContext: Json) => {
          const c = await mount(h, "chart", hostContext);
          await waitFor(c.view, ".mcc-chart .mcc-pt", { attached: true });
          const cells = await c.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-chart tbody tr:last-child td")].map((td) => td.textContent)
          );
          const tick = await c.view.evaluate(() => document.querySelector(".mcc-fr [data-v]")?.textContent);
          await c.page.close();
          return { cells, tick };
        };
        const en = await chart({ theme: "light" });
        assertEquals(await chart({ locale: "de_DE" }), en);
        assertEquals(await chart({ locale: "de-DE" }), {
          cells: ["35\u00a0$", "21\u00a0$", "14\u00a0$"],
          tick: "0\u00a0$",
        });
        assertEquals(await chart({ locale: "ar-EG" }), {
          cells: ["\u200f٣٥\u00a0US$", "\u200f٢١\u00a0US$", "\u200f١٤\u00a0US$"],
          tick: "\u200f٠\u00a0US$",
        });
      },
    );
  } finally {
    await h.close();
  }
});
