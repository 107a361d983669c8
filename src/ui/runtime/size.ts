/**
 * Reports the content height so the host sizes the iframe to the card. It measures the document's
 * content box (never the viewport, which would echo the iframe's own height back and loop), at
 * once after a paint and debounced on resizes, and skips changes of a few pixels.
 */

const DEBOUNCE_MS = 100;
const ECHO_PX = 2;

/** Starts observing; `send` gets each new height. */
export function reportSize(send: (height: number) => void): { afterPaint(): void; stop(): void } {
  let last = -Infinity;
  let timer: number | undefined;
  let active = false; // nothing to report before the first paint

  const flush = () => {
    timer = undefined;
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (Math.abs(height - last) <= ECHO_PX) return;
    last = height;
    send(height);
  };
  const schedule = () => {
    if (!active) return;
    clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  observer.observe(document.body);

  return {
    afterPaint() {
      active = true;
      requestAnimationFrame(flush);
    },
    stop() {
      observer.disconnect();
      clearTimeout(timer);
    },
  };
}
