/**
 * The animation player. Scenes are server-drawn with CSS animations that stay paused, and so are the
 * player's controls (hidden until this shows them, with their scene markers). The scenes share one
 * stage as tall as the tallest (only the current one shows), so the card keeps one height from the
 * first frame to the last; the player
 * owns one clock and seeks every animation of the current scene to it each frame, so play, pause,
 * scrubbing (pointer or keys on the progress slider), replay and scene markers all come from one
 * `seek`. The current scene is announced in a live region. With prefers-reduced-motion the player
 * never moves: it shows each scene's final frame and offers previous and next instead of play.
 */
import { h } from "../dom.ts";
import type { Widget } from "./types.ts";

interface Player {
  root: HTMLElement;
  scenes: HTMLElement[];
  starts: number[];
  total: number;
  t: number;
  scene: number;
  playing: boolean;
  reduced: boolean;
  last: number;
}

const players = new WeakMap<Element, Player>();
const clock = (ms: number) =>
  `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")}`;

function sceneAt(p: Player, t: number): number {
  let k = 0;
  while (k + 1 < p.scenes.length && t >= p.starts[k + 1]) k++;
  return k;
}

/** Shows the frame at `t` ms (a reduced-motion player shows that scene's final frame). */
function seek(p: Player, t: number): void {
  p.t = Math.max(0, Math.min(t, p.total));
  const k = sceneAt(p, p.t);
  const end = p.starts[k] + Number(p.scenes[k].dataset.ms);
  const local = (p.reduced || p.t === 0 && !p.playing ? end : p.t) - p.starts[k];
  // Every scene keeps its place in the stage (animation.css stacks them), so its height never changes.
  p.scenes.forEach((s, i) => s.toggleAttribute("data-mcc-off", i !== k));
  for (const a of p.scenes[k].getAnimations({ subtree: true })) {
    a.pause();
    a.currentTime = local;
  }
  const bar = p.root.querySelector<HTMLElement>(".mcc-progress")!;
  const text = `${clock(p.t)} of ${clock(p.total)}, scene ${k + 1} of ${p.scenes.length}`;
  bar.setAttribute("aria-valuenow", String(Math.round(p.t / 1000)));
  bar.setAttribute("aria-valuetext", text);
  p.root.querySelector<HTMLElement>(".mcc-fill")!.style.width = `${(p.t / p.total) * 100}%`;
  p.root.querySelector(".mcc-time")!.textContent = p.reduced
    ? `Scene ${k + 1} of ${p.scenes.length}`
    : `${clock(p.t)} / ${clock(p.total)}`;
  if (k !== p.scene) {
    p.scene = k;
    p.root.querySelector(".mcc-live")!.textContent = p.scenes[k].getAttribute("aria-label") ?? "";
  }
}

function setPlaying(p: Player, playing: boolean): void {
  if (p.reduced) playing = false;
  p.playing = playing;
  const button = p.root.querySelector<HTMLElement>(".mcc-play");
  if (button) {
    button.textContent = playing ? "❚❚" : "▶";
    button.setAttribute("aria-label", playing ? "Pause" : "Play");
  }
  if (!playing) return;
  if (p.t >= p.total) seek(p, 0);
  p.last = performance.now();
  const tick = (now: number) => {
    if (!p.playing || !p.root.isConnected) return;
    seek(p, p.t + now - p.last);
    p.last = now;
    if (p.t >= p.total) return setPlaying(p, false);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function enhanceAnimation(root: HTMLElement): void {
  const scenes = [...root.querySelectorAll<HTMLElement>(":scope > .mcc-scene")];
  const player = root.querySelector<HTMLElement>(":scope > .mcc-player");
  const progress = player?.querySelector<HTMLElement>(".mcc-progress");
  if (!scenes.length || !player || !progress || players.has(root)) return;
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const starts: number[] = [];
  let total = 0;
  for (const s of scenes) {
    starts.push(total);
    total += Number(s.dataset.ms) || 4000;
  }
  for (const start of starts.slice(1)) {
    const mark = h("span", { class: "mcc-mark" });
    mark.style.left = `${(start / total) * 100}%`;
    progress.append(mark);
  }
  // The server renders both pairs of controls: play and replay, or previous and next scene.
  const other = reduced ? ["play", "replay"] : ["prev", "next"];
  for (const action of other) player.querySelector(`[data-mcc-action="anim-${action}"]`)?.remove();
  player.hidden = false;
  // Staggered builds: `mcc-dN` starts N steps of 350 ms late (inline, so it beats the stylesheet's delays).
  for (const el of root.querySelectorAll<HTMLElement>('[class*="mcc-d"]')) {
    const n = /\bmcc-d(\d+)\b/.exec(el.getAttribute("class")!)?.[1];
    if (n) el.style.animationDelay = `${+n * 350}ms`;
  }
  root.toggleAttribute("data-mcc-reduced", reduced);
  root.setAttribute("data-mcc-ready", "");
  const p: Player = { root, scenes, starts, total, t: 0, scene: 0, playing: false, reduced, last: 0 };
  players.set(root, p);
  seek(p, 0);
  const scrub = (e: PointerEvent) => {
    const r = progress.getBoundingClientRect();
    const t = ((e.clientX - r.left) / r.width) * total;
    seek(p, reduced ? starts[sceneAt(p, t)] : t);
  };
  progress.addEventListener("pointerdown", (e) => {
    progress.setPointerCapture(e.pointerId);
    setPlaying(p, false);
    scrub(e);
  });
  progress.addEventListener("pointermove", (e) => {
    if (progress.hasPointerCapture(e.pointerId)) scrub(e);
  });
}

const playerOf = (el: Element) => players.get(el.closest("[data-mcc-anim]")!);

/** Steps to the start of the scene `d` away (final frames when motion is reduced). */
function stepScene(p: Player, d: number): void {
  setPlaying(p, false);
  seek(p, p.starts[Math.max(0, Math.min(p.scene + d, p.scenes.length - 1))]);
}

/** Keys on the slider: arrows move 1 s, PageUp/PageDown a scene, Home/End the ends, Space plays. */
function sliderKey(slider: HTMLElement, key: string): boolean {
  const p = playerOf(slider);
  if (!p) return false;
  const forward = key === "ArrowRight" || key === "ArrowUp";
  const back = key === "ArrowLeft" || key === "ArrowDown";
  if (key === " " || key === "Enter") setPlaying(p, !p.playing);
  else if (key === "PageDown" || p.reduced && forward) stepScene(p, 1);
  else if (key === "PageUp" || p.reduced && back) stepScene(p, -1);
  else if (key === "Home" || key === "End") seek(p, key === "Home" ? 0 : p.total);
  else if (forward || back) seek(p, p.t + (forward ? 1000 : -1000));
  else return false;
  return true;
}

/** An action handler that runs `f` on the button's player. */
const withPlayer = (f: (p: Player) => void) => (button: Element) => {
  const p = playerOf(button);
  if (p) f(p);
};

export const animationWidget: Widget = {
  actions: {
    "anim-play": withPlayer((p) => setPlaying(p, !p.playing)),
    "anim-replay": withPlayer((p) => {
      seek(p, 0);
      setPlaying(p, true);
    }),
    "anim-prev": withPlayer((p) => stepScene(p, -1)),
    "anim-next": withPlayer((p) => stepScene(p, 1)),
  },
  keys: { selector: ".mcc-progress", handle: sliderKey },
  enhance: (article) => article.querySelectorAll<HTMLElement>("[data-mcc-anim]").forEach(enhanceAnimation),
};
