/**
 * A layout lint for charts, run in a view's frame in real Chromium: every chart figure under `root`
 * is checked as it shows at the frame's current width, and each problem comes back as one line.
 *
 * - **overlap**: two visible text elements of one chart whose boxes cross (each box is the text's
 *   own bounding box turned by its screen transform, so rotated labels are compared as drawn);
 * - **small**: visible text drawn under `minPx` on screen (computed font size times the scale the
 *   element is drawn at, so a scaled SVG's text counts at its real size);
 * - **cut**: text shown with an ellipsis (its full text in a `<title>`) where the whole text, put in
 *   its place, would cross no other text and stay inside the chart's width and its SVG's height;
 * - **outside**: text that runs past the chart's left or right edge.
 *
 * `lintCharts(view)` returns the problems (an empty list when the charts are clean); other layout
 * checks call it with their own `root` and threshold.
 */
import type { Frame } from "playwright-core";

export interface LintOptions {
  /** Selector of the charts to check. */
  root?: string;
  /** Smallest text allowed on screen, in px. */
  minPx?: number;
  /** How far (px) two boxes may cross before it counts (glyph boxes carry the font's line gap). */
  slack?: number;
}

/** The lint's problems for every chart under `root` in `view`, one line each. */
export function lintCharts(view: Frame, options: LintOptions = {}): Promise<string[]> {
  const { root = ".mcc-chart", minPx = 11, slack = 1 } = options;
  return view.evaluate(({ root, minPx, slack }) => {
    type Pt = [number, number];
    const problems: string[] = [];
    const label = (el: Element) => JSON.stringify((shownText(el) || "").slice(0, 40));

    /** The text an element shows: its text nodes and tspans, without its <title>. */
    function shownText(el: Element): string {
      let out = "";
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) out += node.textContent;
        else if ((node as Element).tagName === "tspan") out += (out ? " " : "") + node.textContent;
      }
      return out;
    }

    /** The element's box as drawn: its local bounding box through its screen transform. */
    function quad(el: SVGGraphicsElement): Pt[] {
      const b = el.getBBox();
      const m = el.getScreenCTM()!;
      return ([[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [
        b.x,
        b.y + b.height,
      ]] as Pt[])
        .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
    }

    /** Shrinks a convex quad towards its centre by `d` px along each side. */
    function shrink(q: Pt[], d: number): Pt[] {
      const cx = q.reduce((s, p) => s + p[0], 0) / 4;
      const cy = q.reduce((s, p) => s + p[1], 0) / 4;
      return q.map(([x, y]) => {
        const dx = x - cx;
        const dy = y - cy;
        const len = Math.hypot(dx, dy) || 1;
        const k = Math.max(0, len - d * Math.SQRT2) / len;
        return [cx + dx * k, cy + dy * k];
      });
    }

    /** True when two convex quads overlap (separating axis test). */
    function crosses(p: Pt[], q: Pt[]): boolean {
      // quads whose bounds are apart are apart along one of their sides' normals too: the test's answer
      if (apart(p, q, 0) || apart(p, q, 1)) return false;
      for (const poly of [p, q]) {
        for (let i = 0; i < 4; i++) {
          const [x1, y1] = poly[i];
          const [x2, y2] = poly[(i + 1) % 4];
          const nx = y2 - y1;
          const ny = x1 - x2;
          const proj = (r: Pt[]) => r.map(([x, y]) => x * nx + y * ny);
          const a = proj(p);
          const b = proj(q);
          if (Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a)) return false;
        }
      }
      return true;
    }

    /** True when the quads' extents along axis `k` (0: x, 1: y) are strictly apart. */
    function apart(p: Pt[], q: Pt[], k: 0 | 1): boolean {
      const low = (r: Pt[]) => Math.min(r[0][k], r[1][k], r[2][k], r[3][k]);
      const high = (r: Pt[]) => Math.max(r[0][k], r[1][k], r[2][k], r[3][k]);
      return high(p) < low(q) || high(q) < low(p);
    }

    /** The scale an element is drawn at: its screen transform's length for one unit along x. */
    function scale(el: SVGGraphicsElement): number {
      const m = el.getScreenCTM()!;
      return Math.hypot(m.a, m.b);
    }

    /**
     * Whether the element or an ancestor is display:none, each element's answer kept for this run (no
     * style changes during it): a chart's hidden data table has hundreds of cells sharing ancestors.
     */
    const undisplayed = new Map<Element, boolean>();
    function displayNone(el: Element | null): boolean {
      if (!el) return false;
      let none = undisplayed.get(el);
      if (none === undefined) {
        none = getComputedStyle(el).display === "none" || displayNone(el.parentElement);
        undisplayed.set(el, none);
      }
      return none;
    }

    /** Shown: no ancestor is display:none (checkVisibility misses that inside SVG), not hidden or clear. */
    function visible(el: Element): boolean {
      return !displayNone(el) && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    }

    for (const fig of document.querySelectorAll(root)) {
      if (!visible(fig)) continue;
      const name = fig.getAttribute("data-mcc-chart") ?? "chart";
      const edge = fig.getBoundingClientRect();
      const texts = [...fig.querySelectorAll<SVGTextElement>("svg text")].filter((t) =>
        visible(t) && shownText(t).trim()
      );
      const quads = texts.map((t) => shrink(quad(t), slack));
      // small: SVG text at its drawn scale, and the figure's HTML text
      for (const t of texts) {
        const px = parseFloat(getComputedStyle(t).fontSize) * scale(t);
        if (px < minPx - 0.01) problems.push(`${name}: small: ${label(t)} is ${px.toFixed(1)} px`);
      }
      const walker = document.createTreeWalker(fig, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement!;
        if (el.closest("svg") || !node.textContent!.trim() || !visible(el)) continue;
        const px = parseFloat(getComputedStyle(el).fontSize);
        if (px < minPx - 0.01) {
          problems.push(
            `${name}: small: ${JSON.stringify(node.textContent!.trim().slice(0, 40))} is ${px} px`,
          );
        }
      }
      // overlap and outside
      texts.forEach((t, i) => {
        const xs = quads[i].map((p) => p[0]);
        if (Math.min(...xs) < edge.left - 0.5 || Math.max(...xs) > edge.right + 0.5) {
          problems.push(`${name}: outside: ${label(t)} runs past the chart's edge`);
        }
        for (let j = i + 1; j < texts.length; j++) {
          if (crosses(quads[i], quads[j])) {
            problems.push(`${name}: overlap: ${label(t)} and ${label(texts[j])}`);
          }
        }
      });
      // cut: put the whole text in place of the cut one and see whether it had room
      texts.forEach((t, i) => {
        const full = t.querySelector(":scope > title")?.textContent;
        const shown = shownText(t);
        if (!full || !shown.includes("…")) return;
        const spans = [...t.querySelectorAll("tspan")];
        const target: Element = spans.at(-1) ?? t;
        const nodes = spans.length ? [target.firstChild!] : [...t.childNodes].filter((n) => n.nodeType === 3);
        const before = nodes.map((n) => n.textContent);
        const kept = spans.slice(0, -1).map((s) => s.textContent).join(" ");
        const rest = full.replace(/\s+/g, " ").trim().slice(kept ? kept.length + 1 : 0);
        nodes.forEach((n, k) => (n.textContent = k === nodes.length - 1 ? rest : ""));
        const q = shrink(quad(t), slack);
        const xs = q.map((p) => p[0]);
        const ys = q.map((p) => p[1]);
        const box = t.ownerSVGElement!.getBoundingClientRect();
        const inside = Math.min(...xs) >= edge.left && Math.max(...xs) <= edge.right &&
          Math.min(...ys) >= box.top && Math.max(...ys) <= box.bottom;
        const free = quads.every((other, j) => j === i || !crosses(q, other));
        nodes.forEach((n, k) => (n.textContent = before[k]));
        if (inside && free) {
          problems.push(`${name}: cut: ${label(t)} had room for ${JSON.stringify(full.slice(0, 60))}`);
        }
      });
    }
    return problems;
  }, { root, minPx, slack });
}
