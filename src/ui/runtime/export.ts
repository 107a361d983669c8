/**
 * Download, in the header's More menu (more.ts): what a user would keep of the card. Every kind as
 * its standalone HTML document; its first table (a table, a chart's data table, a document's) as
 * CSV; and what its widget's `formats` give: a chart as an SVG that renders alone, a code tour's
 * files as a zip. Each format is one item of the menu. Delivery
 * goes layer by layer: the host's `ui/download-file`, then an `<a download>` blob link unless this
 * frame is sandboxed without `allow-downloads`, then the text (a zip in base64) selected in a panel
 * to copy; the status line says which one worked.
 */
import { showManual } from "./copy.ts";
import { h } from "./dom.ts";
import { cardDocument, cardFile, setStatus } from "./header.ts";
import type { Host } from "./host.ts";
import type { MenuItem } from "./menu_model.ts";
import { WIDGETS } from "./widgets/in_use.ts";
import type { Format } from "./widgets/types.ts";
import { csv } from "./files.ts";

/**
 * The first table's cells as CSV, header rows included, for the kinds that may hold one. A chart's
 * data cells give their raw values (`data-v`, `data-vx`), and its gaps (drawn as a dash) are empty.
 */
export function tableCsv(article: Element): Format[] {
  const table = article.querySelector("table");
  const chart = article.querySelector(".mcc-chart");
  const cells = () =>
    [...table!.rows].map((row) =>
      [...row.cells].map((c) =>
        c.dataset.v ?? c.dataset.vx ?? (chart && c.textContent == "—" ? "" : c.textContent!)
      )
    );
  return table ? [["csv", "text/csv", () => csv(cells())]] : [];
}

/**
 * What this card offers: the standalone document first, then the formats its kind's widgets give
 * (a chart's SVG and data, a tour's zip), or else its first table as CSV (tables, documents, tabs).
 */
function formats(article: Element): Format[] {
  const own = WIDGETS.flatMap((w) => w.formats?.(article) ?? []);
  return [["html", "text/html", () => cardDocument(article)], ...own.length ? own : tableCsv(article)];
}

/** Delivers one file (of every part) by the first layer that works, and says which in the status line. */
async function save(article: Element, ext: string, host: Host): Promise<void> {
  // a card split into parts downloads whole (parts.ts, in the templates of the kinds that split)
  const gather = WIDGETS.find((w) => w.whole)?.whole;
  const all = gather ? await gather(article, host) : article;
  const [, type, make] = formats(all).find((f) => f[0] == ext)!;
  const name = cardFile(all, ext);
  const data = make();
  const text = typeof data == "string"
    ? data
    : btoa(Array.from(data, (b) => String.fromCharCode(b)).join(""));
  const sandbox = frameElement?.getAttribute("sandbox");
  const how = await host.download?.(name, type, text, text !== data)
    ? "host"
    : sandbox == null || sandbox.includes("allow-downloads")
    ? "browser link"
    : "";
  if (how == "browser link") {
    const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
    h("a", { href: url, download: name }).click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  if (!how) {
    const say = `Downloads are blocked here. Copy ${name} from below${text === data ? "" : " (base64)"}.`;
    showManual(text, article.querySelector(".mcc-head") ?? article, host, undefined, say);
  }
  setStatus(article, how ? `Downloaded ${name} (${how})` : "Download blocked: copy the text below");
  host.log("downloaded", { how });
}

/** The More menu's Download items: one per format this card offers ("Download HTML", ...). */
export function downloadItems(article: Element, host: Host): MenuItem[] {
  return formats(article).map(([ext]) => ({
    label: `Download ${ext.toUpperCase()}`,
    kind: "action",
    run: () => void save(article, ext, host),
  }));
}
