// deno-lint-ignore-file no-window -- page callbacks run in the browser, where window exists
/**
 * The interactive cards in real Chromium under the official AppBridge host, driving the real
 * server: forms (every field type, required errors, shared names, blanks, the copy fallback,
 * long answers through the model context), the three cards of the efficient-prompt flow with its
 * confirmation dialog, tutor terms, the context menu, movable blocks and the Insert Card
 * bookmarklet. Every assertion is on the exact text that reached the host.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { Frame, Page } from "playwright-core";
import {
  axeViolations,
  type Harness,
  type Mounted,
  mountPainted,
  picture,
  skipReason,
  startHarness,
  until,
  waitFor,
} from "./harness.ts";
import "./page/types.ts";
import { GIST_TEMPLATE } from "../../src/cards/prompt_gist.ts";
import { bookmarkletUrl } from "../../src/tools/_bookmarklet.ts";

const reason = skipReason();
/** A tutor term's tip shows after this long under the pointer or focus (DWELL_MS in widgets/tutor.ts). */
const DWELL_MS = 1200;
type Json = Record<string, unknown>;
type View = Frame | Page;

const fixture = (kind: string, name: string): Json =>
  JSON.parse(Deno.readTextFileSync(new URL(`../cards/${kind}/${name}.json`, import.meta.url)));

/** The text of every ui/message the host received, in order. */
async function messages(m: Mounted): Promise<string[]> {
  return (await m.events("message")).map((e) =>
    (e.params as { content: { text: string }[] }).content[0].text
  );
}

/** Waits for the `n`th ui/message and returns its text. */
async function nthMessage(m: Mounted, n = 1): Promise<string> {
  await until(m.page, (k) => window.hostEvents.filter((e) => e.type === "message").length >= k, n);
  return (await messages(m))[n - 1];
}

/** Sets the host's card width, waits for the frame to take the card's height, and saves a screenshot. */
async function shot(m: Mounted, name: string, width?: number): Promise<void> {
  if (width) {
    await m.page.setViewportSize({ width: Math.max(720, width + 60), height: 900 });
    await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  }
  for (let i = 0; i < 100; i++) {
    const want = await m.view.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height)
    );
    const got = await m.page.evaluate(() => parseFloat(document.querySelector("iframe")!.style.height));
    if (Math.abs(want - got) <= 2) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await picture(m.page.locator("body"), `${name}.png`);
}

const status = (m: Mounted) =>
  m.view.evaluate(() => document.querySelector(".mcc-status")?.textContent ?? "");

Deno.test({
  name: "interactive cards in Chromium",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const mount = (tool: string, args: Json, extra: Json = {}) => mountPainted(h, tool, args, extra);
  try {
    await t.step("a form with every field type sends the exact prompt", async () => {
      const m = await mount("create_form_card", fixture("form", "every_type"));
      const v = m.view;
      await v.fill('[name="idea"]', "  A step stool ");
      await v.fill('[name="notes"]', "Oak, 40 cm tall\ntwo steps");
      await v.fill('[name="budget"]', "120");
      await v.fill('[name="email"]', "me@example.com");
      await v.fill('[name="site"]', "https://example.com/stool");
      await v.fill('[name="start"]', "2026-03-01");
      await v.selectOption('[name="finish"]', "Oil");
      await v.check('[name="level"][value="intermediate"]');
      await v.check('[name="tools"][value="chisels"]');
      await v.focus('[name="hours"]');
      await m.page.keyboard.press("ArrowRight");
      await m.page.keyboard.press("ArrowRight");
      assertEquals(await v.textContent(".mcc-range output"), "6", "the range read-out follows");
      await v.click('button[type="submit"]');
      assertEquals(
        await nthMessage(m),
        "Plan a intermediate project: A step stool.\nDescription: Oak, 40 cm tall\ntwo steps\nBudget: 120 USD. Contact: me@example.com, site https://example.com/stool. Start 2026-03-01.\nTools: saw, chisels. Finish: Oil. Power tools: no. Hours a week: 6.",
      );
      await v.locator(".mcc-status").filter({ hasText: "Sent to the conversation" }).waitFor();
      // Ticking the single checkbox sends its value.
      await v.check('[name="power"]');
      await v.click('button[type="submit"]');
      assert((await nthMessage(m, 2)).includes("Power tools: yes."));
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `form ${theme}`);
        for (const width of [420, 760]) await shot(m, `form-every-type-${width}-${theme}`, width);
      }
      await m.page.close();
    });

    await t.step("required and invalid fields: messages on each field, nothing sent", async () => {
      const m = await mount("create_form_card", fixture("form", "every_type"));
      const v = m.view;
      await v.fill('[name="email"]', "not-an-email");
      await v.fill('[name="budget"]', "9000");
      await v.click('button[type="submit"]');
      const errors = () =>
        v.evaluate(() => [...document.querySelectorAll(".mcc-error")].map((e) => e.textContent));
      assertEquals(await errors(), [
        "Fill in “Project idea”",
        "“Budget (USD)”: Value must be less than or equal to 5000.",
        "“Email”: Please include an '@' in the email address. 'not-an-email' is missing an '@'.",
        "Choose an option for “Skill level”",
      ]);
      assertEquals(await status(m), "Not sent: Fill in “Project idea” (and 3 more)");
      assertEquals(await v.evaluate(() => (document.activeElement as HTMLInputElement).name), "idea");
      const idea = v.locator('[name="idea"]');
      assertEquals(await idea.getAttribute("aria-invalid"), "true");
      const described = (await idea.getAttribute("aria-describedby"))!;
      assertEquals(await v.textContent(`#${described}`), "Fill in “Project idea”");
      assertEquals(
        await v.getAttribute("fieldset[data-mcc-field=radio]", "aria-invalid"),
        "true",
        "the group is marked",
      );
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `form errors ${theme}`);
      }
      await shot(m, "form-errors-420-dark", 420);
      // Typing clears that field's error.
      await idea.fill("Stool");
      assertEquals(await idea.getAttribute("aria-invalid"), null);
      assertEquals((await errors()).length, 3);
      assertEquals(await m.events("message"), []);
      await m.page.close();

      // A required checkbox group, and a required radio group answered through its Other input.
      const g = await mount("create_form_card", {
        title: "Groups",
        promptTemplate: "{{langs}} / {{mood}}",
        fields: [
          { name: "langs", label: "Languages", type: "checkboxes", options: ["Go", "Rust"], required: true },
          { name: "mood", label: "Mood", type: "radio", options: ["good"], other: "Other", required: true },
        ],
      });
      await g.view.click('button[type="submit"]');
      assertEquals(
        await g.view.evaluate(() => [...document.querySelectorAll(".mcc-error")].map((e) => e.textContent)),
        ["Choose at least one option for “Languages”", "Choose an option for “Mood”"],
      );
      await g.view.check('[value="Rust"]');
      await g.view.fill('input[type="text"][name="mood"]', "sleepy");
      await g.view.click('button[type="submit"]');
      assertEquals(await nthMessage(g), "Rust / sleepy");
      await g.page.close();
    });

    await t.step("a refused ui/message shows the prompt to copy", async () => {
      for (const reply of ["isError", "rpc-error"] as const) {
        const m = await mount("create_form_card", fixture("form", "example"), { messageReply: reply });
        await m.view.fill('[name="topic"]', "closures");
        await m.view.selectOption('[name="style"]', "practical");
        await m.view.click('button[type="submit"]');
        assertEquals(await nthMessage(m), "Teach closures with practical examples.");
        const fallback = m.view.locator(".mcc-prompt-fallback");
        await fallback.waitFor();
        assertEquals(await fallback.locator("pre").textContent(), "Teach closures with practical examples.");
        assertEquals(await status(m), "Not sent: copy the prompt below");
        if (reply === "isError") {
          for (const theme of ["light", "dark"] as const) {
            await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
            await until(m.view, (th) => document.body.dataset.theme === th, theme);
            assertEquals(await axeViolations(m.view), [], `fallback ${theme}`);
            await shot(m, `form-fallback-420-${theme}`, 420);
          }
        }
        await m.page.close();
      }
    });

    await t.step(
      "shared names join, blanks say no preference or drop their line, no placeholder is left",
      async () => {
        const m = await mount("create_form_card", fixture("form", "shared_name"));
        await m.view.check('[value="red"]');
        await m.view.check('[value="teal"]');
        await m.view.fill('input[type="text"][name="color"]', "a dark teal");
        await m.view.click('button[type="submit"]');
        assertEquals(await nthMessage(m), "Suggest a palette around red, teal, a dark teal.");
        await m.view.uncheck('[value="red"]');
        await m.view.uncheck('[value="teal"]');
        await m.view.fill('input[type="text"][name="color"]', "   ");
        await m.view.click('button[type="submit"]');
        // A blank outside an optional clause says so (blank answers, issue 21).
        assertEquals(await nthMessage(m, 2), "Suggest a palette around no preference.");
        await m.page.close();

        const d = await mount("create_form_card", fixture("form", "no_template"));
        await d.view.fill('input[type="text"][name="mood"]', "tired");
        await d.view.click('button[type="submit"]');
        // Without a template, a blank optional field's line is left out.
        assertEquals(await nthMessage(d), `My answers to "Quick check-in":\nMood: tired`);
        await d.page.close();

        const x = await mount("create_form_card", fixture("form", "hostile_labels"));
        await x.view.fill("textarea", "{{b}} $& <i>");
        await x.view.selectOption("select", "{{a}}");
        await x.view.click('button[type="submit"]');
        assertEquals(await nthMessage(x), "Say {{b}} $& <i> </form><script>alert(2)</script> {{a}}");
        assertEquals(
          await x.view.evaluate(() => document.querySelectorAll(".mcc-body :is(script, svg, iframe)").length),
          0,
        );
        await x.page.close();
      },
    );

    await t.step("long answers go to the model context, and the message stays short", async () => {
      const long = "word ".repeat(400).trim();
      const m = await mount("create_form_card", fixture("form", "example"), { modelContext: true });
      await m.view.fill('[name="topic"]', long);
      await m.view.click('button[type="submit"]');
      const full = `Teach ${long}.`; // the blank style's optional clause is dropped
      // The long answer is cut; every word of the template stays in the message (red team, session 4).
      assertEquals(
        await nthMessage(m),
        `Teach ${
          long.slice(0, 199)
        }….\n(The full text, ${full.length} characters, is in your model context: read it there.)`,
      );
      const [context] = await m.events("context");
      assertEquals(context.params, { content: [{ type: "text", text: full }] });
      await m.page.close();
      // Without the capability the whole prompt is the message.
      const n = await mount("create_form_card", fixture("form", "example"));
      await n.view.fill('[name="topic"]', long);
      await n.view.click('button[type="submit"]');
      assertEquals(await nthMessage(n), full);
      assertEquals(await n.events("context"), []);
      await n.page.close();
    });

    await t.step("the efficient-prompt flow across its three cards", async () => {
      // Any card's menu starts it.
      const start = await mount("create_tab_card", fixture("tab", "example"));
      await start.view.click(".mcc-tabpanel:not([hidden]) .mcc-text", { button: "right" });
      await start.view.click('[role="menuitem"]:has-text("Generate Efficient Verbose Prompt")');
      assertEquals(
        await nthMessage(start),
        `[efficient-prompt] Help me write an efficient, verbose prompt. Start with create_prompt_gist_card.\nFrom the card "Install Deno".`,
      );
      await start.page.close();

      const gist = await mount("create_prompt_gist_card", fixture("prompt_gist", "example"));
      await gist.view.click('button[type="submit"]');
      assertEquals(await gist.view.textContent(".mcc-error"), "Fill in “What should the prompt get done?”");
      const text = "Audit our config loader for error paths";
      await gist.view.fill("textarea", text);
      assertEquals(await gist.view.textContent(".mcc-count"), `${text.length} of 350 characters`);
      assertEquals(await gist.view.getAttribute("textarea", "maxlength"), "350");
      for (const theme of ["light", "dark"] as const) {
        await gist.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(gist.view, (th) => document.body.dataset.theme === th, theme);
        for (const width of [420, 760]) await shot(gist, `prompt-gist-${width}-${theme}`, width);
      }
      await gist.view.click('button[type="submit"]');
      assertEquals(await nthMessage(gist), GIST_TEMPLATE.replace("{{gist}}", text));
      await gist.page.close();

      const refine = await mount("create_prompt_refine_card", fixture("prompt_refine", "example"));
      await refine.view.check('[name="output"][value="A table"]');
      await refine.view.fill('input[type="text"][name="output"]', "a diagram");
      await refine.view.click('button[type="submit"]');
      assertEquals(
        await nthMessage(refine),
        "[efficient-prompt] Step 2, round 1 of at most 3, my answers:\n- How much detail? no preference\n- What should come back? A table, a diagram\nNext: if gaps still matter, call create_prompt_refine_card with round 2; otherwise call create_efficient_prompt_card.",
      );
      for (const theme of ["light", "dark"] as const) {
        await refine.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(refine.view, (th) => document.body.dataset.theme === th, theme);
        for (const width of [420, 760]) await shot(refine, `prompt-refine-${width}-${theme}`, width);
      }
      await refine.page.close();

      await h.context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const final = await mount("create_efficient_prompt_card", fixture("efficient_prompt", "example"), {
        permissions: { clipboardWrite: {} },
      });
      const v = final.view;
      const prompt = fixture("efficient_prompt", "example").prompt as string;
      assertEquals(await v.inputValue("textarea"), prompt);
      // Send opens the dialog; Cancel sends nothing.
      await v.click('button[type="submit"]');
      await waitFor(v, "dialog.mcc-confirm[open]");
      assertEquals(await v.evaluate(() => (document.activeElement as HTMLElement).textContent), "Cancel");
      for (const theme of ["light", "dark"] as const) {
        await final.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `confirmation dialog ${theme}`);
        await shot(final, `efficient-prompt-confirm-420-${theme}`, 420);
      }
      await v.click('dialog button[value="cancel"]');
      // The dialog loses [open] at once, and its close event (which sets the status) comes a task later.
      await until(v, () => document.querySelector(".mcc-status")?.textContent, undefined, {
        timeout: 5_000,
      }).catch(() => {});
      assertEquals(await status(final), "Not sent");
      // Escape cancels too.
      await v.click('button[type="submit"]');
      await final.page.keyboard.press("Escape");
      await waitFor(v, "dialog.mcc-confirm:not([open])", { attached: true });
      assertEquals(await final.events("message"), []);
      // Edits count live; confirming sends the box's text at that moment, exactly.
      const edited = `${prompt}\n  Keep it under 200 words. `;
      await v.fill("textarea", edited);
      assertEquals(
        await v.textContent(".mcc-count"),
        `${edited.length} characters · ≈ ${Math.ceil(edited.length / 4)} tokens`,
      );
      await v.click('button[type="submit"]');
      await v.click('dialog button[value="send"]');
      assertEquals(await nthMessage(final), edited);
      await v.locator(".mcc-status").filter({ hasText: "Sent to the conversation" }).waitFor();
      // Copy prompt copies the current text.
      await v.click('[data-mcc-action="copy-prompt"]');
      await v.locator(".mcc-status").filter({ hasText: "Prompt copied (Clipboard API)" }).waitFor();
      assertEquals(await final.page.evaluate(() => navigator.clipboard.readText()), edited);
      await h.context.clearPermissions();
      for (const theme of ["light", "dark"] as const) {
        await final.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        for (const width of [420, 760]) await shot(final, `efficient-prompt-${width}-${theme}`, width);
      }
      await final.page.close();
    });

    await t.step("tutor terms: marking rules, dwell, Escape, keyboard, host notice", async () => {
      const m = await mount("create_reveal_card", fixture("reveal", "tutor_and_actions"), {
        modelContext: true,
      });
      const v = m.view;
      const terms = () =>
        v.evaluate(() => [...document.querySelectorAll(".mcc-term")].map((e) => e.textContent));
      // PATH once (never in the code sample), shell in any case, the duplicate ignored, the absent term nowhere.
      assertEquals(await terms(), ["PATH", "shell"]);
      assertEquals(await v.evaluate(() => document.querySelector(".mcc-code .mcc-term")), null);
      const tip = v.locator('[role="tooltip"]:visible');
      // The dwell on the view's own clock (a loaded machine only makes timers late, never early):
      // when the pointer came onto the term, and when its tip showed.
      await v.evaluate(() => {
        const term = [...document.querySelectorAll(".mcc-term")].find((e) => e.textContent === "PATH")!;
        const tip = document.getElementById(term.getAttribute("aria-describedby")!)!;
        const dwell: { entered?: number; shown?: number } = {};
        Object.assign(window, { dwell });
        addEventListener(
          "pointerenter",
          (e) => e.target === term && (dwell.entered ??= performance.now()),
          true,
        );
        new MutationObserver(() => !tip.hidden && (dwell.shown ??= performance.now()))
          .observe(tip, { attributes: true });
      });
      await v.hover('.mcc-term:text-is("PATH")');
      await tip.waitFor();
      const { entered, shown } = await v.evaluate(() =>
        (window as unknown as { dwell: { entered: number; shown: number } }).dwell
      );
      assert(shown - entered >= DWELL_MS - 1, `the tip showed ${shown - entered} ms after the pointer came`);
      assertEquals(await tip.textContent(), "PATHAn environment variable: folders searched for commands");
      // A tip seen in passing is logged, never put in the model's context (a click selects: selection_test.ts).
      await until(
        m.page,
        () => window.hostEvents.some((e) => JSON.stringify(e.params ?? "").includes("tutor-tip")),
      );
      assertEquals(await m.events("context"), []);
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `tutor tip ${theme}`);
        await shot(m, `tutor-tip-420-${theme}`, 420);
      }
      await v.focus('[data-mcc-action="collapse"]'); // keys reach the view once it has focus
      await m.page.keyboard.press("Escape");
      assertEquals(await tip.count(), 0, "Escape hides the tip");
      await m.page.mouse.move(0, 0);
      // Keyboard: focus dwells too, blur hides.
      await v.focus('.mcc-term:text-is("shell")');
      await tip.waitFor();
      assertEquals(await tip.textContent(), "shellThe program that reads your commands");
      const describedBy = await v.getAttribute('.mcc-term:text-is("shell")', "aria-describedby");
      assertEquals(
        await v.evaluate((id) => document.getElementById(id!)!.getAttribute("role"), describedBy),
        "tooltip",
      );
      await m.page.keyboard.press("Tab");
      assertEquals(await tip.count(), 0);
      await m.page.close();

      // Never inside a native tooltip; the longer of two overlapping terms wins.
      const a = await mount("create_tab_card", {
        title: "APIs",
        tabs: [{
          label: "One",
          html:
            '<p>An <abbr title="Application Programming Interface">API</abbr> key; the API key is REST.</p>',
        }],
        // "rest" in lowercase matches any case; "API" is exact.
        extras: { tips: { API: "An interface", "API key": "A secret", rest: "A style" } },
      });
      assertEquals(
        await a.view.evaluate(() =>
          [...document.querySelectorAll(".mcc-term")].map((e) =>
            `${e.parentElement!.tagName}:${e.textContent}`
          )
        ),
        ["P:API key", "P:REST"],
      );
      await a.page.close();

      // Code is left alone unless the card opts in (a code tour's tutorTermsInCode).
      const tour = (inCode: boolean) => ({
        title: "Go",
        tutorTermsInCode: inCode,
        files: [{ path: "x.go", content: "package main\n\nfunc main() {}\n" }],
        extras: { tips: { func: "Declares a function" } },
      });
      for (const inCode of [false, true]) {
        const c = await mount("create_code_tour_card", tour(inCode));
        assertEquals(
          await c.view.evaluate(() =>
            [...document.querySelectorAll(".mcc-term")].map((e) =>
              `${e.closest("pre") ? "code" : "text"}:${e.textContent}`
            )
          ),
          inCode ? ["code:func"] : [],
        );
        assertEquals(
          await c.view.evaluate(() => document.querySelector("pre")!.textContent),
          "package main\n\nfunc main() {}\n",
          "copying the code still gives the source",
        );
        await c.page.close();
      }
    });

    await t.step("context menu: model actions with the selection, built-ins, keyboard", async () => {
      const m = await mount("create_reveal_card", fixture("reveal", "tutor_and_actions"));
      const v = m.view;
      const items = () =>
        v.evaluate(() => [...document.querySelectorAll('[role="menuitem"]')].map((e) => e.textContent));
      // Without a selection the action that needs one is disabled.
      await v.click(".mcc-reveal-body .mcc-text", { button: "right" });
      assertEquals(await items(), [
        "Explain the selection: Select some text in the card first",
        "Quiz me",
        "Generate Efficient Verbose Prompt",
        "Copy card",
      ]);
      assertEquals(await v.getAttribute('[role="menuitem"] >> nth=0', "aria-disabled"), "true");
      for (const theme of ["dark", "light"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `open menu ${theme}`);
      }
      assertEquals(
        await v.evaluate(() => document.activeElement!.textContent),
        "Quiz me",
        "first enabled item",
      );
      await m.page.keyboard.press("Escape");
      assertEquals(await v.locator(".mcc-menu").count(), 0);
      // Select text, right-click it, run the action.
      await v.evaluate(() => {
        const text = document.querySelector(".mcc-reveal-body .mcc-text")!;
        const range = document.createRange();
        range.setStart(text.lastChild!, 0);
        range.setEnd(text.lastChild!, text.lastChild!.textContent!.indexOf(";"));
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      const selected = await v.evaluate(() => getSelection()!.toString());
      await v.click(".mcc-reveal-body .mcc-text", { button: "right", position: { x: 5, y: 5 } });
      await shot(m, "context-menu-420-light", 420);
      const nav: string[] = [];
      for (const key of ["ArrowUp", "End", "Home", "ArrowDown", "ArrowUp"]) {
        await m.page.keyboard.press(key);
        nav.push(await v.evaluate(() => document.activeElement!.textContent ?? ""));
      }
      assertEquals(nav, [
        "Copy card",
        "Copy card",
        "Explain the selection",
        "Quiz me",
        "Explain the selection",
      ]);
      await m.page.keyboard.press("Enter");
      assertEquals(await nthMessage(m), `Explain "${selected.replace(/\s+/g, " ").trim()}" for a beginner`);
      // Keyboard opening: Shift+F10 and the ContextMenu key, focus returns on Escape.
      await v.focus('[data-mcc-action="show-all"]');
      await m.page.keyboard.press("Shift+F10");
      await waitFor(v, ".mcc-menu");
      await m.page.keyboard.press("Escape");
      assertEquals(
        await v.evaluate(() => (document.activeElement as HTMLElement).dataset.mccAction),
        "show-all",
      );
      await m.page.keyboard.press("ContextMenu");
      await waitFor(v, ".mcc-menu");
      await m.page.keyboard.press("End");
      await m.page.keyboard.press("ArrowUp");
      await m.page.keyboard.press("Enter");
      assert((await nthMessage(m, 2)).startsWith("[efficient-prompt] "));
      // Copy card from the menu.
      await v.focus('[data-mcc-action="show-all"]');
      await m.page.keyboard.press("Shift+F10");
      await m.page.keyboard.press("End");
      await m.page.keyboard.press("Enter");
      await v.locator(".mcc-status").filter({ hasText: /^Card copied|^Copy blocked/ }).waitFor();
      // Right-click in a text field keeps the browser's menu.
      await m.page.close();
      const f = await mount("create_form_card", fixture("form", "example"));
      await f.view.click('[name="topic"]', { button: "right" });
      assertEquals(await f.view.locator(".mcc-menu").count(), 0);
      await f.page.close();
    });

    await t.step("movable blocks: keyboard and mouse reorder, drag-out carries HTML and text", async () => {
      const m = await mount("create_list_card", fixture("list", "example"));
      const v = m.view;
      const order = () =>
        v.evaluate(() =>
          [...document.querySelectorAll(".mcc-list > ol > li > .mcc-item")].map((e) => e.textContent)
        );
      const before = await order();
      assert(before.length >= 3, "the example has three top-level items");
      const handles = v.locator(".mcc-list > ol > li > .mcc-move");
      assertEquals(await handles.nth(0).getAttribute("aria-label"), `Move block 1 of ${before.length}`);
      await handles.nth(0).focus();
      await m.page.keyboard.press("ArrowDown");
      assertEquals(await order(), [before[1], before[0], ...before.slice(2)]);
      assertEquals(await status(m), `Moved to position 2 of ${before.length}`);
      assertEquals(
        await v.evaluate(() => (document.activeElement as HTMLElement).getAttribute("aria-label")),
        `Move block 2 of ${before.length}`,
        "focus stays on the moved block's handle",
      );
      await m.page.keyboard.press("ArrowUp");
      await m.page.keyboard.press("ArrowUp");
      assertEquals(await order(), before);
      assertEquals(await status(m), "Already first");
      // Mouse: drag the last item onto the top half of the first.
      const last = before.length - 1;
      await handles.nth(last).dragTo(v.locator(".mcc-list > ol > li").nth(0), {
        targetPosition: { x: 40, y: 2 },
      });
      assertEquals(await order(), [before[last], ...before.slice(0, last)]);
      // Drag-out data: the block as the server rendered it, and its text.
      const data = await v.evaluate(() => {
        const dt = new DataTransfer();
        const handle = document.querySelector(".mcc-list > ol > li > .mcc-move")!;
        handle.dispatchEvent(new DragEvent("dragstart", { dataTransfer: dt, bubbles: true }));
        handle.dispatchEvent(new DragEvent("dragend", { bubbles: true }));
        return [dt.getData("text/html"), dt.getData("text/plain")];
      });
      assert(data[0].startsWith('<li><span class="mcc-item">') && !data[0].includes("mcc-move"), data[0]);
      assert(data[1].startsWith(before[last]!), data[1]);
      for (const theme of ["light", "dark"] as const) {
        await m.page.evaluate((th) => window.changeContext({ theme: th }), theme);
        await until(v, (th) => document.body.dataset.theme === th, theme);
        assertEquals(await axeViolations(v), [], `movable ${theme}`);
        await handles.nth(0).focus();
        await shot(m, `list-movable-420-${theme}`, 420);
      }
      await m.page.close();
    });

    await t.step("the Insert Card bookmarklet puts a copied card into a page, sandboxed", async () => {
      const result = await h.plain.callTool({
        name: "create_list_card",
        arguments: fixture("list", "example"),
      });
      const link = (result.content as { type: string; uri?: string }[]).find((c) =>
        c.type === "resource_link"
      )!;
      const doc = ((await h.plain.readResource({ uri: link.uri! })).contents[0] as { text: string }).text;
      const url = h.servePage(
        "/article.html",
        `<!doctype html><html lang="en"><head><title>Notes</title></head><body><main><h1>Notes</h1><p id="a">First paragraph.</p><p id="b">Second paragraph.</p></main></body></html>`,
      );
      // Without clipboard permission (whatever a step before left) the paste box takes the card.
      await h.context.clearPermissions();
      const page = await h.context.newPage();
      await page.goto(url);
      await page.evaluate(decodeURIComponent(bookmarkletUrl().slice("javascript:".length)));
      await page.click("#a", { button: "right" });
      await page.click('button:has-text("Insert Card")');
      const box = page.locator("textarea");
      await box.waitFor();
      await box.evaluate((el, html) => {
        const dt = new DataTransfer();
        dt.setData("text/plain", html);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
      }, doc);
      const frame = page.locator("#a + iframe");
      await frame.waitFor();
      assertEquals(await frame.getAttribute("sandbox"), "allow-scripts");
      assertEquals(await frame.evaluate((f: HTMLIFrameElement) => f.srcdoc), doc);
      await until(page, () => parseFloat(document.querySelector("iframe")!.style.height) > 240);
      assertEquals(
        await page.frameLocator("#a + iframe").locator(".mcc-title").textContent(),
        fixture("list", "example").title,
      );
      assertEquals(
        await page.evaluate(() => document.querySelectorAll("script").length),
        0,
        "nothing added to the page itself",
      );
      // With permission, the clipboard is read directly.
      await h.context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: new URL(url).origin,
      });
      await page.evaluate((html) => navigator.clipboard.writeText(html), doc);
      await page.click("#b", { button: "right" });
      await page.click('button:has-text("Insert Card")');
      await page.locator("#b + iframe").waitFor();
      await picture(page, "bookmarklet-inserted.png", { fullPage: true });
      await h.context.clearPermissions();
      await page.close();
    });
  } finally {
    await h.close();
  }
});
