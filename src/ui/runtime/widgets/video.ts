/**
 * Video cards: when the clip cannot load (a host's CSP blocks its origin, the file is gone), the
 * card says so and offers the open link the server put in the hidden message. The player's
 * controls are warmed up before the card arrives.
 */
import { h } from "../dom.ts";
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
  // Chromium builds a video's controls (their stylesheet, their SVG icons, their layout) the first
  // time one shows: ~10 ms of the card's paint, paid here while the view waits instead.
  warm: () => h("video", { controls: "" }),
  enhance: (article) => article.querySelectorAll<HTMLVideoElement>("[data-mcc-video] video").forEach(watch),
};
