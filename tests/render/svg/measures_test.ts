/**
 * Bullet charts and gauges beyond their goldens: the scale each measure is drawn on (shared when
 * ranges are alike, at exactly twice and just past it), where a value starts counting as off the
 * scale (at one span beyond its bands and target, and just past it), the band a value falls in at
 * each limit, and the label limits through a real client (N taken, N + 1 refused in the kind's words).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { bandOf, readMeasures } from "../../../src/render/svg/measures.ts";
import type { Series } from "../../../src/render/svg/model.ts";
import { connect, textOf } from "../../helpers.ts";

const s = (name: string, values: (number | null)[]): Series => ({ name, values });

Deno.test("measures share a scale when no range spans more than twice another's", () => {
  // spans 100 and 200: exactly twice, shared
  const at = readMeasures(["a", "b"], [s("v", [50, 150]), s("t", [100, 200])]);
  assertEquals(at.shared, true);
  assertDeep(at.measures.map((m) => [m.ticks.min, m.ticks.max]), [[0, 200], [0, 200]]);
  // spans 100 and 201: each its own
  const past = readMeasures(["a", "b"], [s("v", [50, 150]), s("t", [100, 201])]);
  assertEquals(past.shared, false);
  assertDeep(past.measures.map((m) => m.ticks.max), [100, 250]);
  // one measure has its own scale
  assertEquals(readMeasures(["a"], [s("v", [5]), s("t", [10])]).shared, false);
});

Deno.test("a value one span beyond its bands and target is drawn to scale; past that it is clipped", () => {
  const read = (v: number) => readMeasures(["a"], [s("v", [v]), s("t", [50]), s("band", [100])]).measures[0];
  // bands and target span 0..100: up to 200 is taken into the scale
  assertDeep([read(200).clipped, read(200).ticks.max], [false, 200]);
  const far = read(200.5);
  // past it the scale keeps to the bands, a tenth of their span beyond for the clipped bar to show
  assertDeep([far.clipped, far.ticks.max], [true, 120]);
  assertDeep([read(-100).clipped, read(-100).ticks.min], [false, -100]);
  assertDeep([read(-101).clipped, read(-101).ticks.min], [true, -20]);
});

Deno.test("the band a value falls in: the first whose limit it does not pass, none above them all", () => {
  const m =
    readMeasures(["a"], [s("v", [0]), s("t", [null]), s("poor", [50]), s("ok", [null]), s("good", [100])])
      .measures[0];
  assertDeep([-5, 50, 50.1, 100, 100.1].map((v) => bandOf(m, v)), [0, 0, 2, 2, -1]);
});

Deno.test("every value zero: a scale from 0 to 1, nothing clipped", () => {
  const m = readMeasures(["a"], [s("v", [0]), s("t", [0])]).measures[0];
  assertDeep([m.ticks.min, m.ticks.max, m.clipped], [0, 1, false]);
});

Deno.test("create_chart_card takes 30 bullets and refuses 31, naming the limit", async () => {
  await using client = await connect();
  const call = (n: number) =>
    client.callTool({
      name: "create_chart_card",
      arguments: {
        type: "bullet",
        title: "KPIs",
        labels: Array.from({ length: n }, (_, i) => `KPI ${i + 1}`),
        series: [
          { name: "Actual", values: Array.from({ length: n }, (_, i) => i) },
          { name: "Target", values: Array.from({ length: n }, () => 10) },
        ],
      },
    });
  const ok = await call(30);
  assertEquals(ok.isError, undefined, textOf(ok));
  assertEquals(
    textOf(ok).startsWith(
      'Chart card "KPIs": Bullet chart of 30 measures ("Actual" against "Target"): 20 of 30 with a target meet it',
    ),
    true,
    textOf(ok),
  );
  const refused = await call(31);
  assertEquals(refused.isError, true);
  assertEquals(
    textOf(refused),
    'Invalid "labels": 31 labels is more than 30 for a bullet chart\n' +
      "Keep the measures that matter most, or split them over several charts",
  );
});
