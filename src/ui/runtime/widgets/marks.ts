/**
 * Focusable marks inside a server-drawn SVG (map regions and pins, diagram nodes and messages):
 * one Tab stop for the figure, and arrow keys that move to the nearest mark in that direction
 * (off-axis distance counts double; Home and End go to the first and last). A mark's centre is its
 * `data-c` ("x y" in viewBox units), or a circle's own centre.
 */

/** A mark's centre in viewBox units. */
export function centre(mark: Element): number[] {
  return (mark.getAttribute("data-c") ?? `${mark.getAttribute("cx")} ${mark.getAttribute("cy")}`).split(" ")
    .map(Number);
}

/** Makes `marks` focusable, one Tab stop, each named by `name(mark)`; the SVG becomes a group. */
export function focusable(
  svg: SVGSVGElement,
  marks: readonly Element[],
  name: (mark: Element) => string,
): void {
  svg.setAttribute("role", "group"); // an image cannot hold focusable marks
  marks.forEach((mark, n) => {
    mark.setAttribute("tabindex", n ? "-1" : "0");
    mark.setAttribute("role", "img");
    mark.setAttribute("aria-label", name(mark));
  });
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/** A `keys` handler moving focus among the marks `selector` finds in the mark's SVG. */
export function spatialKeys(selector: string): (mark: HTMLElement, key: string) => boolean {
  return (mark, key) => {
    const svg = mark.closest("svg");
    if (!svg) return false;
    const all = [...svg.querySelectorAll<HTMLElement>(selector)];
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
  };
}
