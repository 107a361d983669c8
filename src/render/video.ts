/**
 * Video sources a card can play: a direct https file (.mp4, .webm, .ogg), a data:video/* clip or a
 * blob: URL. Pages of streaming platforms are refused by name, with what to pass instead: they
 * never play in a plain <video> element (their players live in their own pages).
 */
import { invalidInput, type ToolError } from "../errors.ts";

/** Hosts of streaming platforms, matched as the host or a subdomain of it. */
const PLATFORMS: readonly [string, string][] = [
  ["youtube.com", "YouTube"],
  ["youtu.be", "YouTube"],
  ["youtube-nocookie.com", "YouTube"],
  ["vimeo.com", "Vimeo"],
  ["tiktok.com", "TikTok"],
  ["twitch.tv", "Twitch"],
  ["dailymotion.com", "Dailymotion"],
  ["dai.ly", "Dailymotion"],
  ["facebook.com", "Facebook"],
  ["fb.watch", "Facebook"],
  ["instagram.com", "Instagram"],
  ["twitter.com", "X"],
  ["x.com", "X"],
  ["bilibili.com", "Bilibili"],
  ["b23.tv", "Bilibili"],
  ["rumble.com", "Rumble"],
  ["kick.com", "Kick"],
  ["loom.com", "Loom"],
  ["streamable.com", "Streamable"],
  ["vk.com", "VK"],
  ["vkvideo.ru", "VK"],
  ["odysee.com", "Odysee"],
  ["nicovideo.jp", "Niconico"],
  ["wistia.com", "Wistia"],
  ["netflix.com", "Netflix"],
];

const VIDEO_FILE = /\.(mp4|m4v|webm|ogg|ogv)$/i;
const DATA_VIDEO = /^data:video\/(mp4|webm|ogg)(;[\w=.+-]+)*;base64,[A-Za-z0-9+/]+=*$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;
const DATA_VTT = /^data:text\/vtt(;[\w=.+-]+)*(;base64)?,/;
const INSTEAD = "Pass a direct .mp4, .webm or .ogg file URL, or a data:video/* URL";

/** The streaming platform a host name belongs to, if any. */
export function platformOf(host: string): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, "");
  return PLATFORMS.find(([domain]) => h === domain || h.endsWith("." + domain))?.[1];
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function refuse(field: string, url: string, problem: string, hint: string): ToolError {
  const shown = url.length > 80 ? url.slice(0, 77) + "..." : url;
  return invalidInput(field, `"${shown}" ${problem}`, hint);
}

/** How a checked source plays: an https file, an inline data: clip, or a blob: URL. */
export type VideoSource = "https" | "data" | "blob";

/** Checks a video URL; returns how it plays, or throws a refusal that says what to pass instead. */
export function checkVideoUrl(url: string, field = "url"): VideoSource {
  if (url.startsWith("data:")) {
    if (DATA_VIDEO.test(url)) return "data";
    const end = url.search(/[;,]/);
    const type = url.slice(5, end < 0 ? 45 : Math.min(end, 45)) || "(none)";
    const problem = /^video\/(mp4|webm|ogg)$/.test(type)
      ? `a data:${type} URL must be base64-encoded (data:${type};base64,...)`
      : `a data: URL must be data:video/mp4, webm or ogg, not "${type}"`;
    throw invalidInput(field, problem, INSTEAD);
  }
  if (url.startsWith("blob:")) {
    if (parse(url.slice(5))?.protocol === "https:" || /^blob:(https?:\/\/|null\/)/.test(url)) return "blob";
    throw refuse(field, url, "is not a blob: URL of a page", INSTEAD);
  }
  const parsed = parse(url);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !/^https?:\/\//i.test(url)) {
    throw refuse(field, url, "is not an https, data:video or blob: URL", INSTEAD);
  }
  const platform = platformOf(parsed.hostname);
  if (platform) {
    throw refuse(
      field,
      url,
      `is a page on ${platform}, not a video file`,
      `${platform} videos only play on ${platform}: link to the page instead, or pass a direct .mp4, .webm or .ogg file URL; with no file, make an animation card (create_animation_card)`,
    );
  }
  if (parsed.protocol !== "https:") {
    throw refuse(
      field,
      url,
      "is not https",
      "Hosts block plain http media: pass the https address of the file",
    );
  }
  if (!VIDEO_FILE.test(parsed.pathname)) {
    throw refuse(
      field,
      url,
      "is not a video file: its path does not end in .mp4, .webm or .ogg",
      `${INSTEAD}; a web page that shows a video cannot play in the card`,
    );
  }
  return "https";
}

/** Checks a poster image: an https image file or a data:image (png, jpeg, gif, webp) URL. */
export function checkPosterUrl(url: string, field = "poster"): void {
  if (DATA_IMAGE.test(url)) return;
  const parsed = parse(url);
  if (
    parsed?.protocol === "https:" && /^https:\/\//i.test(url) &&
    /\.(png|jpe?g|gif|webp|avif)$/i.test(parsed.pathname)
  ) return;
  throw refuse(
    field,
    url,
    "is not an https image file or a data:image URL",
    "Pass a .png, .jpg, .webp or .gif URL, or leave poster out",
  );
}

/** Checks a captions track: an https .vtt file or a data:text/vtt URL. */
export function checkCaptionsUrl(url: string, field = "captions"): void {
  if (DATA_VTT.test(url)) return;
  const parsed = parse(url);
  if (parsed?.protocol === "https:" && /^https:\/\//i.test(url) && /\.vtt$/i.test(parsed.pathname)) return;
  throw refuse(
    field,
    url,
    "is not an https .vtt file or a data:text/vtt URL",
    "Pass WebVTT captions, or leave captions out",
  );
}
