/**
 * Reports the content height so the host sizes the iframe to the card. It measures the document's
 * content (never the viewport, so the iframe's own height cannot echo back) synchronously right
 * after a paint, so the host sizes the frame in the same frame the card appears, and debounced
 * only for later resizes (fonts, images, a host's width change). Every real change is sent, since a frame even 1 px short shows a
 * scrollbar whose narrower width reflows the text; a height that keeps flipping between two values
 * (that same scrollbar loop) is settled on the larger one.
 */
import { h } from "./dom.ts";

const DEBOUNCE_MS = 100;
/** Flips between the same two heights after which only growth is reported. */
const MAX_FLIPS = 3;

/** Reports the height at once (a menu or tip just made room for itself); set by `reportSize`. */
export let sizeNow = (): void => {};

/** Starts observing; `send` gets each new height. */
export function reportSize(send: (height: number) => void): { afterPaint(): void; stop(): void } {
  let last = -1;
  let before = -1;
  let flips = 0;
  let timer: number | undefined;
  let active = false; // nothing to report before the first paint
  let stopped = false;

  const measure = () => {
    // A host may give the document a fixed height: measure the content's own.
    const root = document.documentElement;
    const previous = root.style.height;
    root.style.height = "max-content";
    const height = Math.ceil(root.getBoundingClientRect().height);
    root.style.height = previous;
    return height;
  };
  const flush = () => {
    timer = undefined;
    if (stopped) return;
    const height = measure();
    if (height === last) return;
    flips = height === before ? flips + 1 : 0;
    if (flips >= MAX_FLIPS && height < last) return;
    before = last;
    last = height;
    send(height);
  };
  const schedule = () => {
    if (!active || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  observer.observe(document.body);

  const afterPaint = () => {
    if (stopped) return;
    active = true;
    flips = 0; // a new paint or display mode: heights may repeat by design
    clearTimeout(timer);
    flush(); // measuring forces the layout now: no frame is waited for
  };
  sizeNow = afterPaint;
  return {
    afterPaint,
    stop() {
      stopped = true;
      observer.disconnect();
      clearTimeout(timer);
    },
  };
}

/**
 * Lays out a throwaway card while the view waits for its result: the first layout resolves fonts
 * (each family, size, weight and style once: a font stack's missing families are looked up per
 * size) and builds style caches, which can take tens of milliseconds. So the throwaway card holds
 * the text kinds show: a title, bold, italic and code in text, a heading, a table, a code block
 * with an italic comment, and `extra`: what the kind's widgets draw that costs on first use (a
 * video's built-in controls build their stylesheet and icons the first time). Paid here, the card
 * then paints and reports its size within one frame of arriving.
 */
export function warmLayout(root: HTMLElement, extra: Element[] = []): void {
  const card = h(
    "article",
    { class: "mcc-card", "aria-hidden": "true" },
    h("header", { class: "mcc-head" }, h("h2", { class: "mcc-title" }, "Warm up")),
    h(
      "div",
      { class: "mcc-body" },
      h("p", { class: "mcc-text" }, "Text, ", h("b", {}, "bold"), h("i", {}, "it"), h("code", {}, "c")),
      h("h3", {}, "Head"),
      h(
        "table",
        { class: "mcc-table" },
        h("tr", {}, h("th", {}, "Head"), h("td", { class: "mcc-num" }, "1,234.5"), h("td", {}, "Cell")),
      ),
      h("div", { class: "mcc-code" }, h("pre", {}, "code", h("i", {}, "note"))),
      ...extra,
    ),
  );
  card.style.cssText = "position:absolute;visibility:hidden;inset:0 auto auto 0;width:100%"; // CSSOM: no CSP
  root.append(card);
  card.getBoundingClientRect();
  card.remove();
}
