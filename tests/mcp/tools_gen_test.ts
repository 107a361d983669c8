/**
 * The server lists its tools from src/mcp/tools.gen.ts (built once, by scripts/gen_tools.ts) and
 * loads a tool's module on its first call: the listing must be exactly what the modules declare.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { TOOLS } from "../../src/registry.ts";
import { listTool } from "../../src/mcp/tool_listing.ts";
import { LISTED, LOADERS } from "../../src/mcp/tools.gen.ts";
import { generate } from "../../scripts/gen_tools.ts";

Deno.test("tools.gen.ts is current: `deno task gen:tools` writes it from the registry", async () => {
  const current = await Deno.readTextFile(new URL("../../src/mcp/tools.gen.ts", import.meta.url));
  assertEquals(
    current === await generate(),
    true,
    "src/mcp/tools.gen.ts is stale: run `deno task gen:tools`",
  );
  assertDeep(LISTED, TOOLS.map(listTool));
});

Deno.test("each tool's loader gives the very definition the registry holds", async () => {
  assertDeep(Object.keys(LOADERS), TOOLS.map((t) => t.name));
  for (const tool of TOOLS) assertEquals(await LOADERS[tool.name](), tool, tool.name);
});
