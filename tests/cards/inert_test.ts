/**
 * Whatever the input, a rendered card holds nothing that runs: no script-capable element, no
 * event-handler attribute, no link or source with a scheme other than http, https, mailto or
 * data:image. Checked over every golden card, hostile cases included.
 */
import { strictEqual as assertEquals } from "node:assert/strict";

const FORBIDDEN_TAGS =
  /^(script|iframe|frame|object|embed|form|input|textarea|style|link|meta|base|template|svg:script)$/i;
const ALLOWED_URL = /^(https?:|mailto:|data:image\/(png|gif|jpeg|webp);)/i;

/** Every start tag with its attributes, parsed loosely on purpose (a strict parser could hide a trick). */
function* startTags(html: string): Generator<{ name: string; attrs: [string, string][] }> {
  for (const m of html.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const attrs: [string, string][] = [];
    for (const a of m[2].matchAll(/([^\s=/]+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.push([a[1].toLowerCase(), a[3] ?? a[4] ?? a[5] ?? ""]);
    }
    yield { name: m[1], attrs };
  }
}

Deno.test("every golden card is inert", async () => {
  const root = new URL("./", import.meta.url);
  let checked = 0;
  for (const kind of Deno.readDirSync(root)) {
    if (!kind.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${kind.name}/`, root))) {
      if (!file.name.endsWith(".html")) continue;
      const html = await Deno.readTextFile(new URL(`${kind.name}/${file.name}`, root));
      for (const tag of startTags(html)) {
        const where = `${kind.name}/${file.name} <${tag.name}>`;
        assertEquals(FORBIDDEN_TAGS.test(tag.name), false, where);
        for (const [name, value] of tag.attrs) {
          assertEquals(name.startsWith("on"), false, `${where} ${name}`);
          assertEquals(
            name === "style" || name === "srcdoc" || name === "formaction",
            false,
            `${where} ${name}`,
          );
          if (name === "href" || name === "src" || name === "action" || name === "xlink:href") {
            assertEquals(ALLOWED_URL.test(value), true, `${where} ${name}=${value}`);
          }
        }
      }
      checked++;
    }
  }
  assertEquals(checked > 20, true, `only ${checked} golden cards found`);
});
