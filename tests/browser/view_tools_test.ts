// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Cards offer tools to their host (`appCapabilities.tools`, ext-apps 1.7+ App.registerTool): the
 * official AppBridge, as a host whose model asks the card, lists them and calls them. Each answer
 * names its card (id and title) and says what the reader is looking at right now.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { skipReason, startHarness, waitFor } from "./harness.ts";
import { KINDS } from "./samples.ts";

const reason = skipReason();
type Json = Record<string, unknown>;

Deno.test({
  name: "cards offer tools to the host: tools/list and tools/call",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h = await startHarness();
  const mount = async (kind: string) => {
    const m = await h.mount({ ...KINDS[kind], deliver: "result", hostContext: { theme: "light" } });
    await waitFor(m.view, ".mcc-card .mcc-tools");
    const list = () => m.page.evaluate(() => window.viewTools.list());
    const call = (name: string) => m.page.evaluate((n) => window.viewTools.call(n), name);
    return { m, list, call };
  };
  const structured = (result: Json) => result.structuredContent as Json;
  try {
    await t.step("the view declares tools at initialize", async () => {
      const { m } = await mount("table");
      const [init] = await m.events("initialized");
      assertEquals((init.appCapabilities as Json).tools, { listChanged: true });
      await m.page.close();
    });

    await t.step("a table answers with its selected row, sort and filter", async () => {
      const { m, list, call } = await mount("table");
      assertEquals((await list()).map((tool) => tool.name), ["table_view"]);
      const before = structured(await call("table_view"));
      assertEquals(before.selectedRow, null);
      await m.view.locator(".mcc-table tbody tr").nth(1).click();
      const after = await call("table_view");
      const answer = structured(after);
      assertEquals((answer.card as Json).title, "JavaScript runtimes");
      assertEquals(answer.selectedRow, {
        row: 2,
        cells: { Runtime: "Node.js", Engine: "V8", Site: "https://nodejs.org/" },
      });
      assertEquals([answer.sort, answer.filter, answer.rowsShown], [null, null, 3]);
      // the text the model reads is the same answer as JSON data
      assertEquals(JSON.parse((after.content as Json[])[0].text as string), answer);
      await m.page.close();
    });

    await t.step("a chart answers with its focused point", async () => {
      const { m, call } = await mount("chart");
      await m.view.locator(".mcc-pt").first().focus();
      const focused = structured(await call("chart_focus")).focused as Json;
      assertEquals(Object.keys(focused), ["label", "series", "value"]);
      await m.page.close();
    });

    await t.step("a form answers with its current values", async () => {
      const { m, call } = await mount("form");
      await m.view.locator("input[name=topic]").fill("closures");
      await m.view.locator("select[name=style]").selectOption("practical");
      const values = structured(await call("form_values")).values as Json;
      assertEquals([values.topic, values.style], ["closures", "practical"]);
      await m.page.close();
    });

    await t.step("a document answers with its current section", async () => {
      const { m, call } = await mount("markdown");
      await m.view.locator("details.mcc-md-section summary").nth(1).click();
      await m.view.locator("details.mcc-md-section summary").nth(1).focus();
      const answer = structured(await call("document_section"));
      const sections = answer.sections as { heading: string; open: boolean }[];
      assertEquals(answer.current, sections[1].heading);
      await m.page.close();
    });

    await t.step(
      "each kind's template offers its own tool only (host check: its facts table's)",
      async () => {
        const offered: Record<string, string[]> = {};
        for (const kind of ["chart", "form", "efficient_prompt", "markdown", "host_check", "video"]) {
          const { m, list } = await mount(kind);
          offered[kind] = (await list()).map((tool) => tool.name as string);
          await m.page.close();
        }
        assertEquals(offered, {
          chart: ["chart_focus"],
          form: ["form_values"],
          efficient_prompt: ["form_values"],
          markdown: ["document_section"],
          host_check: ["table_view"],
          video: [],
        });
      },
    );

    await t.step("an unknown or absent tool is a JSON-RPC error naming it", async () => {
      const { m, list, call } = await mount("tab");
      assertEquals(await list(), []);
      const error = await call("table_view").then(() => "", (e: Error) => e.message);
      assertEquals(error.includes('Unknown tool: "table_view"'), true, error);
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
