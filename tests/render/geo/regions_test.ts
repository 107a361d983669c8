/**
 * Data keys to regions: every form of a country key (alpha-2, alpha-3, numeric with and without
 * leading zeros, names, aliases, accents and punctuation folded), US states by name, postal code
 * and FIPS code, ambiguous names never guessed, and the atlas shapes without an ISO code.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { baseMap } from "../../../src/render/geo/atlas.ts";
import { foldKey, resolveKey, stateIndex } from "../../../src/render/geo/regions.ts";

Deno.test("keys fold case, accents, punctuation and a leading the", () => {
  assertEquals(foldKey("  Côte d'Ivoire "), "cote divoire");
  assertEquals(foldKey("U.S.A."), "usa");
  assertEquals(foldKey("The Gambia"), "gambia");
  assertEquals(foldKey("Bosnia & Herzegovina"), "bosnia and herzegovina");
  assertEquals(foldKey("St. Lucia"), "saint lucia");
  assertEquals(foldKey("Guinea-Bissau"), "guinea bissau");
});

Deno.test("country keys in every form", async () => {
  const { index } = await baseMap("world", 16);
  const id = (key: string) => {
    const r = resolveKey(index, key);
    return "id" in r ? r.id : "ambiguous" in r ? `ambiguous ${r.ambiguous.join(" ")}` : "unknown";
  };
  for (
    const key of ["US", "us", "USA", "840", "United States", "United States of America", "U.S.", "u.s.a."]
  ) {
    assertEquals(id(key), "840", key);
  }
  for (const key of ["CI", "CIV", "384", "Côte d'Ivoire", "Cote d'Ivoire", "Ivory Coast", "ivory coast"]) {
    assertEquals(id(key), "384", key);
  }
  assertDeep(["4", "04", "004", "AF", "Afghanistan"].map(id), ["004", "004", "004", "004", "004"]);
  assertDeep(["GB", "UK", "Britain", "Great Britain"].map(id), ["826", "826", "826", "826"]);
  assertDeep(["Laos", "Burma", "Czechia", "Czech Republic", "Türkiye", "Turkey"].map(id), [
    "418",
    "104",
    "203",
    "203",
    "792",
    "792",
  ]);
  assertEquals(id("Congo"), "ambiguous 178 180");
  assertDeep(["DRC", "Congo-Brazzaville"].map(id), ["180", "178"]);
  assertDeep(["Atlantis", "", "840x", "ZZ"].map(id), ["unknown", "unknown", "unknown", "unknown"]);
  // atlas shapes without an ISO code: Kosovo by its name's code, the others by name
  assertDeep(["Kosovo", "XK", "XKX", "Somaliland", "Northern Cyprus", "N. Cyprus"].map(id), [
    "983",
    "983",
    "983",
    "n:Somaliland",
    "n:N. Cyprus",
    "n:N. Cyprus",
  ]);
  assertEquals(index.names.get("384"), "Côte d'Ivoire");
  assertEquals(index.names.get("498"), "Moldova");
});

Deno.test("US state keys: name, postal code, FIPS with or without its zero", () => {
  const index = stateIndex();
  const id = (key: string) => {
    const r = resolveKey(index, key);
    return "id" in r ? r.id : "unknown";
  };
  assertDeep(["CA", "ca", "California", "06", "6"].map(id), ["06", "06", "06", "06", "06"]);
  assertDeep(["DC", "Washington DC", "Washington, D.C.", "District of Columbia", "11"].map(id), [
    "11",
    "11",
    "11",
    "11",
    "11",
  ]);
  assertDeep(["Washington", "WA", "Georgia", "PR", "Puerto Rico"].map(id), ["53", "53", "13", "72", "72"]);
  assertDeep(["France", "XX", "99"].map(id), ["unknown", "unknown", "unknown"]);
});
