/**
 * Maps: the server draws the SVG; this names every coloured region and pin from its data-table row
 * (`data-i`, or a pin's position among the pins), shows a tooltip on hover and focus at the mark's
 * centre, and moves focus with the arrow keys to the nearest mark in that direction
 * (widgets/marks.ts). One mark is in the tab order at a time.
 */
import { h } from "../dom.ts";
import { tableCsv } from "../export.ts";
import { svgAlone } from "./chart.ts";
import { centre, focusable, spatialKeys } from "./marks.ts";
import type { Format, Widget } from "./types.ts";

const MARKS = ".mcc-regions > *, .mcc-pins > *";

/** Name, value label and value a mark stands for, read from its table row. */
function describe(mark: Element): [string, string, string] {
  const pin = mark.parentElement?.classList.contains("mcc-pins");
  const table = mark.closest("figure")?.querySelector(`table[data-mcc-rows="${pin ? "pins" : "regions"}"]`) as
    | HTMLTableElement
    | null;
  const i = mark.getAttribute("data-i") ?? [...mark.parentElement!.children].indexOf(mark);
  const row = table?.tBodies[0]?.rows[Number(i)];
  const head = table?.tHead?.rows[0].cells;
  if (!row || !head) return ["", "", ""];
  const name = row.cells[0].textContent ?? "";
  // a pin's value (or else its group) comes after its latitude and longitude
  const at = pin ? 3 : 1;
  const cell = row.cells[at];
  return cell ? [name, head[at].textContent ?? "", cell.textContent ?? ""] : [name, "", ""];
}

function enhanceMap(fig: HTMLElement): void {
  const svg = fig.querySelector("svg");
  const plot = fig.querySelector<HTMLElement>(".mcc-plot");
  if (!svg || !plot) return;
  const marks = [...svg.querySelectorAll<SVGElement>(MARKS)];
  if (!marks.length) return;
  focusable(svg, marks, (mark) => {
    const [name, label, value] = describe(mark);
    return value ? `${name}, ${label}: ${value}` : name;
  });
  const tip = h("div", { class: "mcc-tip", hidden: "" });
  plot.append(tip);
  const show = (mark: Element | null) => {
    svg.querySelector(".mcc-on")?.classList.remove("mcc-on");
    if (!mark) return (tip.hidden = true);
    mark.classList.add("mcc-on");
    const [name, label, value] = describe(mark);
    tip.replaceChildren(h("div", {}, name), ...(value ? [`${label}: `, h("b", {}, value)] : []));
    const box = svg.getBoundingClientRect();
    const within = plot.getBoundingClientRect();
    const k = box.width / svg.viewBox.baseVal.width;
    const [cx, cy] = centre(mark);
    tip.hidden = false;
    const half = tip.offsetWidth / 2;
    tip.style.left = `${Math.min(Math.max(box.left - within.left + cx * k, half), within.width - half)}px`;
    tip.style.top = `${box.top - within.top + cy * k - 4}px`;
  };
  svg.addEventListener("pointermove", (e) => {
    const hit = (e.target as Element).closest(MARKS);
    if (hit !== svg.querySelector(".mcc-on")) show(hit);
  });
  svg.addEventListener("pointerleave", () => show(null));
  svg.addEventListener("focusin", (e) => show(e.target as Element));
  svg.addEventListener("focusout", () => show(null));
}

export const mapWidget: Widget = {
  keys: { selector: MARKS, handle: spatialKeys(MARKS) },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-map]").forEach(enhanceMap),
  formats: (article) => {
    const svg = article.querySelector<SVGSVGElement>(".mcc-map svg");
    return [
      ...svg ? [["svg", "image/svg+xml", () => svgAlone(svg, article)] as Format] : [],
      ...tableCsv(article),
    ];
  },
};
