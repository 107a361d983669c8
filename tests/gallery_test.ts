/**
 * `deno task gallery` (README: "writes dist/gallery.html, every card kind from the golden cases in
 * light and dark") run as users run it.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { CARDS } from "../src/registry.ts";

const root = new URL("../", import.meta.url);

Deno.test("deno task gallery writes every card kind, light and dark, into dist/", async () => {
  const out = `dist/gallery-test-${crypto.randomUUID()}.html`;
  try {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["task", "gallery", "--out", out],
      cwd: root,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    const log = new TextDecoder().decode(stderr);
    assertEquals(code, 0, log);
    const page = await Deno.readTextFile(new URL(out, root));
    assertEquals(page.startsWith("<!doctype html>"), true);
    // each kind's cards are in a frame's srcdoc, escaped once
    const html = page.replace(
      /srcdoc="([^"]*)"/g,
      (_, doc: string) =>
        doc.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">")
          .replaceAll("&amp;", "&"),
    );
    const kinds = CARDS.map((card) => card.card.kind);
    for (const kind of ["tab", "table", "reveal", "list"]) assertEquals(kinds.includes(kind), true, kind);
    for (const kind of kinds) {
      assertEquals(html.includes(`<section class="g-kind"><h2>${kind}</h2>`), true, `no section for ${kind}`);
      const cards = html.split(`data-mcc-kind="${kind}"`).length - 1;
      const lights = html.split(`<div class="g-side g-light">`).length - 1;
      assertEquals(cards >= 2, true, `${kind}: ${cards} cards, expected light and dark`);
      assertEquals(cards % 2, 0, `${kind}: ${cards} cards, expected pairs`);
      assertEquals(lights >= kinds.length, true);
    }
    const count = Number(/gallery: (\d+) cards, light and dark, written to /.exec(log)?.[1]);
    assertEquals(html.split('class="mcc-card"').length - 1, 2 * count, log);
    assertEquals(log.includes("skipped"), false, log);
  } finally {
    await Deno.remove(new URL(out, root)).catch(() => {});
  }
});
