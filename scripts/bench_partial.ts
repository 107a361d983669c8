// deno-lint-ignore-file no-console no-window -- a benchmark prints its report; page callbacks run in the browser
/**
 * What drawing one streamed partial of a 200-row table costs in the browser (issue 14: at most one
 * 16 ms frame, median), against the final result's paint of the same table measured in the same
 * run. Real Chromium, the official AppBridge host and the real server (tests/browser/harness.ts).
 *
 *   deno run -A scripts/bench_partial.ts [--mounts N] [--partials N]
 *
 * Each figure is the view's main-thread time for one host message, on the view's own clock: from
 * the message event's creation (`event.timeStamp`) to the end of the runtime's handler plus a
 * forced style and layout (a listener added after the runtime's). It covers reading the message,
 * the DOM work and layout; rasterizing runs off the main thread.
 *
 * - grow: a partial that adds 10 rows to a 190-row preview (and redraws the last drawn row), the
 *   steady state while a model types a long table.
 * - first: the first partial, drawing all 200 rows into an empty view.
 * - result: the tool result replacing the 200-row preview with the server's card (the baseline).
 */
import { startHarness } from "../tests/browser/harness.ts";
import "../tests/browser/page/types.ts";

function flag(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Number(Deno.args[at + 1]) : fallback;
}

const MOUNTS = flag("--mounts", 7);
const PARTIALS = flag("--partials", 40);

const ROWS = Array.from({ length: 200 }, (_, i) => [`City ${i + 1}`, `Country ${i % 17}`, 1000 + i * 37]);
const ARGS = { title: "Population by city", headers: ["City", "Country", "People"], rows: ROWS };
const upTo = (n: number) => ({ ...ARGS, rows: ROWS.slice(0, n) });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];

const h = await startHarness();
const grow: number[] = [];
const first: number[] = [];
const result: number[] = [];
try {
  for (let mount = 0; mount < MOUNTS; mount++) {
    const m = await h.mount({ tool: "create_table_card", args: ARGS, deliver: "manual", hostContext: {} });
    await m.view.evaluate(() => {
      const w = window as unknown as { took: [string, number][] };
      w.took = [];
      // Added after the runtime's listener, so it runs once the runtime has handled the message.
      addEventListener("message", (event: MessageEvent) => {
        document.documentElement.getBoundingClientRect(); // style and layout are part of the cost
        w.took.push([event.data?.method ?? "", performance.now() - event.timeStamp]);
      });
    });
    /** Sends one partial, waits for the view to handle it, and returns its time. */
    const send = (args: unknown) =>
      m.page.evaluate(async (a) => {
        await window.sendPartial(a);
        await window.pingView();
      }, args);
    const lastPartial = () =>
      m.view.evaluate(() =>
        (window as unknown as { took: [string, number][] }).took.findLast(([method]) =>
          method === "ui/notifications/tool-input-partial"
        )![1]
      );
    await send(upTo(200));
    first.push(await lastPartial());
    for (let i = 0; i < PARTIALS; i++) {
      await send(upTo(190));
      await send(upTo(200));
      grow.push(await lastPartial());
    }
    const rows = await m.view.evaluate(() => document.querySelectorAll(".mcc-table tbody tr").length);
    if (rows !== 200) throw new Error(`the preview shows ${rows} rows, not 200`);
    await m.page.evaluate(async (a) => {
      await window.sendInput(a);
      await window.deliver(await window.mccCallTool("create_table_card", a));
      await window.pingView();
    }, ARGS);
    await m.view.waitForSelector(".mcc-card:not([aria-busy])");
    result.push(
      await m.view.evaluate(() =>
        (window as unknown as { took: [string, number][] }).took.findLast(([method]) =>
          method === "ui/notifications/tool-result"
        )![1]
      ),
    );
    await m.page.close();
  }
} finally {
  await h.close();
}

const base = median(result);
const line = (name: string, values: number[]) =>
  `${name.padEnd(8)} median ${median(values).toFixed(2).padStart(6)} ms  p90 ${
    p90(values).toFixed(2).padStart(6)
  } ms  ${(median(values) / base).toFixed(2)}x the result  (${values.length} runs)`;
console.log(`Drawing a partial of a 200-row table, view main thread (${MOUNTS} mounts, Chromium):`);
console.log(line("grow", grow));
console.log(line("first", first));
console.log(line("result", result));
console.log(`target: grow median <= 16 ms (one frame): ${median(grow) <= 16 ? "met" : "MISSED"}`);
