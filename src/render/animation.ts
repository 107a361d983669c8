/**
 * Animation scenes, drawn once on the server: text that rises in, bullets that build one by one,
 * a diagram whose boxes and arrows trace themselves in, and a one-series chart that zooms into a
 * window. Motion is plain CSS (animation.css) that the runtime's player seeks frame by frame, so
 * play, pause, scrubbing and reduced motion all work on the same markup. Without the runtime every
 * scene shows at once, in its final frame.
 */
import { invalidInput } from "../errors.ts";
import { escape, type Html, raw } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { checkMagnitudes } from "./svg/spec.ts";
import { checkLocale, type NumberFormat, type ValueStyle } from "./svg/format.ts";
import { r1 } from "./svg/scale.ts";
import { wrap } from "./svg/text.ts";
import { zoomChart } from "./svg/zoom.ts";

export const SCENE_TYPES = ["text", "bullets", "diagram", "chart"] as const;
export const MAX_SCENES = 20;
export const MAX_BULLETS = 8;
export const MAX_NODES = 8;
export const MAX_CHART_POINTS = 200;
export const MIN_SECONDS = 2;
export const MAX_SECONDS = 30;
export const MAX_TOTAL_SECONDS = 180;
/** Elements of a scene start this far apart (`mcc-d1` ... `mcc-d11`: widgets/animation.ts sets the delays). */
export const STAGGER_MS = 350;

/** One scene as the caller gives it; which fields count depends on the type. */
export interface Scene {
  type: typeof SCENE_TYPES[number];
  duration?: number;
  heading?: string;
  text?: string;
  bullets?: string[];
  nodes?: string[];
  edges?: number[][];
  labels?: string[];
  values?: (number | null)[];
  zoomFrom?: string;
  zoomTo?: string;
}

export interface AnimationSpec {
  title: string;
  scenes: Scene[];
  locale?: string;
  valueStyle?: ValueStyle;
}

const DEFAULT_SECONDS: Record<Scene["type"], number> = { text: 4, bullets: 5, diagram: 5, chart: 6 };

/** Seconds a scene lasts: its own, or a default long enough for its build. */
export function sceneSeconds(scene: Scene): number {
  if (scene.duration !== undefined) return scene.duration;
  const items = scene.bullets?.length ?? scene.nodes?.length ?? 0;
  return Math.max(DEFAULT_SECONDS[scene.type], Math.ceil((items * STAGGER_MS) / 1000 + 2.5));
}

const delay = (i: number) => (i > 0 ? ` mcc-d${Math.min(i, 11)}` : "");

function heading(scene: Scene): string {
  return scene.heading ? `<h3 class="mcc-a mcc-rise">${escape(scene.heading)}</h3>` : "";
}

function textScene(scene: Scene): string {
  const paragraphs = (scene.text ?? "").split(/\n\s*\n/).filter((p) => p.trim());
  return heading(scene) +
    paragraphs.map((p, i) =>
      `<p class="mcc-a mcc-rise${delay(i + (scene.heading ? 2 : 0))}">${escape(p.trim())}</p>`
    )
      .join("");
}

function bulletScene(scene: Scene): string {
  const items = (scene.bullets ?? []).map((b, i) =>
    `<li class="mcc-a mcc-rise${delay(i + 1)}">${escape(b)}</li>`
  );
  return heading(scene) + `<ul class="mcc-build">${items.join("")}</ul>`;
}

/** Where a segment from the centre of box a towards the centre of box b leaves box a. */
function edgePoint(ax: number, ay: number, bx: number, by: number, hw: number, hh: number): [number, number] {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return [ax + dx * t, ay + dy * t];
}

function diagramScene(scene: Scene): string {
  const nodes = scene.nodes ?? [];
  const cols = nodes.length <= 4 ? nodes.length : Math.ceil(nodes.length / 2);
  const rows = Math.ceil(nodes.length / cols);
  const W = 400;
  const gap = 28;
  const bw = (W - gap * (cols - 1) - 8) / cols;
  const bh = 52;
  const H = rows * bh + (rows - 1) * 40 + 8;
  const centre = nodes.map((_, i) => {
    const row = Math.floor(i / cols);
    // rows snake so consecutive steps stay neighbours
    const col = row % 2 ? cols - 1 - (i % cols) : i % cols;
    return [4 + col * (bw + gap) + bw / 2, 4 + row * (bh + 40) + bh / 2];
  });
  const edges = scene.edges ?? nodes.slice(1).map((_, i) => [i, i + 1]);
  let order = 0;
  let out = "";
  nodes.forEach((label, i) => {
    const [cx, cy] = centre[i];
    const x = r1(cx - bw / 2);
    const y = r1(cy - bh / 2);
    const lines = wrap(label, bw - 12, 13, 2);
    const d = delay(order++);
    out += `<path class="mcc-trace${d}" pathLength="1" d="M${x} ${y}h${r1(bw)}v${bh}h${r1(-bw)}Z"/>`;
    out += `<text class="mcc-a mcc-fade${d}" x="${r1(cx)}" y="${r1(cy + 5 - (lines.length - 1) * 8)}">${
      lines.map((l, k) => `<tspan x="${r1(cx)}"${k ? ' dy="16"' : ""}>${escape(l)}</tspan>`).join("")
    }</text>`;
  });
  for (const [a, b] of edges) {
    const [ax, ay] = centre[a];
    const [bx, by] = centre[b];
    const [x1, y1] = edgePoint(ax, ay, bx, by, bw / 2 + 3, bh / 2 + 3);
    const [x2, y2] = edgePoint(bx, by, ax, ay, bw / 2 + 5, bh / 2 + 5);
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = (s: number) => `${r1(x2 - 8 * Math.cos(angle + s))} ${r1(y2 - 8 * Math.sin(angle + s))}`;
    out += `<path class="mcc-trace mcc-arrow${delay(order++)}" pathLength="1" d="M${r1(x1)} ${r1(y1)}L${
      r1(x2)
    } ${r1(y2)}M${head(0.5)}L${r1(x2)} ${r1(y2)}L${head(-0.5)}"/>`;
  }
  return heading(scene) +
    `<svg class="mcc-diagram" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" aria-hidden="true">${out}</svg>` +
    `<p class="mcc-sr">${escape(nodes.join(", then "))}</p>`;
}

function chartScene(scene: Scene, format: NumberFormat, clipId: string, where: string): string {
  const labels = scene.labels ?? [];
  const values = scene.values ?? [];
  const find = (label: string | undefined, field: string) => {
    if (label === undefined) return undefined;
    const i = labels.indexOf(label);
    if (i < 0) {
      throw invalidInput(
        `${where}.${field}`,
        `"${label}" is not one of the labels`,
        "Use a label exactly as given in labels",
      );
    }
    return i;
  };
  let from = find(scene.zoomFrom, "zoomFrom");
  let to = find(scene.zoomTo, "zoomTo");
  if ((from === undefined) !== (to === undefined)) {
    throw invalidInput(where, "zoomFrom and zoomTo go together", "Give both, or neither for no zoom");
  }
  if (from !== undefined && to !== undefined) {
    if (from > to) [from, to] = [to, from];
    if (to - from < 1) {
      throw invalidInput(`${where}.zoomTo`, "the window needs at least two labels", "Pick a later zoomTo");
    }
  }
  const chart = zoomChart(labels, values, format, clipId, from, to);
  const caption = from !== undefined && to !== undefined
    ? `<p class="mcc-a mcc-fade mcc-d8 mcc-zoom-note">${escape(`${labels[from]} – ${labels[to]}`)}</p>`
    : "";
  return heading(scene) +
    `<svg class="mcc-svg" viewBox="0 0 ${chart.width} ${
      Math.ceil(chart.height)
    }" width="${chart.width}" height="${Math.ceil(chart.height)}" aria-hidden="true">${chart.svg}</svg>` +
    caption;
}

/** Checks a scene's fields against its type. */
function checkScene(scene: Scene, where: string): void {
  const need = (ok: boolean, field: string, problem: string, hint: string) => {
    if (!ok) throw invalidInput(`${where}${field ? "." + field : ""}`, problem, hint);
  };
  switch (scene.type) {
    case "text":
      need(
        Boolean(scene.heading?.trim() || scene.text?.trim()),
        "",
        "a text scene needs heading or text",
        "Add text",
      );
      break;
    case "bullets":
      need(
        (scene.bullets?.length ?? 0) > 0,
        "bullets",
        "a bullets scene needs at least one bullet",
        "Add bullets",
      );
      break;
    case "diagram": {
      const n = scene.nodes?.length ?? 0;
      need(n >= 2, "nodes", "a diagram needs at least two nodes", "Add the steps as nodes");
      for (const [k, [a, b]] of (scene.edges ?? []).entries()) {
        need(
          a >= 0 && b >= 0 && a < n && b < n && a !== b,
          `edges[${k}]`,
          `[${a}, ${b}] does not join two of the ${n} nodes`,
          `Use node indices from 0 to ${n - 1}`,
        );
      }
      break;
    }
    case "chart": {
      const n = scene.labels?.length ?? 0;
      need(n >= 2, "labels", "a chart scene needs at least two labels", "Add labels and values");
      need(
        n <= MAX_CHART_POINTS,
        "labels",
        `${n} labels is more than ${MAX_CHART_POINTS}`,
        "Aggregate the data",
      );
      need(
        scene.values?.length === n,
        "values",
        `${scene.values?.length ?? 0} values for ${n} labels`,
        "Give one value per label",
      );
      need(
        scene.values!.some((v) => v !== null),
        "values",
        "every value is null",
        "Give at least one number",
      );
      checkMagnitudes(scene.values!, `${where}.values`);
      break;
    }
  }
}

/** The rendered animation: markup, summary and the total duration in seconds. */
export interface RenderedAnimation {
  html: Html;
  summary: string;
  seconds: number;
}

/**
 * The player's controls, hidden until the runtime (widgets/animation.ts) starts the player: play and
 * replay, or previous and next scene under reduced motion (it removes the other pair), a slider over
 * the whole `seconds`, the time, and a live region announcing each scene.
 */
const PLAYER_TOOLS = [
  ["play", "Play", "▶", " mcc-play"],
  ["replay", "Replay", "↺", ""],
  ["prev", "Previous scene", "‹", ""],
  ["next", "Next scene", "›", ""],
];

function player(seconds: number): string {
  const tools = PLAYER_TOOLS.map(([action, label, glyph, extra]) =>
    `<button type="button" class="mcc-tool${extra}" data-mcc-action="anim-${action}" aria-label="${label}">${glyph}</button>`
  ).join("");
  const max = Math.round(seconds);
  return `<div class="mcc-player" hidden>${tools}<div class="mcc-progress" role="slider" tabindex="0" ` +
    `aria-label="Position" aria-valuemin="0" aria-valuemax="${max}" aria-valuenow="0">` +
    `<div class="mcc-fill"></div></div><span class="mcc-time"></span></div>` +
    `<p class="mcc-sr mcc-live" aria-live="polite"></p>`;
}

export function renderAnimation(spec: AnimationSpec): RenderedAnimation {
  const format: NumberFormat = {
    locale: checkLocale(spec.locale ?? "en-US"),
    style: spec.valueStyle ?? "number",
  };
  spec.scenes.forEach((s, i) => checkScene(s, `scenes[${i}]`));
  const seconds = spec.scenes.map(sceneSeconds);
  const total = seconds.reduce((a, b) => a + b, 0);
  if (total > MAX_TOTAL_SECONDS) {
    throw invalidInput(
      "scenes",
      `the scenes last ${total} s in all, more than ${MAX_TOTAL_SECONDS} s`,
      "Shorten durations or split into two animations",
    );
  }
  const id = idMaker(JSON.stringify(spec));
  const scenes = spec.scenes.map((scene, i) => {
    const where = `scenes[${i}]`;
    const body = scene.type === "text"
      ? textScene(scene)
      : scene.type === "bullets"
      ? bulletScene(scene)
      : scene.type === "diagram"
      ? diagramScene(scene)
      : chartScene(scene, format, id("clip"), where);
    const name = scene.heading ?? `${scene.type} scene`;
    return `<section class="mcc-scene mcc-scene-${scene.type}" data-ms="${seconds[i] * 1000}" aria-label="${
      escape(`Scene ${i + 1} of ${spec.scenes.length}: ${name}`)
    }">${body}</section>`;
  });
  const outline = spec.scenes.map((s, i) => {
    const what = s.heading ?? s.text ?? s.bullets?.[0] ?? s.nodes?.join(" → ") ?? s.type;
    return `${i + 1}. ${s.type} (${seconds[i]} s): ${what.replace(/\s+/g, " ").slice(0, 80)}`;
  });
  const summary = `${spec.scenes.length} scene${spec.scenes.length === 1 ? "" : "s"}, ${total} s:\n` +
    outline.join("\n");
  return {
    html: raw(`<div class="mcc-anim" data-mcc-anim>${scenes.join("")}${player(total)}</div>`),
    summary,
    seconds: total,
  };
}
