// deno-lint-ignore-file no-console no-window -- prints figures on stderr; page callbacks run in the browser, where window exists
/**
 * The card runtime in real Chromium: the MCP Apps template under a host built on the official
 * AppBridge (sandbox proxy on a second origin, the spec's default CSP), driving the real server
 * through real MCP clients; then the standalone documents under their own CSP, alone and inside
 * an MCP-UI style host. One browser for the whole file.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
import {
  allInOrder,
  axeViolations,
  type Harness,
  inPages,
  inPool,
  isHarnessWindow,
  moreAction,
  type Mounted,
  picture,
  report,
  skipReason,
  startHarness,
  until,
  waitFor,
  windowOpener,
} from "./harness.ts";
import "./page/types.ts";
import {
  FALLBACK_BG,
  FORM_PROMPT,
  formCardResult,
  FULL_STYLES,
  type Kind,
  KINDS,
  PARTIAL_STYLES,
} from "./samples.ts";
import { standaloneCspOf, standaloneDocument } from "../../src/ui/standalone.ts";
import { UI_VERSION } from "../../src/ui/assets.gen.ts";
import { VERSION } from "../../src/version.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type View = Frame | Page;
type Json = Record<string, unknown>;
type Debug = {
  templateVersion: string;
  mode: string;
  host: string;
  initialized: boolean;
  painted: boolean;
  cardId?: string;
  cardHtml?: string;
  notes: string[];
  messages: { dir: string; message: { method?: string } }[];
};

const debug = (view: View) => view.evaluate(() => window.__mccDebug!()) as Promise<Debug>;

/** The host check card's last reported height, once its live table is in and the size is sent. */
async function grownSize(m: Mounted): Promise<number> {
  await waitFor(m.view, "[data-mcc-host-check] table");
  for (let i = 0; i < 100; i++) {
    const content = await m.view.evaluate(() => document.documentElement.getBoundingClientRect().height);
    const sizes = await m.events("size");
    const last = sizes.at(-1)?.height as number;
    if (Math.abs(content - last) <= 2) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the host check never reported its grown size");
}

/** Waits for the card to paint and the host to get a size after the result; returns the delay. */
async function painted(m: Mounted, selector = ".mcc-card"): Promise<{ height: number; ms: number }> {
  await waitFor(m.view, selector);
  await until(m.page, () => {
    const events = window.hostEvents;
    const sent = events.findLastIndex((e) => e.type === "result-sent");
    return events.slice(Math.max(sent, 0)).some((e) => e.type === "size");
  });
  const events = await m.events();
  const sent = events.findLast((e) => e.type === "result-sent");
  const size = events.find((e) => e.type === "size" && (!sent || e.t >= sent.t))!;
  return { height: size.height as number, ms: sent ? size.t - sent.t : NaN };
}

/** Waits until the host has sized the iframe to the view's content (size reports are debounced). */
async function settled(m: Mounted): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await m.page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the host never got the view's final size");
}

/**
 * Waits for a mounted card's size to settle (a check of its own, so it runs either way), then, with
 * MCC_SHOTS, saves a screenshot of the page to tests/artifacts/ (`picture`).
 */
async function shot(target: Page | Mounted, name: string): Promise<void> {
  const page = "view" in target ? target.page : target;
  if ("view" in target) await settled(target);
  await picture(page.locator("body"), `${name}.png`);
}

const style = (view: View, selector: string, property: string) =>
  view.evaluate(
    ([s, p]) => getComputedStyle(document.querySelector(s)!).getPropertyValue(p),
    [selector, property] as const,
  );

/** Milliseconds from the view receiving its tool result to sending size-changed, from its trace. */
function viewDelay(snap: Debug): number {
  const at = (dir: string, method: string, after = -Infinity) =>
    (snap.messages as { dir: string; at: number; message: { method?: string } }[])
      .find((e) => e.dir === dir && e.message.method === method && e.at >= after)?.at ?? NaN;
  const rx = at("rx", "ui/notifications/tool-result");
  return at("tx", "ui/notifications/size-changed", rx) - rx;
}

/**
 * Notes in the view (as `window.sizedInResultTask`) whether its size report left in the very task
 * that received the tool result. A message listener added after the runtime's runs right after it,
 * in the same dispatch: if the report is in the view's trace by then, no timer or frame was waited
 * for. Deterministic, unlike a time bound, which a loaded machine breaks.
 */
function watchSizeInResultTask(view: View): Promise<void> {
  return view.evaluate(() => {
    addEventListener("message", (event) => {
      if (event.data?.method !== "ui/notifications/tool-result") return;
      const messages = (window.__mccDebug!() as { messages: { dir: string; message: { method?: string } }[] })
        .messages;
      const received = messages.findLastIndex((e) =>
        e.dir === "rx" && e.message.method === "ui/notifications/tool-result"
      );
      window.sizedInResultTask = received >= 0 &&
        messages.slice(received).some((e) =>
          e.dir === "tx" && e.message.method === "ui/notifications/size-changed"
        );
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

Deno.test({
  name: "card runtime in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const delays: number[] = [];
  /** Round trips of a ping carrying the same result to the same views: what the transport alone costs. */
  const pings: number[] = [];
  /** Inside the view, on its own clock: tool result received -> size-changed sent. */
  const viewDelays: number[] = [];
  const popups: string[] = [];
  h.context.on(
    "page",
    (page) => page.opener().then((opener) => opener && !isHarnessWindow(page) && popups.push(page.url())),
  );
  /** A card's standalone document, as a host without MCP Apps reads it from its result's link. */
  const standaloneDoc = async (kind: Kind) => {
    const result = await h.plain.callTool({ name: KINDS[kind].tool, arguments: KINDS[kind].args });
    const link = (result.content as { type: string; uri?: string }[]).find((c) =>
      c.type === "resource_link"
    )!;
    return ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
  };
  const mount = async (kind: Kind, hostContext: Record<string, unknown>, extra = {}) => {
    const m = await h.mount({
      ...KINDS[kind],
      args: { ...KINDS[kind].args },
      deliver: "result",
      hostContext,
      ...extra,
    });
    return m;
  };
  /** One kind's standalone document in `page`, light then dark, each a document of its own. */
  const standaloneChecks = async (kind: Kind, page: Page) => {
    const doc = await standaloneDoc(kind);
    assert(doc.includes(standaloneCspOf(kind)));
    const url = h.servePage(`/doc/${kind}.html`, doc);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const requests: string[] = [];
      const onRequest = (r: { url(): string }) => requests.push(r.url());
      page.on("request", onRequest);
      await page.goto(url);
      await until(page, () => window.__mccDebug);
      const snap = await debug(page);
      assertEquals([snap.mode, snap.host, snap.painted], ["standalone", "none", true]);
      if (kind === "tab") {
        await page.click('[role="tab"]:nth-child(2)');
        assertEquals(
          await page.evaluate(() => document.querySelector('[aria-selected="true"]')!.textContent),
          "Windows",
        );
      }
      if (kind === "table") {
        assertEquals(
          await page.evaluate(() => [...document.querySelectorAll("a")].map((a) => `${a.target} ${a.rel}`)),
          Array(3).fill("_blank noopener noreferrer"),
        );
      }
      assertEquals(await style(page, ".mcc-card", "background-color"), FALLBACK_BG[theme]);
      assertEquals(await axeViolations(page), [], `standalone ${kind} ${theme}`);
      assertEquals(await page.evaluate(() => window.cspViolations), []);
      assertEquals(requests, [url], "no request but the document");
      if (kind === "list" && theme === "dark") {
        // The listener can fail: an external image is refused and reported.
        await page.evaluate((src) => {
          const img = document.createElement("img");
          img.src = src;
          document.body.append(img);
        }, `${h.hostOrigin}/x.png`);
        await until(page, () => window.cspViolations!.length > 0);
      }
      page.off("request", onRequest);
      await shot(page, `standalone-${kind}-${theme}`);
    }
  };
  try {
    await t.step("every card kind paints, reports its size, follows the theme and passes axe", async () => {
      // a few pages at a time; the first failure in kind order is the one reported
      const renders = (Object.keys(KINDS) as Kind[]).flatMap((kind) =>
        (["light", "dark"] as const).map((theme) => ({ kind, theme }))
      );
      await allInOrder(inPages(h, renders, async ({ kind, theme }, h) => {
        // Held back until the view watches for it, then delivered as the host would.
        const m = await h.mount({
          ...KINDS[kind],
          args: { ...KINDS[kind].args },
          deliver: "never",
          hostContext: { theme },
        });
        await watchSizeInResultTask(m.view);
        await m.page.evaluate(async ({ tool, args }) => {
          window.lastResult = await window.mccCallTool(tool, args);
          await window.deliver(window.lastResult);
        }, KINDS[kind] as { tool: string; args: Json });
        const first = await painted(m);
        const ms = first.ms;
        // The host check fills in what the host does once it has asked: its size is reported again then.
        const height = kind === "host_check" ? await grownSize(m) : first.height;
        delays.push(ms);
        pings.push(await m.page.evaluate(() => window.pingView()));
        // everything read from the painted view in one round trip
        const seen = await m.view.evaluate(() => {
          const card = document.querySelector(".mcc-card")!;
          return {
            snap: window.__mccDebug!(),
            content: document.documentElement.getBoundingClientRect().height,
            theme: document.body.dataset.theme,
            background: getComputedStyle(card).getPropertyValue("background-color"),
            kind: card.getAttribute("data-mcc-kind"),
          };
        });
        viewDelays.push(viewDelay(seen.snap as Debug));
        assertEquals(
          await m.view.evaluate(() => window.sizedInResultTask),
          true,
          `${kind} ${theme}: the size report left after the task that received the result (a timer or frame was waited for)`,
        );
        const content = seen.content;
        assert(Math.abs(content - height) <= 2, `${kind}: reported ${height}, content is ${content}`);
        assert(height > 80, `${kind}: height ${height}`);
        assertEquals(
          await m.page.evaluate(() => document.querySelector("iframe")!.style.height),
          `${height}px`,
        );
        assertEquals(seen.theme, theme);
        assertEquals(seen.background, FALLBACK_BG[theme]);
        assertEquals(seen.kind, kind);
        assertEquals(await axeViolations(m.view), [], `${kind} ${theme}`);
        await shot(m, `apps-${kind}-${theme}`);
      }));
    });

    await t.step(
      "tables at chat widths: words whole, scroll cue, sticky header and column, numbers aligned",
      async () => {
        const cases = [
          "books_three_columns",
          "wide_12_columns",
          "numeric_columns",
          "rtl_and_long_tokens",
          "rows_300_fit",
          "raw_warning_semicolon_row",
          "rows_1000_part_4",
        ];
        const renders = cases.flatMap((name) =>
          [420, 760].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ name, width, theme })))
        );
        await allInOrder(inPages(h, renders, async ({ name, width, theme }, h) => {
          const args = JSON.parse(
            await Deno.readTextFile(new URL(`../cards/table/${name}.json`, import.meta.url)),
          );
          const m = await h.mount({
            tool: "create_table_card",
            args,
            deliver: "result",
            hostContext: { theme },
          });
          await m.page.setViewportSize({ width: width + 64, height: 900 });
          await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
          await painted(m);
          await settled(m);
          const where = `${name} at ${width} px ${theme}`;
          // One round trip for what the table shows as painted. A word split over two lines has two
          // client rects; only .mcc-long cells may break tokens.
          const { broken, box } = await m.view.evaluate(() => {
            const out: string[] = [];
            for (const cell of document.querySelectorAll(".mcc-table :is(th, td):not(.mcc-long)")) {
              const text = cell.firstChild?.nodeType === 3
                ? cell.firstChild
                : cell.querySelector("a")?.firstChild;
              if (!text?.textContent) continue;
              for (const word of text.textContent.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                if (range.getClientRects().length > 1) out.push(word[0]);
              }
            }
            const wrap = document.querySelector<HTMLElement>(".mcc-table-wrap")!;
            return {
              broken: out,
              box: {
                scrollWidth: wrap.scrollWidth,
                clientWidth: wrap.clientWidth,
                clientHeight: wrap.clientHeight,
                scrollHeight: wrap.scrollHeight,
                cue: getComputedStyle(wrap).backgroundImage,
              },
            };
          });
          assertEquals(broken, [], `${where}: words broken`);
          assert(box.clientHeight <= 480, `${where}: table ${box.clientHeight} px tall`);
          assert(box.cue.includes("radial-gradient"), `${where}: no scroll cue`);
          if (name === "wide_12_columns") {
            assert(
              box.scrollWidth > box.clientWidth,
              `${where}: a 12-column table should scroll sideways`,
            );
            const stuck = await m.view.evaluate(() => {
              const wrap = document.querySelector<HTMLElement>(".mcc-table-wrap")!;
              wrap.scrollLeft = 300;
              const cell = document.querySelector(".mcc-table tbody td")!.getBoundingClientRect();
              return Math.round(cell.left - wrap.getBoundingClientRect().left);
            });
            assert(Math.abs(stuck) <= 1, `${where}: the first column scrolled away (${stuck} px)`);
          }
          if (name === "rows_300_fit") {
            assert(
              box.scrollHeight > box.clientHeight,
              `${where}: 300 rows should scroll inside the card`,
            );
            const offset = await m.view.evaluate(() => {
              const wrap = document.querySelector<HTMLElement>(".mcc-table-wrap")!;
              wrap.scrollTop = 2_000;
              const th = document.querySelector(".mcc-table th")!.getBoundingClientRect();
              return Math.round(th.top - wrap.getBoundingClientRect().top);
            });
            assert(Math.abs(offset) <= 1, `${where}: the header scrolled away (${offset} px)`);
          }
          if (name === "numeric_columns") {
            assertEquals(await style(m.view, "td.mcc-num", "text-align"), "end");
            assertEquals(await style(m.view, "td.mcc-num", "font-variant-numeric"), "tabular-nums");
          }
          if (width === 420) assertEquals(await axeViolations(m.view), [], where);
          await m.view.evaluate(() => {
            const wrap = document.querySelector<HTMLElement>(".mcc-table-wrap")!;
            wrap.scrollTop = 0;
            wrap.scrollLeft = 0;
          });
          await shot(m, `table-${name}-${width}-${theme}`);
        }));
      },
    );

    await t.step("host styles: none, partial and full, light and dark, and live theme changes", async () => {
      for (const theme of ["light", "dark"] as const) {
        const none = await mount("tab", {});
        await painted(none);
        await none.page.emulateMedia({ colorScheme: theme });
        assertEquals(
          await style(none.view, ".mcc-card", "background-color"),
          FALLBACK_BG[theme],
          "prefers-color-scheme",
        );
        await none.page.close();

        const partial = await mount("tab", { theme, styles: { variables: PARTIAL_STYLES } });
        await painted(partial);
        assertEquals(
          await style(partial.view, ".mcc-card", "background-color"),
          theme === "light" ? "rgb(253, 252, 247)" : "rgb(32, 33, 36)",
        );
        assertEquals(
          await style(partial.view, ".mcc-card", "border-top-color"),
          theme === "light" ? "rgb(212, 212, 216)" : "rgb(74, 74, 82)",
          "unsent variables keep our fallback",
        );
        assertEquals(await axeViolations(partial.view), [], `partial ${theme}`);
        await partial.page.close();

        const fonts = "@font-face{font-family:'Host Sans';src:local('DejaVu Serif')}";
        const full = await mount("reveal", { theme, styles: { variables: FULL_STYLES, css: { fonts } } });
        await painted(full);
        assertEquals(
          await style(full.view, ".mcc-card", "border-top-color"),
          theme === "light" ? "rgb(207, 202, 187)" : "rgb(77, 78, 84)",
        );
        assert((await style(full.view, "body", "font-family")).startsWith('"Host Sans"'));
        assertEquals(
          await full.view.evaluate(() => document.getElementById("mcc-host-fonts")?.textContent),
          fonts,
        );
        assertEquals(await style(full.view, ".mcc-card", "border-top-left-radius"), "4px");
        assertEquals(await axeViolations(full.view), [], `full ${theme}`);
        await shot(full, `apps-reveal-${theme}-host-styles`);
        await full.page.close();
      }
      const live = await mount("list", { theme: "light" });
      await painted(live);
      await live.page.evaluate(
        (variables) => window.changeContext({ theme: "dark", styles: { variables } }),
        PARTIAL_STYLES,
      );
      await until(live.view, () => document.body.dataset.theme === "dark");
      assertEquals(await style(live.view, ".mcc-card", "background-color"), "rgb(32, 33, 36)");
      assertEquals(await style(live.view, "body", "color-scheme"), "dark");
      // The root declares no scheme, so no browser paints an opaque backdrop behind the iframe.
      assertEquals(await style(live.view, ":root", "color-scheme"), "normal");
      await live.page.close();
    });

    await t.step("safe-area insets from the host keep the card clear of notches", async () => {
      const m = await mount("list", {
        theme: "light",
        safeAreaInsets: { top: 20, right: 0, bottom: 34, left: 8 },
      });
      await painted(m);
      assertEquals(
        await m.view.evaluate(() => getComputedStyle(document.getElementById("mcc-root")!).padding),
        "20px 0px 34px 8px",
      );
      await m.page.evaluate(() =>
        window.changeContext({ safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 } })
      );
      await until(m.view, () => getComputedStyle(document.getElementById("mcc-root")!).paddingTop === "0px");
      await m.page.close();
    });

    await t.step("handshake order, debug snapshot and console tracing", async () => {
      const m = await mount("table", { theme: "light" });
      await painted(m);
      const snap = await debug(m.view);
      const sent = snap.messages.filter((e) => e.dir === "tx").map((e) => e.message.method);
      assertEquals(sent.slice(0, 2), ["ui/initialize", "ui/notifications/initialized"]);
      assert(
        snap.messages.some((e) => e.dir === "rx" && e.message.method === "ui/notifications/tool-result"),
      );
      assert(snap.messages.length <= 50);
      const result = await m.page.evaluate(() => window.lastResult);
      const card =
        (result!.structuredContent as { card: { articleHtml: string; config: { id: string } } }).card;
      assertEquals(
        {
          version: snap.templateVersion,
          initialized: snap.initialized,
          painted: snap.painted,
          id: snap.cardId,
        },
        { version: UI_VERSION, initialized: true, painted: true, id: card.config.id },
      );
      assertEquals(snap.cardHtml, card.articleHtml);
      const [init] = await m.events("initialized");
      assertEquals(
        init.appInfo,
        { name: "mcp-chat-cards", version: VERSION },
        "appInfo is the server's version",
      );
      const traced = m.console.filter((l) => l.startsWith("[mcp-chat-cards] tx ui/initialize"));
      assertEquals(traced.length, 1, "the console traces each message with the prefix and direction");
      assert(m.console.some((l) => l.startsWith("[mcp-chat-cards] rx ui/notifications/tool-result")));
      await m.page.evaluate(() => window.teardown());
      assertEquals((await m.events("torn-down")).length, 1, "the view answered ui/resource-teardown");
      await m.page.close();
    });

    await t.step("links go through ui/open-link", async () => {
      const m = await mount("table", { theme: "light" });
      await painted(m);
      await m.view.click('a[href="https://deno.com/"]');
      await until(m.page, () => window.hostEvents.some((e) => e.type === "open-link"));
      assertEquals((await m.events("open-link")).map((e) => e.url), ["https://deno.com/"]);
      assertEquals(popups, [], "no popup opened");
      await m.page.close();
    });

    await t.step("form prompts go through ui/message, and a refused one is shown to copy", async () => {
      for (const reply of ["ok", "isError", "rpc-error"] as const) {
        const m = await h.mount({
          tool: "create_form_card",
          args: {},
          deliver: "result",
          hostContext: { theme: "light" },
          fixture: formCardResult(`form-${reply}`),
          messageReply: reply,
        });
        await painted(m);
        await m.view.check('input[value="beginner"]');
        await m.view.fill('input[name="tools"]', "a saw, chisels");
        await m.view.focus('button[type="submit"]');
        await m.view.press('button[type="submit"]', "Enter");
        await until(m.page, () => window.hostEvents.some((e) => e.type === "message"));
        const [message] = await m.events("message");
        assertEquals(message.params, { role: "user", content: [{ type: "text", text: FORM_PROMPT }] });
        if (reply === "ok") {
          await new Promise((r) => setTimeout(r, 100));
          assertEquals(await m.view.locator(".mcc-prompt-fallback").count(), 0);
        } else {
          const fallback = m.view.locator(".mcc-prompt-fallback");
          await fallback.waitFor();
          assertEquals(await fallback.locator("pre").textContent(), FORM_PROMPT);
          assertEquals(await fallback.locator('[data-mcc-action="copy-code"]').count(), 1);
          if (reply === "isError") await shot(m, "apps-form-prompt-fallback");
        }
        await m.page.close();
      }
    });

    await t.step("a host that never delivers the result: the card is pulled with get_card", async () => {
      const m = await h.mount({ ...KINDS.list, deliver: "never", hostContext: { theme: "light" } });
      await waitFor(m.view, ".mcc-card");
      assertEquals((await m.events("call-tool")).map((e) => e.name), ["get_card"]);
      assertEquals(
        await m.view.evaluate(() => document.querySelector(".mcc-title")!.textContent),
        KINDS.list.args.title,
      );
      await until(m.page, () => window.hostEvents.some((e) => e.type === "size"));
      assert((await debug(m.view)).notes.some((n) => n.includes("get_card")));
      await m.page.close();
    });

    await t.step("an error result is shown and never pulled over", async () => {
      const text = 'Invalid "items": 1200 items in all, the limit is 1000';
      const m = await h.mount({
        ...KINDS.list,
        deliver: "result",
        hostContext: { theme: "light" },
        fixture: { content: [{ type: "text", text }], isError: true },
      });
      await waitFor(m.view, ".mcc-notice");
      await new Promise((resolve) => setTimeout(resolve, 4_500)); // past the pull timer
      assertEquals((await m.events("call-tool")).length, 0, "get_card must not run after a result");
      assertEquals(await m.view.evaluate(() => document.querySelector(".mcc-notice")!.textContent), text);
      await m.page.close();
    });

    await t.step("text the model wrote is never taken for a card", async () => {
      // A link name (a card title) shaped like a card payload, in a result without structuredContent.
      const hostile = JSON.stringify({ articleHtml: '<img src=x onerror="window.pwned=1">' });
      const m = await h.mount({
        ...KINDS.list,
        deliver: "result",
        hostContext: { theme: "light" },
        fixture: {
          content: [{ type: "text", text: "Outline card" }, {
            type: "resource_link",
            uri: "ui://mcp-chat-cards/html/not-kept",
            name: hostile,
            mimeType: "text/html",
          }],
        },
      });
      await until(m.page, () => window.hostEvents.some((e) => e.type === "read-resource"));
      assertEquals(await m.view.evaluate(() => document.querySelector("img")), null);
      assertEquals(await m.view.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
      await m.page.close();
    });

    await t.step("cards are found however the host wraps the result, or read from their link", async () => {
      for (const transform of ["nested", "stringified"] as const) {
        const m = await mount("reveal", { theme: "light" }, { transform });
        await painted(m);
        await m.page.close();
      }
      const linked = await mount("table", { theme: "light" }, {
        client: "plain",
        transform: "no-structured",
      });
      await painted(linked);
      assertEquals(
        (await linked.events("read-resource")).at(-1)!.uri,
        "ui://mcp-chat-cards/html/" + (await debug(linked.view)).cardId,
      );
      await linked.page.close();
    });

    await t.step("the first card is latched: later results without its id are ignored", async () => {
      const m = await mount("tab", { theme: "light" });
      await painted(m);
      const first = await debug(m.view);
      const other = await h.apps.callTool({ name: KINDS.list.tool, arguments: KINDS.list.args });
      await m.page.evaluate(() => window.deliver(window.lastResult!)); // the same card again
      await m.page.evaluate((r) => window.deliver(r), other as Record<string, unknown>);
      await new Promise((r) => setTimeout(r, 200));
      const after = await debug(m.view);
      assertEquals([after.cardId, after.cardHtml], [first.cardId, first.cardHtml]);
      assertEquals(await m.view.evaluate(() => document.querySelectorAll(".mcc-card").length), 1);
      await m.page.close();
    });

    await t.step(
      "streamed input shows a preview; a cancelled call says so and pulls nothing",
      async () => {
        const m = await h.mount({
          ...KINDS.list,
          partial: { title: "Ship" },
          deliver: "never",
          hostContext: {},
        });
        const notice = m.view.locator(".mcc-notice");
        await m.view.locator(".mcc-title").filter({ hasText: "Ship" }).waitFor();
        await m.page.evaluate(() => window.cancel("the user stopped it"));
        await notice.filter({ hasText: "The card was cancelled: the user stopped it." }).waitFor();
        await new Promise((r) => setTimeout(r, 4500)); // past the pull delay
        assertEquals(await m.events("call-tool"), [], "no pull after a cancel");
        await m.page.close();
      },
    );

    await t.step(
      "a host that never answers ui/initialize still gets initialized, and nothing before it",
      async () => {
        const template = (await h.apps.readResource({ uri: "ui://mcp-chat-cards/template/table.html" }))
          .contents[0] as { text: string };
        const url = h.servePage(
          "/silent-host.html",
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Silent host</title></head><body><script>window.got=[];addEventListener("message",(e)=>window.got.push(e.data));</script></body></html>`,
        );
        const page = await h.context.newPage();
        await page.goto(url);
        await page.evaluate((html) => {
          const frame = document.createElement("iframe");
          frame.title = "Card";
          frame.srcdoc = html;
          document.body.append(frame);
        }, template.text);
        await until(page, () => window.got!.length >= 2);
        const methods = await page.evaluate(() => window.got!.map((m) => (m as { method?: string }).method));
        assertEquals(methods, ["ui/initialize", "ui/notifications/initialized"]);
        await page.close();
      },
    );

    await t.step("keyboard: tabs, toolbar, header tools, reveal; visible focus", async () => {
      const m = await mount("tab", { theme: "light" });
      const { height } = await painted(m);
      const v = m.view;
      const selected = () => v.evaluate(() => document.querySelector('[aria-selected="true"]')!.textContent);
      const focused = () => v.evaluate(() => document.activeElement?.textContent ?? "");
      await v.focus('[role="tab"][aria-selected="true"]');
      await v.press('[role="tab"][aria-selected="true"]', "ArrowRight");
      assertEquals([await selected(), await focused()], ["Windows", "Windows"]);
      assert(await v.evaluate(() => !document.querySelectorAll<HTMLElement>('[role="tabpanel"]')[1].hidden));
      await m.page.keyboard.press("End");
      assertEquals(await selected(), "npm");
      await m.page.keyboard.press("Home");
      assertEquals(await selected(), "macOS / Linux");
      await m.page.keyboard.press("ArrowLeft");
      assertEquals(await selected(), "npm", "arrows wrap around");
      assertEquals(
        await style(v, '[role="tab"][aria-selected="true"]', "outline-style"),
        "solid",
        "focus is visible",
      );

      // The header: collapse, then More (ArrowDown opens its menu, its first item shows the HTML).
      await v.focus('[data-mcc-action="collapse"]');
      await m.page.keyboard.press("ArrowRight");
      assertEquals(
        await v.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "More card actions",
      );
      await m.page.keyboard.press("ArrowDown");
      assertEquals(
        await v.evaluate(() =>
          [...document.querySelectorAll('.mcc-menu [role="menuitem"]')].map((i) => i.textContent)
        ),
        ["Show the card's HTML", "Copy card", "Download HTML"],
      );
      await m.page.keyboard.press("Enter");
      const source = await v.evaluate(() => document.querySelector(".mcc-source pre")?.textContent);
      assertEquals(source, (await debug(v)).cardHtml);
      assertEquals(await v.getAttribute('[data-mcc-action="source"]', "aria-pressed"), "true");
      assertEquals(
        await v.evaluate(() => document.activeElement?.getAttribute("aria-label")),
        "More card actions",
      );
      await shot(m, "apps-tab-source");
      // The pressed </> tool is in the row while the HTML shows: Left twice reaches it, Space closes it.
      await m.page.keyboard.press("ArrowLeft");
      await m.page.keyboard.press("ArrowLeft");
      await m.page.keyboard.press("Space");
      assertEquals(await v.locator(".mcc-source").count(), 0);
      assertEquals(await v.isVisible('[data-mcc-action="source"]'), false);
      assertEquals(
        await v.evaluate(() => (document.activeElement as HTMLElement).dataset.mccAction),
        "collapse",
        "focus moves to the next tool when the pressed one goes",
      );
      await m.page.keyboard.press("Enter");
      assertEquals(await v.getAttribute('[data-mcc-action="collapse"]', "aria-expanded"), "false");
      assert(await v.evaluate(() => document.querySelector<HTMLElement>(".mcc-body")!.hidden));
      await until(
        m.page,
        (full) => window.hostEvents.some((e) => e.type === "size" && (e.height as number) < full - 40),
        height,
      );
      await m.page.keyboard.press("Enter");
      assertEquals(await v.getAttribute('[data-mcc-action="collapse"]', "aria-expanded"), "true");
      await m.page.close();

      const r = await mount("reveal", { theme: "dark" });
      await painted(r);
      const open = () => r.view.evaluate(() => [...document.querySelectorAll("details")].map((d) => d.open));
      await r.view.focus('[data-mcc-action="show-all"]');
      await r.page.keyboard.press("Enter");
      assertEquals(await open(), [true, true, true]);
      await r.page.keyboard.press("Tab");
      await r.page.keyboard.press("Enter");
      assertEquals(await open(), [false, false, false]);
      await r.view.focus("summary");
      await r.page.keyboard.press("Enter");
      assertEquals(await open(), [true, false, false]);
      await r.page.close();
    });

    await t.step("touch hosts get 44 px targets", async () => {
      const m = await mount("tab", { theme: "light", deviceCapabilities: { touch: true, hover: false } });
      await painted(m);
      const sizes = await m.view.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".mcc-tool, .mcc-icon, .mcc-tab")].filter((b) =>
          b.checkVisibility()
        )
          .map((b) => {
            const r = b.getBoundingClientRect();
            return Math.min(r.width, r.height);
          })
      );
      assert(sizes.length > 5 && sizes.every((s) => s >= 44), `targets: ${sizes.join(", ")}`);
      await m.page.close();
    });

    await t.step(
      "Copy card copies the standalone document, layer by layer, and says which worked",
      async () => {
        await h.context.grantPermissions(["clipboard-read", "clipboard-write"]);
        const layers = [
          { permissions: { clipboardWrite: {} }, said: "Card copied (Clipboard API)" },
          { permissions: undefined, said: "Card copied (execCommand)" },
          { permissions: undefined, said: "Copy blocked: select the text below", blockExec: true },
        ];
        for (const layer of layers) {
          const m = await mount("list", { theme: "light" }, { permissions: layer.permissions });
          await painted(m);
          const uri = `ui://mcp-chat-cards/html/${(await debug(m.view)).cardId}`;
          const served = ((await h.apps.readResource({ uri })).contents[0] as { text: string }).text;
          if (layer.blockExec) await m.view.evaluate(() => (document.execCommand = () => false));
          await moreAction(m.view, "Copy card");
          await m.view.locator(".mcc-status").filter({ hasText: layer.said }).waitFor();
          if (!layer.blockExec) {
            assertEquals(
              await m.page.evaluate(() => navigator.clipboard.readText()),
              served,
              "the server's document",
            );
          } else {
            const area = m.view.locator(".mcc-manual textarea");
            assertEquals(await area.inputValue(), served);
            assert(
              await area.evaluate((a: HTMLTextAreaElement) =>
                a === document.activeElement && a.selectionEnd === a.value.length
              ),
            );
            await m.view.click(".mcc-manual button");
            await m.view.locator(".mcc-manual p").filter({ hasText: "Sent to the host as a download." })
              .waitFor();
            const [download] = await m.events("download");
            const contents =
              (download.params as { contents: { resource: { text: string; mimeType: string } }[] }).contents;
            assertEquals([contents[0].resource.mimeType, contents[0].resource.text], ["text/html", served]);
            await shot(m, "apps-list-copy-blocked");
          }
          await m.page.close();
        }
        await h.context.clearPermissions();
      },
    );

    await t.step("standalone documents: own CSP, no network, work with no host", async () => {
      // A few pages at a time, each in a window of its own and kept for the next document (a goto
      // costs Chromium half a new page); its init script records CSP violations in every document.
      const newPage = windowOpener(h.context);
      const idle: Page[] = [];
      const recording = async () => {
        const page = await newPage();
        await page.addInitScript(() => {
          const found: string[] = [];
          window.cspViolations = found;
          document.addEventListener(
            "securitypolicyviolation",
            (e) => found.push(`${e.violatedDirective} ${e.blockedURI}`),
          );
        });
        return page;
      };
      // the first failure in kind order is the one reported
      const outcomes = inPool(Object.keys(KINDS) as Kind[], async (kind) => {
        const page = idle.pop() ?? await recording();
        try {
          await standaloneChecks(kind, page);
        } finally {
          idle.push(page);
        }
      });
      try {
        await allInOrder(outcomes);
      } finally {
        await Promise.all(idle.map((page) => page.close()));
      }
    });

    await t.step(
      "standalone documents inside an MCP-UI host post link, notify, size and prompt messages",
      async () => {
        // The host records every message and acknowledges prompts unless told not to.
        const mcpUiHost = (docUrl: string, ack: boolean) =>
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP-UI host</title></head><body><iframe title="Card" sandbox="allow-scripts allow-forms" src="${docUrl}" style="width:640px;height:400px;border:0"></iframe><script>window.got=[];addEventListener("message",(e)=>{window.got.push(e.data);if(${ack}&&e.data.type==="prompt")e.source.postMessage({type:"ui-message-received",messageId:e.data.messageId},"*")});</script></body></html>`;
        const tableUrl = h.servePage("/doc/in-mcp-ui.html", await standaloneDoc("table"));
        const page = await h.context.newPage();
        await page.goto(h.servePage("/mcp-ui.html", mcpUiHost(tableUrl, true)));
        const frame = page.frames()[1];
        await waitFor(frame, ".mcc-card");
        await frame.click('a[href="https://bun.sh/"]');
        await until(page, () => window.got!.some((m) => m.type === "link"));
        const got = await page.evaluate(() => window.got!);
        assertEquals(got.find((m) => m.type === "link")!.payload, { url: "https://bun.sh/" });
        assert(got.some((m) => m.type === "notify"));
        assert(got.some((m) => m.type === "ui-size-change" && (m.payload.height as number) > 80));
        assertEquals(popups, [], "no popup opened");
        await page.close();

        const form = formCardResult("form-doc") as { structuredContent: { card: { articleHtml: string } } };
        const formDoc = standaloneDocument({
          id: "form-doc",
          kind: "form",
          title: "Plan a project",
          articleHtml: form.structuredContent.card.articleHtml,
        });
        const formUrl = h.servePage("/doc/form.html", formDoc);
        for (const ack of [true, false]) {
          const page = await h.context.newPage();
          await page.goto(h.servePage(`/mcp-ui-form-${ack}.html`, mcpUiHost(formUrl, ack)));
          const frame = page.frames()[1];
          await waitFor(frame, ".mcc-card");
          await frame.check('input[value="beginner"]');
          await frame.fill('input[name="tools"]', "a saw, chisels");
          await frame.click('button[type="submit"]');
          await until(page, () => window.got!.some((m) => m.type === "prompt"));
          const prompt = (await page.evaluate(() => window.got!)).find((m) => m.type === "prompt")!;
          assertEquals(prompt.payload, { prompt: FORM_PROMPT });
          const fallback = frame.locator(".mcc-prompt-fallback");
          if (ack) {
            await new Promise((r) => setTimeout(r, 1700)); // past the acknowledgement wait
            assertEquals(await fallback.count(), 0);
          } else {
            await fallback.waitFor();
            assertEquals(await fallback.locator("pre").textContent(), FORM_PROMPT);
          }
          await page.close();
        }
      },
    );

    // One frame: the view paints synchronously on the result and reports its size at once (each
    // kind above proves the "at once": the report leaves in the task that received the result). Its
    // own time, on its own clock, is a figure (target 16 ms, about 5 on an idle machine); what the
    // host sees adds the transport, reported next to its baseline (a ping carrying the same result
    // through the same proxy, in this run), since queues on a loaded machine are no measure of the view.
    report(
      `in the view, result received -> size-changed sent: median ${median(viewDelays).toFixed(1)} ms ` +
        `(max ${Math.max(...viewDelays).toFixed(1)}); transport baseline (ping with the result): ` +
        `median ${median(pings).toFixed(1)} ms`,
    );
    report(
      `result delivered -> painted and size reported: median ${
        median(delays).toFixed(1)
      } ms over ${delays.length} paints (min ${Math.min(...delays).toFixed(1)}, max ${
        Math.max(...delays).toFixed(1)
      })`,
    );
  } finally {
    await h.close();
  }
});
