/**
 * create_video_card: an HTML video player for a short clip from a direct file URL (mp4, webm,
 * ogg), a data:video/* URL or a blob: URL, with optional poster and captions. It never autoplays.
 * When the clip cannot load (hosts block media origins their CSP does not declare; see
 * MCP_CHAT_CARDS_MEDIA_ORIGINS), the runtime shows why, with a link that opens it.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { markup } from "../html/html.ts";
import { checkCaptionsUrl, checkPosterUrl, checkVideoUrl } from "../render/video.ts";
import { cardTitle } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

/** Longest URL taken, data: clips included (a card holds ~32,000 characters in all). */
export const MAX_URL_CHARS = 30_000;

const input = z.object({
  title: cardTitle,
  url: z.string().max(MAX_URL_CHARS).describe(
    "https .mp4/.webm/.ogg, data: or blob: URL",
  ),
  poster: z.string().max(MAX_URL_CHARS).optional().describe(
    "https .png/.jpg/.webp/.gif or data:image URL",
  ),
  captions: z.string().max(MAX_URL_CHARS).optional().describe(
    "https .vtt or data:text/vtt URL",
  ),
  captionsLanguage: z.string().max(35).optional().describe("Default en"),
  caption: z.string().max(500).optional().describe("Caption"),
  loop: z.boolean().optional().describe("Loop"),
});

export default defineCard({
  name: "create_video_card",
  kind: "video",
  view: { widgets: ["video"], styles: ["video"] },
  title: "Video card",
  description: "A player for a video file. Not for YouTube or other streaming pages: link to those.",
  input,
  render(inp) {
    const source = checkVideoUrl(inp.url);
    if (inp.poster) checkPosterUrl(inp.poster);
    if (inp.captions) checkCaptionsUrl(inp.captions);
    const lang = inp.captionsLanguage ?? "en";
    const track = inp.captions
      ? markup`<track kind="captions" src="${inp.captions}" srclang="${lang}" label="Captions (${lang})" default>`
      : "";
    const open = source === "https" ? markup` <a href="${inp.url}">Open the video</a>` : "";
    const body =
      markup`<figure class="mcc-video" data-mcc-video><video controls preload="metadata" playsinline${
        inp.loop ? " loop" : ""
      } src="${inp.url}"${
        inp.poster ? markup` poster="${inp.poster}"` : ""
      } aria-label="${inp.title}">${track}</video>${
        inp.caption ? markup`<figcaption>${inp.caption}</figcaption>` : ""
      }<p class="mcc-video-error" role="status" hidden>This clip cannot play here: the host may block its address, or the file is missing.${open}</p></figure>`;
    const kind = source === "https"
      ? `a video file at ${new URL(inp.url).origin}`
      : source === "data"
      ? "an inline data: clip"
      : "a blob: clip";
    const extras = [inp.captions && "captions", inp.poster && "a poster"].filter(Boolean).join(" and ");
    return {
      title: inp.title,
      summary: `Video card ${quoteTitle(inp.title)}: ${kind}${extras ? ` with ${extras}` : ""}.${
        inp.caption ? ` ${inp.caption}` : ""
      }`,
      blocks: [body],
    };
  },
});
