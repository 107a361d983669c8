// deno-lint-ignore-file no-console no-window -- reports on stderr; page callbacks run in the browser, where window exists
/**
 * The browser test harness: a context of its own in its worker's Chromium (Debian's, never a
 * download; shared by the test files of a worker, or the run's shared one when MCC_BROWSER_WS names
 * it, `openBrowser`), a test host page on one loopback origin, a sandbox proxy on another (serving
 * the spec's default CSP as a header), and the real server behind real MCP clients held here in
 * Deno. The host page reaches the server through functions exposed by playwright, so every
 * tools/call and resources/read the view makes travels the real protocol on both sides.
 */
import axe from "axe-core";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Frame,
  type Locator,
  type Page,
} from "playwright-core";
import type { Client } from "@modelcontextprotocol/client";
import { CardStore } from "../../mod.ts";
import { connect } from "../helpers.ts";
import type { HostEvent, MountOptions } from "./page/types.ts";

/**
 * The Chromium the browser tests drive: MCC_CHROMIUM when set, else Debian's headless shell (package
 * chromium-headless-shell: the same Blink and V8 as its chromium, built without the browser's own UI,
 * which is what Playwright runs headless by default) when installed, else Debian's chromium. The shell
 * paints the same cards for less: 11 to 12% less CPU on the busiest browser files alone
 * (chart_layout_test 132-141 -> 118 CPU-s, runtime_test 139 -> 124) and 44% over the whole
 * fresh-clone `.ci/run` (3,791 -> 2,106 CPU-s), where every window also ran the browser's own UI pages.
 */
export const CHROMIUM = Deno.env.get("MCC_CHROMIUM") ?? firstInstalled([
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/bin/chromium",
]);

/** The first of `paths` that exists (the last when none does, for the skip reason to name). */
function firstInstalled(paths: string[]): string {
  const exists = (path: string) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  };
  return paths.find(exists) ?? paths.at(-1)!;
}

/** Why the browser tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  try {
    Deno.statSync(CHROMIUM);
    return undefined;
  } catch {
    return `${CHROMIUM} is missing: install Debian's chromium (or chromium-headless-shell) package to run the browser tests`;
  }
}

/**
 * How the browser tests start Chromium. The last two save it work that no test looks at: every host
 * page is a popup of its own (`windowOpener`), which by default gets a renderer process of its own,
 * started and torn down per page; at most two renderers, reused from page to page, and the software
 * compositor on a thread of the browser process instead of a GPU process of its own, took the four
 * busiest browser files (two at a time, as CI runs them) from 515.9 to 474.1 CPU-s and 270 to 250 s
 * (chart_layout_test alone from 118.7 to 92.8; `--renderer-process-limit=1` 91.1; runs of one file
 * on this virtual machine vary by about 8%).
 * The pages still paint in renderers apart from the browser: `--single-process` saved about as much
 * (89.9) but drew text with whole-pixel glyph advances (text_width_test failed) and crashed under the
 * MCP Inspector (real_hosts_test).
 */
export const FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--renderer-process-limit=2",
  "--in-process-gpu",
];

/** What MCP Apps hosts must apply when a resource declares no CSP (spec 2026-01-26). */
export const SPEC_DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none';";

export const ARTIFACTS = new URL("../artifacts/", import.meta.url);

const root = new URL("../../", import.meta.url);

/**
 * A test page's script, bundled for the browser (`entry` relative to the repository; `minify` as a real
 * host would serve it). Bundled once per test run: every browser file of a `deno test` run lives in one
 * process, so the first to ask writes the bundle to a folder named for that process (its pid and start
 * time, which no later run shares) and the rest read it: about 74 `deno bundle` runs fewer, ~34 CPU-s a
 * run (a host page and sandbox pair costs 0.92). The folder stays until the next run removes it; where
 * /proc is missing, each file bundles for itself.
 */
export async function bundle(entry: string, { minify = false } = {}): Promise<string> {
  const dir = await bundleFolder();
  const cached = dir && `${dir}/${entry.replaceAll("/", "_")}${minify ? ".min" : ""}.js`;
  if (cached) {
    try {
      return await Deno.readTextFile(cached);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--platform",
      "browser",
      "--format",
      "esm",
      ...(minify ? ["--minify"] : []),
      entry,
    ],
    cwd: root,
  }).output();
  if (code !== 0) throw new Error(`deno bundle ${entry} failed:\n${new TextDecoder().decode(stderr)}`);
  const js = new TextDecoder().decode(stdout);
  if (cached) {
    // Written aside and renamed, so a file bundling beside this one never reads half a bundle.
    const part = `${cached}.${crypto.randomUUID()}`;
    await Deno.writeTextFile(part, js);
    await Deno.rename(part, cached);
  }
  return js;
}

/** The folder of this test run's bundles (made on first use, when those of ended runs go), or none. */
let bundleFolderMade: Promise<string | undefined> | undefined;
export function bundleFolder(): Promise<string | undefined> {
  return bundleFolderMade ??= (async () => {
    const mine = await runName(Deno.pid);
    if (!mine) return undefined;
    const dir = `${BUNDLES}/${mine}`;
    await Deno.mkdir(dir, { recursive: true });
    await removeEndedRuns(mine);
    return dir;
  })();
}

/** Where the runs' bundle folders are: each named for its run's process (runName). */
export const BUNDLES = `${Deno.env.get("TMPDIR") ?? "/tmp"}/mcc-test-bundles`;

/** "<pid>-<start time>" of a live process (no later process has both), or undefined. */
function runName(pid: number | string): Promise<string | undefined> {
  return Deno.readTextFile(`/proc/${pid}/stat`).then(
    (stat) => `${pid}-${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]}`,
    () => undefined,
  );
}

/** Removes the bundle folders of runs whose process is gone, all but `keep`. */
export async function removeEndedRuns(keep: string): Promise<void> {
  for await (const { name } of Deno.readDir(BUNDLES)) {
    if (name !== keep && await runName(name.split("-")[0]) !== name) {
      await Deno.remove(`${BUNDLES}/${name}`, { recursive: true }).catch(() => {});
    }
  }
}

/** For a page's scripts: later documents load them from cache, with V8's code cache (see startHarness). */
export const CACHED = { "cache-control": "max-age=3600" };

type Routes = Map<string, { body: string; type: string; headers?: Record<string, string> }>;

function serve(routes: Routes): { origin: string; server: Deno.HttpServer } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const route = routes.get(new URL(req.url).pathname);
    if (!route) return new Response("not found", { status: 404 });
    return new Response(route.body, { headers: { "content-type": route.type, ...route.headers } });
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, server };
}

/** A mounted card: the host page, the view's frame and the host's record of events. */
export interface Mounted {
  /**
   * The host page. `close()` gives it back to the harness, which takes it for a later `mount` with
   * nothing of this test left in it; the handle is dead from then on (`isClosed()`, any other use throws).
   */
  page: Page;
  view: Frame;
  events(type?: string): Promise<HostEvent[]>;
  /** Every console line of the page and its frames, from the start. */
  console: string[];
}

/** What a test asks `mount` for: the host's options, and `fresh` for a page never used before. */
export type MountArgs = Omit<MountOptions, "sandboxUrl"> & { fresh?: boolean };

/** Everything the tests share. */
export interface Harness {
  browser: Browser;
  context: BrowserContext;
  hostOrigin: string;
  /** The MCP Apps client (and a plain one sharing the card store, for fallback-link results). */
  apps: Client;
  plain: Client;
  /** Serves an HTML page on the host origin; returns its URL. */
  servePage(path: string, html: string): string;
  /**
   * Opens the test host and mounts one card in it: in a page an earlier test closed, given a fresh
   * host document, or with `fresh: true` in a new page that a close really closes.
   */
  mount(options: MountArgs): Promise<Mounted>;
  /**
   * Mounts another card in an open host page, in place of the one it holds (a fresh iframe and
   * bridge, the host events cleared): many cards without reloading the host page each time.
   */
  remount(m: Mounted, options: MountArgs): Promise<Mounted>;
  close(): Promise<void>;
}

/** The view's frame: the sandbox proxy's inner iframe. */
async function viewFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 200; i++) {
    const frame = page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame());
    if (frame) return frame;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the view frame never appeared");
}

/** The context's viewport: a new page's, and what a reused page is given back. */
const VIEWPORT = { width: 720, height: 900 };

/** MCC_DEBUG_HOST_PAGES=1 says on stderr why a host page's document was not taken as it was. */
const DEBUG_REUSE = Boolean(Deno.env.get("MCC_DEBUG_HOST_PAGES"));

/** The media a new page of the context has (the context emulates none of its own). */
const NEW_PAGE_MEDIA = {
  media: null,
  colorScheme: "light",
  reducedMotion: "no-preference",
  forcedColors: "none",
  contrast: "no-preference",
} as const;

/** Page methods whose effect outlives a navigation: a page that used one is closed, never reused. */
const LASTING = new Set([
  "addInitScript",
  "addLocatorHandler",
  "exposeBinding",
  "exposeFunction",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "setDefaultNavigationTimeout",
  "setDefaultTimeout",
  "setExtraHTTPHeaders",
]);

type Listener = (...args: never[]) => unknown;
/** Playwright's pages and contexts are Node-style emitters (their typings leave these out). */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): Listener[];
  off(event: string | symbol, listener: Listener): unknown;
}
const emitter = (x: Page | BrowserContext) => x as unknown as Emitter;

/** `windowOpener`'s own "page" listeners, each there until its page came: none is a test's. */
const finding = new WeakSet<Listener>();

/** The context's "page" listeners that outlast the page being opened (a test's, the harness's). */
const pageListeners = (context: BrowserContext) =>
  emitter(context).rawListeners("page").filter((l) => !finding.has(l));

/** What a test did with its page that the next mount must undo. */
interface Use {
  lasting: boolean;
  media: boolean;
  mouse: boolean;
}

/** The pages `windowOpener` opened: popups of the harness, not of a card. */
const harnessWindows = new WeakSet<Page>();

/**
 * Whether `page` is a window the harness opened (they are popups, with an opener): by the time a
 * context "page" listener's first await is over, the harness has claimed its own.
 */
export const isHarnessWindow = (page: Page): boolean => harnessWindows.has(page);

/** How many windows every `windowOpener` of this module has opened: each popup's address is unique. */
let windowsOpened = 0;

/**
 * Opens pages of `context` each in a window of its own, where `context.newPage()` opens a tab in the
 * context's one window. Chromium draws only the front tab of a window, and a tab behind it that keeps
 * changing gets one frame a second: measured in three busy background tabs, requestAnimationFrame
 * came 1,017 ms apart against 17 ms in the front one and in pages of their own windows. A test that
 * waits on frames in several pages at once (every pooled file) waited out those seconds.
 * The windows are popups (`window.open` with "popup" from a blank tab the opener keeps): a normal
 * window (CDP's Target.createTarget with newWindow) also starts two omnibox pages of Chromium's own,
 * which made each page cost 1.2 CPU-s against 0.6 for a tab or a popup (15 pages opened, measured).
 * Each popup is asked for under an address of its own, by which its page is known when it comes; a
 * test that watches for popups a card opens leaves these out (`isHarnessWindow`).
 */
export function windowOpener(context: BrowserContext): () => Promise<Page> {
  let opener: Promise<Page> | undefined;
  return async () => {
    if (!opener || (await opener).isClosed()) opener = context.newPage();
    const from = await opener;
    const address = `about:blank#mcc-window-${++windowsOpened}`;
    const came = new Promise<Page>((resolve) => {
      const check = (page: Page) => {
        if (page.url() !== address) return;
        harnessWindows.add(page);
        context.off("page", check);
        resolve(page);
      };
      finding.add(check);
      context.on("page", check);
    });
    await from.evaluate((url) => void open(url, "_blank", "popup,noopener"), address);
    return await came;
  };
}

/**
 * The host pages `mount` hands out. A new page costs Chromium twice what a new document in an open
 * page does (0.84 s against 0.42 s a mounted card, measured: a WebContents, the CDP attach, a
 * renderer process), so a page a test closes waits here, its card removed, for the next mount. That
 * mount gives it what a new page has: no listener but those the context's "page" listeners added at
 * its birth (the test's go at once, at close), the context's viewport and media, the mouse at 0,0,
 * and a host document as a new one is: the one it had, emptied at close by the host's `resetHost`
 * (its card and bridge gone, what was pending cancelled, its state reset) when that found nothing
 * else a test changed in it, else a new one (`goto`; a new document costs Chromium 0.11 CPU-s a
 * mount more, 0.30 against 0.19). A page that used a LASTING method, was born before the context's
 * "page" listeners changed, or was mounted `fresh`, is closed instead.
 */
function hostPages(context: BrowserContext, hostUrl: string) {
  const idle: Page[] = [];
  const newPage = windowOpener(context);
  const born = new WeakMap<Page, { listeners: Map<string | symbol, Listener[]>; onPage: Listener[] }>();
  const listenersOf = (page: Page) => {
    const e = emitter(page);
    return new Map(e.eventNames().map((name) => [name, e.rawListeners(name)]));
  };
  const sameListeners = (a: Listener[], b: Listener[]) =>
    a.length === b.length && a.every((l, i) => l === b[i]);

  const release = async (page: Page, use: Use, fresh: boolean) => {
    const birth = born.get(page)!;
    const e = emitter(page);
    for (const name of e.eventNames()) {
      const kept = birth.listeners.get(name) ?? [];
      for (const listener of e.rawListeners(name)) if (!kept.includes(listener)) e.off(name, listener);
    }
    const reusable = !fresh && !use.lasting && !page.isClosed() &&
      sameListeners(pageListeners(context), birth.onPage);
    // The card goes now, as it would with the page: no call of its reaches the server after its test.
    // The host document is emptied as a new one would be (`resetHost`, tests/browser/page/host.ts);
    // one a test changed past that, or that is not the host's, gets a new document at the next mount.
    const left = reusable &&
      await page.evaluate(() =>
        window.resetHost?.() ?? (document.body?.replaceChildren(), ["not the test host's document"])
      ).catch(() => undefined);
    if (left) {
      if (left.length === 0) asGood.add(page);
      else if (DEBUG_REUSE) console.error(`host document loaded anew for the next mount: ${left.join("; ")}`);
      idle.push(page);
    } else await page.close().catch(() => {});
  };

  const renew = async (page: Page, use: Use) => {
    const size = page.viewportSize();
    if (size?.width !== VIEWPORT.width || size?.height !== VIEWPORT.height) {
      await page.setViewportSize(VIEWPORT);
    }
    if (use.media) await page.emulateMedia(NEW_PAGE_MEDIA);
    if (use.mouse) await page.mouse.move(0, 0);
  };

  const last = new WeakMap<Page, Use>();
  /** Idle pages whose host document `resetHost` left as a new one: the next mount takes it as it is. */
  const asGood = new WeakSet<Page>();
  const loadHost = async (page: Page) => {
    await page.goto(hostUrl);
    // by an evaluate, not waitForFunction: see waitFor
    const ready = await page.evaluate(async () => {
      for (const end = performance.now() + 30_000; performance.now() < end;) {
        if (typeof window.mountCard === "function") return true;
        await new Promise((r) => requestAnimationFrame(r));
      }
      return false;
    });
    if (!ready) throw new Error("the test host page had no mountCard 30 s after it loaded");
  };
  /** A host page with a fresh host document, and the console lines of that document and its frames. */
  return async (fresh: boolean): Promise<{ page: Page; console: string[] }> => {
    let page = fresh ? undefined : idle.pop();
    // A page kept from before a test changed the context's "page" listeners would miss them: closed.
    while (page && !sameListeners(pageListeners(context), born.get(page)!.onPage)) {
      await page.close().catch(() => {});
      page = idle.pop();
    }
    if (page) await renew(page, last.get(page)!);
    else {
      page = await newPage();
      born.set(page, { listeners: listenersOf(page), onPage: pageListeners(context) });
    }
    const lines: string[] = [];
    page.on("console", (message) => lines.push(message.text()));
    if (!asGood.delete(page)) await loadHost(page);
    const use: Use = { lasting: false, media: false, mouse: false };
    last.set(page, use);
    return { page: lease(page, use, () => release(page, use, fresh)), console: lines };
  };
}

/**
 * The test's handle on a host page: `close()` ends the lease (the page goes back to the harness),
 * after which `isClosed()` is true and any other use throws, as with a closed page; on the way it
 * notes what the next mount must undo.
 */
function lease(page: Page, use: Use, release: () => Promise<void>): Page {
  let closed: Promise<void> | undefined;
  return new Proxy(page, {
    get(target, key) {
      if (key === "close") return () => closed ??= release();
      if (key === "isClosed") return () => closed !== undefined || target.isClosed();
      if (closed && typeof key === "string" && key !== "then") {
        throw new Error(`page.${key}: this page was closed (it went back to the harness for a later mount)`);
      }
      if (typeof key === "string" && LASTING.has(key)) use.lasting = true;
      if (key === "emulateMedia") use.media = true;
      if (key === "mouse") use.mouse = true;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The browser this worker launched, for every test file that runs in it; reset when it goes. */
let workerBrowser: Promise<Browser> | undefined;

/**
 * A browser for a test file, with a context of its own to open in it, and `close` for when the file
 * is done. The run's shared browser when MCC_BROWSER_WS names one (tests/browser/shared_browser.ts:
 * `close` disconnects); else this worker's, launched by its first file and kept for the next:
 * `deno task test` runs many files in one worker (scripts/test.ts), and a launch with its first
 * renderer and cold caches cost about 2 CPU-s a file. It ends with the process (its DevTools pipe
 * closes), so `close` leaves it open.
 */
export async function openBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const shared = Deno.env.get("MCC_BROWSER_WS");
  if (shared) {
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close() };
  }
  return { browser: await (workerBrowser ??= launchForWorker()), close: () => Promise.resolve() };
}

function launchForWorker(): Promise<Browser> {
  const forget = () => workerBrowser === launching && (workerBrowser = undefined); // the next file launches anew
  const launching: Promise<Browser> = chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS] }).then(
    (browser) => (browser.once("disconnected", forget), browser),
    (error) => {
      forget();
      throw error;
    },
  );
  return launching;
}

export async function startHarness(): Promise<Harness> {
  // One bundle at a time: on an empty cache, concurrent `deno bundle` calls race to install the
  // same esbuild binary and one fails (tests/build/bundle_fresh_test.ts runs that first bundle).
  const hostJs = await bundle("tests/browser/page/host.ts");
  const sandboxJs = await bundle("tests/browser/page/sandbox.ts");
  const hostRoutes: Routes = new Map([
    ["/host.html", {
      type: "text/html",
      body:
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title><style>body{margin:16px;font:14px system-ui}#slot{width:680px}iframe{display:block;width:100%;height:150px;border:0}</style></head><body><div id="slot"></div><script type="module" src="/host.js"></script></body></html>`,
    }],
    // Cacheable, so later documents load it from Chromium's cache with V8's code cache (0.51 -> 0.42 s
    // a mount in an open page, measured); each harness serves on a new port, so never a stale copy.
    ["/host.js", { type: "text/javascript", body: hostJs, headers: CACHED }],
    AXE_ROUTE,
  ]);
  const sandboxRoutes: Routes = new Map([
    ["/sandbox.html", {
      type: "text/html",
      headers: { "content-security-policy": SPEC_DEFAULT_CSP },
      body:
        `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style></head><body><script src="/sandbox.js"></script></body></html>`,
    }],
    ["/sandbox.js", { type: "text/javascript", body: sandboxJs, headers: CACHED }],
    AXE_ROUTE,
  ]);
  const host = serve(hostRoutes);
  const sandbox = serve(sandboxRoutes);
  AXE_ORIGINS.add(host.origin).add(sandbox.origin);

  const store = new CardStore();
  let n = 0;
  const apps = await connect({ store, newId: () => `apps-${++n}` });
  const plain = await connect({ store, apps: false, newId: () => `plain-${++n}` });

  const { browser, close: leaveBrowser } = await openBrowser();
  const context = await browser.newContext({ viewport: VIEWPORT });
  // Each answer crosses into the page as JSON text, which the host page parses (page/host.ts): as an
  // object, Playwright sends it as a tree of its own value records that the view's renderer rebuilds
  // node by node (the tool list alone cost 34 ms of renderer time a mount, a string of it almost none).
  await context.exposeFunction(
    "mccCallToolJson",
    async (name: string, args: Record<string, unknown>, client?: string) =>
      JSON.stringify(await (client === "plain" ? plain : apps).callTool({ name, arguments: args })),
  );
  await context.exposeFunction(
    "mccReadResourceJson",
    async (uri: string) => JSON.stringify(await apps.readResource({ uri })),
  );
  // Listed once, as a host does on connecting (the server's tools never change): a tools/list per
  // mount also made the client compile every tool's output schema again before its next call.
  const tools = JSON.stringify((await apps.listTools()).tools);
  await context.exposeFunction("mccListToolsJson", () => tools);

  const openHost = hostPages(context, `${host.origin}/host.html`);
  const remount: Harness["remount"] = async ({ page, console }, { fresh: _, ...options }) => {
    await page.evaluate(() => {
      const slot = document.getElementById("slot")!;
      slot.replaceChildren();
      slot.style.width = ""; // as a new page has it
      window.hostEvents.length = 0;
    });
    // As JSON text, like the answers above: a fixture or a large argument is one string to send.
    await page.evaluate(
      (json) => window.mountCard(JSON.parse(json)),
      JSON.stringify({
        ...options,
        sandboxUrl: `${sandbox.origin}/sandbox.html`,
      }),
    );
    return {
      page,
      console,
      view: await viewFrame(page),
      events: (type) => page.evaluate((t) => window.hostEvents.filter((e) => !t || e.type === t), type),
    };
  };

  return {
    browser,
    context,
    hostOrigin: host.origin,
    apps,
    plain,
    servePage(path, html) {
      hostRoutes.set(path, { type: "text/html", body: html });
      return host.origin + path;
    },
    async mount({ fresh, ...options }) {
      return await remount(await openHost(fresh ?? false) as Mounted, options);
    },
    remount,
    async close() {
      await context.close();
      await leaveBrowser();
      await apps.close();
      await plain.close();
      await host.server.shutdown();
      await sandbox.server.shutdown();
    },
  };
}

/**
 * How many pages of the one browser a file keeps busy at once for independent renders: most of a
 * render's time is spent waiting (on the server's reply, a frame, the host's resize), so a few
 * pages overlap those waits; more only queue for the same two cores. MCC_BROWSER_PAGES overrides it.
 */
export const PAGES = Number(Deno.env.get("MCC_BROWSER_PAGES") ?? 3);

/**
 * Runs `work` for every item, `size` at a time, and returns one promise per item, in item order,
 * each settling with its own item's outcome: a test awaits them one by one in its own steps, so each
 * item is still reported (and fails) on its own, with its own message. None is left unhandled.
 */
export function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>, size = PAGES): Promise<R>[] {
  const slots: (() => void)[] = [];
  let free = size;
  const take = () => free > 0 ? (free--, Promise.resolve()) : new Promise<void>((r) => slots.push(r));
  const give = () => {
    const next = slots.shift();
    if (next) next();
    else free++;
  };
  return items.map((item) => {
    const outcome = take().then(() => work(item)).finally(give);
    outcome.catch(() => {}); // awaited by its step: a failure is reported there, not as unhandled
    return outcome;
  });
}

/**
 * `inPool` with a host page per worker: `work` gets the harness with its `mount` putting each card in
 * the worker's host page (`remount`: a fresh iframe, proxy and bridge, the slot at its default
 * width), which costs Chromium a third of a new page's CPU (0.3 s against 0.9 s a chart, measured).
 * `work` leaves the page open: the pages are closed once every item is done.
 */
export function inPages<T, R>(
  h: Harness,
  items: readonly T[],
  work: (item: T, h: Harness) => Promise<R>,
  size = PAGES,
): Promise<R>[] {
  const idle: Mounted[] = [];
  const outcomes = inPool(items, async (item) => {
    let page = idle.pop();
    const mount: Harness["mount"] = async (options) =>
      page = page ? await h.remount(page, options) : await h.mount(options);
    try {
      return await work(item, { ...h, mount });
    } finally {
      if (page) idle.push(page);
    }
  }, size);
  Promise.allSettled(outcomes).then(() => Promise.all(idle.map((m) => m.page.close().catch(() => {}))));
  return outcomes;
}

/** Awaits every promise, then throws the first failure in order (as a loop would have), else the values. */
export async function allInOrder<R>(outcomes: Promise<R>[]): Promise<R[]> {
  const settled = await Promise.allSettled(outcomes);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
}

/**
 * Waits, checking every frame, until `predicate(arg)` (run in `frame`, so self-contained) returns a
 * truthy value; fails after `timeout` ms with `what` in its message. Playwright's waitForFunction,
 * waitForSelector and locators first put Playwright's injected script (330 KB, sent over the DevTools
 * pipe, compiled and run) into each new document they touch, and a card's view is a new document
 * every mount: about 0.1 CPU-s of Chromium and Deno a time, over 1,000 times a run. This polls with
 * plain evaluates. A test that goes on to use a locator there pays for the script then.
 */
export async function until<A>(
  frame: Frame | Page,
  predicate: (arg: A) => unknown,
  arg?: A,
  { timeout = 30_000, what = `${predicate}`.slice(0, 200) } = {},
): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    // A frame that navigates meanwhile (a proxy writing the view) is waited in again, as Playwright does.
    const met = await frame.evaluate(async ({ source, arg, left }) => {
      // Evaluated by DevTools, so a view's CSP (no 'unsafe-eval') does not apply to this eval.
      const predicate = (0, eval)(`(${source})`) as (arg: unknown) => unknown;
      const end = performance.now() + left;
      for (;;) {
        if (await predicate(arg)) return true;
        if (performance.now() > end) return false;
        await new Promise((r) => requestAnimationFrame(r));
      }
    }, { source: `${predicate}`, arg, left: Math.max(0, end - Date.now()) }).catch((error: Error) => {
      if (/Execution context was destroyed/.test(error.message) && Date.now() < end) return undefined;
      throw error;
    });
    if (met) return;
    if (met === false) throw new Error(`waited ${timeout} ms for ${what}`);
  }
}

/**
 * Waits until an element matches `selector` in `frame`: shown (a box and not visibility:hidden, as
 * Playwright's waitForSelector waits by default), or with `attached` only in the document. In place
 * of waitForSelector, for the reason `until` gives (kinds_test went from 52 to 44 CPU-s with it).
 */
export function waitFor(
  frame: Frame | Page,
  selector: string,
  { attached = false, timeout = 30_000 } = {},
): Promise<void> {
  return until(
    frame,
    ({ selector, attached }) => {
      const shown = (e: Element) =>
        e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
      const found = [...document.querySelectorAll(selector)];
      return attached ? found.length : found.some(shown);
    },
    { selector, attached },
    { timeout, what: `${attached ? "" : "a shown "}${selector}` },
  );
}

/** Writes a line of figures to stderr (test output stays readable). */
export function report(line: string): void {
  console.error(`[browser] ${line}`);
}

/** Where the harnesses of this test file serve axe's source (AXE_PATH): their host and sandbox origins. */
const AXE_ORIGINS = new Set<string>();
const AXE_PATH = "/mcc-axe.js";
/** The route serving it, on each harness's host and sandbox servers. */
const AXE_ROUTE = [AXE_PATH, { type: "text/javascript", body: axe.source, headers: CACHED }] as const;

/**
 * In a document of one of `origins` whose policy is its server's (no policy of its own in a meta tag):
 * loads axe with a script element, from Chromium's cache and with V8's code cache after the first
 * time, instead of 550 KB over the DevTools pipe compiled anew (0.25 CPU-s an audit). Says whether it did.
 */
function loadAxe({ origins, path }: { origins: string[]; path: string }): Promise<boolean> {
  const own = document.querySelector('meta[http-equiv="Content-Security-Policy" i]');
  if (own || !origins.includes(location.origin) || !document.head) return Promise.resolve(false);
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = `${location.origin}${path}`;
    const done = (loaded: boolean) => (script.remove(), resolve(loaded));
    script.onload = () => done(true);
    script.onerror = () => done(false);
    document.head.append(script);
  });
}

/**
 * axe-core's violations in a view or page, one line per node ("rule: target failure"); a card is not a
 * page, so no h1 is asked for (its title is an h2, under which its h3-h6 nest). Its 550 KB source goes
 * only into a document that does not hold it yet (0.25 CPU-s a time): one audited again after a theme
 * switch does.
 */
export async function axeViolations(view: Frame | Page): Promise<string[]> {
  const held = () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function";
  if (
    !await view.evaluate(held) && !await view.evaluate(loadAxe, { origins: [...AXE_ORIGINS], path: AXE_PATH })
  ) {
    await view.evaluate(axe.source);
  }
  return await view.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const { violations } = await axe.run(document, { rules: { "page-has-heading-one": { enabled: false } } });
    return violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.failureSummary ?? ""}`)
    );
  });
}

/**
 * Mounts `tool`'s real result in a light host and waits until the card has painted (its header tools
 * are in); `extra` overrides any mount option.
 */
export async function mountPainted(
  h: Harness,
  tool: string,
  args: MountOptions["args"],
  extra: Partial<Omit<MountOptions, "sandboxUrl">> = {},
): Promise<Mounted> {
  const m = await h.mount({ tool, args, deliver: "result", hostContext: { theme: "light" }, ...extra });
  await waitFor(m.view, ".mcc-card .mcc-tools");
  return m;
}

/** Runs an item of a card's header More menu by its label ("Copy card", "Download CSV", ...). */
export async function moreAction(view: Frame, label: string): Promise<void> {
  await view.click('.mcc-head [data-mcc-action="more"]');
  await view.getByRole("menuitem", { name: label, exact: true }).click();
}

/**
 * Pictures are for people, so CI takes none: with MCC_SHOTS=1 the browser tests write theirs to
 * tests/artifacts/ (look at them at 420 and 760 px in both themes before calling a card done). What
 * a test does before a picture (a width set, a wait) it does either way, so a run is the same run.
 * They cost Chromium about 0.2 CPU-s each, some 300 of them in a run.
 */
export const SHOTS = Boolean(Deno.env.get("MCC_SHOTS"));

/**
 * A picture of `target` (an element or a page) into tests/artifacts/`path`, with MCC_SHOTS only
 * (`SHOTS`); `fullPage` takes a whole page past its viewport, `clip` a part of it.
 */
export async function picture(
  target: Locator | Page,
  path: string,
  options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<void> {
  if (!SHOTS) return;
  const file = new URL(path, ARTIFACTS);
  await Deno.mkdir(new URL("./", file), { recursive: true });
  await ("goto" in target
    ? target.screenshot({ path: file.pathname, ...options })
    : target.screenshot({ path: file.pathname }));
}

/** A picture of the host's slot (the card as the host shows it) as tests/artifacts/<name>.png, with MCC_SHOTS. */
export async function shot(m: Mounted, name: string): Promise<void> {
  await m.page.waitForTimeout(150); // the host resizes the iframe after the size report
  await picture(m.page.locator("#slot"), `${name}.png`);
}
