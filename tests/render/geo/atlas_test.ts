/**
 * The base maps: how many characters of path each detail level costs (the result ceiling pays for
 * them), what each map draws and leaves out, and where latitude and longitude land.
 */
import { deepStrictEqual as assertDeep, ok as assert, strictEqual as assertEquals } from "node:assert/strict";
import { baseMap, DETAIL_LEVELS, MAP_NAMES } from "../../../src/render/geo/atlas.ts";

const chars = (m: { shapes: ReadonlyMap<string, { d: string }> }) =>
  [...m.shapes.values()].reduce((n, s) => n + s.d.length, 0);

Deno.test("each detail level is smaller than the one before, and the finest fits a card", async () => {
  for (const name of MAP_NAMES) {
    const sizes = [];
    for (const level of DETAIL_LEVELS) sizes.push(chars(await baseMap(name, level)));
    for (let i = 1; i < sizes.length; i++) assert(sizes[i] < sizes[i - 1], `${name}: ${sizes}`);
    assert(sizes[0] < 20_000, `${name} at the finest level: ${sizes[0]} characters`);
  }
});

Deno.test("paths are whole pixels, relative, one letter per ring", async () => {
  const m = await baseMap("us-states", 16);
  const d = m.shapes.get("56")!.d; // Wyoming: one rectangle-ish ring
  assert(/^M\d+ \d+l(-?\d+[ -]?)+z$/.test(d), d);
  assertEquals(m.width, 640);
});

Deno.test("the world leaves out Antarctica, merges Australia's shapes and keeps Kosovo", async () => {
  const m = await baseMap("world", 4);
  assertEquals(m.shapes.has("010"), false);
  assertEquals(m.centre("010"), undefined);
  assert(m.shapes.has("983"), "Kosovo");
  assertEquals(m.shapes.get("036")!.d.split("M").length > 2, true);
  // Singapore is a speck at this size: not drawn, but it has a place for a dot
  assertEquals(m.shapes.has("702"), false);
  assert(m.centre("702"), "Singapore's centre");
});

Deno.test("pins: inside the frame, or undefined off the map", async () => {
  const world = await baseMap("world", 16);
  const [x, y] = world.project(0, 0)!;
  assert(Math.abs(x - world.width / 2) <= 1 && y > 0 && y < world.height, `${x} ${y}`);
  assertEquals(world.project(0, -89), undefined); // below the frame (Antarctica is left out)
  const us = await baseMap("us-states", 16);
  assertDeep(us.project(2.35, 48.86), undefined); // Paris
  assert(us.project(-122.42, 37.77), "San Francisco");
  assert(us.project(-157.86, 21.31), "Honolulu (an inset)");
  const europe = await baseMap("europe", 16);
  assert(europe.project(2.35, 48.86), "Paris");
  // the frame reaches the south of the Mediterranean at its centre, where parallels bow down
  assert(europe.project(14.51, 35.9), "Valletta");
  assert(europe.project(33.38, 35.17), "Nicosia");
  assert(europe.project(-21.9, 64.15), "Reykjavik");
  assertEquals(europe.project(-74, 40.7), undefined); // New York
  assertEquals(europe.centre("840"), undefined);
});
