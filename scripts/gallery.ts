// deno-lint-ignore-file no-console -- a script reports on stderr
/**
 * The card gallery: one self-contained page showing every card kind in light and dark, rendered
 * by the real server from the golden cases (tests/cards/<kind>/<case>.json that have a golden
 * .html; every kind has at least its example). Each kind is a frame holding a standalone document
 * with that kind's CSS, runtime and CSP, so the cards behave as they do for users; the page sizes
 * each frame from the size its runtime reports.
 *
 *   deno task gallery                 write dist/gallery.html
 *   deno task gallery --serve         also serve it on http://127.0.0.1:8788/
 *   deno task gallery --out <file>    write elsewhere under dist/; --port <n> to serve elsewhere
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createServer } from "../mod.ts";
import { CARDS } from "../src/registry.ts";
import { escape as escapeHtml } from "../src/html/html.ts";
import { standaloneHtml } from "../src/ui/shared/document.ts";
import { APP_MIME_TYPE, APPS_EXTENSION_ID } from "../src/ui/shared/protocol.ts";
import { UI_VERSION } from "../src/ui/assets.gen.ts";
import { kindAssets } from "../src/ui/template.ts";

const root = new URL("../", import.meta.url);

function option(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

/** Golden case inputs of a kind: the .json files that have a golden .html (successful cards). */
async function goldenCases(kind: string): Promise<[string, Record<string, unknown>][]> {
  const dir = new URL(`tests/cards/${kind}/`, root);
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  const cases = names.filter((n) => n.endsWith(".json") && names.includes(n.replace(/\.json$/, ".html")))
    .sort();
  return await Promise.all(
    cases.map(async (n) => [n.replace(/\.json$/, ""), JSON.parse(await Deno.readTextFile(new URL(n, dir)))]),
  );
}

/** The same markup with its ids prefixed, so a second copy on the page does not clash. */
function prefixIds(articleHtml: string, prefix: string): string {
  return articleHtml.replace(/\b(id|aria-controls|aria-labelledby)="([^"]*)"/g, `$1="${prefix}$2"`);
}

const GALLERY_CSS = `body{margin:0}
.g-case{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);margin:0 0 12px;border-radius:8px;overflow:hidden}
.g-side{padding:12px}
.g-light{color-scheme:light;background:#f6f6f7}
.g-dark{color-scheme:dark;background:#131315}
.g-label{margin:0 0 6px;font:12px/1.4 ui-monospace,monospace;opacity:.75}
@media (max-width:900px){.g-case{grid-template-columns:1fr}}`;

const PAGE_CSS = `body{margin:0;padding:20px;font:14px/1.5 system-ui,sans-serif}
.g-kind{margin:0 0 28px}
.g-kind>h2{margin:0 0 8px;font-size:18px}
.g-kind>iframe{display:block;width:100%;height:400px;border:0}`;

const PAGE_SCRIPT = `addEventListener("message", (e) => {
  const h = e.data && e.data.type === "ui-size-change" && e.data.payload && e.data.payload.height;
  for (const f of document.querySelectorAll("iframe")) if (h > 0 && f.contentWindow === e.source) f.style.height = h + "px";
});`;

async function render(): Promise<{ html: string; count: number }> {
  const server = createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  // An MCP Apps client: only those get the card's article in the result.
  const client = new Client({ name: "gallery", version: "1.0.0" }, {
    capabilities: { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } },
  } as never);
  await client.connect(clientSide);
  const sections: string[] = [];
  let count = 0;
  for (const { name: tool, card: { kind } } of CARDS) {
    const cases = await goldenCases(kind);
    if (!cases.length) console.error(`gallery: no golden case for "${kind}", skipped`);
    const rows: string[] = [];
    for (const [name, args] of cases) {
      const result = await client.callTool({ name: tool, arguments: args });
      const card = (result.structuredContent as { card?: { articleHtml: string } } | undefined)?.card;
      if (result.isError || !card) {
        console.error(`gallery: ${kind}/${name} did not render a card, skipped`);
        continue;
      }
      const side = (theme: string, markup: string) =>
        `<div class="g-side g-${theme}"><p class="g-label">${
          escapeHtml(`${name} · ${theme}`)
        }</p>${markup}</div>`;
      rows.push(
        `<div class="g-case">${side("light", prefixIds(card.articleHtml, `l${count}-`))}${
          side("dark", prefixIds(card.articleHtml, `d${count}-`))
        }</div>`,
      );
      count++;
    }
    if (rows.length) {
      const { css, runtime, hash } = kindAssets(kind);
      const document = standaloneHtml({
        title: kind,
        cardId: "",
        bodyHtml: rows.join("\n"),
        css,
        runtime,
        scriptHash: hash,
        version: UI_VERSION,
        extraCss: GALLERY_CSS,
      });
      sections.push(
        `<section class="g-kind"><h2>${escapeHtml(kind)}</h2>\n<iframe title="${
          escapeHtml(kind)
        } cards" srcdoc="${escapeHtml(document)}"></iframe></section>`,
      );
    }
  }
  await client.close();
  // Each frame's runtime reports its height (the MCP-UI size message); the page sets it.
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mcp-chat-cards gallery</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<h1>mcp-chat-cards gallery</h1>
${sections.join("\n")}
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
  return { html, count };
}

const out = new URL(option("--out") ?? "dist/gallery.html", new URL(`file://${Deno.cwd()}/`));
const { html, count } = await render();
await Deno.mkdir(new URL("./", out), { recursive: true });
await Deno.writeTextFile(out, html);
console.error(`gallery: ${count} cards, light and dark, written to ${out.pathname}`);

if (Deno.args.includes("--serve")) {
  const port = Number(option("--port") ?? 8788);
  Deno.serve({
    hostname: "127.0.0.1",
    port,
    onListen: ({ port }) => console.error(`gallery: serving on http://127.0.0.1:${port}/`),
  }, () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }));
}
