/**
 * Fullscreen, when the MCP Apps host offers it (`availableDisplayModes`). Documents, code tours,
 * charts, tables over 4 columns or 12 rows and long forms get a header tool; the view follows the host's
 * `displayMode` and `containerDimensions`: in fullscreen the card fills the container's height,
 * its body (or its table) scrolls inside and charts grow (base.css). Back inline those rules no
 * longer match, so the inline layout is exactly what it was. Inline under a host's
 * `containerDimensions.maxHeight` the card is at most that tall and its body scrolls.
 */
import { ACTION } from "../shared/protocol.ts";

/** The parts of hostContext display modes read. */
export interface HostDisplay {
  displayMode?: unknown;
  availableDisplayModes?: unknown;
  containerDimensions?: { height?: unknown; maxHeight?: unknown };
}

const root = document.documentElement;
let modes: unknown[] = [];

/** Whether the host offers a display mode. */
export const offers = (mode: string): boolean => modes.includes(mode);

/** True while the view is in fullscreen. */
export const isFull = (): boolean => root.hasAttribute("data-mcc-full");

/**
 * Whether a card gets the tool: documents, code tours, charts, tables over 4 columns or 12 rows, and
 * forms of about six fields or more (their inline card scrolls within 500 px).
 */
export const wantsFullscreen = (article: Element): boolean =>
  article.matches(
    "[data-mcc-kind=markdown],[data-mcc-kind=code_tour],:has(.mcc-chart,tr:nth-child(13),tr>:nth-child(5),.mcc-form>.mcc-field:nth-child(6))",
  );

/**
 * Follows a (merged) host context: the modes offered, the current one and the room it gives; then
 * shows the fullscreen tools when the mode is offered, labelled for what they do.
 */
export function applyDisplay(c: HostDisplay): void {
  const d = c.containerDimensions ?? {};
  modes = [c.availableDisplayModes].flat();
  root.toggleAttribute("data-mcc-full", c.displayMode === "fullscreen");
  // a fixed height, else the most it may take, else the frame's own (a host in fullscreen sizes it);
  // only positive numbers count (an object a host sent may not even turn into text), and a frame
  // that is 0 px tall at first leaves the rule unset rather than "undefinedpx"
  const px = (v: unknown) => typeof v == "number" && v > 0 ? `${v}px` : "";
  root.style.setProperty("--mcc-h", px([d.height, d.maxHeight, innerHeight].find(px)));
  // A host that caps the frame below the card: the card keeps its header and scrolls inside (base.css).
  root.style.setProperty("--mcc-max", px(d.maxHeight));
  root.toggleAttribute("data-mcc-capped", !!px(d.maxHeight));
  for (const b of document.querySelectorAll<HTMLElement>(`[data-mcc-action=${ACTION.fullscreen}]`)) {
    b.hidden = !offers("fullscreen");
    // its tooltip (its name) and its icon follow by CSS
    b.setAttribute("aria-label", isFull() ? "Exit fullscreen" : "Fullscreen");
  }
}
