/**
 * Maps: the server draws the SVG; this names every coloured region and pin from its data-table row
 * (`data-i`), shows a tooltip on hover and focus at the mark's centre (`data-c`, in viewBox
 * pixels), and moves focus with the arrow keys to the nearest mark in that direction (Home and End:
 * the first and last in table order). One mark is in the tab order at a time.
 */
import { h } from "../dom.ts";
import { tableCsv } from "../export.ts";
import { svgFile } from "./chart.ts";
import type { Format, Widget } from "./types.ts";

const MARKS = ".mcc-regions > *, .mcc-pins > *";

/** Name, value label and value a mark stands for, read from its table row. */
function describe(mark: Element): [string, string, string] {
  const pin = mark.parentElement?.classList.contains("mcc-pins");
  const table = mark.closest("figure")?.querySelector(`table[data-mcc-rows="${pin ? "pins" : "regions"}"]`) as
    | HTMLTableElement
    | null;
  const row = table?.tBodies[0]?.rows[Number(mark.getAttribute("data-i"))];
  const head = table?.tHead?.rows[0].cells;
  if (!row || !head) return ["", "", ""];
  const name = row.cells[0].textContent ?? "";
  // a pin's value is after its latitude and longitude; a pin without one shows its group, if any
  const at = pin ? 3 : 1;
  const cell = row.cells[at];
  return cell ? [name, head[at].textContent ?? "", cell.textContent ?? ""] : [name, "", ""];
}

const centre = (mark: Element) => (mark.getAttribute("data-c") ?? "0 0").split(" ").map(Number);

function enhanceMap(fig: HTMLElement): void {
  const svg = fig.querySelector("svg");
  const plot = fig.querySelector<HTMLElement>(".mcc-plot");
  if (!svg || !plot) return;
  const marks = [...svg.querySelectorAll<SVGElement>(MARKS)];
  if (!marks.length) return;
  svg.setAttribute("role", "group"); // an image cannot hold focusable marks
  marks.forEach((mark, n) => {
    const [name, label, value] = describe(mark);
    mark.setAttribute("tabindex", n ? "-1" : "0");
    mark.setAttribute("role", "img");
    mark.setAttribute("aria-label", value ? `${name}, ${label}: ${value}` : name);
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
    const mark = hit && marks.includes(hit as SVGElement) ? hit : null;
    if (mark !== svg.querySelector(".mcc-on")) show(mark);
  });
  svg.addEventListener("pointerleave", () => show(null));
  svg.addEventListener("focusin", (e) => show(e.target as Element));
  svg.addEventListener("focusout", () => show(null));
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/** The nearest mark in the key's direction (off-axis distance counts double), or by table order. */
function markKey(mark: HTMLElement, key: string): boolean {
  const svg = mark.closest("svg");
  if (!svg) return false;
  const all = [...svg.querySelectorAll<HTMLElement>(MARKS)];
  let next: HTMLElement | undefined;
  const dir = DIRECTIONS[key];
  if (dir) {
    const [x, y] = centre(mark);
    let best = Infinity;
    for (const other of all) {
      const [ox, oy] = centre(other);
      const along = (ox - x) * dir[0] + (oy - y) * dir[1];
      const across = Math.abs((ox - x) * dir[1] - (oy - y) * dir[0]);
      if (other === mark || along <= 0) continue;
      const score = along + 2 * across;
      if (score < best) [best, next] = [score, other];
    }
  } else if (key === "Home") next = all[0];
  else if (key === "End") next = all[all.length - 1];
  else return false;
  if (next) {
    mark.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }
  return true;
}

export const mapWidget: Widget = {
  keys: { selector: ".mcc-regions > *, .mcc-pins > *", handle: markKey },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-map]").forEach(enhanceMap),
  formats: (article) => {
    const svg = article.querySelector<SVGSVGElement>(".mcc-map svg");
    return [
      ...svg ? [["svg", "image/svg+xml", () => svgFile(svg, article)] as Format] : [],
      ...tableCsv(article),
    ];
  },
};
