// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * Shared pieces of the red-team browser tests (`redui_*_test.ts`): a trap every frame gets before
 * any card code runs (so a payload that runs is caught, whatever frame it lands in), a record of
 * every request the browser makes and every dialog it opens, and the checks each step ends with.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { Frame } from "playwright-core";
import { type Harness, type Mounted, until, waitFor } from "./harness.ts";
import "./page/types.ts";

declare global {
  interface Window {
    /** What hostile payloads that ran reported (they call `_x(n)`). */
    __ran?: string[];
    /** CSP violations seen in this frame: attempts the policy stopped. */
    __csp?: string[];
    /** Uncaught errors and rejections in this frame. */
    __uncaught?: string[];
    _x?: (n: unknown) => void;
  }
}

/**
 * Installed in every frame before its own scripts: `_x()` is what payloads call, and `alert`,
 * `confirm`, `prompt`, `print` report too (a payload may call those directly). The proxy writes the
 * view with document.open(), which keeps these globals but erases event listeners, so uncaught
 * errors and CSP refusals are also taken from Playwright (`Watch.errors`, `Watch.refused`).
 */
function trap(): void {
  window.__ran = [];
  window.__csp = [];
  window.__uncaught = [];
  const hit = (what: string) => window.__ran!.push(what);
  window._x = (n) => hit(`_x(${String(n)})`);
  for (const name of ["alert", "confirm", "prompt", "print"] as const) {
    (window as unknown as Record<string, unknown>)[name] = (...a: unknown[]) =>
      hit(`${name}(${a.join(",")})`);
  }
  addEventListener(
    "securitypolicyviolation",
    (e) => window.__csp!.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
  addEventListener("error", (e) => window.__uncaught!.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => window.__uncaught!.push(String(e.reason)));
}

/** What the browser did that a card must never make it do. */
export interface Watch {
  requests: string[];
  dialogs: string[];
  /** Uncaught errors in any frame, as Playwright saw them. */
  errors: string[];
  /** The browser's own console lines about content it refused (CSP), from any frame. */
  refused: string[];
  /** Requests leaving the two loopback test origins (and data:, blob:, about:). */
  foreign(): string[];
  reset(): void;
}

/** Installs the trap in every frame of every page from now on and records requests and dialogs. */
export async function watch(h: Harness): Promise<Watch> {
  await h.context.addInitScript(trap);
  const w: Watch = {
    requests: [],
    dialogs: [],
    errors: [],
    refused: [],
    foreign: () => w.requests.filter((u) => !/^(data:|blob:|about:|http:\/\/127\.0\.0\.1:\d+\/)/.test(u)),
    reset() {
      for (const list of [w.requests, w.dialogs, w.errors, w.refused]) list.length = 0;
    },
  };
  h.context.on("request", (r) => w.requests.push(r.url()));
  h.context.on("page", (p) => {
    p.on("dialog", (d) => (w.dialogs.push(d.message()), d.dismiss()));
    p.on("pageerror", (e) => w.errors.push(e.message));
    p.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && w.refused.push(m.text()));
  });
  return w;
}

/** The trap's record in one frame (and proof the trap is there). */
export function ran(
  frame: Frame,
): Promise<{ trapped: boolean; ran: string[]; csp: string[]; uncaught: string[] }> {
  return frame.evaluate(() => ({
    trapped: typeof window._x === "function",
    ran: window.__ran ?? [],
    csp: window.__csp ?? [],
    uncaught: window.__uncaught ?? [],
  }));
}

/** Asserts nothing ran, no dialog opened, no request left, no CSP violation and no uncaught error. */
export async function assertClean(m: Mounted, w: Watch, where: string): Promise<void> {
  const got = await ran(m.view);
  assertEquals(
    { ...got, dialogs: w.dialogs, foreign: w.foreign(), errors: w.errors, refused: w.refused },
    { trapped: true, ran: [], csp: [], uncaught: [], dialogs: [], foreign: [], errors: [], refused: [] },
    where,
  );
}

/** Waits for the card's article and the host's first size report after the result. */
export async function painted(m: Mounted): Promise<void> {
  await waitFor(m.view, ".mcc-card");
  await until(m.page, () => window.hostEvents.some((e) => e.type === "size"));
}

/** Every text the selector matches, in document order. */
export const texts = (view: Frame, selector: string): Promise<string[]> =>
  view.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ""), selector);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
