/**
 * Every tool carries icons (protocol 2025-11-25): a light-theme and a dark-theme SVG data URI,
 * each small enough to ride in every tools/list, each a well-formed SVG drawing one path.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { DOMParser } from "linkedom";
import { toolIcons } from "../../src/icons.ts";
import { connect } from "../helpers.ts";

/** Most bytes one icon may add to tools/list. */
const MAX_ICON_BYTES = 230;

Deno.test("icons: every tool has a light and a dark SVG icon, each under the byte cap", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const icons = tool.icons ?? [];
    assertEquals(icons.map((i) => i.theme), ["light", "dark"], tool.name);
    for (const icon of icons) {
      const bytes = new TextEncoder().encode(JSON.stringify(icon)).length;
      assert(bytes <= MAX_ICON_BYTES, `${tool.name} ${icon.theme}: ${bytes} bytes`);
      assert(icon.src.startsWith("data:image/svg+xml,%3Csvg "), icon.src);
      const svg = new DOMParser().parseFromString(decodeURIComponent(icon.src.slice(19)), "image/svg+xml");
      assertEquals(svg.documentElement.getAttribute("viewBox"), "0 0 16 16", tool.name);
      assert(/^[MmLlHhVvZzAaCc0-9 .-]+$/.test(svg.querySelector("path")?.getAttribute("d") ?? ""), tool.name);
    }
    // the two themes draw the same path in different strokes
    assertEquals(icons[0].src.replace("444", "ddd"), icons[1].src, tool.name);
  }
});

Deno.test("icons: a name without an icon gets none", () => {
  assertEquals(toolIcons("no_such_tool"), undefined);
  assertEquals(toolIcons("create_x_card", "no_such_kind"), undefined);
});
