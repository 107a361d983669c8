/**
 * Whatever the input, a rendered card holds nothing that runs: only allow-listed elements, no
 * event-handler or style attribute, no URL but http, https, mailto or a data: image. Checked over
 * every golden card, hostile cases included, with the red team's checker.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { assertInert } from "../adversarial/probe.ts";

Deno.test("every golden card is inert", async () => {
  const root = new URL("./", import.meta.url);
  let checked = 0;
  for (const kind of Deno.readDirSync(root)) {
    if (!kind.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${kind.name}/`, root))) {
      if (!file.name.endsWith(".html")) continue;
      assertInert(
        await Deno.readTextFile(new URL(`${kind.name}/${file.name}`, root)),
        `${kind.name}/${file.name}`,
      );
      checked++;
    }
  }
  assertEquals(checked > 20, true, `only ${checked} golden cards found`);
});
