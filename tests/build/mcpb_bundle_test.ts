/**
 * The .mcpb bundle carries what Node runs and the licences, not what only editors and compilers
 * read: type declarations, source maps, TypeScript sources and Markdown go (about a quarter of the
 * bundle). tests/smoke/node_test.ts runs the pruned bundle the way Claude Desktop does.
 */
import { deepStrictEqual as assertDeep } from "node:assert/strict";
import { join, relative } from "node:path";
import { assembleBundle } from "../../scripts/build_mcpb.ts";

async function files(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...await files(path, base));
    else out.push(relative(base, path));
  }
  return out.sort();
}

Deno.test("mcpb: the bundle keeps runtime files and licences, and drops declarations, maps, sources and docs", async () => {
  const work = await Deno.makeTempDir({ prefix: "mcc-mcpb-" });
  try {
    const modules = join(work, "install", "node_modules");
    const write = async (path: string) => {
      await Deno.mkdir(join(modules, path, ".."), { recursive: true });
      await Deno.writeTextFile(join(modules, path), "x");
    };
    for (
      const path of [
        "zod/package.json",
        "zod/LICENSE",
        "zod/README.md",
        "zod/index.js",
        "zod/index.cjs",
        "zod/index.d.ts",
        "zod/index.d.cts",
        "zod/v4/core/core.mjs",
        "zod/v4/core/core.d.mts",
        "zod/src/index.ts",
        "zod/src/v4/core.ts",
        "mcp-chat-cards/esm/src/main.js",
        "mcp-chat-cards/esm/src/main.d.ts",
        "mcp-chat-cards/esm/src/main.js.map",
        "mcp-chat-cards/CHANGELOG.MD",
        "@redis/client/dist/index.js",
        "@redis/client/dist/lib/client.ts",
      ]
    ) await write(path);
    const bundle = join(work, "bundle");
    await assembleBundle(join(work, "install"), bundle);
    assertDeep(await files(bundle), [
      "LICENSE",
      "manifest.json",
      "server/node_modules/@redis/client/dist/index.js",
      "server/node_modules/mcp-chat-cards/esm/src/main.js",
      "server/node_modules/zod/LICENSE",
      "server/node_modules/zod/index.cjs",
      "server/node_modules/zod/index.js",
      "server/node_modules/zod/package.json",
      "server/node_modules/zod/v4/core/core.mjs",
    ]);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
