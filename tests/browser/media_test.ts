// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Animation and video cards in real Chromium under the official AppBridge host: the player plays,
 * pauses, scrubs with the pointer and the keys, replays, marks scenes and announces them, and with
 * reduced motion steps through final frames; a clip recorded in the test plays from a data: URL,
 * and a clip the host's CSP blocks shows the fallback with an open link through ui/open-link.
 * Both cards pass axe in both themes (their examples also run in runtime_test.ts).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
import { axeViolations, type Harness, picture, skipReason, startHarness, until, waitFor } from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
const example = (kind: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../cards/${kind}/example.json`, import.meta.url)));

/** What the player shows: visible scene, slider value, time text, live region, play label. */
const playerState = (view: Frame | Page) =>
  view.evaluate(() => {
    const q = (s: string) => document.querySelector<HTMLElement>(s);
    const scenes = [...document.querySelectorAll<HTMLElement>(".mcc-scene")];
    const shown = (s: Element) => s.checkVisibility({ visibilityProperty: true });
    return {
      scene: scenes.findIndex(shown) + 1,
      visible: scenes.filter(shown).length,
      now: Number(q(".mcc-progress")?.getAttribute("aria-valuenow")),
      time: q(".mcc-time")?.textContent,
      live: q(".mcc-live")?.textContent,
      play: q(".mcc-play")?.getAttribute("aria-label") ?? null,
    };
  });

Deno.test({
  name: "animation and video cards in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = (
    tool: string,
    args: Record<string, unknown>,
    hostContext: Record<string, unknown> = { theme: "light" },
  ) => h.mount({ tool, args, deliver: "result", hostContext });
  try {
    await t.step("the player: controls, scene markers, play, pause, scrub, keys, replay", async () => {
      const m = await mount("create_animation_card", example("animation"));
      const { view } = m;
      await waitFor(view, ".mcc-player");
      assertEquals(await playerState(view), {
        scene: 1,
        visible: 1,
        now: 0,
        time: "0:00 / 0:20",
        live: "",
        play: "Play",
      });
      assertEquals(await view.locator(".mcc-mark").count(), 3);
      // before playing, the first scene shows its final frame (a poster, not an empty stage)
      assertEquals(
        await view.evaluate(() => getComputedStyle(document.querySelector(".mcc-scene p")!).opacity),
        "1",
      );
      await view.click(".mcc-play");
      await until(view, () => Number(document.querySelector(".mcc-fill")!.getBoundingClientRect().width) > 5);
      assertEquals((await playerState(view)).play, "Pause");
      await view.click(".mcc-play");
      const paused = await view.evaluate(() => document.querySelector<HTMLElement>(".mcc-fill")!.style.width);
      await m.page.waitForTimeout(300);
      assertEquals(
        await view.evaluate(() => document.querySelector<HTMLElement>(".mcc-fill")!.style.width),
        paused,
      );
      assertEquals((await playerState(view)).play, "Play");
      // scrub with the pointer: 51.5% of 20 s is 10.3 s, 1.3 s into scene 3 (9-14 s)
      const bar = (await view.locator(".mcc-progress").boundingBox())!;
      await m.page.mouse.click(bar.x + bar.width * 0.515, bar.y + bar.height / 2);
      assertEquals(await playerState(view), {
        scene: 3,
        visible: 1,
        now: 10,
        time: "0:10 / 0:20",
        live: "Scene 3 of 4: The path",
        play: "Play",
      });
      // the diagram is partly traced: the first box (0-1.2 s) is done, the last arrow (from 2.1 s) has not begun
      const dash = await view.evaluate(() =>
        [...document.querySelectorAll(".mcc-scene-diagram .mcc-trace")].map((p) =>
          getComputedStyle(p).strokeDashoffset
        )
      );
      assertEquals([dash[0], dash[dash.length - 1]], ["0px", "1px"]);
      // keys on the slider
      await view.focus(".mcc-progress");
      const key = async (k: string) => {
        await m.page.keyboard.press(k);
        return (await playerState(view)).now;
      };
      assertEquals([
        await key("Home"),
        await key("ArrowRight"),
        await key("PageDown"),
        await key("PageDown"),
        await key("PageUp"),
        await key("End"),
      ], [0, 1, 4, 9, 4, 20]);
      assertEquals((await playerState(view)).live, "Scene 4 of 4: Latency spikes at noon");
      // the chart's final frame: zoomed into the window, full-range axes gone
      const zoom = await view.evaluate(() => {
        const g = document.querySelector(".mcc-zoom")!;
        return [
          getComputedStyle(g).transform,
          g.getAttribute("transform"),
          getComputedStyle(document.querySelector(".mcc-zoom-out")!).opacity,
        ];
      });
      const numbers = (s: string | null) => (s ?? "").match(/-?[\d.]+/g)!.map(Number);
      numbers(zoom[0]).forEach((v, i) =>
        assert(Math.abs(v - numbers(zoom[1])[i]) < 0.01, `${zoom[0]} vs ${zoom[1]}`)
      );
      assertEquals(zoom[2], "0");
      await m.page.keyboard.press(" ");
      assertEquals((await playerState(view)).play, "Pause"); // Space at the end starts over
      assert((await playerState(view)).now <= 1);
      await view.click('[data-mcc-action="anim-replay"]');
      assertEquals((await playerState(view)).scene, 1);
      // paused back at the start, the first scene shows whole again (axe reads no half-faded text)
      await view.click(".mcc-play");
      await view.focus(".mcc-progress");
      await m.page.keyboard.press("Home");
      assertEquals(
        await view.evaluate(() => getComputedStyle(document.querySelector(".mcc-scene h3")!).opacity),
        "1",
      );
      assertEquals(await axeViolations(view), []);
      await m.page.close();
    });

    await t.step("both themes pass axe with the player", async () => {
      const m = await mount("create_animation_card", example("animation"), { theme: "dark" });
      await waitFor(m.view, ".mcc-player");
      assertEquals(await axeViolations(m.view), []);
      await m.page.close();
    });

    await t.step("reduced motion: final frames, previous and next, no play button", async () => {
      const result = await h.plain.callTool({
        name: "create_animation_card",
        arguments: example("animation"),
      });
      const link = (result.content as { type: string; uri?: string }[]).find((c) =>
        c.type === "resource_link"
      )!;
      const doc = ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
      const page = await h.context.newPage();
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(h.servePage("/doc/animation-reduced.html", doc));
      await waitFor(page, ".mcc-player");
      assertEquals(await page.locator(".mcc-play").count(), 0);
      assertEquals(await playerState(page), {
        scene: 1,
        visible: 1,
        now: 0,
        time: "Scene 1 of 4",
        live: "",
        play: null,
      });
      await page.click('[data-mcc-action="anim-next"]');
      const bullets = await page.evaluate(() =>
        [...document.querySelectorAll(".mcc-scene-bullets li")].map((li) => getComputedStyle(li).opacity)
      );
      assertEquals(bullets, ["1", "1", "1", "1"]);
      assertEquals(await playerState(page), {
        scene: 2,
        visible: 1,
        now: 4,
        time: "Scene 2 of 4",
        live: "Scene 2 of 4: On the way",
        play: null,
      });
      await page.click('[data-mcc-action="anim-next"]');
      await page.click('[data-mcc-action="anim-next"]');
      await page.click('[data-mcc-action="anim-next"]'); // stays on the last scene
      assertEquals((await playerState(page)).scene, 4);
      await page.click('[data-mcc-action="anim-prev"]');
      assertEquals((await playerState(page)).scene, 3);
      await page.focus(".mcc-progress");
      await page.keyboard.press("ArrowRight");
      assertEquals((await playerState(page)).scene, 4);
      assertEquals(await axeViolations(page), []);
      await page.close();
    });

    await t.step("screenshots: every scene's final frame at 420 and 760 px, light and dark", async () => {
      const result = await h.plain.callTool({
        name: "create_animation_card",
        arguments: example("animation"),
      });
      const link = (result.content as { type: string; uri?: string }[]).find((c) =>
        c.type === "resource_link"
      )!;
      const doc = ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
      const url = h.servePage("/doc/animation-shots.html", doc);
      for (const width of [420, 760]) {
        for (const theme of ["light", "dark"] as const) {
          const page = await h.context.newPage();
          await page.setViewportSize({ width, height: 700 });
          await page.emulateMedia({ reducedMotion: "reduce", colorScheme: theme });
          await page.goto(url);
          await waitFor(page, ".mcc-player");
          for (let k = 1; k <= 4; k++) {
            await picture(page.locator(".mcc-card"), `animation-scene${k}-${width}-${theme}.png`);
            await page.click('[data-mcc-action="anim-next"]');
          }
          await page.close();
        }
      }
    });

    await t.step("a clip recorded in the test plays from a data: URL", async () => {
      const recorder = await h.context.newPage();
      await recorder.goto(h.servePage("/blank.html", "<!doctype html><title>rec</title>"));
      const url = await recorder.evaluate(async () => {
        const c = document.createElement("canvas");
        c.width = 64;
        c.height = 36;
        const g = c.getContext("2d")!;
        const rec = new MediaRecorder(c.captureStream(10), { mimeType: "video/webm;codecs=vp8" });
        const chunks: Blob[] = [];
        rec.ondataavailable = (e) => chunks.push(e.data);
        rec.start();
        for (let i = 0; i < 10; i++) {
          g.fillStyle = `hsl(${i * 36} 60% 50%)`;
          g.fillRect(0, 0, 64, 36);
          await new Promise((r) => setTimeout(r, 100));
        }
        rec.stop();
        await new Promise((r) => (rec.onstop = r));
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        return "data:video/webm;base64," + btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
      });
      await recorder.close();
      const m = await mount("create_video_card", { title: "Recorded", url });
      const played = await m.view.evaluate(async () => {
        const video = document.querySelector("video")!;
        video.muted = true;
        await video.play();
        await new Promise((r) => setTimeout(r, 600));
        return { time: video.currentTime, error: video.error?.code ?? null };
      });
      assert(played.time > 0.2, `currentTime ${played.time}`);
      assertEquals(played.error, null);
      assertEquals(await m.view.locator(".mcc-video-error").isHidden(), true);
      for (const theme of ["light", "dark"]) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        assertEquals(await axeViolations(m.view), [], theme);
      }
      await m.page.close();
    });

    await t.step(
      "while it waits for the result, the video view lays out a throwaway player and removes it",
      async () => {
        // Chromium builds a video's controls the first time one shows: the view pays that before the
        // result (size.ts warmLayout, the video widget's `warm`), so the card paints within a frame.
        const options = {
          tool: "create_video_card",
          args: example("video"),
          deliver: "manual" as const,
          hostContext: { theme: "light" },
        };
        const first = await h.mount(options);
        await first.page.addInitScript(() => {
          const warmed: boolean[][] = [];
          (window as unknown as { mccWarmed: boolean[][] }).mccWarmed = warmed;
          new MutationObserver((records) => {
            for (const node of records.flatMap((r) => [...r.removedNodes])) {
              if (node instanceof Element && node.getAttribute("aria-hidden") === "true") {
                warmed.push([...node.querySelectorAll("video")].map((v) => v.controls));
              }
            }
          }).observe(document, { subtree: true, childList: true });
        });
        const m = await h.remount(first, options); // a new view document: the observer is in from its start
        await until(m.view, () => (window as unknown as { mccWarmed: unknown[] }).mccWarmed.length > 0);
        assertEquals(await m.view.evaluate(() => (window as unknown as { mccWarmed: unknown[] }).mccWarmed), [
          [true],
        ]);
        assertEquals(await m.view.evaluate(() => document.getElementById("mcc-root")!.innerHTML), "");
        await m.page.evaluate(async (a) => {
          await window.sendInput(a);
          await window.deliver(await window.mccCallTool("create_video_card", a));
        }, options.args);
        await waitFor(m.view, ".mcc-card [data-mcc-video] video[controls]");
        await m.page.close();
      },
    );

    await t.step("a clip the host blocks shows why, and opens through ui/open-link", async () => {
      const url = "https://media.invalid/clips/launch.webm";
      const m = await mount("create_video_card", { title: "Blocked", url });
      await waitFor(m.view, ".mcc-video-error:not([hidden])");
      assertEquals(
        await m.view.locator(".mcc-video-error").textContent(),
        "This clip cannot play here: the host may block its address, or the file is missing. Open the video",
      );
      await m.view.click(".mcc-video-error a");
      await until(m.page, () => window.hostEvents.some((e) => e.type === "open-link"));
      assertEquals((await m.events("open-link")).map((e) => e.url), [url]);
      assertEquals(await axeViolations(m.view), []);
      await m.page.close();
    });
  } finally {
    await h.close();
  }
});
