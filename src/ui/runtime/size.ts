/**
 * Reports the content height so the host sizes the iframe to the card. It measures the document's
 * content (never the viewport, so the iframe's own height cannot echo back), at once after a paint
 * and debounced on resizes. Every real change is sent, since a frame even 1 px short shows a
 * scrollbar whose narrower width reflows the text; a height that keeps flipping between two values
 * (that same scrollbar loop) is settled on the larger one.
 */

const DEBOUNCE_MS = 100;
/** Flips between the same two heights after which only growth is reported. */
const MAX_FLIPS = 3;

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

  return {
    afterPaint() {
      if (stopped) return;
      active = true;
      requestAnimationFrame(flush);
    },
    stop() {
      stopped = true;
      observer.disconnect();
      clearTimeout(timer);
    },
  };
}
