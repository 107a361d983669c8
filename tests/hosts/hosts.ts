/**
 * What the real-host suite shares: the real server over Streamable HTTP on loopback, small static
 * servers for host pages and sandbox proxies, a bound on pages at once, and the checks every painted
 * card must pass whatever host drew it (its frame is as tall as its document, its theme is the
 * host's, and its own console holds no error).
 */
import type { ConsoleMessage, Frame, Page } from "playwright-core";
import { picture, waitFor } from "../browser/harness.ts";

/**
 * Runs `work` on every item, at most `width` at a time (in order of start); rejects with the first
 * failure once every started item has ended.
 */
export async function atMost<T>(width: number, items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, lane));
  const failed = lanes.find((l) => l.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

type Route = { body: string; type: string; headers?: Record<string, string> };

/** A static loopback server; routes may be added later. */
export function serveRoutes(routes: Map<string, Route>): { origin: string; server: Deno.HttpServer } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const route = routes.get(new URL(req.url).pathname);
    if (!route) return new Response("not found", { status: 404 });
    return new Response(route.body, { headers: { "content-type": route.type, ...route.headers } });
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, server };
}

/** Console errors and uncaught exceptions of a page, each with the URL of the frame it came from. */
export function watchConsole(page: Page): { url: string; text: string }[] {
  const lines: { url: string; text: string }[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error") lines.push({ url: m.location().url, text: m.text() });
  });
  page.on("pageerror", (e) => lines.push({ url: "pageerror", text: e.message }));
  return lines;
}

/** The view: the frame a sandbox proxy made inside the host's frame. */
export async function viewFrame(page: Page, sandboxOrigin: string): Promise<Frame> {
  for (let i = 0; i < 400; i++) {
    const frame = page.frames().find((f) => f.parentFrame()?.url().startsWith(sandboxOrigin));
    if (frame) return frame;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no view frame inside a frame of ${sandboxOrigin}`);
}

/** What the card looks like once its host has sized it. */
export interface Painted {
  /** The height of the view's document (its content), in px. */
  content: number;
  /** The height the host gave the frame, in px. */
  frame: number;
  /** The most the host shows, in px, when it is less than the frame could grow to (`settle`'s `inPanel`). */
  panel?: number;
  theme: string | undefined;
  kind: string | null;
}

/**
 * Whether the host shows the card whole: its frame as tall as the card's document, or, for a card
 * taller than the most the host shows (`panel`), a frame that fills the panel.
 */
export function fits({ content, frame, panel = Infinity }: Painted): boolean {
  return Math.abs(content - frame) <= 2 || content > panel && frame >= panel - 2;
}

/**
 * Waits until the card painted and the host's frame (the proxy's iframe in the host page) `fits`
 * it, then reports both; gives up after `ms` and reports what it saw. With `inPanel`, the most the
 * host shows is the box two levels above the frame (the Inspector's app panel, which it does not
 * declare and which settles with the page), read at each look.
 */
export async function settle(
  page: Page,
  view: Frame,
  sandboxOrigin: string,
  { inPanel = false, ms = 15_000 } = {},
): Promise<Painted> {
  await waitFor(view, ".mcc-card .mcc-tools", { timeout: ms });
  const deadline = Date.now() + ms;
  let painted: Painted;
  do {
    const content = await view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const host = await page.evaluate(({ origin, inPanel }) => {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}"]`)!;
      const panel = frame.parentElement!.parentElement!.getBoundingClientRect().height;
      return {
        frame: Math.round(frame.getBoundingClientRect().height),
        panel: inPanel ? Math.floor(panel) : undefined,
      };
    }, { origin: sandboxOrigin, inPanel });
    const { theme, kind } = await view.evaluate(() => ({
      theme: document.body.dataset.theme,
      kind: document.querySelector(".mcc-card")!.getAttribute("data-mcc-kind"),
    }));
    painted = { content, ...host, theme, kind };
    if (fits(painted)) return painted;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < deadline);
  return painted;
}

/** Errors from our side: console errors logged by the view's frame, or naming the card runtime. */
export function ourErrors(lines: { url: string; text: string }[], viewUrl: string): string[] {
  return lines.filter((l) => l.url === viewUrl || /mcp-chat-cards|mcc-/.test(l.text)).map((l) => l.text);
}

/** Saves a screenshot of the host page to tests/artifacts/, with MCC_SHOTS (pictures are for people). */
export async function shot(page: Page, name: string): Promise<void> {
  await picture(page, `${name}.png`);
}
