// deno-lint-ignore-file no-console no-window -- prints on stderr; page callbacks run in the browser, where window exists
/**
 * Red team (session 4): layout attacks through the real tools, painted at 420 px in the official
 * AppBridge host in Chromium. 100,000-character words (plain, joined by word joiners, as links),
 * zero-width and bidi controls, the most tabs, rows, series and files the tools take, emoji-only
 * labels, the deepest lists. Each case asserts the page never scrolls sideways (wide content
 * scrolls inside the card), the card stays inside the frame, and every header tool is on screen,
 * hit-testable and not covered. Paint time (result sent to the host's size report) is reported
 * next to the same card kind's golden example painted in the same run.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ARTIFACTS, type Harness, type Mounted, report, skipReason, startHarness, until } from "./harness.ts";
import { assertClean, type Watch, watch } from "./redui_common.ts";
import { KINDS } from "./samples.ts";
import "./page/types.ts";

const reason = skipReason();
if (reason) console.error(`[browser] skipped: ${reason}`);

type Json = Record<string, unknown>;

/** As long a word as one result carries under the default 40,000-character ceiling. */
const WORD = "W".repeat(25_000);
const JOINED = "j\u2060".repeat(2_000); // word joiners forbid every break
const EMOJI = "👩‍👩‍👧‍👦🏳️‍🌈🇯🇵";
const RTL = "\u202Eevil.exe\u202C \u2067txt\u2069 \u200B\u200C\u200D\uFEFF";
const long = (n: number, s: string) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

function nested(depth: number): Json {
  let item: Json = { text: long(300, "Deep") };
  for (let i = depth; i > 0; i--) item = { text: `${i} ${long(200, "x")}`, children: [item] };
  return item;
}

const CASES: { name: string; kind: string; tool: string; args: Json }[] = [
  {
    name: "table-words",
    kind: "table",
    tool: "create_table_card",
    args: {
      title: long(200, "T"),
      caption: long(500, "C"),
      headers: [long(200, "H"), EMOJI, RTL],
      rows: Array.from(
        { length: 100 },
        (_, i) => [i === 0 ? WORD.slice(0, 2000) : `${i}`, EMOJI.repeat(5), JOINED.slice(0, 200)],
      ),
    },
  },
  {
    name: "table-columns",
    kind: "table",
    tool: "create_table_card",
    args: {
      title: "Wide",
      headers: Array.from({ length: 50 }, (_, i) => `Column ${i} ${long(60, "c")}`),
      rows: Array.from({ length: 50 }, (_, r) => Array.from({ length: 50 }, (_, c) => `${r}.${c}`)),
    },
  },
  {
    name: "markdown",
    kind: "markdown",
    tool: "create_markdown_card",
    args: {
      title: long(200, EMOJI),
      markdown: [
        `# ${EMOJI.repeat(20)}`,
        ``,
        WORD.slice(0, 8000),
        ``,
        `[${long(3000, "L")}](https://ok.example/${long(2000, "p")})`,
        ``,
        JOINED,
        ``,
        RTL.repeat(50),
        ``,
        Array.from({ length: 40 }, (_, i) => `${"  ".repeat(i)}- level ${i} ${long(80, "n")}`).join("\n"),
        ``,
        "```\n" + WORD.slice(0, 5000) + "\n```",
        ``,
        `| ${Array.from({ length: 30 }, (_, i) => `h${i}`).join(" | ")} |`,
        `| ${Array.from({ length: 30 }, () => "---").join(" | ")} |`,
        `| ${Array.from({ length: 30 }, () => long(100, "t")).join(" | ")} |`,
        ``,
        `## ${long(150, "S")}`,
        ``,
        `> `.repeat(40) + "quoted",
      ].join("\n"),
    },
  },
  {
    name: "tabs",
    kind: "tab",
    tool: "create_tab_card",
    args: {
      title: long(200, "Tabs"),
      tabs: Array.from({ length: 20 }, (_, i) => ({
        label: i % 2 ? EMOJI.repeat(3) : long(80, `L${i}`),
        text: i === 0 ? WORD.slice(0, 10_000) : RTL,
        code: i === 1 ? WORD.slice(0, 10_000) : undefined,
      })),
    },
  },
  {
    name: "chart",
    kind: "chart",
    tool: "create_chart_card",
    args: {
      title: long(200, "C"),
      type: "line",
      labels: Array.from({ length: 50 }, (_, i) => (i % 3 ? long(40, `l${i}`) : EMOJI)),
      series: Array.from({ length: 8 }, (_, s) => ({
        name: s % 2 ? EMOJI.repeat(4) : long(80, `S${s}`),
        values: Array.from({ length: 50 }, (_, i) => Math.round(Math.sin(i + s) * 1e12)),
      })),
      xTitle: long(100, "X"),
      yTitle: long(100, "Y"),
    },
  },
  {
    name: "list",
    kind: "list",
    tool: "create_list_card",
    args: { title: EMOJI, intro: WORD.slice(0, 2000), items: [nested(5), { text: JOINED.slice(0, 1000) }] },
  },
  {
    name: "code_tour",
    kind: "code_tour",
    tool: "create_code_tour_card",
    args: {
      title: long(200, "Tour"),
      files: Array.from({ length: 60 }, (_, i) => ({
        path: `${long(480, "dir/")}${i}${EMOJI}.ts`,
        content: i === 0 ? WORD.slice(0, 10_000) : `const x${i} = "${RTL}";\n`,
      })),
    },
  },
  {
    name: "form",
    kind: "form",
    tool: "create_form_card",
    args: {
      title: long(200, "F"),
      intro: WORD.slice(0, 2000),
      fields: Array.from({ length: 12 }, (_, i) => ({
        name: `f${i}`,
        label: long(200, i % 2 ? EMOJI : "Label"),
        type: ["text", "select", "radio", "checkboxes", "textarea", "range"][i % 6],
        options: ["text", "textarea", "range"].includes(
            ["text", "select", "radio", "checkboxes", "textarea", "range"][i % 6],
          )
          ? undefined
          : Array.from({ length: 8 }, (_, o) => `${o}${long(150, "opt")}`),
        help: long(300, "h"),
      })),
      submitLabel: long(40, "S"),
    },
  },
  {
    name: "reveal",
    kind: "reveal",
    tool: "create_reveal_card",
    args: {
      title: long(200, "R"),
      sections: Array.from(
        { length: 20 },
        (_, i) => ({ title: long(200, `Q${i}`), text: WORD.slice(0, 1000), open: i < 2 }),
      ),
    },
  },
  {
    name: "animation",
    kind: "animation",
    tool: "create_animation_card",
    args: {
      title: long(200, "A"),
      scenes: [
        { type: "diagram", heading: long(120, "H"), nodes: Array.from({ length: 8 }, () => long(60, "N")) },
        { type: "bullets", heading: EMOJI, bullets: Array.from({ length: 8 }, () => long(160, "B")) },
      ],
    },
  },
  {
    name: "prompt_refine",
    kind: "prompt_refine",
    tool: "create_prompt_refine_card",
    args: {
      round: 1,
      questions: Array.from({ length: 6 }, (_, i) => ({
        name: `q${i}`,
        question: long(300, "Q"),
        options: Array.from({ length: 8 }, (_, o) => `${o}${long(190, "O")}`),
        multiple: i % 2 === 1,
      })),
    },
  },
];

/** Mounts with the result held back, narrows the slot, then delivers; returns the paint time. */
async function paintAt(
  h: Harness,
  tool: string,
  args: Json,
  width: number,
  theme = "light",
): Promise<{ m: Mounted; ms: number }> {
  const m = await h.mount({ tool, args, deliver: "never", hostContext: { theme } });
  await m.page.setViewportSize({ width: Math.max(720, width + 60), height: 900 });
  await m.page.evaluate((w) => (document.getElementById("slot")!.style.width = `${w}px`), width);
  const result = await h.apps.callTool({ name: tool, arguments: args });
  if (result.isError) throw new Error(`${tool} refused: ${JSON.stringify(result.content)}`);
  const sent = await m.page.evaluate((r) => window.deliver(r), result as Json);
  await until(m.page, (t) => window.hostEvents.some((e) => e.type === "size" && e.t >= t), sent);
  const size = (await m.events("size")).find((e) => e.t >= sent)!;
  return { m, ms: size.t - sent };
}

/** Sideways overflow and header tools that are off screen or covered, as lines. */
function layoutProblems(m: Mounted) {
  return m.view.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) {
      problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    }
    const card = document.querySelector(".mcc-card")!.getBoundingClientRect();
    if (card.left < 0 || card.right > doc.clientWidth + 0.5) {
      problems.push(`card ${card.left}..${card.right}`);
    }
    // Prose wraps: only tables, code and wide blocks scroll in scrollers of their own, never the
    // whole body (its scrollbar sits below all of the card, out of sight on a long one).
    for (const body of document.querySelectorAll<HTMLElement>(".mcc-body")) {
      if (body.scrollWidth > body.clientWidth + 1) {
        const wide = [...body.querySelectorAll<HTMLElement>("*")].filter((e) =>
          e.getBoundingClientRect().right > body.getBoundingClientRect().right + 1 &&
          ![...e.children].some((c) =>
            c.getBoundingClientRect().right > body.getBoundingClientRect().right + 1
          )
        ).map((e) => `<${e.tagName.toLowerCase()} class="${e.className}">`);
        problems.push(
          `body scrolls sideways: ${body.scrollWidth} > ${body.clientWidth} for ${
            [...new Set(wide)].slice(0, 4)
          }`,
        );
      }
    }
    // The card clips what sticks out (overflow: hidden): text wider than its box, outside any
    // scroller that would let the reader reach it, is text nobody can read.
    for (const e of document.querySelectorAll<HTMLElement>(".mcc-card *")) {
      if (e.closest("svg,.mcc-sr,[hidden]") || e.offsetParent === null) continue;
      const style = getComputedStyle(e);
      if (style.overflowX !== "visible" || e.scrollWidth <= e.clientWidth + 1 || e.clientWidth === 0) {
        continue;
      }
      let up = e.parentElement;
      while (up && !/auto|scroll/.test(getComputedStyle(up).overflowX)) up = up.parentElement;
      if (!up) {
        problems.push(
          `clipped: <${e.tagName.toLowerCase()} class="${e.className}"> ${e.scrollWidth} > ${e.clientWidth}`,
        );
      }
    }
    for (const tool of document.querySelectorAll<HTMLElement>(".mcc-head button")) {
      if (tool.closest("[hidden]") || getComputedStyle(tool).display === "none") continue;
      const r = tool.getBoundingClientRect();
      const name = tool.getAttribute("aria-label") ?? tool.textContent;
      if (r.left < 0 || r.right > doc.clientWidth + 0.5 || r.width < 1) {
        problems.push(`tool ${name} at ${r.left}..${r.right}`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !tool.contains(hit)) {
        problems.push(`tool ${name} covered by ${hit?.outerHTML.slice(0, 80)}`);
      }
    }
    return problems;
  });
}

Deno.test({
  name: "red team ui: layout attacks at 420 px",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const h: Harness = await startHarness();
  const w: Watch = await watch(h);
  try {
    for (const c of CASES) {
      await t.step(c.name, async () => {
        w.reset();
        const base = await paintAt(h, KINDS[c.kind].tool, KINDS[c.kind].args, 420);
        await base.m.page.close();
        const { m, ms } = await paintAt(h, c.tool, c.args, 420);
        try {
          report(
            `${c.name}: painted in ${ms.toFixed(0)} ms at 420 px (golden example ${base.ms.toFixed(0)} ms, ` +
              `ratio ${(ms / Math.max(base.ms, 1)).toFixed(1)})`,
          );
          assertEquals(await layoutProblems(m), [], c.name);
          if (Deno.env.get("MCC_REDUI_SHOTS")) {
            await Deno.mkdir(ARTIFACTS, { recursive: true });
            await m.page.screenshot({
              path: new URL(`redui-${c.name}-420.png`, ARTIFACTS).pathname,
              clip: { x: 0, y: 0, width: 460, height: 900 },
            });
          }
          await assertClean(m, w, c.name);
        } finally {
          await m.page.close();
        }
      });
    }
    if (Deno.env.get("MCC_REDUI_SHOTS")) {
      await t.step("screenshots at 420 and 760 px in both themes (tests/artifacts/redui-*)", async () => {
        await Deno.mkdir(ARTIFACTS, { recursive: true });
        for (const c of CASES.filter((c) => ["markdown", "tabs", "form", "list"].includes(c.name))) {
          for (const width of [420, 760]) {
            for (const theme of ["light", "dark"]) {
              const { m } = await paintAt(h, c.tool, c.args, width, theme);
              assertEquals(await layoutProblems(m), [], `${c.name} ${width} ${theme}`);
              await m.page.screenshot({
                path: new URL(`redui-${c.name}-${width}-${theme}.png`, ARTIFACTS).pathname,
                clip: { x: 0, y: 0, width: width + 40, height: 900 },
              });
              await m.page.close();
            }
          }
        }
      });
    }
  } finally {
    await h.close();
  }
});
