/**
 * Diagrams: the server draws the SVG and lists every node (or message) in its text alternative;
 * this names each drawn node from its list item and lets the arrow keys move between nodes by
 * where they stand (widgets/marks.ts). Node text is drawn, so there is no tooltip. A wide diagram
 * shrinks to fit only so far (its 12 px labels stay 11 px, the least text the card draws), then
 * scrolls sideways, its hidden sides fading out so the reader sees there is more; moving to a node
 * with the arrow keys scrolls it into view.
 */
import { focusable, spatialKeys } from "./marks.ts";
import type { Widget } from "./types.ts";

const MARKS = ".mcc-dg-nodes > *";

/** The least a diagram is scaled down to fit the card (12 px labels stay 11 px); wider ones scroll. */
const MIN_SCALE = 11 / 12;

/** Marks the sides of a scrolling plot that hide part of `svg` (`data-mcc-more`: "left", "right", both). */
function markHiddenSides(plot: HTMLElement, svg: SVGSVGElement): void {
  const mark = () => {
    const [outer, inner] = [plot.getBoundingClientRect(), svg.getBoundingClientRect()];
    const sides = [inner.left < outer.left - 1 && "left", inner.right > outer.right + 1 && "right"];
    const more = sides.filter(Boolean).join(" ");
    if (more) plot.dataset.mccMore = more;
    else delete plot.dataset.mccMore;
  };
  plot.addEventListener("scroll", mark, { passive: true });
  // the plot's size and the drawing's both decide what is hidden (the drawing can settle after the plot)
  const resized = new ResizeObserver(mark);
  resized.observe(plot);
  resized.observe(svg);
}

function enhanceDiagram(fig: HTMLElement): void {
  const svg = fig.querySelector("svg");
  const marks = svg ? [...svg.querySelectorAll(MARKS)] : [];
  if (!svg || !marks.length) return;
  svg.style.minWidth = `${Math.round(svg.width.baseVal.value * MIN_SCALE)}px`;
  markHiddenSides(svg.parentElement!, svg);
  const items = fig.querySelectorAll('ol[data-mcc-rows="nodes"] > li');
  focusable(svg, marks, (mark) => items[Number(mark.getAttribute("data-i"))]?.textContent ?? "");
}

export const diagramWidget: Widget = {
  keys: { selector: MARKS, handle: spatialKeys(MARKS) },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-diagram]").forEach(enhanceDiagram),
};
