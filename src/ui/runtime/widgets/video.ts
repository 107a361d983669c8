/**
 * Video cards: when the clip cannot load (a host's CSP blocks its origin, the file is gone), the
 * card says so and offers the open link the server put in the hidden message.
 */
import type { Widget } from "./types.ts";

function watch(video: HTMLVideoElement): void {
  const message = video.parentElement?.querySelector<HTMLElement>(".mcc-video-error");
  if (!message) return;
  const fail = () => (message.hidden = false);
  video.addEventListener("error", fail);
  // the error may have fired before the runtime got here
  if (video.error) fail();
}

export const videoWidget: Widget = {
  enhance: (article) => article.querySelectorAll<HTMLVideoElement>("[data-mcc-video] video").forEach(watch),
};
