/**
 * Render-level goldens for the chart renderer: every cases/<name>.json is a chart spec; it must
 * render to <name>.html (the figure) and <name>.txt (the summary), or be refused with exactly
 * <name>.error.txt. `deno test -A tests/render/svg/golden_test.ts -- --update` rewrites them.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { ToolError } from "../../../src/errors.ts";
import { renderChart } from "../../../src/render/svg/chart.ts";
import type { ChartSpec } from "../../../src/render/svg/spec.ts";

const UPDATE = Deno.args.includes("--update");
const dir = new URL("./cases/", import.meta.url);

async function golden(name: string, actual: string): Promise<void> {
  const url = new URL(name, dir);
  if (UPDATE) return await Deno.writeTextFile(url, actual);
  const expected = await Deno.readTextFile(url).catch(() => `(missing ${name}: rerun with --update)`);
  assertEquals(actual, expected);
}

const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json")).sort();

for (const file of names) {
  const name = file.slice(0, -5);
  Deno.test(`chart golden: ${name}`, async () => {
    const spec = JSON.parse(await Deno.readTextFile(new URL(file, dir))) as ChartSpec;
    let result;
    try {
      result = renderChart(spec);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      return await golden(`${name}.error.txt`, error.toText() + "\n");
    }
    if (name.startsWith("error_")) throw new Error(`${name} rendered instead of being refused`);
    await golden(`${name}.html`, result.html.value + "\n");
    await golden(`${name}.txt`, result.summary + "\n");
  });
}
