/**
 * Diagrams: the server draws the SVG and lists every node (or message) in its text alternative;
 * this names each drawn node from its list item and lets the arrow keys move between nodes by
 * where they stand (widgets/marks.ts). Node text is drawn, so there is no tooltip. A wide diagram
 * shrinks to fit only so far, then scrolls sideways: text under 10 px is no diagram at all.
 */
import { focusable, spatialKeys } from "./marks.ts";
import type { Widget } from "./types.ts";

const MARKS = ".mcc-dg-nodes > *";

/** The least a diagram is scaled down to fit the card (13 px text stays 10 px); wider ones scroll. */
const MIN_SCALE = 0.75;

function enhanceDiagram(fig: HTMLElement): void {
  const svg = fig.querySelector("svg");
  const marks = svg ? [...svg.querySelectorAll(MARKS)] : [];
  if (!svg || !marks.length) return;
  svg.style.minWidth = `${Math.round(svg.width.baseVal.value * MIN_SCALE)}px`;
  const items = fig.querySelectorAll('ol[data-mcc-rows="nodes"] > li');
  focusable(svg, marks, (mark) => items[Number(mark.getAttribute("data-i"))]?.textContent ?? "");
}

export const diagramWidget: Widget = {
  keys: { selector: MARKS, handle: spatialKeys(MARKS) },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-diagram]").forEach(enhanceDiagram),
};
