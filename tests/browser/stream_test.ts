// deno-lint-ignore-file no-console no-window -- prints figures on stderr; page callbacks run in the browser, where window exists
/**
 * The live preview (issue 14, part 1) in real Chromium under the official AppBridge host: the view
 * draws the card from `ui/notifications/tool-input-partial` as the arguments stream in, growing it
 * in place, and the real tool result then replaces it at the same height and scroll position.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import {
  axeViolations,
  type Harness,
  type Mounted,
  picture,
  report,
  skipReason,
  startHarness,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

/** A 200-row table in the shape a model writes it. */
const TABLE = {
  title: "Population by city",
  headers: ["City", "Country", "People"],
  rows: Array.from({ length: 200 }, (_, i) => [`City ${i + 1}`, `Country ${i % 17}`, 1000 + i * 37]),
};

/** A 30-item outline, three levels deep: 10 steps of one sub-step holding one sub-sub-step. */
interface Item {
  text: string;
  detail?: string;
  children?: Item[];
}
const OUTLINE: { title: string; intro: string; items: Item[] } = {
  title: "Ship a release",
  intro: "In this order.",
  items: Array.from({ length: 10 }, (_, i) => ({
    text: `Step ${i + 1}`,
    children: [{
      text: `Step ${i + 1}.1`,
      detail: `Detail ${i + 1}`,
      children: [{ text: `Step ${i + 1}.1.1` }],
    }],
  })),
};

/** Item texts in document order. */
const flat = (items: Item[]): string[] => items.flatMap((it) => [it.text, ...flat(it.children ?? [])]);

/** The outline holding only its first `n` items in document order, the last one cut mid-word as a host heals it. */
function firstItems(items: Item[], n: { left: number }): Item[] {
  const out: Item[] = [];
  for (const it of items) {
    if (n.left <= 0) break;
    n.left--;
    const text = n.left === 0 ? it.text.slice(0, -1) : it.text;
    const copy: Item = { text };
    if (it.detail && n.left > 0) copy.detail = it.detail;
    if (it.children && n.left > 0) copy.children = firstItems(it.children, n);
    out.push(copy);
  }
  return out;
}

/** Waits until the card (not the preview) is painted. */
async function resultPainted(m: Mounted): Promise<void> {
  await waitFor(m.view, ".mcc-card:not([aria-busy]) .mcc-tools");
}

/**
 * Sends the tool input and the real result, then at once a ping; returns the size events seen in
 * the next `ms`, and those that reached the host only after the ping's answer (`late`: a size the
 * view reported from a timer or a frame callback instead of in the task that painted the result).
 */
async function finish(m: Mounted, tool: string, args: Json, ms = 600) {
  await m.page.evaluate(async ([t, a]) => {
    await window.sendInput(a as Json);
    const result = await window.mccCallTool(t as string, a as Json);
    await window.deliver(result);
    await window.pingView();
    window.hostEvents.push({ type: "pinged", t: performance.now() });
  }, [tool, args] as const);
  await resultPainted(m);
  await new Promise((r) => setTimeout(r, ms));
  const events = await m.events();
  const sent = events.findLastIndex((e) => e.type === "result-sent");
  const pinged = events.findLastIndex((e) => e.type === "pinged");
  const sizes = (from: number, to?: number) =>
    events.slice(from, to).filter((e) => e.type === "size").map((e) => e.height as number);
  return { sizes: sizes(sent), late: sizes(pinged) };
}

/** Sends one partial and waits until the view has handled it (a ping behind it comes back). */
async function send(m: Mounted, args: unknown): Promise<void> {
  await m.page.evaluate(async (a) => {
    await window.sendPartial(a);
    await window.pingView();
  }, args);
}

const rowTexts = (m: Mounted) =>
  m.view.evaluate(() =>
    [...document.querySelectorAll(".mcc-table tbody tr")].map((tr) =>
      [...tr.children].map((td) => td.textContent)
    )
  );

async function shot(m: Mounted, name: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 250)); // the host applies the last size report
  await picture(m.page.locator("#slot"), `${name}.png`);
}

Deno.test({
  name: "live preview while the model types",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const open = (tool: string, args: Json, extra: Json = {}) =>
    h.mount({ tool, args, deliver: "manual", hostContext: { theme: "light" }, ...extra });
  try {
    await t.step(
      "a 200-row table in 20 partials: rows in order, grown in place, result at the same height and scroll",
      async () => {
        const m = await open("create_table_card", TABLE);
        const partial = (k: number): Json => {
          // Each partial holds 10 more rows, the last one cut short (one cell), as a host heals it.
          const rows: unknown[][] = TABLE.rows.slice(0, k * 10 - 1);
          if (k < 20) rows.push([TABLE.rows[k * 10 - 1][0]]);
          else rows.push(TABLE.rows[199]);
          return { title: TABLE.title, headers: TABLE.headers, rows };
        };
        for (let k = 1; k <= 20; k++) {
          await send(m, partial(k));
          if (k === 1) {
            // Mark the first row: a preview that rebuilt itself per partial would lose the mark.
            await m.view.evaluate(() =>
              document.querySelector("tbody tr")!.setAttribute("data-mark", "first")
            );
          }
          if ([1, 2, 10, 19, 20].includes(k)) {
            const rows = await rowTexts(m);
            const want = (partial(k).rows as unknown[][]).map((r) => r.map(String));
            assertEquals(rows, want, `after partial ${k}`);
            assertEquals(
              await m.view.evaluate(() => document.querySelector(".mcc-title")!.textContent),
              TABLE.title,
            );
            assertEquals(
              await m.view.evaluate(() => document.querySelector("tbody tr")!.getAttribute("data-mark")),
              "first",
              `partial ${k} kept the drawn rows`,
            );
          }
        }
        assertEquals(
          await m.view.evaluate(() => [...document.querySelectorAll("thead th")].map((th) => th.textContent)),
          TABLE.headers,
        );
        assertEquals(await axeViolations(m.view), [], "table preview");
        await shot(m, "stream-table-preview-680-light");
        await m.page.evaluate(() => window.changeContext({ theme: "dark" }));
        await new Promise((r) => setTimeout(r, 300)); // colour transitions end
        assertEquals(await axeViolations(m.view), [], "table preview dark");
        await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "420px"));
        await shot(m, "stream-table-preview-420-dark");
        // The user scrolls the preview's table; the result must land on the same rows.
        await m.view.evaluate(() => (document.querySelector(".mcc-table-wrap")!.scrollTop = 1234));
        const scrolled = await m.view.evaluate(() => document.querySelector(".mcc-table-wrap")!.scrollTop);
        assert(scrolled > 1000, `the preview scrolled to ${scrolled}`);
        const before = await m.view.evaluate(() => document.documentElement.getBoundingClientRect().height);
        const { sizes, late } = await finish(m, "create_table_card", TABLE);
        assert(sizes.length <= 1, `size-changed after the result: ${sizes.join(", ")}`);
        assertEquals(late, [], "the result's size is reported in the task that paints it");
        const after = await m.view.evaluate(() => ({
          scroll: document.querySelector(".mcc-table-wrap")!.scrollTop,
          height: document.documentElement.getBoundingClientRect().height,
          rows: document.querySelectorAll(".mcc-table tbody tr").length,
        }));
        assertEquals([after.scroll, after.rows], [scrolled, 200]);
        report(
          `table preview ${before} px, result ${after.height} px, size reports after the result: [${sizes}]`,
        );
        assertEquals(after.height, before, "the result has the preview's height");
        await m.page.close();
      },
    );

    await t.step("a 30-item outline in 20 partials: items in order at every level", async () => {
      const m = await open("create_list_card", OUTLINE);
      const shown = [1, 2, 7, 15, 23, 30];
      for (let k = 1; k <= 20; k++) {
        const n = Math.ceil(k * 30 / 20);
        const items = firstItems(OUTLINE.items, { left: n });
        await send(m, { ...OUTLINE, items });
        if (shown.includes(n)) {
          const texts = await m.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-item")].map((s) => s.textContent)
          );
          const want = flat(OUTLINE.items).slice(0, n);
          want[n - 1] = want[n - 1].slice(0, -1);
          assertEquals(texts, want, `after partial ${k} (${n} items)`);
          const depth = await m.view.evaluate(() =>
            Math.max(...[...document.querySelectorAll(".mcc-item")].map((s) => {
              let d = 0;
              for (let e: Element | null = s; e; e = e.parentElement) if (e.tagName === "OL") d++;
              return d;
            }))
          );
          assertEquals(depth, Math.min(n, 3), "nested levels appear");
        }
      }
      assertEquals(
        await m.view.evaluate(() => [...document.querySelectorAll(".mcc-item-detail:not([hidden])")].length),
        10,
      );
      for (const theme of ["light", "dark"]) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await new Promise((r) => setTimeout(r, 300)); // colour transitions end
        for (const width of [420, 760]) {
          await m.page.setViewportSize({ width: width + 64, height: 900 });
          await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
          await shot(m, `stream-list-preview-${width}-${theme}`);
        }
        assertEquals(await axeViolations(m.view), [], `outline preview ${theme}`);
      }
      const before = await m.view.evaluate(() => document.documentElement.getBoundingClientRect().height);
      const { sizes, late } = await finish(m, "create_list_card", OUTLINE);
      const afterHeight = await m.view.evaluate(() =>
        document.documentElement.getBoundingClientRect().height
      );
      report(
        `outline preview ${before} px, result ${afterHeight} px, size reports after the result: [${sizes}]`,
      );
      assert(sizes.length <= 1, `size-changed after the result: ${sizes.join(", ")}`);
      assertEquals(late, [], "the result's size is reported in the task that paints it");
      assertEquals(
        sizes.at(-1) ?? Math.ceil(before),
        Math.ceil(afterHeight),
        "the host has the result's height",
      );
      await m.page.close();
    });

    await t.step("hostile strings in partials stay text", async () => {
      const hostile = {
        title: '<img src=x onerror="window.pwned=1">',
        headers: ["</script><script>window.pwned=2</script>", "\u202Eevil\u202C"],
        rows: [["<b>bold</b>", "x".repeat(50_000)], ['"><svg onload=window.pwned=3>', "&amp; &lt;"]],
      };
      const m = await open("create_table_card", hostile);
      await send(m, hostile);
      await waitFor(m.view, ".mcc-table td");
      const seen = await m.view.evaluate(() => ({
        pwned: (window as unknown as { pwned?: number }).pwned,
        tags: [...document.querySelectorAll(".mcc-body *")].map((e) => e.tagName.toLowerCase()),
        // the header's own icons (.mcc-glyph) are the only SVGs the runtime draws
        made: document.querySelectorAll("#mcc-root :is(img, script, b, svg:not(.mcc-glyph))").length,
        title: document.querySelector(".mcc-title")!.textContent,
        heads: [...document.querySelectorAll("th")].map((e) => e.textContent),
        cells: [...document.querySelectorAll("td")].map((e) => e.textContent),
      }));
      assertEquals(seen.pwned, undefined);
      assertEquals(seen.made, 0);
      assertEquals([...new Set(seen.tags)].sort(), [
        "div",
        "p",
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
      ]);
      assertEquals(seen.title, hostile.title);
      // Bidi controls are marked as the server marks them; a huge string is capped.
      assertEquals(seen.heads, [hostile.headers[0], "\uFFFDevil\uFFFD"]);
      assertEquals(seen.cells, [
        hostile.rows[0][0],
        "x".repeat(10_000),
        hostile.rows[1][0],
        hostile.rows[1][1],
      ]);
      await m.page.close();
    });

    await t.step("a chart adds points and tabs appear as the arguments grow", async () => {
      const chart = {
        type: "bar",
        title: "Sales",
        labels: ["Q1", "Q2", "Q3", "Q4"],
        series: [{ name: "North", values: [3, 5, 4, 8] }, { name: "South", values: [2, 6, 1, 3] }],
      };
      const m = await open("create_chart_card", chart);
      const dots = () =>
        m.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-sketch")].map((p) => [
            p.getAttribute("class"),
            (p.getAttribute("d")!.match(/M/g) ?? []).length,
          ])
        );
      await send(m, { type: "bar", title: "Sal" });
      assertEquals(await m.view.evaluate(() => document.querySelector(".mcc-title")!.textContent), "Sal");
      assertEquals(await dots(), []);
      await send(m, {
        ...chart,
        series: [{ name: "North", values: [3, 5] }],
      });
      assertEquals(await dots(), [["mcc-sketch mcc-s0", 2]]);
      await send(m, {
        ...chart,
        series: [chart.series[0], { name: "South", values: [2] }],
      });
      assertEquals(await dots(), [["mcc-sketch mcc-s0", 4], ["mcc-sketch mcc-s1", 1]]);
      await send(m, chart);
      assertEquals(await dots(), [["mcc-sketch mcc-s0", 4], ["mcc-sketch mcc-s1", 4]]);
      assertEquals(await axeViolations(m.view), [], "chart preview");
      await shot(m, "stream-chart-preview-680-light");
      await finish(m, "create_chart_card", chart);
      assertEquals(await m.view.evaluate(() => document.querySelectorAll(".mcc-sketch").length), 0);
      await m.page.close();

      const tabs = {
        title: "Install",
        tabs: [
          {
            label: "macOS",
            text: "Run the installer.\n\nThen check.",
            code: "brew install deno",
            language: "bash",
          },
          { label: "Windows", code: "irm https://deno.land/install.ps1 | iex", language: "powershell" },
          { label: "npm", text: "On npm too." },
        ],
      };
      const n = await open("create_tab_card", tabs);
      const state = () =>
        n.view.evaluate(() => ({
          tabs: [...document.querySelectorAll('[role="tab"]')].map((
            b,
          ) => [b.textContent, b.getAttribute("aria-selected")]),
          panel: [...document.querySelector(".mcc-tabpanel")!.children].map((c) =>
            c.className + ":" + c.textContent
          ),
        }));
      await send(n, { title: "Install", tabs: [{ label: "mac" }] });
      assertEquals(await state(), { tabs: [["mac", "true"]], panel: [] });
      await send(n, {
        ...tabs,
        tabs: [tabs.tabs[0], { label: "Win" }],
      });
      assertEquals(await state(), {
        tabs: [["macOS", "true"], ["Win", "false"]],
        panel: ["mcc-text:Run the installer.", "mcc-text:Then check.", "mcc-code:bashCopybrew install deno"],
      });
      await send(n, tabs);
      assertEquals((await state()).tabs, [["macOS", "true"], ["Windows", "false"], ["npm", "false"]]);
      assertEquals(await axeViolations(n.view), [], "tab preview");
      await shot(n, "stream-tab-preview-680-light");
      await n.page.close();
    });

    await t.step("a partial sent as JSON text cut off mid-row is read tolerantly", async () => {
      const m = await open("create_table_card", TABLE);
      const text = JSON.stringify({ title: "Cut", headers: ["a", "b"], rows: [["1", "2"], ["3", "4"]] });
      await send(m, text.slice(0, text.indexOf('"4"') + 2));
      await waitFor(m.view, ".mcc-table td");
      assertEquals(await rowTexts(m), [["1", "2"], ["3", "4"]]);
      // Text that does not parse yet changes nothing.
      await send(m, '{"title": "Cut", "rows": [["1", tru');
      assertEquals(await rowTexts(m), [["1", "2"], ["3", "4"]]);
      assertEquals(await m.view.evaluate(() => document.querySelector(".mcc-title")!.textContent), "Cut");
      await m.page.close();
    });

    await t.step(
      "a cancelled call replaces the preview with the notice, and later partials draw nothing",
      async () => {
        const m = await open("create_list_card", OUTLINE, {
          partials: [{ title: "Ship", items: [{ text: "One" }] }],
        });
        await waitFor(m.view, ".mcc-item");
        await m.page.evaluate(() => window.cancel("the user stopped it"));
        await m.view.locator(".mcc-notice").filter({
          hasText: "The card was cancelled: the user stopped it.",
        }).waitFor();
        await send(m, OUTLINE);
        await new Promise((r) => setTimeout(r, 100));
        assertEquals(await m.view.evaluate(() => document.querySelectorAll(".mcc-card").length), 0);
        await m.page.close();
      },
    );

    await t.step(
      "other kinds show their title and text so far; partials after the result change nothing",
      async () => {
        const md = { markdown: "# Guide\n\nFirst paragraph <b>not bold</b>.\n\nSecond one, half wr" };
        const m = await open("create_markdown_card", md, { partials: [md], partialDelayMs: 10 });
        await waitFor(m.view, ".mcc-md p");
        assertEquals(
          await m.view.evaluate(() => [
            document.querySelector(".mcc-title")!.textContent,
            ...[...document.querySelectorAll(".mcc-md p")].map((p) => p.textContent),
          ]),
          ["Guide", "# Guide", "First paragraph <b>not bold</b>.", "Second one, half wr"],
        );
        const full = { markdown: "# Guide\n\nFirst paragraph.\n\nSecond one." };
        await finish(m, "create_markdown_card", full, 100);
        const html = await m.view.evaluate(() => document.getElementById("mcc-root")!.innerHTML);
        await send(m, md);
        await new Promise((r) => setTimeout(r, 100));
        assertEquals(await m.view.evaluate(() => document.getElementById("mcc-root")!.innerHTML), html);
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
