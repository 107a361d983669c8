/**
 * Whatever the input, a rendered card holds nothing that runs: only allow-listed elements, no
 * event-handler or style attribute, no URL but http, https, mailto or a data: image. Checked with
 * the red team's checker over what the code renders now from every golden input (hostile cases
 * included), and over the golden files on disk.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { assertInert } from "../adversarial/probe.ts";
import { connect, textOf } from "../helpers.ts";

const root = new URL("./", import.meta.url);

/** Every golden case: [kind, case file name]. */
function goldenFiles(extension: string): [string, string][] {
  const files: [string, string][] = [];
  for (const kind of Deno.readDirSync(root)) {
    if (!kind.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${kind.name}/`, root))) {
      if (file.name.endsWith(extension)) files.push([kind.name, file.name]);
    }
  }
  return files.sort();
}

Deno.test("every golden input renders an inert card now", async () => {
  await using client = await connect();
  let checked = 0;
  for (const [kind, file] of goldenFiles(".json")) {
    if (file.startsWith("error_")) continue;
    const args = JSON.parse(await Deno.readTextFile(new URL(`${kind}/${file}`, root)));
    const result = await client.callTool({ name: `create_${kind}_card`, arguments: args });
    assertEquals(result.isError, undefined, `${kind}/${file}: ${textOf(result)}`);
    assertInert(
      (result.structuredContent as { card: { articleHtml: string } }).card.articleHtml,
      `${kind}/${file}`,
    );
    checked++;
  }
  assertEquals(checked > 20, true, `only ${checked} golden inputs found`);
});

Deno.test("every golden card file is inert", async () => {
  let checked = 0;
  for (const [kind, file] of goldenFiles(".html")) {
    assertInert(await Deno.readTextFile(new URL(`${kind}/${file}`, root)), `${kind}/${file}`);
    checked++;
  }
  assertEquals(checked > 20, true, `only ${checked} golden cards found`);
});
