/**
 * Prose that names tools or states figures is checked against the code it describes, so it cannot
 * fall behind: every list of tools in a setting's description (config.ts, hence --help and
 * server.json), the README's settings rows, tools and limits tables, the .mcpb manifest, and the
 * template budget the README gives (and that it gives no size a new kind would change). Settings say "the web tools", not which: a list of
 * tools there is either absent or exact, in tools/list order, so adding a tool updates none. A
 * failure says what to write.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isCard } from "../src/card.ts";
import { type Config, SETTINGS } from "../src/config.ts";
import { instructionsFor } from "../src/mcp/server.ts";
import { CARDS, TOOLS } from "../src/registry.ts";
import type { ToolDefinition } from "../src/tool.ts";
import { MAX_GZIP_BYTES, MAX_PARTS_GZIP_BYTES, MAX_PARTS_RAW_BYTES, MAX_RAW_BYTES } from "../src/ui/kinds.ts";
import { reachable, readGraph } from "./module_graph.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");
const read = (name: string) => Deno.readTextFileSync(join(ROOT, name));
const readme = read("README.md");
const graph = await readGraph(ROOT);

/** The file a tool is declared in: src/cards/<kind>.ts or src/tools/<name>.ts (one file each). */
function fileOf(tool: ToolDefinition): string {
  return isCard(tool) ? `cards/${tool.card.kind}.ts` : `tools/${tool.name}.ts`;
}

/**
 * Which tools a setting concerns, from facts the code states: a card that splits (its spec), a tool
 * whose code reaches the file reader (the module graph), a tool that reaches the open web (its
 * `openWorldHint`). A setting absent here names no tool.
 */
const USERS: Partial<Record<keyof Config, (tool: ToolDefinition) => boolean>> = {
  cardBudget: (t) => isCard(t) && t.card.splittable,
  fsRoot: (t) => reachable(graph, fileOf(t)).has("fs/read.ts"),
  allowPrivate: (t) => t.annotations.openWorldHint,
};

const usersOf = (key: keyof Config) => TOOLS.filter((t) => USERS[key]?.(t) ?? false).map((t) => t.name);

/** Tool names a text mentions, in order of appearance. */
function toolsIn(text: string): string[] {
  const names = new Set(TOOLS.map((t) => t.name));
  return [...text.matchAll(/\b[a-z][a-z0-9_]*\b/g)].map((m) => m[0]).filter((word) => names.has(word));
}

/** A list in prose is absent or exact. */
function assertListed(text: string, expected: string[], where: string): void {
  const named = toolsIn(text);
  if (named.length === 0) return;
  assertDeep(named, expected, `${where} lists ${named.join(", ")}; the code says ${expected.join(", ")}`);
}

Deno.test("prose: every tool a file names exists, in its own file", () => {
  for (const tool of TOOLS) {
    assertEquals(
      existsSync(join(ROOT, "src", fileOf(tool))),
      true,
      `${tool.name} lives in src/${fileOf(tool)}`,
    );
  }
});

Deno.test("prose: each setting's description lists exactly the tools it concerns", () => {
  const manifest = JSON.parse(read("manifest.json"));
  const manifestText = (env: string) => {
    const key = /user_config\.(\w+)/.exec(manifest.server.mcp_config.env[env] ?? "")?.[1];
    return key ? manifest.user_config[key].description as string : "";
  };
  for (const setting of SETTINGS) {
    const expected = usersOf(setting.key);
    if (!USERS[setting.key]) {
      assertDeep(toolsIn(setting.about), [], `${setting.env}: add a rule to USERS before naming tools`);
    }
    assertListed(setting.about, expected, `config.ts's ${setting.env}`);
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${setting.env}\``)) ?? "";
    assertListed(row, expected, `README's ${setting.env} row`);
    assertListed(manifestText(setting.env), expected, `manifest.json's ${setting.env}`);
  }
});

Deno.test("prose: the README's tool tables name every tool the model sees, in tools/list order", () => {
  const section = readme.slice(readme.indexOf("\n## Tools\n"), readme.indexOf("\n### Reference fetching"));
  const tables = section.split(/\n\n/).filter((block) => block.startsWith("| "));
  const firstColumn = (table: string) => [...table.matchAll(/^\| `([a-z_]+)`/gm)].map((m) => m[1]);
  const visible = TOOLS.filter((t) => t.visibility.includes("model"));
  assertDeep(tables.map(firstColumn), [
    visible.filter((t) => !t.annotations.openWorldHint).map((t) => t.name),
    visible.filter((t) => t.annotations.openWorldHint).map((t) => t.name),
  ]);
});

Deno.test("prose: the README's limits table has a row for every card", () => {
  const table = readme.slice(readme.indexOf("\n### Limits\n"), readme.indexOf("\nA call over a limit"));
  const named = table.split("\n").flatMap((row) => toolsIn(row.split("|")[1] ?? ""));
  assertDeep(CARDS.map((c) => c.name).filter((name) => !named.includes(name)), []);
});

Deno.test("prose: the server instructions name the cards that split", () => {
  const text = instructionsFor(CARDS.map((c) => ({ title: c.title, splittable: c.card.splittable })));
  const splitting = CARDS.filter((c) => c.card.splittable).map((c) =>
    c.title.replace(/ card$/, "").toLowerCase()
  );
  assertEquals(text.includes(`(a long ${splitting.slice(0, -1).join(", ")} or ${splitting.at(-1)})`), true);
});

Deno.test("prose: the README states the template budget the build enforces, and no size a new kind could change", () => {
  // Figures that follow the kinds (a range of template sizes, the embedding minimum) would need
  // rewriting whenever a kind is added: the README gives the budget and the commands that measure.
  const budget = `${MAX_RAW_BYTES / 1_024} KB raw / ${MAX_GZIP_BYTES / 1_024} KB gzip`;
  assertEquals(readme.includes(`under the ${budget} budget the build enforces`), true, `README: "${budget}"`);
  const ranges = readme.match(/.{0,40}\b[\d.]+ to [\d.]+ KB\b.*/);
  assertEquals(ranges, null, `README: a size range that changes with the kinds: "${ranges?.[0]}"`);
  const minimum = readme.match(/.{0,40}\babout \d{5,7}\b.*/);
  assertEquals(minimum, null, `README: the embedding minimum changes with the kinds: "${minimum?.[0]}"`);
  // The budget figures elsewhere in the README agree with the build's: a kind's, or get_card's parts template's.
  const budgets = [[MAX_RAW_BYTES, MAX_GZIP_BYTES], [MAX_PARTS_RAW_BYTES, MAX_PARTS_GZIP_BYTES]].map(String);
  for (const [raw, gzip] of readme.matchAll(/(\d+) KB raw[ ,/]+(\d+) KB gzip/g).map((m) => [m[1], m[2]])) {
    const figures = String([Number(raw) * 1_024, Number(gzip) * 1_024]);
    assertEquals(
      budgets.includes(figures),
      true,
      `README: ${raw} KB raw / ${gzip} KB gzip is no budget the build enforces`,
    );
  }
});
