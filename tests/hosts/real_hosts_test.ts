/**
 * Real MCP Apps hosts that others wrote, driven in Chromium against the real server over Streamable
 * HTTP: @mcp-ui/client's AppRenderer (the renderer several chat clients embed) in a minimal host
 * page with a sandbox proxy on a second origin, and the official MCP Inspector's web UI (Apps tab),
 * installed from npm (tests/hosts/inspector/). Each paints every card kind's example in light and
 * dark; each card must be exactly as tall as the frame its host gave it, wear the host's theme and
 * log no error of ours. tests/browser/ (the official AppBridge) stays the reference suite.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { KINDS } from "../browser/samples.ts";
import { serveApp } from "../http/helpers.ts";
import {
  atMost,
  fits,
  ourErrors,
  type Painted,
  serveRoutes,
  settle,
  shot,
  viewFrame,
  watchConsole,
} from "./hosts.ts";
import type { McpUiMount, McpUiWindow } from "./page/mcp_ui_host.ts";
import {
  bundle,
  CACHED,
  openBrowser,
  skipReason,
  SPEC_DEFAULT_CSP,
  windowOpener,
} from "../browser/harness.ts";
import { inspectorReason, startInspector } from "./inspector.ts";
import { CARDS } from "../../src/registry.ts";
import type { Locator, Page } from "playwright-core";

const browserReason = skipReason();
const THEMES = ["light", "dark"] as const;
/** `MCC_HOSTS_ONLY=mcp-ui` or `=inspector` runs one host's step (while working on it). */
const only = Deno.env.get("MCC_HOSTS_ONLY");
/** `MCC_HOSTS_KINDS=table,host_check` paints only those kinds in the Inspector (while working on them). */
const kindsOnly = Deno.env.get("MCC_HOSTS_KINDS")?.split(",");
/**
 * Pages painting at once in AppRenderer: each mostly waits (loads, frames, the server), so three
 * side by side overlap their waits. The Inspector paints one card at a time (two of its pages at
 * once left a card unpainted for 15 s on a loaded machine), beside AppRenderer.
 */
const MCP_UI_PAGES = 3;
/** The steps run side by side: no step may check for leaks the other one makes. */
const SIDE_BY_SIDE = { sanitizeOps: false, sanitizeResources: false, sanitizeExit: false };

/** The host check card's CSP probe: a fetch the policy refuses on purpose, which the console reports. */
const PROBE = "http://127.0.0.1:9/";

/**
 * One card as a host painted it: its size, theme and our console errors. `painted.panel` is the most
 * a host shows (the Inspector's app panel, about 650 px here, which it does not declare: it sends a
 * fixed `containerDimensions.height` taller than the panel), past which a card scrolls inside its frame.
 */
function check(
  where: string,
  painted: Painted,
  theme: string,
  kind: string,
  errors: string[],
): void {
  assert(
    fits(painted),
    `${where}: the frame is ${painted.frame} px, the card's document ${painted.content} px`,
  );
  assert(painted.content > 80, `${where}: ${painted.content} px tall`);
  assertEquals(painted.theme, theme, `${where}: theme`);
  assertEquals(painted.kind, kind, `${where}: kind`);
  assertEquals(
    errors.filter((e) => !(kind === "host_check" && e.includes(PROBE))),
    [],
    `${where}: console errors`,
  );
}

Deno.test({
  name: "real hosts paint every card kind",
  ignore: browserReason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  // A browser host on loopback: the operator lists it for CORS, as README says for web hosts.
  await using served = await serveApp({ allowedHosts: ["127.0.0.1"] });
  const { browser, close: leaveBrowser } = await openBrowser();
  const sandboxJs = await bundle("tests/browser/page/sandbox.ts", { minify: true });
  const sandbox = serveRoutes(
    new Map([
      ["/sandbox.html", {
        type: "text/html",
        headers: { "content-security-policy": SPEC_DEFAULT_CSP },
        body:
          `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style></head><body><script src="/sandbox.js"></script></body></html>`,
      }],
      ["/sandbox.js", { type: "text/javascript", body: sandboxJs, headers: CACHED }],
    ]),
  );
  try {
    await Promise.all([
      t.step({
        name: "@mcp-ui/client AppRenderer",
        ignore: only !== undefined && only !== "mcp-ui",
        ...SIDE_BY_SIDE,
        fn: async () => {
          const host = serveRoutes(
            new Map([
              ["/host.html", {
                type: "text/html",
                body:
                  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AppRenderer host</title><style>body{margin:16px;font:14px system-ui}#slot{width:680px}</style></head><body><div id="slot"></div><script type="module" src="/host.js"></script></body></html>`,
              }],
              ["/host.js", {
                type: "text/javascript",
                body: await bundle("tests/hosts/page/mcp_ui_host.ts", { minify: true }),
                headers: CACHED,
              }],
            ]),
          );
          const context = await browser.newContext({ viewport: { width: 720, height: 900 } });
          try {
            // a window per lane: tabs of one window behind the front one get a frame a second
            const newPage = windowOpener(context);
            const cases = Object.entries(KINDS).flatMap(([kind, call]) =>
              THEMES.map((theme) => ({ kind, call, theme }))
            );
            // Each lane keeps its page: a goto gives every case a fresh host document at half the
            // browser's cost of a new page, and the case reads only its own console lines.
            const idle: { page: Page; lines: ReturnType<typeof watchConsole> }[] = [];
            await atMost(MCP_UI_PAGES, cases, async ({ kind, call, theme }) => {
              const reused = idle.pop();
              const page = reused?.page ?? await newPage();
              const lines = reused?.lines ?? watchConsole(page);
              lines.length = 0;
              await page.goto(`${host.origin}/host.html`);
              const mount: McpUiMount = {
                mcpUrl: served.url.href,
                sandboxUrl: `${sandbox.origin}/sandbox.html`,
                ...call,
                hostContext: { theme, displayMode: "inline", platform: "web" },
              };
              await page.evaluate((o) => (window as unknown as McpUiWindow).mountCard(o), mount);
              const view = await viewFrame(page, sandbox.origin);
              const painted = await settle(page, view, sandbox.origin);
              check(`mcp-ui ${kind} ${theme}`, painted, theme, kind, ourErrors(lines, view.url()));
              if (kind === "table") await shot(page, `host-mcp-ui-${kind}-${theme}`);
              idle.push({ page, lines });
            });
          } finally {
            await context.close();
            await host.server.shutdown();
          }
        },
      }),

      t.step({
        name: "the MCP Inspector's Apps tab",
        ignore: inspectorReason() !== undefined || only !== undefined && only !== "inspector",
        ...SIDE_BY_SIDE,
        fn: async () => {
          await using inspector = await startInspector(served.url.href);
          for (const theme of THEMES) {
            const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
            try {
              // The Inspector keeps its colour scheme (Mantine's) in localStorage; it tells the view.
              await context.addInitScript(
                (t) => localStorage.setItem("mantine-color-scheme-value", t),
                theme,
              );
              const page = await context.newPage();
              const lines = watchConsole(page);
              const painting = CARDS.filter((c) => !kindsOnly || kindsOnly.includes(c.card.kind));
              await openApps(page, inspector.url, painting[0].title);
              for (const card of painting) {
                const kind = card.card.kind;
                await openApp(page, card.title, KINDS[kind].args);
                const view = await viewFrame(page, inspector.sandboxOrigin);
                const painted = await settle(page, view, inspector.sandboxOrigin, { inPanel: true });
                check(
                  `inspector ${kind} ${theme}`,
                  painted,
                  theme,
                  kind,
                  ourErrors(lines, view.url()),
                );
                if (kind === "table") await shot(page, `host-inspector-${kind}-${theme}`);
                const back = Object.keys(KINDS[kind].args).length ? "Back to Input" : "Close";
                await page.getByRole("button", { name: back }).first().click({ force: true });
              }
            } finally {
              await context.close();
            }
          }
        },
      }),
    ]);
  } finally {
    await leaveBrowser();
    await sandbox.server.shutdown();
  }
});

/** Connects the Inspector to the server and opens its Apps tab, where `title` is listed. */
async function openApps(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  await switchOn(page.getByRole("switch").first(), "connect");
  await page.getByText("Connected", { exact: true }).waitFor({ timeout: 60_000 });
  // The tab bar can take a click before it listens (just after connecting): click until the list shows.
  const listed = page.getByText(title, { exact: true }).first();
  for (let tries = 0; tries < 10 && !(await listed.isVisible()); tries++) {
    await page.getByText("Apps", { exact: true }).click({ force: true });
    await listed.waitFor({ timeout: 3_000 }).catch(() => {});
  }
}

/**
 * Turns one of the Inspector's switches on. Mantine's switch hides its input under the track: the
 * click is forced. A click that lands before the Inspector's panel listens changes nothing (seen on a
 * loaded machine, for the connect switch and the JSON arguments switch), so click until it is on.
 */
async function switchOn(input: Locator, what: string): Promise<void> {
  for (let tries = 0; !(await input.isChecked()); tries++) {
    if (tries === 10) throw new Error(`the Inspector's ${what} switch stayed off after 10 clicks`);
    await input.click({ force: true });
    await input.evaluate((element: HTMLInputElement) =>
      new Promise<void>((done) => {
        const until = Date.now() + 3_000;
        const look = () => element.checked || Date.now() > until ? done() : requestAnimationFrame(look);
        look();
      })
    );
  }
}

/** Picks an app by its tool title, types its arguments as JSON and opens it. */
async function openApp(page: Page, title: string, args: Record<string, unknown>): Promise<void> {
  // Forced clicks: the Inspector animates its panels, and waiting for them to rest costs seconds.
  await page.getByText(title, { exact: true }).first().click({ force: true });
  // A tool without arguments (the host check) opens at once, with no argument editor.
  if (!Object.keys(args).length) return;
  await switchOn(page.getByRole("switch", { name: /JSON/ }), "JSON arguments");
  await page.getByLabel(/^Arguments JSON/).focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(JSON.stringify(args, null, 2));
  await page.getByRole("button", { name: "Open App" }).click({ force: true });
}
