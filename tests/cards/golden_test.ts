/**
 * Golden pairs: every tests/cards/<kind>/<case>.json is the arguments of one call to that kind's
 * tool through a real MCP client. A card must match <case>.html (its article) and <case>.txt (its
 * text summary); a refusal must match <case>.error.txt. `deno task test:update` rewrites them.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { CARDS } from "../../src/registry.ts";
import { connect, textOf } from "../helpers.ts";

const UPDATE = Deno.args.includes("--update");
const root = new URL("./", import.meta.url);

async function readOrNull(url: URL): Promise<string | null> {
  try {
    return await Deno.readTextFile(url);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/** Compares against a golden file, or (re)writes it with --update. */
async function golden(url: URL, actual: string): Promise<void> {
  if (UPDATE) return await Deno.writeTextFile(url, actual);
  const expected = await readOrNull(url);
  assertEquals(actual, expected ?? `(missing golden file ${url.pathname}: run deno task test:update)`);
}

async function removeIfPresent(url: URL): Promise<void> {
  await Deno.remove(url).catch((e) => {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  });
}

Deno.test("every card kind has a goldens folder with an example, and every folder is a card kind", () => {
  const kinds = CARDS.map((card) => card.card.kind).sort();
  const folders = [...Deno.readDirSync(root)].filter((e) => e.isDirectory).map((e) => e.name).sort();
  assertEquals(folders.join(","), kinds.join(","), "tests/cards/<kind>/ folders and CARDS differ");
  for (const kind of kinds) {
    assertEquals(
      Deno.statSync(new URL(`${kind}/example.json`, root)).isFile,
      true,
      `tests/cards/${kind}/example.json is missing`,
    );
  }
});

for (const { name: tool, card: { kind } } of CARDS) {
  Deno.test(`golden ${kind} cards`, async (t) => {
    await using client = await connect();
    const dir = new URL(`${kind}/`, root);
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json")).sort();
    for (const name of names) {
      const base = name.slice(0, -".json".length);
      await t.step(base, async () => {
        const args = JSON.parse(await Deno.readTextFile(new URL(name, dir)));
        const result = await client.callTool({ name: tool, arguments: args });
        const html = new URL(`${base}.html`, dir);
        const summary = new URL(`${base}.txt`, dir);
        const error = new URL(`${base}.error.txt`, dir);
        if (result.isError) {
          assertEquals(base.startsWith("error_"), true, `unexpected refusal: ${textOf(result)}`);
          await golden(error, textOf(result) + "\n");
          if (UPDATE) await Promise.all([removeIfPresent(html), removeIfPresent(summary)]);
        } else {
          assertEquals(base.startsWith("error_"), false, "an error_ case rendered a card");
          const card = (result.structuredContent as { card: { articleHtml: string } }).card;
          await golden(html, card.articleHtml + "\n");
          await golden(summary, textOf(result) + "\n");
          if (UPDATE) await removeIfPresent(error);
        }
      });
    }
  });
}
