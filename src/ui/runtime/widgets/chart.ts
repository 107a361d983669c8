/**
 * Charts: the server draws the SVG; this adds a tooltip on hover and focus, keyboard movement
 * between points (arrows within a series, up and down across series, Home and End), and rewrites
 * every printed number (`data-v`) in the host's locale when the host names one. Dense line series
 * have no markers in the markup: their focusable points are made here from the line's path.
 */
import { h, svg } from "../dom.ts";
import { tableCsv } from "../export.ts";
import { el, list, num, raw } from "../preview.ts";
import { about, line } from "../selection.ts";
import { jsonText } from "../../shared/json.ts";
import { inScientific } from "../../shared/number.ts";
import { chosen } from "../view_tools.ts";
import type { About, Draw, Format, Widget } from "./types.ts";

interface Fmt {
  locale: string;
  style: string;
  currency?: string;
  digits?: number;
}

/** A formatter like the server's (src/render/svg/format.ts), for `locale`. */
function numberFormat(f: Fmt, locale: string, digits = f.digits): (v: number) => string {
  const o: Intl.NumberFormatOptions = f.style === "currency"
    ? { style: "currency", currency: f.currency }
    : f.style === "percent"
    ? { style: "percent" }
    : f.style === "compact"
    ? { notation: "compact" }
    : {};
  if (digits !== undefined) o.minimumFractionDigits = o.maximumFractionDigits = digits;
  else if (f.style !== "currency") o.maximumFractionDigits = 2;
  const nf = new Intl.NumberFormat(locale, o); // throws for a malformed locale
  // scientific where the server prints it so (format.ts)
  const sci = new Intl.NumberFormat(locale, {
    ...o,
    notation: "scientific",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return (v) => {
    const n = f.style === "percent" ? v / 100 : v;
    return (inScientific(n) ? sci : nf).format(n);
  };
}

/** Rewrites every raw value of the figure for the host's locale (one Intl refuses: the server's text stays). */
function relocalize(fig: HTMLElement, f: Fmt): void {
  const locale = document.documentElement.dataset.mccLocale;
  if (!locale || locale === f.locale) return;
  let plain: (v: number) => string;
  try {
    plain = numberFormat(f, locale);
  } catch {
    return;
  }
  for (const el of fig.querySelectorAll<Element>("[data-v]")) {
    const d = el.closest<HTMLElement>("[data-d]")?.dataset.d;
    const v = Number(el.getAttribute("data-v"));
    const text = (d ? numberFormat(f, locale, Number(d)) : plain)(v);
    const title = el.querySelector("title");
    el.textContent = text;
    if (title) el.prepend(title);
  }
}

/**
 * Focusable points for a dense series, in table order: a dot (a zero-length stroke, as markers
 * are) per vertex of a line's path, a box per bar of a bars path (`M x base V top h width V base Z`).
 */
function ghostPoints(g: Element): void {
  const bars = g.querySelector(".mcc-bars")?.getAttribute("d");
  const d = bars ?? g.querySelector(".mcc-line")?.getAttribute("d") ?? "";
  const cls = "mcc-pt mcc-ghost";
  if (bars) {
    for (const [, x, y0, y1, w] of d.matchAll(/M(-?[\d.]+) (-?[\d.]+)V(-?[\d.]+)h([\d.]+)/g)) {
      g.append(
        svg("rect", { class: cls, x, y: Math.min(+y0, +y1), width: w, height: Math.abs(+y1 - +y0) }),
      );
    }
  } else {
    for (const [, x, y] of d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)) {
      g.append(svg("path", { class: cls, d: `M${x} ${y}h0` }));
    }
  }
}

/** Row, series name and value text a point stands for, read from the data table. */
function describe(pt: Element, table: HTMLTableElement | null): [string, string, string] {
  const s = Number(pt.closest<HTMLElement>("[data-s]")?.dataset.s ?? 0);
  const offset = table?.tHead?.rows[0].cells[1]?.textContent === "x" ? 2 : 1;
  let i = Number(pt.getAttribute("data-i"));
  const rows = table?.tBodies[0]?.rows ?? [];
  if (pt.classList.contains("mcc-ghost")) {
    // the k-th vertex is the k-th row where this series has a value
    const k = [...pt.parentElement!.querySelectorAll(".mcc-ghost")].indexOf(pt);
    i = [...rows].map((r, j) =>
      r.cells[offset + s]?.hasAttribute("data-v") ? j : -1
    ).filter((j) => j >= 0)[k];
  }
  const row = rows[i];
  // a bubble reads several cells (bubble.ts data-c): the one naming its group (0: none), then each with its head
  const c = pt.closest<HTMLElement>("[data-c]")?.dataset.c?.split(" ").map(Number);
  if (c && row) {
    const text = (j: number) => row.cells[j]?.textContent ?? "";
    const head = table!.tHead!.rows[0].cells;
    return [
      text(0),
      c[0] ? text(c[0]) : "",
      c.slice(1).map((j) => `${head[j].textContent} ${text(j)}`).join(", "),
    ];
  }
  const name = table?.tHead?.rows[0].cells[offset + s]?.textContent ?? "";
  const value = row?.cells[offset + s]?.textContent ?? "";
  const share = row?.cells[offset + 1]?.textContent;
  return [row?.cells[0].textContent ?? "", name, pt.closest(".mcc-slices") ? `${value} (${share})` : value];
}

/** The chart's marks: a pie, or one layer per way the chart is drawn (only one shows at a width). */
const MARKS = ".mcc-ov > svg, .mcc-pie";

function enhanceChart(fig: HTMLElement): void {
  const plot = fig.querySelector<HTMLElement>(".mcc-plot");
  if (!plot) return;
  relocalize(fig, JSON.parse(fig.dataset.mccFmt ?? "{}"));
  fig.querySelectorAll("[data-mcc-dense]").forEach(ghostPoints);
  const table = fig.querySelector("table");
  const tip = h("div", { class: "mcc-tip", hidden: "" });
  plot.append(tip);
  const show = (svg: Element, pt: Element | null) => {
    svg.querySelector(".mcc-on")?.classList.remove("mcc-on");
    if (!pt) return (tip.hidden = true);
    pt.classList.add("mcc-on");
    const [label, name, value] = describe(pt, table);
    tip.replaceChildren(h("div", {}, label), name && `${name}: `, h("b", {}, value));
    const r = pt.getBoundingClientRect();
    const box = plot.getBoundingClientRect();
    tip.hidden = false;
    const half = tip.offsetWidth / 2;
    const x = Math.min(Math.max(r.left + r.width / 2 - box.left, half), box.width - half);
    tip.style.left = `${x}px`;
    tip.style.top = `${r.top - box.top}px`;
  };
  for (const svg of fig.querySelectorAll<SVGSVGElement>(MARKS)) {
    const points = [...svg.querySelectorAll<SVGElement>(".mcc-pt")];
    svg.setAttribute("role", "group"); // an image cannot hold focusable points
    points.forEach((pt, n) => {
      const [label, name, value] = describe(pt, table);
      pt.setAttribute("tabindex", n ? "-1" : "0");
      pt.setAttribute("role", "img");
      pt.setAttribute("aria-label", `${label}${name && `, ${name}`}: ${value}`);
    });
    const nearest = /line|area/.test(fig.dataset.mccChart ?? "") || svg.querySelector("[data-mcc-dense]");
    svg.addEventListener("pointermove", (e) => {
      let hit = (e.target as Element).closest(".mcc-pt");
      if (!hit && nearest) {
        // lines and dense bars: the point nearest the pointer across, whichever series
        let best = Infinity;
        for (const pt of points) {
          const r = pt.getBoundingClientRect();
          const d = Math.abs(r.left + r.width / 2 - e.clientX) * 4 +
            Math.abs(r.top + r.height / 2 - e.clientY);
          if (d < best) [best, hit] = [d, pt];
        }
      }
      if (hit !== svg.querySelector(".mcc-on")) show(svg, hit);
    });
    svg.addEventListener("pointerleave", () => show(svg, null));
    svg.addEventListener("focusin", (e) => show(svg, e.target as Element));
    svg.addEventListener("focusout", () => show(svg, null));
  }
}

/** Arrow keys between points: left/right within a series, up/down across series. */
function pointKey(pt: HTMLElement, key: string): boolean {
  const svg = pt.closest("svg");
  if (!svg) return false;
  const all = [...svg.querySelectorAll<HTMLElement>(".mcc-pt")];
  const series = (el: Element) => el.closest<HTMLElement>("[data-s]")?.dataset.s ?? el.parentElement;
  const mine = all.filter((p) => series(p) === series(pt));
  const at = mine.indexOf(pt);
  const groups = [...new Set(all.map(series))];
  const g = groups.indexOf(series(pt));
  const other = (dg: number) => {
    const list = all.filter((p) => series(p) === groups[(g + dg + groups.length) % groups.length]);
    return list[Math.min(at, list.length - 1)];
  };
  const next: HTMLElement | undefined = ({
    ArrowRight: mine[at + 1],
    ArrowLeft: mine[at - 1],
    ArrowDown: groups.length > 1 ? other(1) : mine[at + 1],
    ArrowUp: groups.length > 1 ? other(-1) : mine[at - 1],
    Home: mine[0],
    End: mine[mine.length - 1],
  } as Record<string, HTMLElement | undefined>)[key];
  if (!next) return key.startsWith("Arrow") || key === "Home" || key === "End";
  pt.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  return true;
}

const PAINT =
  "fill fill-opacity stroke stroke-width stroke-linecap stroke-linejoin stroke-opacity paint-order opacity vector-effect font-family font-size font-weight text-anchor"
    .split(" ");

/** Copies the computed styles of `from` and its descendants onto `copy` as attributes. */
function inlineStyles(copy: Element, from: Element): void {
  const sources = [from, ...from.querySelectorAll("*")];
  [copy, ...copy.querySelectorAll("*")].forEach((el, i) => {
    const style = getComputedStyle(sources[i]);
    for (const p of PAINT) el.setAttribute(p, style.getPropertyValue(p));
    // a rotated label turns about its own box (chart_card.css): only a style attribute can say so
    if (style.transform !== "none") {
      el.setAttribute(
        "style",
        `transform-box:fill-box;transform-origin:${style.transformOrigin};transform:${style.transform}`,
      );
    }
  });
}

/** One SVG as a file of its own (a map's Download): computed styles, its size on screen, the card's background. */
export function svgAlone(svg: SVGSVGElement, article: Element): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(copy, svg);
  const box = svg.getBoundingClientRect();
  if (box.width) { for (const k of ["width", "height"] as const) copy.setAttribute(k, `${box[k]}`); }
  copy.style.background = getComputedStyle(article).backgroundColor;
  return new XMLSerializer().serializeToString(copy);
}

/** The element of `fig` matching `selector` that shows at the chart's width. */
const shown = (fig: Element, selector: string) =>
  [...fig.querySelectorAll<SVGSVGElement | HTMLElement>(selector)].find((e) => e.getClientRects().length);

/**
 * The chart as one SVG file, as it shows: the frame in view at its size, its marks nested over the
 * plot box (or the pie), computed styles as attributes, the card's background behind. A chart not
 * on screen (a collapsed card) is drawn at the width its first frame was laid out for.
 */
function svgFile(fig: Element, article: Element): string {
  const frame = shown(fig, ".mcc-fr, .mcc-pie") ?? fig.querySelector<SVGSVGElement>(".mcc-fr, .mcc-pie")!;
  const copy = frame.cloneNode(true) as SVGSVGElement;
  inlineStyles(copy, frame);
  const box = frame.getBoundingClientRect();
  const width = box.width || Number(frame.dataset.w ?? frame.getAttribute("width"));
  const height = box.height || Number(frame.getAttribute("height"));
  // a file of its own: no band, no layout width, no inline height rule
  for (const a of ["data-b", "data-w", "style", "aria-hidden", "width", "height"]) copy.removeAttribute(a);
  copy.setAttribute("width", `${width}`);
  copy.setAttribute("height", `${height}`);
  const layer = shown(fig, ".mcc-ov") ?? fig.querySelector(".mcc-ov");
  const marks = layer?.querySelector("svg");
  if (layer && marks) {
    // the plot box, from the insets chart_card.css gives the layer at this width
    const inset = getComputedStyle(layer);
    const [top, right, bottom, left] = [inset.top, inset.right, inset.bottom, inset.left].map(parseFloat);
    const nested = marks.cloneNode(true) as SVGSVGElement;
    inlineStyles(nested, marks);
    const place = { x: left, y: top, width: width - left - right, height: height - top - bottom };
    for (const [k, v] of Object.entries(place)) nested.setAttribute(k, `${v}`);
    nested.setAttribute("overflow", "visible");
    copy.prepend(nested); // under the text, as on screen (chart_card.css): values read over gridlines
  }
  copy.style.background = getComputedStyle(article).backgroundColor;
  return new XMLSerializer().serializeToString(copy);
}

/** The preview: a dot per value, one path per series, redrawn per partial (a new extreme rescales them all). */
function preview(body: HTMLElement): Draw {
  const plot = svg("svg", { class: "mcc-svg", viewBox: "0 0 400 206", "aria-hidden": "true" });
  body.append(el("figure", "mcc-chart", plot));
  return (a) => {
    const series = list(a.series).map((s) => raw(s.values).map(num));
    const all = [0, ...series.flat().filter(isFinite)];
    const low = Math.min(...all);
    const span = Math.max(...all) - low || 1;
    const slot = 356 / Math.max(1, ...series.map((v) => v.length));
    plot.replaceChildren(...series.map((values, s) =>
      svg("path", {
        class: `mcc-sketch mcc-s${s}`,
        d: values.map((v, i) =>
          isFinite(v) ? `M${34 + slot * (i + .5)} ${184 - (v - low) / span * 170}h0` : ""
        )
          .join(""),
      })
    ));
  };
}

/** A selected legend entry (a pie's stands for its slice) or point: what selection.ts tells the model. */
function aboutChart(el: Element): About | undefined {
  const fig = el.closest("figure");
  if (el.matches("li")) {
    const slice = fig!.querySelector(`.mcc-slices [data-i="${[...el.parentElement!.children].indexOf(el)}"]`);
    if (slice) return about(slice);
    const series = line(el.textContent);
    return [`series ${jsonText(series)} in`, "", { series }];
  }
  if (!el.matches(".mcc-pt")) return;
  const [label, series, value] = describe(el, fig!.querySelector("table")).map(line);
  const said = value && jsonText(value);
  // a sunburst's arc is named by its path; a chart of one unnamed group (a bubble's) names no series
  if (el.closest(".mcc-sun")) return [`arc ${jsonText(label)} in`, said, { path: label, value }];
  if (!series) return [`point ${jsonText(label)} in`, said, { label, value }];
  return [`point ${jsonText(label)} of series ${jsonText(series)} in`, said, { label, series, value }];
}

export const chartWidget: Widget = {
  about: aboutChart,
  keys: { selector: ".mcc-pt", handle: pointKey },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-chart]").forEach(enhanceChart),
  preview: { kind: "chart", draw: preview },
  tools: [{
    name: "chart_focus",
    description: "The chart card's focused or selected point",
    offers: (a) => !!a.querySelector(".mcc-chart"),
    read(article) {
      const on = document.activeElement;
      const focused = article.contains(on) && on!.matches(".mcc-pt") ? about(on!)[2] : null;
      return { focused: focused ?? chosen(article, ".mcc-pt, .mcc-legend li") };
    },
  }],
  formats: (article) => {
    const fig = article.querySelector(".mcc-chart");
    return [
      ...fig ? [["svg", "image/svg+xml", () => svgFile(fig, article)] as Format] : [],
      ...tableCsv(article),
    ];
  },
};
