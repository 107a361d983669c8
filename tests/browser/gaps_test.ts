// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * The known gaps of the living-card features, closed, in real Chromium under the official
 * AppBridge host with the real server.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
import { unzipSync } from "fflate";
import {
  axeViolations,
  type Harness,
  moreAction,
  type Mounted,
  mountPainted,
  picture,
  skipReason,
  startHarness,
  until,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";

const reason = skipReason();
type Json = Record<string, unknown>;

const TABLE = {
  title: "Runtimes",
  headers: ["Runtime", "Engine"],
  rows: [["Deno", "V8"], ["Node.js", "V8"], ["Bun", "JavaScriptCore"]],
};

const FORM = {
  title: "Study preferences",
  promptTemplate: "Teach {{topic}} with {{style}} examples.",
  fields: [{ name: "topic", label: "Topic", required: true }, {
    name: "style",
    type: "select",
    options: ["practical", "theoretical"],
  }],
};
const LINKED = { title: "Read more", markdown: "Read the [Deno manual](https://docs.deno.com/runtime/)." };

const status = (v: Frame) => v.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");

/** The view's remembered entry for its card (`<card id> <viewUUID>`), once it holds `needle`. */
async function storedEntry(v: Frame, needle: string): Promise<unknown[]> {
  await until(v, (n) => (localStorage.getItem("mcc-state") ?? "").includes(n), needle);
  return await v.evaluate(() => {
    const id = (window.__mccDebug!() as { cardId: string }).cardId;
    const all = JSON.parse(localStorage.getItem("mcc-state")!) as Record<string, unknown[]>;
    return Object.entries(all).find(([k]) => k.startsWith(`${id} `))![1];
  });
}

/** Axe in both themes, and screenshots at 420 and 760 px in both (tests/artifacts/gaps-*.png). */
async function look(m: Mounted, v: Frame, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
    await until(v, (th) => document.body.dataset.theme === th, theme);
    assertEquals(await axeViolations(v), [], `${name} ${theme}`);
    for (const width of [420, 760]) {
      await m.page.setViewportSize({ width: width + 60, height: 900 });
      await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
      await m.page.waitForTimeout(200); // the host resizes the iframe after the size report
      await picture(m.page.locator("#slot"), `gaps-${name}-${width}-${theme}.png`);
    }
  }
}

type Resource = { uri: string; mimeType: string; text?: string; blob?: string };

/** Every ui/download-file the host received, once there are `n`: the one resource of each. */
async function downloads(m: Mounted, n: number): Promise<Resource[]> {
  await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "download").length >= k, n, {
    timeout: 20_000,
  });
  return (await m.events("download")).map((e) =>
    (e.params as { contents: { resource: Resource }[] }).contents[0].resource
  );
}

/**
 * The parts the view read with get_card, in order: a number for a part read by the card's id from
 * the stored render, "again k" for one rendered again from the tool's input.
 */
async function pulled(m: Mounted): Promise<unknown[]> {
  return (await m.events("call-tool")).map((e) => {
    const args = e.arguments as { id?: string; part?: number; arguments?: { part?: number } };
    return args.id ? args.part : `again ${args.arguments?.part}`;
  });
}

/** Downloads a format from the header's More menu ("CSV" runs "Download CSV"). */
const pick = (m: Mounted, format: string) => moreAction(m.view, `Download ${format}`);

/** A host that takes text and structured content in the model context. */
const FULL = { modelContext: true, contextModalities: { text: {}, structuredContent: {} } };

/** The text of every model-context update the host received, once there are `n`. */
async function contexts(m: Mounted, n: number): Promise<unknown[]> {
  await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "context").length >= k, n, {
    timeout: 5_000,
  });
  return (await m.events("context")).map((e) =>
    (e.params as { content: { text: string }[] }).content[0]?.text
  );
}

/** The painted view of the host page (after a remount: the new one). */
async function cardFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 400; i++) {
    const frame = page.frames().find((f) =>
      !f.isDetached() && f.parentFrame()?.parentFrame() === page.mainFrame()
    );
    if (frame && await frame.$(".mcc-card .mcc-tools").catch(() => null)) return frame;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no painted card view");
}

/** Which rows show as selected. */
const selectedRows = (v: Frame) =>
  v.evaluate(() =>
    [...document.querySelectorAll("tbody tr")].flatMap((r, i) =>
      r.getAttribute("aria-selected") === "true" ? [i + 1] : []
    )
  );

/** Waits until the host has sized the frame to the view's last report. */
async function settle(m: Mounted): Promise<void> {
  await m.page.waitForTimeout(250);
}

/**
 * Clicks the middle of `selector` inside the view with the real mouse (page coordinates), once it
 * holds still for 50 ms: a menu that pads the view makes the host resize the frame, which can move
 * the menu between a measure and a click (a click that missed the last item failed a CI run).
 */
async function mouseClick(m: Mounted, selector: string, button: "left" | "right" = "left"): Promise<void> {
  const target = m.view.locator(selector);
  let box = await target.boundingBox();
  for (let tries = 0; tries < 40; tries++) {
    await m.page.waitForTimeout(50);
    const again = await target.boundingBox();
    const still = box && again && box.x === again.x && box.y === again.y;
    box = again;
    if (still) break;
  }
  assert(box, `${selector} has a box`);
  await m.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button });
}

Deno.test({
  name: "living-card gaps in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = (tool: string, args: Json, extra: Json = {}) => mountPainted(h, tool, args, extra);
  try {
    for (const collapsed of [true, false]) {
      await t.step(`menus take mouse clicks at 420 px, ${collapsed ? "collapsed" : "expanded"}`, async () => {
        const m = await mount("create_table_card", TABLE);
        await m.page.evaluate(() => (document.getElementById("slot")!.style.width = "420px"));
        await settle(m);
        if (collapsed) {
          await mouseClick(m, '[data-mcc-action="collapse"]');
          await settle(m);
        }
        // The More menu: its last item (Download CSV) by mouse.
        await mouseClick(m, '[data-mcc-action="more"]');
        await waitFor(m.view, '.mcc-menu [role="menuitem"]');
        if (collapsed) {
          await picture(m.page.locator("#slot"), "gaps-collapsed-menu-420-light.png");
        }
        await mouseClick(m, '.mcc-menu [role="menuitem"]:last-child');
        await m.view.locator(".mcc-status").filter({ hasText: "runtimes.csv" }).waitFor({ timeout: 5_000 });
        assertEquals(await status(m.view), "Downloaded runtimes.csv (host)");
        // The context menu, opened on the title: its last item (Copy card) by mouse.
        await mouseClick(m, ".mcc-title", "right");
        await waitFor(m.view, '.mcc-menu [role="menuitem"]');
        await mouseClick(m, '.mcc-menu [role="menuitem"]:last-child');
        await m.view.locator(".mcc-status").filter({ hasText: "Cop" }).waitFor({ timeout: 5_000 });
        assert(/^(Card copied|Copy blocked)/.test(await status(m.view)), await status(m.view));
        await m.page.close();
      });
    }

    await t.step("a host without `message` gets no ui/message: the copy fallback shows at once", async () => {
      const m = await mount("create_form_card", FORM, { omitCapabilities: ["message"] });
      await m.view.fill('[name="topic"]', "closures");
      await m.view.selectOption('[name="style"]', "practical");
      await m.view.click('button[type="submit"]');
      // at once: well inside the 15 s a silent host would cost
      const fallback = m.view.locator(".mcc-prompt-fallback");
      await fallback.waitFor({ timeout: 3_000 });
      assertEquals(
        await fallback.locator("p").textContent(),
        "This chat takes no messages from cards. Copy it and paste it into the conversation:",
      );
      assertEquals(await fallback.locator("pre").textContent(), "Teach closures with practical examples.");
      assertEquals(
        await status(m.view),
        "Not sent: this chat takes no messages from cards. Copy the prompt below",
      );
      assertEquals(await m.events("message"), []);
      await look(m, m.view, "no-message");
      await m.page.close();
    });

    await t.step("a host with `message` gets the exact ui/message", async () => {
      const m = await mount("create_form_card", FORM);
      await m.view.fill('[name="topic"]', "closures");
      await m.view.selectOption('[name="style"]', "practical");
      await m.view.click('button[type="submit"]');
      await m.view.locator(".mcc-status").filter({ hasText: "Sent to the conversation" }).waitFor();
      assertEquals((await m.events("message")).map((e) => e.params), [{
        role: "user",
        content: [{ type: "text", text: "Teach closures with practical examples." }],
      }]);
      assertEquals(await m.view.locator(".mcc-prompt-fallback").count(), 0);
      await m.page.close();
    });

    await t.step("a host without `openLinks` gets no ui/open-link: the address shows to copy", async () => {
      const m = await mount("create_markdown_card", LINKED, { omitCapabilities: ["openLinks"] });
      await m.view.click("a[href]");
      const panel = m.view.locator(".mcc-manual");
      await panel.waitFor({ timeout: 3_000 });
      assertEquals(
        await panel.locator("p").textContent(),
        "This chat opens no links from cards. The address below is selected: copy it.",
      );
      assertEquals(await panel.locator("textarea").inputValue(), "https://docs.deno.com/runtime/");
      assertEquals(await status(m.view), "Link not opened: copy the address below");
      assertEquals(await m.events("open-link"), []);
      assertEquals(m.page.frames().length, 3, "nothing navigated or opened");
      await look(m, m.view, "no-open-links");
      await m.page.close();
    });

    await t.step("a host with `openLinks` gets the exact ui/open-link", async () => {
      const m = await mount("create_markdown_card", LINKED);
      await m.view.click("a[href]");
      await until(m.page, () => window.hostEvents.some((e) => e.type === "open-link"));
      assertEquals((await m.events("open-link")).map((e) => e.url), ["https://docs.deno.com/runtime/"]);
      assertEquals(await m.view.locator(".mcc-manual").count(), 0);
      await m.page.close();
    });

    await t.step(
      "remembered state never keeps hidden, card-number, one-time-code or password fields",
      async () => {
        const result = await h.apps.callTool({
          name: "create_form_card",
          arguments: {
            title: "Checkout",
            promptTemplate: "Ship to {{city}}",
            fields: [{ name: "city", label: "City" }, { name: "notes", label: "Notes", type: "textarea" }],
          },
        }) as Json;
        // No card makes these fields (a mirrored page could): slipped in before the form's bar.
        const slipped = [
          '<input type="hidden" name="token" value="csrf-9f2">',
          '<input name="card" autocomplete="billing cc-number">',
          '<input name="cvc" autocomplete="CC-CSC">',
          '<select name="month" autocomplete="cc-exp-month"><option>01</option><option>02</option></select>',
          '<input name="otp" autocomplete="one-time-code">',
          '<input name="pass" autocomplete="current-password">',
          '<input name="pass2" autocomplete="section-a new-password">',
          '<input name="nick" autocomplete="nickname">',
        ].map((f) => `<p class="mcc-field"><label>${/name="(\w+)"/.exec(f)![1]} ${f}</label></p>`).join("");
        const card = (result.structuredContent as { card: { articleHtml: string } }).card;
        card.articleHtml = card.articleHtml.replace(
          '<div class="mcc-form-bar">',
          `${slipped}<div class="mcc-form-bar">`,
        );
        assert(card.articleHtml.includes('name="pass2"'));
        const m = await mount("create_form_card", {}, { fixture: result });
        const v = m.view;
        await v.fill('[name="city"]', "Lisbon");
        await v.fill('[name="card"]', "4111111111111111");
        await v.fill('[name="cvc"]', "737");
        await v.selectOption('[name="month"]', "02");
        await v.fill('[name="otp"]', "902114");
        await v.fill('[name="pass"]', "hunter2");
        await v.fill('[name="pass2"]', "hunter3");
        await v.fill('[name="nick"]', "Ana");
        await v.fill('[name="notes"]', "ring twice");
        const entry = await storedEntry(v, "ring twice");
        assertEquals(entry[2], ["Lisbon", "ring twice", "Ana"]);
        // the entry's first member is when it was saved (Date.now()), whose digits may hold "737" by chance
        const [savedAt, ...kept] = entry;
        assertEquals(typeof savedAt, "number");
        for (const secret of ["csrf-9f2", "4111", "737", "902114", "hunter"]) {
          assert(!JSON.stringify(kept).includes(secret), secret);
        }
        await m.page.close();
      },
    );

    await t.step("the selection's 500-unit cap never splits an emoji", async () => {
      const prefix = 'Selected row 1 of "Emoji": "Name": "';
      // the pair sits on units 498 and 499: a cut at 499 would keep half of it
      const name = "x".repeat(498 - prefix.length) + "😀" + "y".repeat(40);
      const m = await mount("create_table_card", { title: "Emoji", headers: ["Name"], rows: [[name]] }, FULL);
      await m.view.click("tbody tr");
      const [sent] = await contexts(m, 1) as string[];
      assertEquals(sent, prefix + "x".repeat(498 - prefix.length) + "…");
      assertEquals(sent.length, 499);
      assert(sent.length <= 500 && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(sent), "no lone surrogate");
      // one unit further on, the emoji fits whole
      const fits = "x".repeat(497 - prefix.length) + "😀" + "y".repeat(40);
      const n = await mount("create_table_card", { title: "Emoji", headers: ["Name"], rows: [[fits]] }, FULL);
      await n.view.click("tbody tr");
      const [whole] = await contexts(n, 1) as string[];
      assertEquals(whole, prefix + "x".repeat(497 - prefix.length) + "😀…");
      assertEquals(whole.length, 500);
      await m.page.close();
      await n.page.close();
    });

    await t.step("a reload shows the selected row again, without sending it again", async () => {
      const m = await mount("create_table_card", TABLE, FULL);
      await m.view.click("tbody tr:nth-child(2)");
      assertEquals(await contexts(m, 1), [
        'Selected row 2 of "Runtimes": "Runtime": "Node.js"; "Engine": "V8"',
      ]);
      await storedEntry(m.view, ",1]"); // saved: the second selectable (index 1)
      await m.page.evaluate(() => window.remount());
      const v = await cardFrame(m.page);
      await until(v, () => document.querySelector('tbody tr[aria-selected="true"]'));
      assertEquals(await selectedRows(v), [2]);
      await m.page.waitForTimeout(300);
      assertEquals((await m.events("context")).length, 1, "restoring sends nothing");
      await look(m, v, "restored-row");
      // It is the selection: selecting it again lets it go, and the host hears that.
      await v.click("tbody tr:nth-child(2)");
      assertEquals((await contexts(m, 2))[1], undefined);
      assertEquals(await selectedRows(v), []);
      // Let go, a reload shows nothing selected.
      await storedEntry(v, ",-1]");
      await m.page.evaluate(() => window.remount());
      const w = await cardFrame(m.page);
      assertEquals(await selectedRows(w), []);
      await m.page.close();
    });

    await t.step("a 3-part document downloads every part in one HTML file", async () => {
      // six 12,000-character sections: two fit a 32,000-character part
      const section = (i: number) => `## Section ${i}\n\n${`Word${i} `.repeat(2_000)}\n\n`;
      const markdown = `# Guide\n\n${[1, 2, 3, 4, 5, 6].map(section).join("")}`;
      const m = await mount("create_markdown_card", { markdown }, { downloadReply: "ok" });
      assertEquals(await m.view.textContent(".mcc-title"), "Guide (part 1 of 3)");
      assertEquals(await m.view.locator(".mcc-body h3").allTextContents(), ["Section 1", "Section 2"]);
      await moreAction(m.view, "Download HTML");
      const [file] = await downloads(m, 1);
      assertEquals(await pulled(m), [1, 2, 3]);
      assertEquals(file.uri, "file:///guide.html");
      const doc = file.text!;
      assertEquals(
        [...doc.matchAll(/<h3>(Section \d)<\/h3>/g)].map((x) => x[1]),
        [1, 2, 3, 4, 5, 6].map((i) => `Section ${i}`),
      );
      assertEquals([...doc.matchAll(/<article /g)].length, 1, "one card");
      assert(
        doc.includes('class="mcc-title" id="') && />Guide<\/h2>/.test(doc),
        "the title without its part",
      );
      assertEquals(/<title>([^<]*)<\/title>/.exec(doc)?.[1], "Guide");
      assertEquals((doc.match(/Word6\b/g) ?? []).length, 2_000);
      assertEquals(await status(m.view), "Downloaded guide.html (host)");
      await m.page.close();
    });

    await t.step(
      "a 2-part code tour downloads every file in one zip, and a 2-part table every row",
      async () => {
        const files = [1, 2].map((i) => ({ path: `notes/n${i}.txt`, content: `line ${i}\n`.repeat(2_500) }));
        const m = await mount("create_code_tour_card", { title: "Notes", files }, { downloadReply: "ok" });
        assertEquals(await m.view.textContent(".mcc-title"), "Notes (part 1 of 2)");
        await pick(m, "ZIP");
        const [zip] = await downloads(m, 1);
        assertEquals(zip.uri, "file:///notes.zip");
        const entries = unzipSync(Uint8Array.from(atob(zip.blob!), (c) => c.charCodeAt(0)));
        assertEquals(
          Object.entries(entries).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
          files.map((f) => [f.path, f.content]),
        );
        assertEquals(await pulled(m), [1, 2]);
        await m.page.close();

        const rows = Array.from({ length: 1_000 }, (_, i) => [`row ${i + 1}`, `${i + 1}`]);
        const n = await mount("create_table_card", { title: "Long", headers: ["Name", "N"], rows }, {
          downloadReply: "ok",
        });
        assertEquals(await n.view.textContent(".mcc-title"), "Long (part 1 of 2)");
        await pick(n, "CSV");
        const [csv] = await downloads(n, 1);
        assertEquals(csv.uri, "file:///long.csv");
        assertEquals(csv.text, ["Name,N", ...rows.map((r) => r.join(","))].map((l) => l + "\r\n").join(""));
        assertEquals(await pulled(n), [1, 2]);
        // Once the store has let the card go (24 newer cards), its parts are rendered again from the input.
        for (let i = 0; i < 24; i++) {
          await h.apps.callTool({
            name: "create_list_card",
            arguments: { title: `L${i}`, items: [{ text: "x" }] },
          });
        }
        await pick(n, "CSV");
        const [, again] = await downloads(n, 2);
        assertEquals(again.text, csv.text);
        // Each part is asked for by id first; the store says it is gone, so it is rendered again.
        assertEquals((await pulled(n)).slice(2), [1, "again 1", 2, "again 2"]);
        await n.page.close();

        // A host that cannot call server tools: the part on screen is what there is, and says so.
        const o = await mount("create_table_card", { title: "Long", headers: ["Name", "N"], rows }, {
          downloadReply: "ok",
          omitCapabilities: ["serverTools"],
        });
        const shown = await o.view.locator("tbody tr").count();
        assert(shown > 1 && shown < 1_000);
        await pick(o, "CSV");
        const [one] = await downloads(o, 1);
        assertEquals(one.uri, "file:///long-part-1-of-2.csv");
        assertEquals(
          one.text,
          ["Name,N", ...rows.slice(0, shown).map((r) => r.join(","))].map((l) => l + "\r\n").join(""),
        );
        assertEquals(await o.events("call-tool"), []);
        await o.page.close();
      },
    );
  } finally {
    await h.close();
  }
});
