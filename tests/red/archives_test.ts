/**
 * Red team, archives: what tests/fs/zip_test.ts does not hold, through a real MCP client on a real
 * temporary root. A zip with bytes before it (an HTML page, a self-extractor stub) whose offsets
 * were not adjusted: Info-ZIP's unzip and Python's zipfile read it (before the fix this server
 * called the directory corrupt); the shift applies to every local header, and the overlap rule
 * still holds after it.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { craftZip } from "../fs/zip_craft.ts";
import { connect } from "../helpers.ts";

async function unpack(files: Record<string, Uint8Array>, path: string, wanted?: string[]): Promise<string> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-red-zip-" }));
  for (const [name, bytes] of Object.entries(files)) await Deno.writeFile(`${root}/${name}`, bytes);
  await using client = await connect({ fsRoot: root } as never);
  const result = await client.callTool({
    name: "unpack_archive",
    arguments: wanted ? { path, files: wanted } : { path },
  });
  const texts = (result.content as { type: string; text?: string }[]).filter((c) => c.type === "text");
  return `${result.isError ? "error" : "ok"}: ${texts.map((c) => c.text).join("\n|\n")}`;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), at += p.length;
  return out;
}

const enc = new TextEncoder();
const HTML = enc.encode("<!doctype html><title>x</title><script>alert(1)</script>\n");

Deno.test("red archives: a zip after an HTML page (offsets not adjusted) is read like unzip reads it", async () => {
  const zip = craftZip([{ name: "a.txt", data: "alpha" }, { name: "dir/b.md", data: "# beta" }]);
  const out = await unpack({ "page.zip": concat(HTML, zip) }, "page.zip", ["a.txt", "dir/b.md"]);
  assertEquals(
    out.startsWith('ok: Archive "page.zip": 2 text files.\n- "a.txt" (5 bytes)\n- "dir/b.md" (6 bytes)'),
    true,
    out,
  );
  assertEquals(out.includes("alpha") && out.includes("# beta"), true, out);
});

Deno.test("red archives: with junk before a zip, the overlap rule still holds on the shifted offsets", async () => {
  // Two central records sharing one local header (the overlapping-entry bomb) behind a prefix.
  const zip = craftZip([{ name: "a.txt", data: "alpha" }, { name: "b.txt", data: "beta", shareLocalOf: 0 }]);
  const out = await unpack({ "page.zip": concat(HTML, zip) }, "page.zip");
  assertEquals(
    out,
    'ok: Archive "page.zip": 1 text file, 1 entry skipped.\n- "a.txt" (5 bytes)\nSkipped:\n' +
      '- "b.txt": its data overlaps another entry (a zip bomb pattern)\n|\nFile: "a.txt"\nalpha',
  );
});
