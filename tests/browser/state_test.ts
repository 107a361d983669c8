// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Cards remember their state across a reload, in real Chromium under the official AppBridge host:
 * each step changes one kind of state, lets the host tear the view down and mount a fresh iframe
 * with the same delivered result (same card id and viewUUID), and asserts it came back before the
 * first size report. A different viewUUID starts fresh, a host that strips `_meta` falls back to
 * the card id, the store keeps the 50 newest cards and 8 KB per card, passwords are never kept,
 * an opaque sandbox (where localStorage throws) keeps state in memory without an error, and the
 * standalone document remembers under its card id.
 */
import { deepStrictEqual as assertDeep, ok as assert, strictEqual as assertEquals } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
import { savedPage, site, webClient } from "../tools/web_fixtures.ts";
import {
  axeViolations,
  type Harness,
  moreAction,
  type Mounted,
  picture,
  report,
  skipReason,
  startHarness,
  until,
  waitFor,
} from "./harness.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();

type Json = Record<string, unknown>;
type MountArgs = Parameters<Harness["mount"]>[0];

/** Everything a card may remember, read from the view's DOM. */
interface CardState {
  tabs: string[];
  shownPanels: string[];
  details: boolean[];
  source: boolean;
  collapsed: string | null;
  views: string[];
  values: unknown[];
  scrolls: number[][];
  scrollY: number;
}

function readState(view: Frame | Page): Promise<CardState> {
  return view.evaluate(() => {
    const all = <T extends Element>(s: string) => [...document.querySelectorAll<T>(s)];
    return {
      tabs: all('[role="tab"][aria-selected="true"]').map((t) => t.textContent ?? ""),
      shownPanels: all<HTMLElement>('[role="tabpanel"]').filter((p) => !p.hidden).map((p) => p.id),
      details: all<HTMLDetailsElement>("details").map((d) => d.open),
      source: document.querySelector(".mcc-source") !== null,
      collapsed: document.querySelector('[data-mcc-action="collapse"]')?.getAttribute("aria-expanded") ??
        null,
      views: all("[data-mcc-switch]").map((b) => b.getAttribute("data-mcc-current") ?? ""),
      values: all<HTMLInputElement>("form input, form select, form textarea").map((c) =>
        c.type === "checkbox" || c.type === "radio" ? c.checked : c.value
      ),
      scrolls: all(".mcc-table-wrap, .mcc-src-body").map((e) => [e.scrollTop, e.scrollLeft]),
      scrollY: Math.round(scrollY),
    };
  });
}

/** The view frame of the host page once it holds a painted card (after a remount: the new one). */
async function cardFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 400; i++) {
    const frame = page.frames().find((f) =>
      !f.isDetached() && f.parentFrame()?.parentFrame() === page.mainFrame()
    );
    if (frame && await frame.$(".mcc-card").catch(() => null)) return frame;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no painted card view");
}

/** Size reports the host got since the last delivered result. */
async function sizesSinceResult(page: Page): Promise<number[]> {
  return await page.evaluate(() => {
    const events = window.hostEvents;
    const sent = events.findLastIndex((e) => e.type === "result-sent");
    return events.slice(sent).filter((e) => e.type === "size").map((e) => e.height as number);
  });
}

/** Waits until the host sized the iframe to the view's content; returns that height. */
async function settledHeight(m: { page: Page; view: Frame }): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const sizes = await sizesSinceResult(m.page);
    if (sizes.at(-1) === want) return want;
    // A scrollbar loop (content taller in a short frame, shorter in a tall one) is settled by the
    // view on the larger height (size.ts): the frame keeps it, a few px of room below the card.
    const [a, b, c] = sizes.slice(-3);
    if (a === c && b === want && c! > want) return c!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the host never got the view's final size");
}

/** Waits (at most 5 s, never failing) until the iframe is as tall as the view's content: for screenshots. */
async function framed(page: Page, view: Frame): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const want = await view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Reloads like a host does: teardown, a fresh iframe, the same result (or `result`). Asserts the
 * restored view's first size report was already its final height, and returns the new frame.
 */
async function reload(m: Mounted, result?: Json): Promise<Frame> {
  await m.page.evaluate((r) => window.remount(r), result);
  const view = await cardFrame(m.page);
  const height = await settledHeight({ page: m.page, view });
  const sizes = await sizesSinceResult(m.page);
  assertEquals(sizes[0], height, `first size ${sizes[0]} of ${sizes.join(", ")}, settled at ${height}`);
  return view;
}

/** Scrolls an element (or the view, for "") and waits for its scroll event, as a reader's scroll. */
async function scroll(view: Frame, selector: string, x: number, y: number): Promise<void> {
  await view.evaluate(([s, x, y]) =>
    new Promise<void>((resolve) => {
      const target = s ? document.querySelector(s as string)! : document.scrollingElement!;
      (s ? target : document).addEventListener("scroll", () => resolve(), { once: true });
      target.scrollTo(x as number, y as number);
    }), [selector, x, y]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds from the view receiving its tool result to sending size-changed, from its own trace. */
async function viewDelay(view: Frame): Promise<number> {
  const messages = await view.evaluate(() =>
    (window.__mccDebug!() as { messages: { dir: string; at: number; message: { method?: string } }[] })
      .messages
  );
  const at = (dir: string, method: string, after = -Infinity) =>
    messages.find((e) => e.dir === dir && e.message.method === method && e.at >= after)?.at ?? NaN;
  const rx = at("rx", "ui/notifications/tool-result");
  return at("tx", "ui/notifications/size-changed", rx) - rx;
}

/** The view's saved entries, as stored (null where storage is out of reach). */
function stored(view: Frame): Promise<Record<string, unknown[]> | null> {
  return view.evaluate(() => {
    try {
      return JSON.parse(localStorage.getItem("mcc-state") ?? "{}");
    } catch {
      return null;
    }
  });
}

const cardKey = (result: Json) =>
  `${(result.structuredContent as { card: { config: { id: string } } }).card.config.id} ${
    (result._meta as { viewUUID: string }).viewUUID
  }`;

const longLines = (n: number, width: number) =>
  Array.from({ length: n }, (_, i) => `line ${i + 1} ${"x".repeat(width)}`).join("\n") + "\n";

Deno.test({
  name: "cards remember their state across reloads",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  const errors: string[] = [];
  h.context.on("page", (page) => {
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (msg) => {
      // Chromium asks the test host for a favicon, which it does not serve.
      if (msg.type() === "error" && !msg.location().url.endsWith("/favicon.ico")) {
        errors.push(`${msg.text()} ${msg.location().url}`);
      }
    });
  });
  const mount = async (options: Omit<MountArgs, "deliver" | "hostContext"> & Partial<MountArgs>) => {
    const m = await h.mount({ deliver: "result", hostContext: { theme: "light" }, ...options });
    await waitFor(m.view, ".mcc-card");
    return m;
  };
  try {
    await t.step(
      "tab card: a keyboard-chosen tab, the </> panel and the collapsed card come back",
      async () => {
        const m = await mount(KINDS.tab);
        assertEquals((await readState(m.view)).tabs[0], "macOS / Linux");
        await m.view.focus('[role="tab"]');
        await m.page.keyboard.press("ArrowRight");
        await m.page.keyboard.press("ArrowRight");
        await moreAction(m.view, "Show the card's HTML");
        await m.view.click('[data-mcc-action="collapse"]');
        const before = await readState(m.view);
        assertDeep([before.tabs, before.source, before.collapsed], [["npm"], true, "false"]);
        const key = cardKey(await m.page.evaluate(() => window.lastResult!));

        const view = await reload(m);
        assertDeep(await readState(view), before);
        assertEquals(await view.$eval(".mcc-body", (b) => (b as HTMLElement).hidden), true);
        assertDeep(Object.keys((await stored(view))!), [key]);
        await view.click('[data-mcc-action="collapse"]'); // expanded again, the restored tab is the one shown
        assertEquals(
          await view.$eval('[role="tabpanel"]:not([hidden]) .mcc-text', (p) => p.textContent),
          "Deno is on npm too:",
        );
        for (const theme of ["light", "dark"] as const) {
          await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
          assertDeep(await axeViolations(view), [], theme);
        }
        await m.page.close();
      },
    );

    await t.step("reveal card: the sections the reader opened and closed", async () => {
      const m = await mount(KINDS.reveal);
      assertDeep((await readState(m.view)).details, [false, false, true]);
      const summaries = await m.view.$$("details.mcc-reveal > summary");
      await summaries[0].click();
      await summaries[2].click();
      await until(m.view, () => !document.querySelectorAll("details")[2].open);
      const view = await reload(m);
      assertDeep((await readState(view)).details, [true, false, false]);
      await m.page.close();
    });

    await t.step("code tour: the file tab, its Raw view and the scroll inside the source", async () => {
      const m = await mount({
        tool: "create_code_tour_card",
        args: {
          title: "Long file",
          files: [
            { path: "short.ts", content: "export const a = 1;\n" },
            { path: "long.ts", content: longLines(120, 140) },
          ],
        },
      });
      await m.view.click('[role="tab"]:nth-child(2)');
      await m.view.click('[role="tabpanel"]:not([hidden]) [data-mcc-view="raw"]');
      await scroll(m.view, '[role="tabpanel"]:not([hidden]) .mcc-src-body', 300, 900);
      const before = await readState(m.view);
      assertDeep([before.tabs, before.views], [["long.ts"], ["raw", "raw"]]);
      assertDeep(before.scrolls, [[0, 0], [900, 300]]);
      const view = await reload(m);
      assertDeep(await readState(view), before);
      await m.page.close();
    });

    await t.step(
      "a 200-row table keeps its scroll; a document in a short frame keeps the view's",
      async () => {
        const headers = ["Name", ...Array.from({ length: 12 }, (_, i) => `Measure ${i + 1}`)];
        const rows = Array.from(
          { length: 200 },
          (_, r) => [`Row ${r + 1}`, ...headers.slice(1).map((_, c) => `${r * c}`)],
        );
        const m = await mount({ tool: "create_table_card", args: { title: "Long table", headers, rows } });
        await m.page.evaluate(() => document.getElementById("slot")!.style.width = "420px");
        await scroll(m.view, ".mcc-table-wrap", 150, 2400);
        const before = await readState(m.view);
        assertDeep(before.scrolls, [[2400, 150]]);
        const view = await reload(m);
        assertDeep((await readState(view)).scrolls, [[2400, 150]]);
        await m.page.close();

        const markdown = Array.from(
          { length: 30 },
          (_, i) => `## Part ${i + 1}\n\nSome text for part ${i + 1}.`,
        )
          .join("\n\n");
        const doc = await mount({
          tool: "create_markdown_card",
          args: { title: "Long document", markdown },
          fixedHeight: 240,
        });
        await scroll(doc.view, "", 0, 180);
        assertEquals(await doc.view.evaluate(() => scrollY), 180);
        await doc.page.evaluate(() => window.remount());
        const again = await cardFrame(doc.page);
        assertEquals((await readState(again)).scrollY, 180);
        await doc.page.close();
      },
    );

    await t.step(
      "form card: unsent answers, counters and read-outs come back; a password never",
      async () => {
        const result = await h.apps.callTool({
          name: "create_form_card",
          arguments: {
            title: "Trip",
            promptTemplate: "Plan {{city}}",
            fields: [
              { name: "city", label: "City", maxLength: 80 },
              { name: "notes", label: "Notes", type: "textarea" },
              { name: "pace", label: "Pace", type: "select", options: ["slow", "fast"] },
              { name: "when", label: "When", type: "radio", options: ["spring", "autumn"] },
              { name: "with", label: "With", type: "checkboxes", options: ["kids", "dog"] },
              { name: "budget", label: "Budget", type: "range", min: 0, max: 10 },
            ],
          },
        }) as Json;
        // No card makes password fields; one is slipped in to prove the store would skip it.
        const card = (result.structuredContent as { card: { articleHtml: string } }).card;
        card.articleHtml = card.articleHtml.replace(
          '<div class="mcc-form-bar">',
          '<p class="mcc-field"><label class="mcc-label" for="pin">PIN</label><input id="pin" type="password" name="pin"></p><div class="mcc-form-bar">',
        );
        assert(card.articleHtml.includes('name="pin"'));
        const m = await mount({ tool: "create_form_card", args: {}, fixture: result });
        await m.view.fill('[name="city"]', "Lisbon");
        await m.view.fill('[name="notes"]', "window seat");
        await m.view.selectOption('[name="pace"]', "fast");
        await m.view.check('[name="when"][value="autumn"]');
        await m.view.check('[name="with"][value="dog"]');
        await m.view.fill('[name="budget"]', "7");
        await m.view.fill('[name="pin"]', "s3cret-4711");
        const before = await readState(m.view);
        const view = await reload(m);
        const after = await readState(view);
        assertDeep(after.values, before.values.map((v) => v === "s3cret-4711" ? "" : v));
        assertEquals(await view.$eval(".mcc-range output", (o) => o.textContent), "7");
        assert(!JSON.stringify(await stored(view)).includes("s3cret"));
        for (const theme of ["light", "dark"] as const) {
          await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
          assertDeep(await axeViolations(view), [], theme);
          for (const width of [420, 760]) {
            await m.page.setViewportSize({ width: width + 40, height: 900 });
            await m.page.evaluate((w) => document.getElementById("slot")!.style.width = `${w}px`, width);
            await framed(m.page, view);
            await picture(m.page.locator("body"), `state-form-restored-${theme}-${width}.png`);
          }
        }

        // 20,000 characters of notes: the entry stays under 8 KB, the notes cut in halves until it fits.
        const long = "abcdefghij".repeat(2_000);
        await view.fill('[name="notes"]', long);
        const entry = (await stored(await reload(m)))![cardKey(result)];
        assert(JSON.stringify(entry).length <= 8192, `${JSON.stringify(entry).length} bytes`);
        const restored = await cardFrame(m.page);
        assertEquals(
          await restored.$eval('[name="notes"]', (n) => (n as HTMLTextAreaElement).value),
          long.slice(0, 4096),
        );
        await m.page.close();
      },
    );

    await t.step("gist card: the unsent text and its counter come back", async () => {
      const m = await mount(KINDS.prompt_gist);
      await m.view.fill("textarea", "A weekly menu for two, vegetarian");
      assertEquals(await m.view.$eval(".mcc-count", (c) => c.textContent), "33 of 350 characters");
      const view = await reload(m);
      assertEquals(
        await view.$eval("textarea", (c) => (c as HTMLTextAreaElement).value),
        "A weekly menu for two, vegetarian",
      );
      assertEquals(await view.$eval(".mcc-count", (c) => c.textContent), "33 of 350 characters");
      await m.page.close();
    });

    await t.step("mirrored web form: typed, chosen and ticked values come back", async () => {
      await using web = await site({ "/contact": savedPage("forms.html") });
      await using client = await webClient([web.origin]);
      const url = `${web.origin}/contact`;
      const fixture = await client.callTool({ name: "mirror_web_form", arguments: { url, form: "booking" } });
      const m = await mount({
        tool: "mirror_web_form",
        args: { url, form: "booking" },
        fixture: fixture as Json,
      });
      await m.view.fill('[name="full_name"]', "Ada Lovelace");
      await m.view.fill('[name="email"]', "ada@example.com");
      await m.view.selectOption('[name="clinic"]', { index: 2 });
      await m.view.check('[name="slot"][value="pm"]');
      await m.view.check('[name="contact_by"][value="email"]');
      const before = await readState(m.view);
      const view = await reload(m);
      assertDeep((await readState(view)).values, before.values);
      await m.page.close();
    });

    await t.step(
      "a different viewUUID starts fresh; without _meta the card id alone is the key",
      async () => {
        const m = await mount(KINDS.tab);
        await m.view.click('[role="tab"]:nth-child(2)');
        const result = await m.page.evaluate(() => window.lastResult!);
        const other = { ...result, _meta: { viewUUID: "another-view" } };
        assertDeep((await readState(await reload(m, other))).tabs, ["macOS / Linux"]);
        await m.page.close();

        const nested = await mount({ ...KINDS.tab, transform: "nested" });
        await nested.view.click('[role="tab"]:nth-child(3)');
        const view = await reload(nested);
        assertDeep((await readState(view)).tabs, ["npm"]);
        const id = await nested.page.evaluate(() => window.lastResult!) as Json;
        const cardId = (id.structuredContent as { card: { config: { id: string } } }).card.config.id;
        assert(Object.keys((await stored(view))!).includes(`${cardId} `));
        await nested.page.close();
      },
    );

    await t.step("the store keeps the 50 most recent cards, dropping the oldest", async () => {
      const m = await mount(KINDS.tab);
      await m.view.evaluate(() => {
        const old = Object.fromEntries(
          Array.from({ length: 50 }, (_, i) => [`old-${i + 1}`, [i + 1, [], [], [], 0]]),
        );
        localStorage.setItem("mcc-state", JSON.stringify(old));
      });
      await m.view.click('[role="tab"]:nth-child(2)');
      await m.page.evaluate(() => window.teardown()); // saves at once
      const keys = Object.keys((await stored(m.view))!);
      const key = cardKey(await m.page.evaluate(() => window.lastResult!));
      assertDeep(keys, [key, ...Array.from({ length: 49 }, (_, i) => `old-${50 - i}`)]);
      await m.page.close();
    });

    await t.step(
      "where localStorage throws (opaque sandbox) the view keeps state in memory, error-free",
      async () => {
        const before = errors.length;
        const m = await mount({ ...KINDS.tab, sandbox: "allow-scripts allow-forms" });
        assertEquals(
          await m.view.evaluate(() => {
            try {
              return typeof localStorage.length;
            } catch (e) {
              return (e as Error).name;
            }
          }),
          "SecurityError",
        );
        await m.view.click('[role="tab"]:nth-child(3)');
        await m.page.waitForTimeout(400); // the debounced save runs into the throwing storage
        // The host repaints the card (same id, new markup): the choice comes back from memory.
        const result = await m.page.evaluate(() => window.lastResult!) as Json;
        const card = (result.structuredContent as { card: { articleHtml: string } }).card;
        const repainted = {
          ...result,
          structuredContent: {
            ...(result.structuredContent as Json),
            card: { ...card, articleHtml: card.articleHtml.replace("Install Deno", "Install Deno 2") },
          },
        };
        await m.page.evaluate((r) => window.deliver(r), repainted);
        await until(m.view, () => document.querySelector(".mcc-title")?.textContent === "Install Deno 2");
        assertDeep((await readState(m.view)).tabs, ["npm"]);
        // A fresh document has nothing to remember there, and still no error.
        assertDeep((await readState(await reload(m))).tabs, ["macOS / Linux"]);
        assertDeep(errors.slice(before), []);
        await m.page.close();
      },
    );

    await t.step("benchmark: painting a 200-row table with its state restored vs fresh", async () => {
      const headers = ["Name", ...Array.from({ length: 12 }, (_, i) => `Measure ${i + 1}`)];
      const rows = Array.from(
        { length: 200 },
        (_, r) => [`Row ${r + 1}`, ...headers.slice(1).map((_, c) => `${r * c}`)],
      );
      const m = await mount({ tool: "create_table_card", args: { title: "Bench table", headers, rows } });
      await m.page.evaluate(() => document.getElementById("slot")!.style.width = "420px");
      await scroll(m.view, ".mcc-table-wrap", 150, 2400);
      const result = await m.page.evaluate(() => window.lastResult!) as Json;
      const restored: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 9; i++) {
        const view = await reload(m, result); // the last delivered result is the fresh one
        assertDeep((await readState(view)).scrolls, [[2400, 150]]);
        restored.push(await viewDelay(view));
        fresh.push(await viewDelay(await reload(m, { ...result, _meta: { viewUUID: `fresh-${i}` } })));
      }
      const [r, f] = [median(restored), median(fresh)];
      report(
        `state: tool-result to size-changed in the view, 200-row table, median of 9: restored ${r} ms, fresh ${f} ms (${
          (r / Math.max(f, 1)).toFixed(2)
        }x)`,
      );
      await m.page.close();
    });

    await t.step("the standalone document remembers under its card id", async () => {
      const result = await h.plain.callTool({ name: KINDS.tab.tool, arguments: KINDS.tab.args });
      const link = (result.content as { type: string; uri?: string }[]).find((c) =>
        c.type === "resource_link"
      )!;
      const doc = ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
      const page = await h.context.newPage();
      await page.goto(h.servePage("/doc/state-tab.html", doc));
      await page.click('[role="tab"]:nth-child(3)');
      await page.click('[data-mcc-action="more"]');
      await page.click('.mcc-menu [role="menuitem"]:text-is("Show the card\'s HTML")');
      await page.reload(); // pagehide saves at once
      await waitFor(page, ".mcc-source");
      const state = await readState(page);
      assertDeep([state.tabs, state.source], [["npm"], true]);
      const id = link.uri!.slice(link.uri!.lastIndexOf("/") + 1);
      assertDeep(
        await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("mcc-state")!))),
        [id],
      );
      await page.close();
    });
    assertDeep(errors, []);
  } finally {
    await h.close();
  }
});
