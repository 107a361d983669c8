/**
 * Video sources: what plays, and the refusal (with what to pass instead) for every streaming
 * platform and every kind of URL that is not a video file. Golden cases in tests/cards/video/ run
 * the same checks through the tool; this table covers every platform the checker names.
 */
import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { ToolError } from "../../src/errors.ts";
import { checkCaptionsUrl, checkPosterUrl, checkVideoUrl, platformOf } from "../../src/render/video.ts";

const refusal = (f: () => unknown): string => {
  let text = "";
  throws(f, (e: ToolError) => {
    text = e.toText();
    return e instanceof ToolError && e.code === "invalid_input";
  });
  return text;
};

Deno.test("direct files, data:video and blob: URLs play", () => {
  assertEquals(
    [
      "https://media.example.com/a.mp4",
      "https://media.example.com/path/clip.WEBM?token=1#t=2",
      "https://media.example.com/a.ogv",
      "https://media.example.com/a.m4v",
      "data:video/webm;base64,GkXfo59C",
      "data:video/mp4;codecs=avc1;base64,AAAA",
      "blob:https://app.example.com/6b7f1f5e",
      "blob:null/6b7f1f5e",
    ].map((u) => checkVideoUrl(u)),
    ["https", "https", "https", "https", "data", "data", "blob", "blob"],
  );
});

Deno.test("every streaming platform is refused by name, with what to pass instead", () => {
  const pages: [string, string][] = [
    ["https://www.youtube.com/watch?v=x", "YouTube"],
    ["https://m.youtube.com/shorts/x", "YouTube"],
    ["https://youtu.be/x", "YouTube"],
    ["https://www.youtube-nocookie.com/embed/x", "YouTube"],
    ["https://vimeo.com/1", "Vimeo"],
    ["https://player.vimeo.com/video/1", "Vimeo"],
    ["https://www.tiktok.com/@a/video/1", "TikTok"],
    ["https://www.twitch.tv/videos/1", "Twitch"],
    ["https://clips.twitch.tv/x", "Twitch"],
    ["https://www.dailymotion.com/video/x", "Dailymotion"],
    ["https://dai.ly/x", "Dailymotion"],
    ["https://www.facebook.com/watch/?v=1", "Facebook"],
    ["https://fb.watch/x/", "Facebook"],
    ["https://www.instagram.com/reel/x/", "Instagram"],
    ["https://twitter.com/a/status/1", "X"],
    ["https://x.com/a/status/1", "X"],
    ["https://www.bilibili.com/video/BV1", "Bilibili"],
    ["https://b23.tv/x", "Bilibili"],
    ["https://rumble.com/v1", "Rumble"],
    ["https://kick.com/a", "Kick"],
    ["https://www.loom.com/share/x", "Loom"],
    ["https://streamable.com/x", "Streamable"],
    ["https://vk.com/video1", "VK"],
    ["https://odysee.com/@a", "Odysee"],
    ["https://www.nicovideo.jp/watch/sm9", "Niconico"],
    ["https://fast.wistia.com/embed/x", "Wistia"],
    ["https://www.netflix.com/watch/1", "Netflix"],
    // a platform page stays refused even when its path looks like a file
    ["https://www.youtube.com/clip.mp4", "YouTube"],
  ];
  for (const [url, platform] of pages) {
    assertEquals(
      refusal(() => checkVideoUrl(url)),
      `Invalid "url": "${url}" is a page on ${platform}, not a video file\n${platform} videos only play on ${platform}: link to the page instead, or pass a direct .mp4, .webm or .ogg file URL; with no file, make an animation card (create_animation_card)`,
    );
  }
  assertEquals([platformOf("notyoutube.com"), platformOf("youtube.com.evil.example")], [
    undefined,
    undefined,
  ]);
});

Deno.test("URLs that are not video files are refused with the reason", () => {
  const hint = "Pass a direct .mp4, .webm or .ogg file URL, or a data:video/* URL";
  const cases: [string, string][] = [
    [
      "https://example.com/videos/launch",
      "is not a video file: its path does not end in .mp4, .webm or .ogg",
    ],
    ["https://example.com/a.mp4.html", "is not a video file: its path does not end in .mp4, .webm or .ogg"],
    ["https://example.com/a.gif", "is not a video file: its path does not end in .mp4, .webm or .ogg"],
  ];
  for (const [url, problem] of cases) {
    assertEquals(
      refusal(() => checkVideoUrl(url)),
      `Invalid "url": "${url}" ${problem}\n${hint}; a web page that shows a video cannot play in the card`,
    );
  }
  for (
    const url of [
      "javascript:alert(1)",
      "file:///a.mp4",
      "ftp://a.example/a.mp4",
      "/a.mp4",
      "//a.example/a.mp4",
      "https:a.example/a.mp4",
      " https://a.example/a.mp4",
    ]
  ) {
    assertEquals(
      refusal(() => checkVideoUrl(url)),
      `Invalid "url": "${url}" is not an https, data:video or blob: URL\n${hint}`,
    );
  }
  assertEquals(
    refusal(() => checkVideoUrl("http://a.example/a.mp4")),
    'Invalid "url": "http://a.example/a.mp4" is not https\nHosts block plain http media: pass the https address of the file',
  );
  assertEquals(
    refusal(() => checkVideoUrl("data:image/png;base64,AAAA")),
    `Invalid "url": a data: URL must be data:video/mp4, webm or ogg, not "image/png"\n${hint}`,
  );
  assertEquals(
    refusal(() => checkVideoUrl("data:video/webm,raw")),
    `Invalid "url": a data:video/webm URL must be base64-encoded (data:video/webm;base64,...)\n${hint}`,
  );
  assertEquals(
    refusal(() => checkVideoUrl("blob:javascript:alert(1)")),
    `Invalid "url": "blob:javascript:alert(1)" is not a blob: URL of a page\n${hint}`,
  );
  const long = "https://example.com/" + "a".repeat(200);
  assertEquals(refusal(() => checkVideoUrl(long)).split("\n")[0].length < 200, true);
});

Deno.test("posters and captions", () => {
  checkPosterUrl("https://a.example/p.jpg");
  checkPosterUrl("data:image/png;base64,AAAA");
  checkCaptionsUrl("https://a.example/c.vtt");
  checkCaptionsUrl("data:text/vtt,WEBVTT");
  assertEquals(
    refusal(() => checkPosterUrl("data:image/svg+xml;base64,AAAA")),
    'Invalid "poster": "data:image/svg+xml;base64,AAAA" is not an https image file or a data:image URL\nPass a .png, .jpg, .webp or .gif URL, or leave poster out',
  );
  assertEquals(
    refusal(() => checkCaptionsUrl("https://a.example/c.srt")),
    'Invalid "captions": "https://a.example/c.srt" is not an https .vtt file or a data:text/vtt URL\nPass WebVTT captions, or leave captions out',
  );
});
