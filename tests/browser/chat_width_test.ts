// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Craft at chat width (issue 21), card by card in Chromium under the official AppBridge host: the
 * light header (one row of named icon tools, 44 px hit areas on touch), outlines and show/hide
 * sections without a gutter, documents that open whole when short, compact forms within 500 px,
 * the exact prompts blank answers make, the wrapped copy fallback, tour tab names, highlighted tab
 * code, and tables that keep numbers right-aligned and short row names on one line. The layout lint
 * (layout_lint_test.ts) checks every kind for what any card must never do; this checks what each
 * fix is for.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { type Harness, type Mounted, skipReason, startHarness, until, waitFor } from "./harness.ts";
import { STRESS } from "./lint_cases.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();

type Json = Record<string, unknown>;

const OFFERED = {
  availableDisplayModes: ["inline", "fullscreen"],
  displayMode: "inline",
  containerDimensions: { maxHeight: 6000, width: 680 },
};

/** A stress case's arguments (lint_cases.ts), by name. */
const args = (name: string) => STRESS.find((c) => c.name === name)!.args;

/** Mounts `tool` in a slot `width` px wide and waits until it has painted and reported its size. */
async function mountAt(
  h: Harness,
  tool: string,
  toolArgs: Json,
  width: number,
  extra: Json = {},
): Promise<Mounted> {
  const m = await h.mount({
    tool,
    args: toolArgs,
    deliver: "never",
    hostContext: { theme: "light" },
    ...extra,
  });
  await m.page.setViewportSize({ width: Math.max(720, width + 60), height: 1000 });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  const result = await h.apps.callTool({ name: tool, arguments: toolArgs });
  const sent = await m.page.evaluate((r) => window.deliver(r), result as Json);
  await until(m.page, (t) => window.hostEvents.some((e) => e.type === "size" && e.t >= t), sent);
  await waitFor(m.view, ".mcc-card .mcc-tools");
  return m;
}

/** The last height the view reported. */
const reported = async (m: Mounted) => (await m.events("size")).at(-1)!.height as number;

/** Waits for the `n`th ui/message and returns its text. */
async function nthMessage(m: Mounted, n = 1): Promise<string> {
  await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "message").length >= k, n);
  return ((await m.events("message"))[n - 1].params as { content: { text: string }[] }).content[0].text;
}

Deno.test({
  name: "craft at chat width in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  try {
    await t.step("the header: one row of named icon tools; cards that ask have no More menu", async () => {
      for (const [kind, { tool, args }] of Object.entries(KINDS)) {
        const m = await mountAt(h, tool, args, 360);
        const tools = await m.view.evaluate(() => {
          const title = document.querySelector(".mcc-title")!.getBoundingClientRect();
          const shown = [...document.querySelectorAll<HTMLElement>(".mcc-tools button")].filter((b) =>
            b.checkVisibility()
          );
          return {
            names: shown.map((b) => [b.getAttribute("aria-label"), b.textContent]),
            beside: shown.every((b) => {
              const r = b.getBoundingClientRect();
              return r.left >= title.right && r.top < title.top + 24;
            }),
          };
        });
        const asks = ["form", "prompt_gist", "prompt_refine", "efficient_prompt"].includes(kind);
        assertEquals(
          tools.names,
          [
            ["Collapse the card", ""],
            ...(asks ? [] : [["More card actions", ""]]),
          ],
          kind,
        );
        assert(tools.beside, `${kind}: the tools sit beside the title`);
        await m.page.close();
      }
    });

    await t.step(
      "the header's tooltips show on keyboard focus; Fullscreen joins the row for long forms",
      async () => {
        const m = await mountAt(h, "create_form_card", args("form/eight-fields"), 420, {
          hostContext: { theme: "light", ...OFFERED },
        });
        await m.view.focus('[data-mcc-action="fullscreen"]');
        await m.page.keyboard.press("ArrowRight");
        const tip = await m.view.evaluate(() => getComputedStyle(document.activeElement!, "::after").content);
        assertEquals(tip, '"Collapse the card"');
        assertEquals(
          await m.view.locator(".mcc-tools button:visible").evaluateAll((b) =>
            b.map((e) => e.getAttribute("aria-label"))
          ),
          ["Fullscreen", "Collapse the card"],
        );
        await m.page.close();
      },
    );

    await t.step("on touch, each icon takes 44 px of hit area and the header is no taller", async () => {
      const measure = async (touch: boolean) => {
        const m = await mountAt(h, KINDS.table.tool, KINDS.table.args, 360, {
          hostContext: { theme: "light", deviceCapabilities: { touch, hover: !touch } },
        });
        const got = await m.view.evaluate(() => ({
          head: document.querySelector(".mcc-head")!.getBoundingClientRect().height,
          icons: [...document.querySelectorAll(".mcc-icon")].filter((b) => b.checkVisibility()).map((b) => {
            const r = b.getBoundingClientRect();
            return [r.left, r.right, r.width, r.height];
          }),
        }));
        await m.page.close();
        return got;
      };
      const [mouse, touch] = [await measure(false), await measure(true)];
      assertEquals(touch.head, mouse.head);
      assertEquals(touch.icons.map(([, , w, h]) => [w, h]), [[44, 44], [44, 44]]);
      assert(touch.icons[0][1] <= touch.icons[1][0], "hit areas do not overlap");
      assertEquals(mouse.icons.map(([, , w, h]) => [w, h]), [[32, 32], [32, 32]]);
    });

    await t.step(
      "an outline lines up with its intro; wrapped lines, details and sub-items indent",
      async () => {
        const m = await mountAt(h, "create_list_card", args("list/long-items"), 420);
        const at = await m.view.evaluate(() => {
          const left = (e: Element) => Math.round(e.getBoundingClientRect().left);
          const first = document.querySelector(".mcc-list > ol > li")!;
          const text = first.querySelector(":scope > .mcc-item")!;
          const range = document.createRange();
          range.selectNodeContents(text);
          const lines = [...new Set([...range.getClientRects()].map((r) => Math.round(r.left)))];
          return {
            intro: left(document.querySelector(".mcc-body > .mcc-text")!),
            item: left(first),
            text: left(text),
            lines,
            detail: left(first.querySelector(":scope > .mcc-item-detail")!),
            sub: left(first.querySelector(":scope > ol > li")!),
          };
        });
        assertEquals(at.item, at.intro, "the numbers start at the intro's edge");
        assertEquals(at.lines, [at.text], "every line of a wrapped item starts under its first word");
        assertEquals([at.detail, at.sub], [at.text, at.text]);
        // The move handle shows on hover, at the end of the item's first row, clear of its text.
        await m.view.hover(".mcc-list > ol > li:first-child > .mcc-item");
        const handle = await m.view.evaluate(() => {
          const li = document.querySelector(".mcc-list > ol > li")!;
          const move = li.querySelector(":scope > .mcc-move")!;
          const range = document.createRange();
          range.selectNodeContents(li.querySelector(":scope > .mcc-item")!);
          const r = move.getBoundingClientRect();
          return {
            opacity: getComputedStyle(move).opacity,
            inside: r.right <= li.getBoundingClientRect().right + 0.5,
            clear: [...range.getClientRects()].every((t) => t.right <= r.left || t.top >= r.bottom),
          };
        });
        assertEquals(handle, { opacity: "1", inside: true, clear: true });
        await m.page.close();

        const r = await mountAt(h, "create_reveal_card", args("reveal/faq"), 420);
        const edges = await r.view.evaluate(() =>
          [".mcc-reveal-bar", ".mcc-reveal"].map((s) =>
            Math.round(document.querySelector(s)!.getBoundingClientRect().left)
          )
        );
        assertEquals(edges[1], edges[0], "sections start at the bar's edge");
        await r.page.close();
      },
    );

    await t.step(
      "a short document opens whole, a long one its first section; inline code stays whole",
      async () => {
        const short = await mountAt(h, "create_markdown_card", args("markdown/cheat-sheet"), 360);
        const state = (m: Mounted) =>
          m.view.evaluate(() => ({
            open: [...document.querySelectorAll("details")].map((d) => d.open),
            bar: document.querySelectorAll(".mcc-reveal-bar").length,
          }));
        assertEquals(await state(short), { open: [true, true, true], bar: 0 });
        const flag = await short.view.evaluate(() => {
          const code = [...document.querySelectorAll(".mcc-md code")].find((c) =>
            c.textContent === "--rebase-merges"
          )!;
          return code.getClientRects().length;
        });
        assertEquals(flag, 1, "--rebase-merges is on one line");
        await short.page.close();
        const long = await mountAt(h, "create_markdown_card", args("markdown/long-document"), 420);
        assertEquals(await state(long), { open: [true, ...Array(8).fill(false)], bar: 1 });
        await long.page.close();
      },
    );

    await t.step(
      "a long form: chips, two columns when wide, within 500 px with its submit bar in sight",
      async () => {
        const form = args("form/eight-fields");
        const m = await mountAt(h, "create_form_card", form, 420);
        assert((await reported(m)) <= 500, `reported ${await reported(m)} px`);
        const narrow = await m.view.evaluate(() => {
          const body = document.querySelector<HTMLElement>(".mcc-body")!;
          const send = document.querySelector<HTMLElement>("button[type=submit]")!.getBoundingClientRect();
          const hit = document.elementFromPoint(send.left + send.width / 2, send.top + send.height / 2);
          const chips = [...document.querySelectorAll('[name="interests"]')].map((c) =>
            Math.round(c.getBoundingClientRect().top)
          );
          return {
            scrolls: body.scrollHeight > body.clientHeight,
            send: hit?.closest("button")?.textContent,
            rows: new Set(chips).size,
          };
        });
        assertEquals(narrow, { scrolls: true, send: "Send", rows: 2 }, "six interests as chips on two rows");
        await m.page.close();

        const w = await mountAt(h, "create_form_card", form, 760);
        const wide = await w.view.evaluate(() => {
          const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
          return {
            pair: box('[name="city"]').top === box('[name="people"]').top,
            other: Math.round(box('input[type="text"][name="diet"]').right),
            notes: Math.round(box('[name="notes"]').right),
          };
        });
        assertEquals(wide.pair, true, "City and People share a row");
        assertEquals(wide.other, wide.notes, "the Something else box ends where the other boxes do");
        await w.page.close();
      },
    );

    await t.step("blank answers: no preference, or the optional clause is left out", async () => {
      const trip = {
        title: "Plan a weekend",
        promptTemplate:
          "Plan a weekend in {{city}}. Interests: {{interests}}. Budget: {{budget}}.[[ Notes: {{notes}}.]]",
        fields: [
          { name: "city", label: "City", required: true },
          { name: "interests", label: "Interests", type: "checkboxes", options: ["Museums", "Food"] },
          { name: "budget", label: "Budget", type: "radio", options: ["Low", "Mid-range"] },
          { name: "notes", label: "Notes", type: "textarea" },
        ],
      };
      const m = await mountAt(h, "create_form_card", trip, 420);
      await m.view.fill('[name="city"]', "Lisbon");
      await m.view.check('[value="Mid-range"]');
      await m.view.click("button[type=submit]");
      assertEquals(
        await nthMessage(m),
        "Plan a weekend in Lisbon. Interests: no preference. Budget: Mid-range.",
      );
      await m.view.check('[value="Food"]');
      await m.view.fill('[name="notes"]', "No stairs, please");
      await m.view.click("button[type=submit]");
      assertEquals(
        await nthMessage(m, 2),
        "Plan a weekend in Lisbon. Interests: Food. Budget: Mid-range. Notes: No stairs, please.",
      );
      await m.page.close();
    });

    await t.step(
      "a refused prompt shows whole: wrapped, in a capped box that scrolls, with Copy",
      async () => {
        const topic = `${"closures and scopes in depth ".repeat(40)}https://example.com/${"a".repeat(120)}`;
        const m = await mountAt(h, "create_form_card", { ...KINDS.form.args }, 420, {
          messageReply: "rpc-error",
        });
        await m.view.fill('[name="topic"]', topic);
        await m.view.click("button[type=submit]");
        await waitFor(m.view, ".mcc-prompt-fallback pre");
        const box = await m.view.evaluate(() => {
          const pre = document.querySelector<HTMLElement>(".mcc-prompt-fallback pre")!;
          return {
            text: pre.textContent,
            sideways: pre.scrollWidth > pre.clientWidth,
            capped: pre.getBoundingClientRect().height <= 240 + 20, // max-height, and its padding
            scrolls: pre.scrollHeight > pre.clientHeight,
            copy: document.querySelector(".mcc-prompt-fallback .mcc-copy-code")?.textContent,
          };
        });
        assertEquals(box, {
          text: `Teach ${topic.trim()}.`, // the blank style's optional clause is left out
          sideways: false,
          capped: true,
          scrolls: true,
          copy: "Copy",
        });
        await m.page.close();
      },
    );

    await t.step(
      "tour tabs leave out the folder every file shares; a fence without a language says Text",
      async () => {
        const m = await mountAt(h, "create_code_tour_card", args("code_tour/archive-folder"), 420);
        const tabs = await m.view.evaluate(() =>
          [...document.querySelectorAll('[role="tab"]')].map((t) => [t.textContent, t.getAttribute("title")])
        );
        assertEquals(tabs, [
          ["README.md", "weather-cli/README.md"],
          ["deno.json", "weather-cli/deno.json"],
          ["src/main.ts", "weather-cli/src/main.ts"],
          ["src/api.ts", "weather-cli/src/api.ts"],
          ["src/format.ts", "weather-cli/src/format.ts"],
        ]);
        assertEquals(await m.view.textContent(".mcc-tourfile:not([hidden]) .mcc-md .mcc-code-lang"), "Text");
        const rows = await m.view.evaluate(() =>
          new Set([...document.querySelectorAll('[role="tab"]')].map((t) => t.getBoundingClientRect().top))
            .size
        );
        assert(rows <= 2, `${rows} rows of tabs at 420 px`);
        await m.page.close();
      },
    );

    await t.step("code in a tab card is highlighted", async () => {
      const m = await mountAt(h, KINDS.tab.tool, KINDS.tab.args, 420);
      const colours = await m.view.evaluate(() => {
        const code = document.querySelector(".mcc-tabpanel:not([hidden]) pre code")!;
        return [getComputedStyle(code).color, getComputedStyle(code.querySelector("i.f")!).color];
      });
      assert(colours[0] !== colours[1], `the command is coloured: ${colours}`);
      await m.page.close();
    });

    await t.step(
      "a price column with missing values stays right-aligned; short row names keep one line",
      async () => {
        const m = await mountAt(h, "create_table_card", args("table/prices-missing"), 420);
        const table = await m.view.evaluate(() => {
          const rows = [...document.querySelectorAll(".mcc-table tbody tr")];
          const align = [1, 2, 3].map((c) =>
            new Set(rows.map((r) => getComputedStyle(r.children[c]).textAlign))
          );
          const range = document.createRange();
          range.selectNodeContents(rows[9].children[0]);
          return {
            align: align.map((s) => [...s]),
            city10: [rows[9].children[0].textContent, range.getClientRects().length],
          };
        });
        assertEquals(table, { align: [["end"], ["end"], ["end"]], city10: ["City 10", 1] });
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
