/**
 * Download, in every card's header: what a user would keep of the card. Every kind as its
 * standalone HTML document; a table (or a chart's data table, or a document's first table) as
 * CSV; a chart as an SVG that renders alone (computed styles written onto it as presentation
 * attributes); a code tour's files as a zip. One format is a button; several open a menu with the
 * card menu's look and keys. Delivery goes layer by layer: the host's `ui/download-file`, then an
 * `<a download>` blob link unless this frame is sandboxed without `allow-downloads`, then the
 * text (a zip in base64) selected in a panel to copy; the status line says which one worked.
 */
import { ACTION } from "../shared/protocol.ts";
import { showManual } from "./copy.ts";
import { h } from "./dom.ts";
import { cardDocument, cardFile, setStatus } from "./header.ts";
import type { Host } from "./host.ts";
import { openMenu } from "./widgets/menu.ts";
import type { Widget } from "./widgets/types.ts";
import { csv, zip } from "./files.ts";
import { whole } from "./parts.ts";

/** One format: its extension (the menu shows it), MIME type, and how to make the file. */
type Format = [ext: string, type: string, make: () => string | Uint8Array];

/**
 * A table's cells, header rows included. A chart's data cells give their raw values (`data-v`,
 * `data-vx`), and its gaps (drawn as a dash) are empty.
 */
function cells(table: HTMLTableElement, chart: unknown): string[][] {
  return [...table.rows].map((row) =>
    [...row.cells].map((c) =>
      c.dataset.v ?? c.dataset.vx ?? (chart && c.textContent == "—" ? "" : c.textContent!)
    )
  );
}

const PAINT =
  "fill fill-opacity stroke stroke-width stroke-linecap stroke-linejoin paint-order opacity font-family font-size font-weight text-anchor"
    .split(" ");

/** The chart's SVG on its own: computed styles as attributes, the card's background behind. */
function svgFile(svg: SVGSVGElement, article: Element): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll("*")];
  [copy, ...copy.querySelectorAll("*")].forEach((el, i) => {
    const style = getComputedStyle(from[i]);
    for (const p of PAINT) el.setAttribute(p, style.getPropertyValue(p));
  });
  // the size it had on screen, where its type was sized (a container query scales it); a
  // collapsed card's chart keeps the size it was drawn at
  const box = svg.getBoundingClientRect();
  if (box.width) { for (const k of ["width", "height"] as const) copy.setAttribute(k, `${box[k]}`); }
  copy.style.background = getComputedStyle(article).backgroundColor;
  return new XMLSerializer().serializeToString(copy);
}

/** What this card offers, the standalone document first. */
function formats(article: Element): Format[] {
  const list: Format[] = [["html", "text/html", () => cardDocument(article)]];
  const svg = article.querySelector<SVGSVGElement>(".mcc-chart svg");
  const files = [...article.querySelectorAll<HTMLElement>(".mcc-tourfile")];
  const table = article.querySelector("table");
  if (svg) list.push(["svg", "image/svg+xml", () => svgFile(svg, article)]);
  if (files.length) {
    list.push(["zip", "application/zip", () =>
      zip(files.map((f) => [
        f.dataset.mccPath ?? "",
        [...f.querySelectorAll("pre")].pop()?.textContent ?? "", // a Markdown file's source comes last
      ]))]);
  } else if (table) list.push(["csv", "text/csv", () => csv(cells(table, svg))]);
  return list;
}

/** Delivers one file (of every part) by the first layer that works, and says which in the status line. */
async function save(article: Element, ext: string, host: Host): Promise<void> {
  const all = await whole(article, host);
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

/** Download: the one file at once, or a menu of the formats. */
function download(button: HTMLElement, article: Element, host: Host): void {
  const list = formats(article);
  if (!list[1]) return void save(article, "html", host);
  openMenu(article, button.getBoundingClientRect(), undefined, {
    label: "Download as",
    items: list.map((f) => ({
      label: f[0].toUpperCase(),
      kind: "action",
      run: () => void save(article, f[0], host),
    })),
    closed: () => button.removeAttribute("aria-expanded"),
  });
  button.setAttribute("aria-expanded", "true");
}

export const exportWidget: Widget = {
  actions: { [ACTION.download]: download },
  /** With several formats, the header's Download is a menu button. */
  enhance(article) {
    if (formats(article)[1]) {
      article.querySelector(`.mcc-head [data-mcc-action="${ACTION.download}"]`)
        ?.setAttribute("aria-haspopup", "menu");
    }
  },
};
