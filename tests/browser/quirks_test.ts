/**
 * Host quirks the public trackers report, each as a profile of the test host (page/host.ts) and a
 * test: a host that sizes the frame from the document's height and ignores size-changed, a host
 * that caps containerDimensions.maxHeight below the card, a frame that is 0 px tall at first, and a
 * host that renders the template without declaring the extension (or serverResources). The card
 * must paint, fit and keep every control reachable in each.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { type Mounted, skipReason, startHarness, waitFor } from "./harness.ts";
import { KINDS } from "./samples.ts";

const reason = skipReason();

const LONG_TABLE = {
  title: "Long table",
  headers: ["Row", "Value"],
  rows: Array.from({ length: 30 }, (_, i) => [`row ${i + 1}`, `${i + 1}`]),
};

/** Polls `read` until `done` holds (the host's frame follows the view a frame or two later). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  assert(done(value), `${what}: ${JSON.stringify(value)}`);
  return value;
}

const frameHeight = (m: Mounted) =>
  m.page.evaluate(() => Math.round(document.querySelector("iframe")!.getBoundingClientRect().height));

/** The card's own height (its article's bottom edge) and the document's, in the view. */
const heights = (m: Mounted) =>
  m.view.evaluate(() => ({
    card: Math.ceil(document.querySelector(".mcc-card")!.getBoundingClientRect().bottom),
    document: document.documentElement.offsetHeight,
  }));

Deno.test({
  name: "host quirks: the card paints, fits and keeps its controls",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  const mount = (tool: string, args: Record<string, unknown>, extra = {}) =>
    h.mount({ tool, args, deliver: "result", hostContext: { theme: "light" }, ...extra });
  try {
    await t.step("a host that sizes the frame from the document and ignores size-changed", async () => {
      // The frame starts taller than the card: a document sized to the viewport (100vh) would keep it so.
      const m = await mount(KINDS.reveal.tool, KINDS.reveal.args, { sizing: "document", initialHeight: 900 });
      await waitFor(m.view, ".mcc-card .mcc-tools");
      const first = await until(
        async () => ({ ...await heights(m), frame: await frameHeight(m) }),
        (v) => v.frame < 900 && Math.abs(v.frame - v.card) <= 1,
        "the frame follows the document down to the card",
      );
      assertEquals(first.document, first.frame);
      assert((await m.events("size")).length > 0, "the view still reported its size");
      // Opening a section grows the document, and so the frame, with no size-changed applied.
      await m.view.locator(".mcc-card summary").first().click();
      await until(
        async () => ({ ...await heights(m), frame: await frameHeight(m) }),
        (v) => v.frame > first.frame && Math.abs(v.frame - v.card) <= 1 && v.document === v.frame,
        "the frame follows the document up",
      );
      await m.page.close();
    });

    await t.step(
      "a host that caps maxHeight below the card: the body scrolls, nothing is clipped",
      async () => {
        const m = await mount("create_table_card", LONG_TABLE, { maxHeight: 240 });
        await waitFor(m.view, ".mcc-card .mcc-tools");
        const fit = await until(
          async () => ({ ...await heights(m), frame: await frameHeight(m) }),
          (v) => v.frame <= 240 && v.document <= v.frame && v.card <= v.frame,
          "the card fits the capped frame",
        );
        assert(fit.card > 150, `the card uses the room it has: ${fit.card} px`);
        // The header's tools are on screen, and the last row is reached by scrolling the card's body.
        const tools = await m.view.evaluate(() =>
          document.querySelector(".mcc-tools")!.getBoundingClientRect().bottom
        );
        assert(tools <= fit.frame, `header tools at ${tools} px in a ${fit.frame} px frame`);
        const last = await m.view.evaluate(() => {
          const body = document.querySelector<HTMLElement>(".mcc-body")!;
          const scrolls = body.scrollHeight > body.clientHeight;
          const row = document.querySelector(".mcc-table tbody tr:last-child")!;
          row.scrollIntoView({ block: "end" }); // what a reader's scrolling does, through nested scrollers
          return { scrolls, bottom: row.getBoundingClientRect().bottom, top: scrollY };
        });
        assert(last.scrolls, "the body scrolls");
        assertEquals(last.top, 0, "the document itself never scrolls");
        assert(last.bottom <= fit.frame, `the last row ends at ${last.bottom} px in a ${fit.frame} px frame`);
        await m.page.close();
      },
    );

    await t.step(
      "a frame that is 0 px tall at first: no broken height rule, and the card sizes it",
      async () => {
        const m = await mount(KINDS.table.tool, KINDS.table.args, { initialHeight: 0 });
        await waitFor(m.view, ".mcc-card .mcc-tools");
        const rule = await m.view.evaluate(() => document.documentElement.style.getPropertyValue("--mcc-h"));
        assert(!rule.includes("undefined"), `--mcc-h: ${rule}`);
        const sized = await until(() => frameHeight(m), (v) => v > 80, "the host sized the frame");
        assertEquals(sized, (await heights(m)).document);
        await m.page.close();
      },
    );

    await t.step(
      "a host that renders the template without declaring the extension or serverResources",
      async () => {
        // The server saw no extension, so the result holds only the card's link: the view reads it.
        const m = await mount(KINDS.table.tool, KINDS.table.args, {
          client: "plain",
          omitCapabilities: ["serverResources"],
        });
        await waitFor(m.view, ".mcc-card .mcc-tools");
        assertEquals(await m.view.textContent(".mcc-title"), "JavaScript runtimes");
        assertEquals((await m.events("read-resource")).length, 1);
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
