// deno-lint-ignore-file no-console no-window -- prints on stderr; page callbacks run in the browser, where window exists
/**
 * The layout lint: every card kind's example and the stress cases of lint_cases.ts, painted under the
 * official AppBridge host at 360, 420, 760 and 1,100 px in both themes, fail on what a picky designer
 * would flag at chat width:
 * - text boxes that overlap inside an SVG (chart labels, diagram boxes), rotated boxes compared as such;
 * - on-screen text under 11 px (an SVG's text at its drawn scale);
 * - an ellipsis where the container had room for the whole text (CSS text-overflow, or an SVG label
 *   cut with "…" whose whole text, drawn in its place, would stay inside the chart and overlap nothing);
 * - a card body (or the page) that scrolls sideways (a wide table's own scroller is fine); a diagram
 *   that scrolls sideways with no faded edge to say so;
 * - a map narrower than its card while under its 500 px height (an empty gutter beside it);
 * - a chart's value label crossed by a gridline that paints over it or shows through it (no halo);
 * - an inline height over the kind's cap (CAPS);
 * - a height change after the final size was reported, and, on animation cards, any height change while
 *   the animation plays (at 201 points of a scrub through the whole timeline, and every frame of a
 *   stretch of real play).
 * Each card is mounted once per width, in light, linted, then switched to dark in place (the host's
 * host-context-changed, as when a user switches the chat's theme), settled, held and linted again.
 * One browser, a few host pages reused from card to card, a few cards at a time.
 *
 * The pictures are for people, so they are taken only when asked for (CI does not): with
 * MCC_LINT_SHEETS=1 it prints a contact sheet per width and theme (tests/artifacts/lint-<width>-<theme>.png:
 * every kind's example, each tile captioned with its height and its problems) and one of the stress cases
 * (lint-stress-<width>-<theme>.png); MCC_LINT_SHOTS=1 keeps every render's own picture in
 * tests/artifacts/lint/. Look at the sheets before calling a card done (CONTRIBUTING.md).
 * MCC_LINT_ONLY=<name part>, MCC_LINT_WIDTHS=420,760 and MCC_LINT_THEMES=dark narrow a run (the first
 * theme listed is the one mounted).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { Page } from "playwright-core";
import { savedPage, site, webClient } from "../tools/web_fixtures.ts";
import { ARTIFACTS, type Harness, type Mounted, report, skipReason, startHarness, until } from "./harness.ts";
import { EXAMPLES, type LintCase, STRESS, WEB_PAGES } from "./lint_cases.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

export const WIDTHS = [360, 420, 760, 1100];
const THEMES = ["light", "dark"] as const;
type Theme = typeof THEMES[number];
/** Contact sheets per width and theme (MCC_LINT_SHEETS=1) and every render's own picture (MCC_LINT_SHOTS=1). */
const SHEETS = Boolean(Deno.env.get("MCC_LINT_SHEETS"));
const SHOTS = Boolean(Deno.env.get("MCC_LINT_SHOTS"));
/** The pictures are for people: taken only when asked for (CI does not). */
const PICTURES = SHEETS || SHOTS;
/** Renders in flight at once (pages of the one browser). */
const POOL = 4;
/** How long the final size must hold, from the moment it is taken, while the card is linted. */
const HOLD_MS = 500;
const SETTLE_LIMIT_MS = 10_000;

/**
 * The tallest inline card each kind may report, in CSS px. 500 px is what the Claude directory asks of
 * an inline app: prompt-flow cards and forms keep to it (their fields scroll inside the card, with
 * fullscreen offered for the rest). Kinds whose content is the point (documents, tables, tours, long
 * outlines) may run longer, up to the cap the host then scrolls.
 */
const CAPS: Record<string, number> = {
  tab: 500,
  chart: 560,
  video: 500,
  animation: 560,
  reveal: 760,
  list: 900,
  markdown: 1200,
  code_tour: 1000,
  table: 900,
  form: 500,
  prompt_gist: 500,
  prompt_refine: 500,
  efficient_prompt: 500,
  web_form: 500,
  // a map is at most 500 px tall beside its legend; outlines and diagrams read downwards at 360 px
  map: 760,
  structure: 760,
  diagram: 1000,
  host_check: 900,
};

interface Render {
  c: LintCase;
  width: number;
  theme: Theme;
  height: number;
  problems: string[];
  shot?: Uint8Array;
}

/**
 * In the view: every lint problem of the painted card but the height checks, as lines, once the fonts
 * are in. Runs in Chromium, so it is self-contained.
 */
async function lintView(): Promise<string[]> {
  await document.fonts.ready;
  const problems: string[] = [];
  const say = (e: Element) => {
    const cls = e.getAttribute("class");
    const text = (e.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${e.tagName.toLowerCase()}${cls ? `.${cls.split(" ")[0]}` : ""}> "${text}"`;
  };
  // checkVisibility misses a display:none ancestor inside an SVG (a chart's other width bands).
  const shown = (e: Element) => {
    for (let a: Element | null = e; a; a = a.parentElement) {
      if (getComputedStyle(a).display === "none") return false;
    }
    return e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !e.closest(".mcc-sr, [hidden]");
  };

  // Sideways scrolling: the page, and every card body (wide tables and code scroll in their own boxes).
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  }
  for (const body of document.querySelectorAll<HTMLElement>(".mcc-body")) {
    if (body.scrollWidth <= body.clientWidth + 1) continue;
    const edge = body.getBoundingClientRect().right + 1;
    const wide = [...body.querySelectorAll("*")].filter((e) =>
      e.getBoundingClientRect().right > edge &&
      ![...e.children].some((c) => c.getBoundingClientRect().right > edge)
    );
    problems.push(
      `body scrolls sideways (${body.scrollWidth} > ${body.clientWidth}): ${[
        ...new Set(wide.slice(0, 3).map(say)),
      ]}`,
    );
  }

  // A diagram that scrolls sideways says so: its hidden side fades out (diagram.css).
  for (const plot of document.querySelectorAll<HTMLElement>(".mcc-dg-plot")) {
    if (plot.scrollWidth > plot.clientWidth + 1 && getComputedStyle(plot).maskImage === "none") {
      problems.push(
        `diagram scrolls sideways (${plot.scrollWidth} > ${plot.clientWidth}) with no faded edge`,
      );
    }
  }

  // A map fills its card's width until it is 500 px tall: no empty gutters beside it.
  for (const svg of document.querySelectorAll<SVGSVGElement>(".mcc-map-svg")) {
    const box = svg.getBoundingClientRect();
    const room = svg.parentElement!.clientWidth;
    if (box.width < room - 2 && box.height < 499) {
      problems.push(
        `map is ${Math.round(box.width)} px wide in ${room} px, ${Math.round(box.height)} px tall`,
      );
    }
  }

  // A value label that a gridline crosses paints over it with a halo of the card's background.
  const background = getComputedStyle(document.querySelector(".mcc-card") ?? document.body).backgroundColor;
  for (const text of document.querySelectorAll<SVGTextElement>(".mcc-fr .mcc-vals text")) {
    if (!shown(text)) continue;
    const t = text.getBoundingClientRect();
    const plot = text.closest(".mcc-plot")!;
    const layer = [...plot.querySelectorAll<HTMLElement>(".mcc-ov")].find((o) => shown(o));
    const grid = layer?.querySelector<SVGPathElement>(".mcc-grid");
    if (!layer || !grid) continue;
    const m = grid.getScreenCTM()!;
    const ys = [...(grid.getAttribute("d") ?? "").matchAll(/M0 (\d+)H/g)].map((g) =>
      m.d * Number(g[1]) + m.f
    );
    if (!ys.some((y) => y > t.top + 2 && y < t.bottom - 2)) continue;
    const frame = text.closest(".mcc-fr")!;
    const style = getComputedStyle(text);
    const above = Number(getComputedStyle(frame).zIndex) > (Number(getComputedStyle(layer).zIndex) || 0);
    const halo = style.paintOrder.startsWith("stroke") && style.stroke === background &&
      parseFloat(style.strokeWidth) >= 2;
    if (!above || !halo) {
      problems.push(
        `value label "${text.textContent}" crossed by a gridline${above ? "" : " drawn over it"}${
          halo ? "" : " without a halo"
        }`,
      );
    }
  }

  // The header is one row: the tools beside the title, never under it.
  for (const head of document.querySelectorAll(".mcc-head")) {
    const title = head.querySelector(".mcc-title")?.getBoundingClientRect();
    const tools = head.querySelector(".mcc-tools")?.getBoundingClientRect();
    if (title && tools && (tools.top >= title.bottom - 1 || tools.left < title.right - 1)) {
      problems.push("header tools are not beside the title");
    }
  }

  // Text under 11 px on screen, one line per SVG (its labels share a scale) or per element.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = new Map<string, { px: number; texts: string[] }>();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement as Element | null;
    if (!e || !n.textContent!.trim() || e.closest("title, desc, style, script, option") || !shown(e)) {
      continue;
    }
    let px = parseFloat(getComputedStyle(e).fontSize);
    const svg = e.closest("svg");
    if (svg) {
      px *= Math.hypot(
        (e as SVGGraphicsElement).getScreenCTM()!.a,
        (e as SVGGraphicsElement).getScreenCTM()!.b,
      );
    }
    if (px >= 10.95) continue;
    const key = svg ? `<svg.${svg.getAttribute("class")?.split(" ")[0] ?? ""}>` : say(e);
    const entry = small.get(key) ?? small.set(key, { px, texts: [] }).get(key)!;
    entry.px = Math.min(entry.px, px);
    entry.texts.push(n.textContent!.trim().slice(0, 20));
  }
  for (const [where, { px, texts }] of small) {
    const some = texts.slice(0, 3).map((t) => `"${t}"`).join(", ") + (texts.length > 3 ? ", …" : "");
    problems.push(`text at ${px.toFixed(1)} px in ${where} (${texts.length}: ${some})`);
  }

  // Ellipses in HTML: cut text whose container had free room beside it.
  for (const e of document.querySelectorAll<HTMLElement>(".mcc-card *")) {
    if (getComputedStyle(e).textOverflow !== "ellipsis" || e.scrollWidth <= e.clientWidth + 1 || !shown(e)) {
      continue;
    }
    const parent = e.parentElement!;
    const ps = getComputedStyle(parent);
    const inner = parent.getBoundingClientRect().right - parseFloat(ps.paddingRight) -
      parseFloat(ps.borderRightWidth);
    const used = Math.max(...[...parent.children].map((c) => c.getBoundingClientRect().right));
    if (inner - used >= e.scrollWidth - e.clientWidth) {
      problems.push(`ellipsis beside ${Math.round(inner - used)} px of room: ${say(e)}`);
    }
  }

  // Text boxes inside SVGs, as screen quads (rotated labels stay rotated).
  type Quad = { x: number; y: number }[];
  const quad = (t: SVGGraphicsElement, box = t.getBBox()): Quad => {
    const m = t.getScreenCTM()!;
    // The glyphs, not the line box (a line's box reaches into the next line's by its leading), and
    // a pixel more at each end: two labels less than 2 px apart read as one word.
    const y0 = box.y + box.height * 0.15,
      y1 = box.y + box.height * 0.85,
      x0 = box.x - 1,
      x1 = box.x + box.width + 1;
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => ({
      x: m.a * x + m.c * y + m.e,
      y: m.b * x + m.d * y + m.f,
    }));
  };
  const apart = (a: Quad, b: Quad) =>
    [a, b].some((poly) =>
      poly.some((p, i) => {
        const q = poly[(i + 1) % poly.length];
        const nx = q.y - p.y, ny = p.x - q.x;
        const span = (s: Quad) => s.map((v) => v.x * nx + v.y * ny);
        const [sa, sb] = [span(a), span(b)];
        return Math.max(...sa) <= Math.min(...sb) || Math.max(...sb) <= Math.min(...sa);
      })
    );
  const words = (t: Element) =>
    [...t.childNodes].filter((c) => c.nodeName !== "title").map((c) => c.textContent).join(" ").trim();
  for (const svg of document.querySelectorAll<SVGSVGElement>(".mcc-card svg")) {
    const texts = [...svg.querySelectorAll<SVGTextElement>("text")].filter((t) => shown(t) && words(t));
    const quads = texts.map((t) => quad(t));
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (words(texts[i]) === words(texts[j]) && JSON.stringify(quads[i]) === JSON.stringify(quads[j])) {
          continue;
        }
        if (!apart(quads[i], quads[j])) {
          problems.push(
            `overlapping text: "${words(texts[i]).slice(0, 30)}" and "${words(texts[j]).slice(0, 30)}"`,
          );
        }
      }
    }
    // A label cut with "…": its whole text (its <title>), drawn in its place, must leave the chart or
    // run into another label, else the cut was not needed.
    const frame = svg.getBoundingClientRect();
    texts.forEach((t, i) => {
      const cut = words(t);
      if (!cut.endsWith("…")) return;
      const whole = t.querySelector("title")?.textContent;
      if (!whole) return problems.push(`cut label with no whole text to show: "${cut}"`);
      const clone = t.cloneNode(true) as SVGTextElement;
      clone.querySelector("title")?.remove();
      const spans = [...clone.querySelectorAll("tspan")];
      const last = spans.at(-1) ?? clone;
      const before = spans.slice(0, -1).map((s) => s.textContent).join(" ");
      last.textContent = whole.startsWith(before) ? whole.slice(before.length).trim() : whole;
      t.after(clone);
      const q = quad(clone);
      clone.remove();
      const inside = q.every((p) =>
        p.x >= frame.left - 1 && p.x <= frame.right + 1 && p.y >= frame.top - 1 && p.y <= frame.bottom + 1
      );
      if (inside && quads.every((other, j) => j === i || apart(q, other))) {
        problems.push(`ellipsis with room for the whole text: "${cut}" (whole: "${whole.slice(0, 40)}")`);
      }
    });
  }
  return problems;
}

/**
 * In the view, once it shows `theme`: the card's height at every step of a scrub through the whole
 * animation, then in play. A scrub step seeks at once (every animation of the scene paused at its
 * time), so a layout read right after it measures that step: no frame is awaited (a frame per step
 * cost 13 of the lint's animation cases' 27 s of Chromium CPU, measured).
 */
async function animationHeights(theme: Theme): Promise<number[]> {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  for (let i = 0; document.body.dataset.theme !== theme; i++) {
    if (i > 600) throw new Error(`the view never took the ${theme} theme`);
    await frame();
  }
  const card = document.querySelector(".mcc-card")!;
  const bar = document.querySelector<HTMLElement>(".mcc-progress");
  if (!bar) return [];
  const heights: number[] = [];
  const r = bar.getBoundingClientRect();
  const at = (x: number, type: string) =>
    bar.dispatchEvent(
      new PointerEvent(type, { pointerId: 1, clientX: x, clientY: r.top + r.height / 2, bubbles: true }),
    );
  bar.setPointerCapture = () => {};
  bar.hasPointerCapture = () => true;
  at(r.left, "pointerdown");
  for (let i = 0; i <= 200; i++) {
    at(r.left + (r.width * i) / 200, "pointermove");
    heights.push(card.getBoundingClientRect().height);
  }
  // Real play from the start for a second and a half, every frame.
  const play = document.querySelector<HTMLElement>(
    '[data-mcc-action="anim-replay"], [data-mcc-action="anim-play"]',
  );
  play?.click();
  const end = performance.now() + 1500;
  while (performance.now() < end) {
    await frame();
    heights.push(card.getBoundingClientRect().height);
  }
  return heights;
}

/** The viewport each host page has, so it is set once per page and width rather than per render. */
const viewports = new WeakMap<Page, number>();

/**
 * Mounts in the job's first theme with the result held back (in `page`'s host page, when given),
 * narrows the slot, then delivers a fresh result and waits for the view's first size after it.
 */
async function paint(h: Harness, job: Job, page?: Mounted): Promise<Mounted> {
  const { c, width, themes: [theme], fixture } = job;
  const options = { tool: c.tool, args: c.args, deliver: "never", hostContext: { theme } } as const;
  const m = page ? await h.remount(page, options) : await h.mount(options);
  const viewport = Math.max(720, width + 60);
  if (viewports.get(m.page) !== viewport) {
    await m.page.setViewportSize({ width: viewport, height: 1400 });
    viewports.set(m.page, viewport);
  }
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  const result = fixture ?? await h.apps.callTool({ name: c.tool, arguments: c.args }) as Json;
  if (result.isError) throw new Error(`${c.name} refused: ${JSON.stringify(result.content)}`);
  await m.page.evaluate(async ({ json, limit }) => {
    const sent = await window.deliver(JSON.parse(json));
    const end = performance.now() + limit;
    while (!window.hostEvents.some((e) => e.type === "size" && e.t >= sent)) {
      if (performance.now() > end) {
        throw new Error(`the view reported no size within ${limit} ms of its result`);
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, { json: JSON.stringify(result), limit: 30_000 });
  return m;
}

/**
 * Waits until the view shows `theme` and the host holds its size: once a frame has been laid out
 * (ResizeObserver runs there) with the fonts in, the content's height is the last size the host got.
 * A condition read at once, every frame, not a quiet window: what changes later is caught by the
 * hold (HOLD_MS) in `lintTheme`. After SETTLE_LIMIT_MS it stops waiting, and the lint names the
 * mismatch. Returns the reported heights after delivery and the content's height.
 */
async function settle(m: Mounted, theme: Theme): Promise<{ sizes: number[]; content: number }> {
  const limit = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const content = await m.view.evaluate(async (theme) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      // a theme the host just switched to: its host-context-changed has reached the view
      for (let i = 0; document.body.dataset.theme !== theme; i++) {
        if (i > 600) throw new Error(`the view never took the ${theme} theme`);
        await frame();
      }
      await document.fonts.ready;
      await frame();
      await frame();
      return Math.ceil(document.documentElement.getBoundingClientRect().height);
    }, theme);
    const sizes = (await m.events("size")).map((e) => e.height as number);
    if (Math.abs(content - sizes.at(-1)!) <= 1 || Date.now() > limit) return { sizes, content };
  }
}

/** One card to lint at one width, in each of its themes. */
interface Job {
  c: LintCase;
  width: number;
  /**
   * The card is mounted in the first and linted, then switched to each next one in place (the
   * host's host-context-changed, as when a user switches the chat's theme) and linted again.
   */
  themes: readonly Theme[];
  fixture?: Json;
  /** Done once the final size is taken (the planted break below changes the height there). */
  afterFinal?: (m: Mounted) => Promise<unknown>;
}

/** The host's picture of the card, for the contact sheets. */
async function picture(m: Mounted): Promise<Uint8Array> {
  const box = (await (await m.page.$("iframe"))!.boundingBox())!;
  return await m.page.screenshot({
    clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: Math.min(box.height, 1300) + 16 },
  });
}

/** Lints the painted card as it shows `theme`: settled, then held for HOLD_MS while it is looked at. */
async function lintTheme(m: Mounted, job: Job, theme: Theme): Promise<Render> {
  const { c, width } = job;
  const { sizes: reported } = await settle(m, theme);
  const final = reported.at(-1)!;
  await job.afterFinal?.(m);
  const held = new Promise((r) => setTimeout(r, HOLD_MS)); // the final size must hold while we look
  const problems = await m.view.evaluate(lintView);
  if (final > CAPS[c.kind]) {
    problems.push(`inline height ${final} px over the ${c.kind} cap of ${CAPS[c.kind]} px`);
  }
  const shot = PICTURES ? await picture(m) : undefined;
  await held;
  // a change in the hold is named by the sizes the view then reports (settled again, so a report
  // still on its way is counted), or by the content it never reported
  const { sizes, content } = await settle(m, theme);
  const later = sizes.slice(reported.length);
  if (later.length) problems.push(`height changed after the final size ${final} px: ${later.join(" -> ")}`);
  else if (Math.abs(content - final) > 1) {
    problems.push(`content is ${content} px but the last size reported is ${final} px`);
  }
  return { c, width, theme, height: final, problems, shot };
}

/**
 * Paints one card (in `page`, when given) and lints it in each of the job's themes; returns a render
 * per theme and the page it used.
 */
async function lintOne(h: Harness, job: Job, page?: Mounted): Promise<[Render[], Mounted]> {
  const m = await paint(h, job, page);
  // The host check card fills in its facts after asking the host (and a CSP probe that waits 100 ms):
  // its final size comes after them, however long a loaded machine takes.
  if (job.c.kind === "host_check") {
    await until(m.view, () => !document.querySelector("[data-mcc-host-check] > p"));
  }
  const renders: Render[] = [];
  for (const [i, theme] of job.themes.entries()) {
    if (i > 0) await m.page.evaluate((t) => window.switchTheme(t), theme);
    renders.push(await lintTheme(m, job, theme));
  }
  // The scrub and the play move the animation, so they come after every theme's lint: the last
  // theme's first, then back through the others.
  if (job.c.kind === "animation") {
    for (const r of renders.toReversed()) {
      if (r !== renders.at(-1)) await m.page.evaluate((t) => window.switchTheme(t), r.theme);
      const heights = await m.view.evaluate(animationHeights, r.theme);
      const [low, high] = [Math.min(...heights), Math.max(...heights)];
      if (high - low > 0.5) {
        r.problems.push(`animation height changes while playing: ${Math.round(low)}..${Math.round(high)} px`);
      }
    }
  }
  return [renders, m];
}

/**
 * Lints `jobs` POOL at a time; each worker takes an open host page from `pages` (or opens one) and
 * puts it back when the jobs are done, for the next call.
 */
async function lintAll(h: Harness, jobs: Job[], pages: Mounted[]): Promise<Render[]> {
  const out: Render[][] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: POOL }, async () => {
    let page = pages.pop();
    try {
      while (next < jobs.length) {
        const i = next++;
        [out[i], page] = await lintOne(h, jobs[i], page);
      }
    } finally {
      if (page) pages.push(page);
    }
  }));
  return out.flat();
}

const b64 = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/** One PNG of `renders` side by side, each captioned with its case, height and problems. */
async function contactSheet(page: Page, renders: Render[], title: string, file: string): Promise<void> {
  const width = renders[0].width;
  const columns = Math.max(2, Math.min(6, Math.floor(3400 / (width + 40))));
  const dark = renders[0].theme === "dark";
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const tiles = renders.map((r) =>
    `<figure><figcaption><b>${esc(r.c.name)}</b> · ${r.height} px${
      r.problems.length
        ? ` · <span class="bad">${r.problems.length} problem${r.problems.length > 1 ? "s" : ""}</span>`
        : ""
    }</figcaption><img src="data:image/png;base64,${b64(r.shot!)}">${
      r.problems.length
        ? `<ul>${r.problems.slice(0, 4).map((p) => `<li>${esc(p.slice(0, 140))}</li>`).join("")}</ul>`
        : ""
    }</figure>`
  ).join("");
  await page.setViewportSize({ width: columns * (width + 40) + 40, height: 800 });
  await page.setContent(
    `<!doctype html><style>body{margin:20px;background:${dark ? "#111114" : "#fff"};color:${
      dark ? "#eee" : "#111"
    };font:14px system-ui}h1{font-size:18px;margin:0 0 12px}main{display:grid;grid-template-columns:repeat(${columns},${
      width + 24
    }px);gap:16px;align-items:start}figure{margin:0}figcaption{margin:0 0 4px}img{display:block;max-width:100%;outline:1px dashed #888}.bad{color:#e5484d}ul{margin:4px 0 0;padding-left:16px;color:#e5484d;font-size:12px}</style><h1>${
      esc(title)
    }</h1><main>${tiles}</main>`,
  );
  await page.screenshot({ path: new URL(file, ARTIFACTS).pathname, fullPage: true });
}

Deno.test({
  name: "layout lint: every kind at 360, 420, 760 and 1100 px in both themes",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  // mirror_web_form's cards come from a real loopback site, mirrored once each.
  await using web = await site({ "/contact": savedPage("forms.html"), ...WEB_PAGES });
  await using client = await webClient([web.origin]);
  const cases: LintCase[] = [
    ...EXAMPLES,
    {
      name: "web_form/example",
      kind: "web_form",
      tool: "mirror_web_form",
      args: { url: "/contact", form: "booking" },
    },
    ...STRESS,
  ].map((c) => c.kind === "web_form" ? { ...c, args: { ...c.args, url: `${web.origin}${c.args.url}` } } : c);
  const fixtures = new Map<LintCase, Json>();
  for (const c of cases.filter((c) => c.kind === "web_form")) {
    const result = await client.callTool({ name: c.tool, arguments: c.args }) as Json;
    if (result.isError) throw new Error(`${c.name} refused: ${JSON.stringify(result.content)}`);
    fixtures.set(c, result);
  }
  const only = Deno.env.get("MCC_LINT_ONLY");
  const picked = only ? cases.filter((c) => c.name.includes(only)) : cases;
  const widths = Deno.env.get("MCC_LINT_WIDTHS")?.split(",").map(Number) ?? WIDTHS;
  const themes = (Deno.env.get("MCC_LINT_THEMES")?.split(",") ?? THEMES) as Theme[];
  const h = await startHarness();
  const pages: Mounted[] = []; // the host pages, reused from render to render and width to width
  const started = performance.now();
  try {
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    // every kind is held to a height cap: a kind without one could grow without the lint saying so
    await t.step("every card kind has its height cap", () => {
      assertEquals(cases.filter((c) => !(c.kind in CAPS)).map((c) => c.name), []);
    });
    // the lint's own check first: a planted change after the final size must be named
    await t.step("a height that changes after the final size is named", async () => {
      const c = EXAMPLES.find((c) => c.kind === "markdown")!;
      const job: Job = { c, width: 420, themes: ["light"] };
      const [[clean], page] = await lintOne(h, job);
      pages.push(page);
      assertEquals(clean.problems, []);
      // the planted break: 40 px more, right after the final size was taken
      const grow = (m: Mounted) =>
        m.view.evaluate(() => {
          const more = document.createElement("div");
          more.style.height = "40px";
          document.body.append(more);
        });
      const [[broken]] = await lintOne(h, { ...job, afterFinal: grow }, page);
      assertEquals(broken.problems, [
        `height changed after the final size ${broken.height} px: ${broken.height + 40}`,
      ]);
    });
    const sheet = SHEETS ? await h.context.newPage() : undefined;
    for (const width of widths) {
      await t.step(`${width} px, ${themes.join(" then ")}`, async () => {
        const renders = await lintAll(
          h,
          picked.map((c) => ({ c, width, themes, fixture: fixtures.get(c) })),
          pages,
        );
        for (const theme of sheet ? themes : []) {
          const mine = renders.filter((r) => r.theme === theme);
          const examples = mine.filter((r) => r.c.name.endsWith("/example"));
          const stress = mine.filter((r) => !r.c.name.endsWith("/example"));
          if (examples.length) {
            await contactSheet(
              sheet!,
              examples,
              `Every kind's example at ${width} px, ${theme}`,
              `lint-${width}-${theme}.png`,
            );
          }
          if (stress.length) {
            await contactSheet(
              sheet!,
              stress,
              `Stress cases at ${width} px, ${theme}`,
              `lint-stress-${width}-${theme}.png`,
            );
          }
        }
        if (SHOTS) {
          await Deno.mkdir(new URL("lint/", ARTIFACTS), { recursive: true });
          for (const r of renders) {
            await Deno.writeFile(
              new URL(`lint/${r.c.name.replace("/", "-")}-${width}-${r.theme}.png`, ARTIFACTS),
              r.shot!,
            );
          }
        }
        const found = renders.flatMap((r) => r.problems.map((p) => `${r.c.name} ${width} ${r.theme}: ${p}`));
        assertEquals(found, []);
      });
    }
    await sheet?.close();
    report(
      `layout lint: ${picked.length} cases x ${widths.length} widths x ${themes.length} themes in ${
        ((performance.now() - started) / 1000).toFixed(0)
      } s${SHEETS ? "; contact sheets in tests/artifacts/lint-*.png" : ""}`,
    );
  } finally {
    for (const page of pages) await page.page.close().catch(() => {});
    await h.close();
  }
});
