// deno-lint-ignore-file no-window no-console -- page callbacks run in the browser, where window and its console exist
/**
 * The harness's page reuse: a host page a test closes comes back to the next `mount` with nothing of
 * that test in it (viewport, emulated media, listeners, dialog handlers, host-page globals, console
 * lines, host events, the mouse over the card; its host document kept, emptied, when only the card
 * changed it, and loaded anew for each thing a test can change past it), the page count stays put (pages opened side by side
 * too), and the pages that must really close do (`fresh: true`, a page that added an init script, one
 * born before the context's "page" listeners changed); pages open side by side are windows of their own,
 * and two window openers of one context never take each other's page. The harnesses of one worker
 * share its browser, a context each, and a browser that went away is launched anew.
 */
import { deepStrictEqual as assertEquals, ok as assert, throws as assertThrows } from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  axeViolations,
  bundle,
  bundleFolder,
  BUNDLES,
  type Harness,
  isHarnessWindow,
  type Mounted,
  removeEndedRuns,
  skipReason,
  startHarness,
  until,
  waitFor,
  windowOpener,
} from "./harness.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();

/** The real page under a test's handle (a frame's page is never the handle itself). */
const pageOf = (m: Mounted): Page => m.view.page();

/** What a test can see of its host page's state. */
function state(m: Mounted) {
  return Promise.all([
    m.page.evaluate(() => ({
      size: [innerWidth, innerHeight],
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      leftOver: (window as unknown as { leftOver?: number }).leftOver,
      confirmed: confirm("still there?"), // dismissed by Playwright when no test listens for dialogs
    })),
    m.view.evaluate(() => document.querySelectorAll(":hover").length),
    m.events("left-over"),
  ]);
}

Deno.test({
  name: "the harness reuses closed host pages",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = async () => {
    const m = await h.mount({ ...KINDS.list, deliver: "result", hostContext: { theme: "light" } });
    await waitFor(m.view, ".mcc-card .mcc-tools");
    return m;
  };
  try {
    await t.step("a reused page carries nothing of the test that closed it", async () => {
      const first = await mount();
      const pages = h.context.pages().length;
      const heard: string[] = [];
      const dialogs: string[] = [];
      await first.page.setViewportSize({ width: 400, height: 300 });
      await first.page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
      first.page.on("console", (message) => heard.push(message.text()));
      first.page.on("dialog", (dialog) => (dialogs.push(dialog.message()), dialog.accept()));
      await first.page.evaluate(() => {
        (window as unknown as { leftOver: number }).leftOver = 1;
        window.hostEvents.push({ type: "left-over", t: 0 });
        console.log("the first test's line");
      });
      const box = (await first.page.locator("#slot iframe").boundingBox())!;
      await first.page.mouse.move(box.x + box.width / 2, box.y + 20);
      const [page, hovered, events] = await state(first);
      assertEquals(page, { size: [400, 300], dark: true, reducedMotion: true, leftOver: 1, confirmed: true });
      assert(hovered > 0, "the mouse is over the card");
      assertEquals(events, [{ type: "left-over", t: 0 }]);
      assertEquals(dialogs, ["still there?"]);
      assert(first.console.includes("the first test's line"));

      await first.page.close();
      assert(first.page.isClosed());
      assert(!pageOf(first).isClosed(), "the page itself stays open for the next mount");
      assertThrows(() => first.page.evaluate(() => 1), /^Error: page.evaluate: this page was closed/);

      const second = await mount();
      assert(pageOf(second) === pageOf(first), "the next mount takes the closed page");
      assertEquals(h.context.pages().length, pages);
      assertEquals(await state(second), [
        { size: [720, 900], dark: false, reducedMotion: false, leftOver: undefined, confirmed: false },
        0,
        [],
      ]);
      // The mouse starts where a new page's does (0,0): a move in steps goes from there.
      await second.page.evaluate(() => {
        const moves: number[][] = (window as unknown as { moves: number[][] }).moves = [];
        addEventListener("mousemove", (e) => moves.push([e.clientX, e.clientY]));
      });
      await second.page.mouse.move(10, 10, { steps: 2 });
      const moves = await second.page.evaluate(() => (window as unknown as { moves: number[][] }).moves);
      assertEquals(moves, [[5, 5], [10, 10]]);
      await second.page.evaluate(() => console.log("the second test's line"));
      assertEquals(dialogs, ["still there?"]);
      assertEquals(heard.filter((line) => line.includes("test's line")), ["the first test's line"]);
      assertEquals(second.console.filter((line) => line.includes("test's line")), ["the second test's line"]);
      await second.page.close();
    });

    await t.step("a host document only its card changed is kept, emptied as a new one is", async () => {
      const first = await mount();
      const documentOf = (m: Mounted) => m.page.evaluate(() => performance.timeOrigin);
      const kept = await documentOf(first);
      await first.page.evaluate(() => {
        window.switchTheme("dark"); // the host paints its page
        document.getElementById("slot")!.style.width = "400px";
        // pending when the test ends: a navigation would cancel them, and so does the reset
        setTimeout(() => window.hostEvents.push({ type: "late", t: 0 }), 200);
        setInterval(() => window.hostEvents.push({ type: "tick", t: 0 }), 50);
        requestAnimationFrame(() => window.hostEvents.push({ type: "frame", t: 0 }));
      });
      await first.page.close();
      const second = await mount();
      assertEquals(await documentOf(second), kept, "the same host document");
      await second.page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
      assertEquals(
        await second.page.evaluate(() => ({
          background: document.body.style.background,
          width: document.getElementById("slot")!.style.width,
          cards: document.querySelectorAll("#slot iframe").length,
          left: window.hostEvents.filter((e) => ["late", "tick", "frame"].includes(e.type)).length,
        })),
        { background: "rgb(255, 255, 255)", width: "", cards: 1, left: 0 },
      );
      await second.page.close();
    });

    await t.step("a host document a test changed past its card is loaded anew", async () => {
      const changes: Record<string, () => void> = {
        "a global added": () => Object.assign(window, { extra: 1 }),
        "a global replaced": () => (window.deliver = () => Promise.resolve(0)),
        "a listener left": () => addEventListener("message", () => {}),
        "a document listener left": () => document.addEventListener("click", () => {}),
        "a handler set": () => (onmessage = () => {}),
        "markup added": () => document.body.append(document.createElement("p")),
        "a style sheet adopted": () => (document.adoptedStyleSheets = [new CSSStyleSheet()]),
      };
      const kept: string[] = [];
      for (const [change, make] of Object.entries(changes)) {
        const m = await mount();
        const before = await m.page.evaluate(() => performance.timeOrigin);
        await m.page.evaluate(make);
        await m.page.close();
        const next = await mount();
        if (await next.page.evaluate(() => performance.timeOrigin) === before) kept.push(change);
        await next.page.close();
      }
      assertEquals(kept, []);
    });

    await t.step("mount and close again and again: the page count does not grow", async () => {
      const before = h.context.pages().length;
      const seen = new Set<Page>();
      for (let i = 0; i < 3; i++) {
        const m = await mount();
        seen.add(pageOf(m));
        assertEquals(h.context.pages().length, before);
        await m.page.close();
      }
      assertEquals(seen.size, 1);
    });

    // Chromium draws only a window's front tab: a busy tab behind it gets one frame a second.
    await t.step("host pages open side by side are windows of their own, not tabs of one", async () => {
      const open = await Promise.all([mount(), mount(), mount()]);
      const windows = await Promise.all(open.map(async (m) => {
        const cdp = await h.context.newCDPSession(pageOf(m));
        const { windowId } = await cdp.send("Browser.getWindowForTarget");
        await cdp.detach();
        return windowId;
      }));
      assertEquals(new Set(windows).size, 3, `windows ${windows.join(", ")}`);
      for (const m of open) await m.page.close();
    });

    await t.step(
      "two window openers of one context, side by side, each get a page of their own",
      async () => {
        const [a, b] = [windowOpener(h.context), windowOpener(h.context)];
        const pages = await Promise.all([a(), b(), a(), b()]);
        // identity, not deep equality: a page's object graph is the whole Playwright connection
        assertEquals(new Set(pages).size, 4, "four distinct pages");
        assert(pages.every(isHarnessWindow), "each is known as the harness's window");
        await Promise.all(pages.map((page) => page.close()));
      },
    );

    await t.step("pages opened side by side are all reused", async () => {
      // Four at once: at least three new pages, each opened while another was still on its way.
      const first = await Promise.all([1, 2, 3, 4].map(mount));
      const count = h.context.pages().length;
      await Promise.all(first.map((m) => m.page.close()));
      const again = await Promise.all([1, 2, 3, 4].map(mount));
      assertEquals(h.context.pages().length, count, "no page opened for the second four");
      // identity, not deep equality: a page's object graph is the whole Playwright connection
      assert(again.every((m) => first.some((f) => pageOf(f) === pageOf(m))), "the same four pages");
      await Promise.all(again.map((m) => m.page.close()));
    });

    await t.step("fresh: true opens a new page and its close closes it", async () => {
      const pooled = await mount();
      await pooled.page.close();
      const fresh = await h.mount({
        ...KINDS.list,
        deliver: "result",
        hostContext: { theme: "light" },
        fresh: true,
      });
      await waitFor(fresh.view, ".mcc-card .mcc-tools");
      assert(pageOf(fresh) !== pageOf(pooled), "not the closed page waiting for a mount");
      await fresh.page.close();
      assert(pageOf(fresh).isClosed());
      const next = await mount();
      assert(pageOf(next) === pageOf(pooled));
      await next.page.close();
    });

    await t.step("a page that added an init script is closed, not reused", async () => {
      const m = await mount();
      await m.page.addInitScript(() => ((window as unknown as { leftOver: number }).leftOver = 2));
      await m.page.close();
      assert(pageOf(m).isClosed());
      const next = await mount();
      assert(pageOf(next) !== pageOf(m));
      assertEquals((await state(next))[0].leftOver, undefined);
      await next.page.close();
    });

    await t.step(
      "a page born before the context's page listeners changed is closed, not reused",
      async () => {
        const m = await mount();
        const born: Page[] = [];
        h.context.on("page", (page) => born.push(page));
        await m.page.close();
        assert(pageOf(m).isClosed());
        const next = await mount();
        // identity: an assertion message that printed a Page would print the whole Playwright connection
        assert(
          born.length === 1 && born[0] === pageOf(next),
          "the new page went through the context's page listeners",
        );
        await next.page.close();
        assert(!pageOf(next).isClosed());
      },
    );
    await t.step(
      "waitFor: a shown match, an attached one, a navigation on the way and a named timeout",
      async () => {
        const page = await h.context.newPage();
        await page.setContent("<p>start</p>");
        // a match that comes later, hidden first: `attached` is met at once, the default only once it shows
        await page.evaluate(() =>
          setTimeout(() => document.body.insertAdjacentHTML("beforeend", '<b id="x" hidden>x</b>'), 100)
        );
        await waitFor(page, "#x", { attached: true });
        let met = false;
        const shown = waitFor(page, "#x").then(() => (met = true, "shown"));
        await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
        assertEquals(met, false, "waitFor took a hidden element for a shown one");
        await page.evaluate(() => document.getElementById("x")!.removeAttribute("hidden"));
        assertEquals(await shown, "shown");
        // the page navigates while waited in: the wait goes on in the new document
        const after = waitFor(page, "#y", { attached: true, timeout: 10_000 }).then(() => "found");
        await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
        await page.goto(h.servePage("/wait-for.html", '<!doctype html><i id="y">y</i>'));
        assertEquals(await after, "found");
        // none comes: the error names the selector and the time
        await waitFor(page, "#never", { timeout: 300 }).then(
          () => assert(false, "waitFor met a selector that matches nothing"),
          (error: Error) => assertEquals(error.message, "waited 300 ms for a shown #never"),
        );
        await page.close();
      },
    );
    await t.step(
      "until: a predicate with its argument, in a view under its CSP, and a named timeout",
      async () => {
        const m = await h.mount({ ...KINDS.list, deliver: "result", hostContext: { theme: "light" } });
        // the view's policy has no 'unsafe-eval': the predicate still runs there
        await m.view.evaluate(() => setTimeout(() => document.body.dataset.later = "yes", 100));
        await until(m.view, (want) => document.body.dataset.later === want, "yes");
        assertEquals(await m.view.evaluate(() => document.body.dataset.later), "yes");
        await until(m.view, () => false, undefined, { timeout: 300, what: "nothing" }).then(
          () => assert(false, "until met a predicate that never holds"),
          (error: Error) => assertEquals(error.message, "waited 300 ms for nothing"),
        );
        // unnamed, the error quotes the predicate (as Deno transpiled it)
        await until(m.view, () => document.body.dataset.never, undefined, { timeout: 100 }).then(
          () => assert(false, "until met a predicate that never holds"),
          (error: Error) =>
            assert(
              /^waited 100 ms for \(\)\s*=>\s*document\.body\.dataset\.never$/.test(error.message),
              error.message,
            ),
        );
        await m.page.close();
      },
    );
    await t.step(
      "axe comes from the view's own origin when its policy allows, else over the pipe",
      async () => {
        const m = await h.mount({ ...KINDS.list, deliver: "result", hostContext: { theme: "light" } });
        await waitFor(m.view, ".mcc-card .mcc-tools");
        assertEquals(await axeViolations(m.view), []);
        const loaded = () => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
        assertEquals((await m.view.evaluate(loaded)).filter((p) => p.endsWith("axe.js")), ["/mcc-axe.js"]);
        assertEquals(
          await m.view.evaluate(() => document.scripts.length),
          1,
          "the loading script element is taken out again",
        );
        // a document with a policy of its own (a standalone card's, hashes only) gets it over the pipe
        const page = await h.context.newPage();
        const csp = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`;
        await page.goto(
          h.servePage(
            "/own-csp.html",
            `<!doctype html><html lang="en"><head>${csp}<title>t</title></head><body><main><p>text</p></main></body></html>`,
          ),
        );
        const violations: string[] = [];
        page.on("console", (line) => violations.push(line.text()));
        assertEquals(await axeViolations(page), []);
        assertEquals(await page.evaluate(loaded), []);
        assertEquals(violations, []);
        await page.close();
        await m.page.close();
      },
    );
  } finally {
    await h.close();
  }
});

Deno.test({
  name: "the test files of a worker share its browser, each harness in a context of its own",
  ignore: reason !== undefined || Deno.env.get("MCC_BROWSER_WS") !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const first = await startHarness();
  const second = await startHarness();
  try {
    assert(first.browser === second.browser, "one browser for both");
    assert(first.context !== second.context, "a context each");
    await first.close();
    assert(first.browser.isConnected(), "closing a harness leaves the browser to the next file");
    assertEquals(first.browser.contexts().includes(first.context), false, "its context is gone");
    const m = await second.mount({ ...KINDS.list, deliver: "result", hostContext: { theme: "light" } });
    await waitFor(m.view, ".mcc-card");
    await m.page.close();
    // a browser that went away is launched anew for the next file
    await second.browser.close();
    const third = await startHarness();
    try {
      assert(third.browser !== second.browser && third.browser.isConnected(), "a new browser");
    } finally {
      await third.close();
    }
  } finally {
    await second.close().catch(() => {}); // its browser was closed above
  }
});

Deno.test("a page script is bundled once in a test run: later calls read the run's copy", async () => {
  const dir = await bundleFolder();
  assert(dir, "a Linux machine has /proc");
  // An entry no other test bundles, so changing its copy disturbs no file running beside this one.
  const entry = "tests/browser/page/types.ts";
  const copy = `${dir}/tests_browser_page_types.ts.js`;
  await Deno.remove(copy).catch(() => {});
  const bundled = await bundle(entry);
  assertEquals(await Deno.readTextFile(copy), bundled);
  await Deno.writeTextFile(copy, "// the run's copy\n");
  assertEquals(await bundle(entry), "// the run's copy\n");
  await Deno.remove(copy);
});

Deno.test("the bundle folders of ended runs are removed, a live run's kept", async () => {
  const mine = (await bundleFolder())!.slice(BUNDLES.length + 1);
  // a pid past Linux's limit, and this process under a start time it did not start at
  const ended = [`${BUNDLES}/4194305-12`, `${BUNDLES}/${Deno.pid}-1`];
  for (const dir of ended) await Deno.mkdir(dir, { recursive: true });
  await removeEndedRuns(mine);
  for (const dir of ended) {
    assert(!(await Deno.stat(dir).then(() => true, () => false)), `${dir} is still there`);
  }
  assert((await Deno.stat(`${BUNDLES}/${mine}`)).isDirectory);
});
