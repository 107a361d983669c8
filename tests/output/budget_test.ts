/**
 * The output stage's one seam for parts: packing blocks under the budget, cutting items blocks,
 * truncating opaque blocks with a visible notice, and numbering parts in the result.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../src/config.ts";
import { type Html, join, markup, raw } from "../../src/html/html.ts";
import {
  fitBlock,
  formatCount,
  itemsBlock,
  orderedListBlock,
  packBlocks,
  truncateHtml,
} from "../../src/output/budget.ts";
import { buildCardResult } from "../../src/output/result.ts";
import { CardStore } from "../../src/store/card_store.ts";

const values = (parts: Html[][]) => parts.map((p) => p.map((b) => b.value));

Deno.test("packBlocks keeps order and starts a part when the next block would pass the budget", () => {
  // A part's blocks are joined by a line break, which counts: "aaaa\nbbbb\ncc" is 12 characters.
  const blocks = ["aaaa", "bbbb", "cc", "dddddd"].map(raw);
  assertDeep(values(packBlocks(blocks, 12)), [["aaaa", "bbbb", "cc"], ["dddddd"]]);
  assertDeep(values(packBlocks(blocks, 11)), [["aaaa", "bbbb"], ["cc", "dddddd"]]);
  assertDeep(values(packBlocks(blocks, 7)), [["aaaa"], ["bbbb", "cc"], ["dddddd"]]);
  assertDeep(values(packBlocks(blocks, 6)), [["aaaa"], ["bbbb"], ["cc"], ["dddddd"]]);
  assertDeep(values(packBlocks([], 10)), [[]]);
});

Deno.test("an items block over the budget is cut into the longest runs of whole items that fit", () => {
  const lines = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);
  const block = itemsBlock(lines, (run, from) => markup`<pre data-from="${from}">${run.join("\n")}</pre>`);
  const pieces = fitBlock(block, 60).map((h) => h.value);
  assertDeep(pieces, [
    '<pre data-from="0">line 1\nline 2\nline 3\nline 4\nline 5</pre>',
    '<pre data-from="5">line 6\nline 7\nline 8\nline 9\nline 10</pre>',
  ]);
  for (const piece of pieces) assertEquals(piece.length <= 60, true);
  assertEquals(pieces.map((p) => p.replace(/<[^>]+>/g, "")).join("\n"), lines.join("\n"), "nothing lost");
  // The pieces are blocks of their own, so parts pack them like any other.
  assertEquals(packBlocks([block], 60).length, 2);
});

Deno.test("an items block that fits stays whole, rendered once from item 0", () => {
  const block = itemsBlock(["a", "b"], (run, from) => raw(`${from}:${run.join(",")}`));
  assertDeep(fitBlock(block, 100).map((h) => h.value), ["0:a,b"]);
});

Deno.test("records split between items, each part rendered from its own records, no stand-ins", () => {
  const events = Array.from({ length: 6 }, (_, i) => ({ year: 2000 + i, what: `event ${i}` }));
  const block = itemsBlock(
    events,
    (run, start) =>
      markup`<dl data-start="${start}">${run.map((e) => markup`<dt>${e.year}</dt><dd>${e.what}</dd>`)}</dl>`,
  );
  const pieces = fitBlock(block, 90).map((h) => h.value);
  assertDeep(pieces, [
    '<dl data-start="0"><dt>2000</dt><dd>event 0</dd><dt>2001</dt><dd>event 1</dd></dl>',
    '<dl data-start="2"><dt>2002</dt><dd>event 2</dd><dt>2003</dt><dd>event 3</dd></dl>',
    '<dl data-start="4"><dt>2004</dt><dd>event 4</dd><dt>2005</dt><dd>event 5</dd></dl>',
  ]);
});

Deno.test("an ordered list carries its numbering across parts: each part's <ol> starts where it left off", () => {
  const steps = ["mix", "knead", "rest", "shape", "bake"];
  const block = orderedListBlock(steps, (step, i) => markup`${step} <small>#${i + 1}</small>`, "mcc-steps");
  assertEquals(
    fitBlock(block, 1_000)[0].value,
    '<ol class="mcc-steps"><li>mix <small>#1</small></li><li>knead <small>#2</small></li><li>rest <small>#3</small></li><li>shape <small>#4</small></li><li>bake <small>#5</small></li></ol>',
  );
  const parts = packBlocks([block], 100).map((p) => p.map((h) => h.value).join(""));
  assertDeep(parts, [
    '<ol class="mcc-steps"><li>mix <small>#1</small></li><li>knead <small>#2</small></li></ol>',
    '<ol class="mcc-steps" start="3"><li>rest <small>#3</small></li><li>shape <small>#4</small></li></ol>',
    '<ol class="mcc-steps" start="5"><li>bake <small>#5</small></li></ol>',
  ]);
  assertEquals(orderedListBlock(["a"], (s) => markup`${s}`).render(["a"], 0).value, "<ol><li>a</li></ol>");
});

Deno.test("one item longer than the budget is truncated with the notice, never dropped", () => {
  const block = itemsBlock(["x".repeat(500)], (run) => markup`<pre>${run.join("\n")}</pre>`);
  const [piece] = fitBlock(block, 300);
  assertEquals(piece.value.length <= 300, true);
  assertEquals(piece.value.startsWith("<pre>xxx"), true);
  assertEquals(
    piece.value.includes('</pre><p class="mcc-notice" role="note">Truncated: this block is 511'),
    true,
  );
});

Deno.test("truncateHtml cuts outside tags and entities, closes open elements and adds the notice", () => {
  const html = join([raw("<section><p>"), "a & b < c ".repeat(40), raw("</p><p>tail</p></section>")]);
  const out = truncateHtml(html, 250).value;
  assertEquals(out.length <= 250, true);
  assertEquals(out.startsWith("<section><p>a &amp; b &lt; c "), true);
  assertEquals(/&[a-z]*$/.test(out.slice(0, out.indexOf("</p></section>"))), false, "no cut entity");
  assertEquals(
    out.slice(out.indexOf("</p></section>")),
    '</p></section><p class="mcc-notice" role="note">Truncated: this block is 717 characters rendered, more than a whole part may hold (MCP_CHAT_CARDS_CARD_BUDGET, 250).</p>',
  );
});

Deno.test("truncateHtml leaves void elements unclosed and never splits a surrogate pair", () => {
  const out = truncateHtml(raw("<div><img alt=x><br>" + "😀".repeat(100) + "</div>"), 200).value;
  assertEquals(out.includes("</img>") || out.includes("</br>"), false);
  assertEquals(/[\ud800-\udbff]<\/div>/.test(out), false);
  assertEquals(out.includes('</div><p class="mcc-notice"'), true);
});

Deno.test("truncateHtml leaves each void element unclosed, one by one, and closes a normal element", () => {
  const closed: string[] = [];
  for (
    const tag of [
      "area",
      "base",
      "br",
      "col",
      "embed",
      "hr",
      "img",
      "input",
      "link",
      "meta",
      "source",
      "track",
      "wbr",
    ]
  ) {
    const out = truncateHtml(raw(`<div><${tag}>${"x".repeat(400)}</div>`), 250).value;
    if (out.includes(`</${tag}>`) || !out.includes('</div><p class="mcc-notice"')) closed.push(tag);
  }
  assertDeep(closed, []);
  const span = truncateHtml(raw(`<div><span>${"x".repeat(400)}</span></div>`), 250).value;
  assertEquals(span.includes('</span></div><p class="mcc-notice"'), true);
  // An element closed before the cut leaves the ones around it open, to be closed at the cut.
  const closedBefore = truncateHtml(raw(`<div><b>a</b><i>b</i>${"x".repeat(400)}</div>`), 250).value;
  assertEquals(closedBefore.includes("</i>xxx"), true);
  assertEquals(closedBefore.includes('x</div><p class="mcc-notice"'), true);
});

Deno.test("an item over the budget between short ones is truncated alone; the items after it follow once", () => {
  const block = itemsBlock(
    ["a", "x".repeat(500), "b", "c"],
    (run, from) => raw(`<pre data-from="${from}">${run.join("|")}</pre>`),
  );
  const pieces = fitBlock(block, 300).map((h) => h.value.replace(/<p class="mcc-notice".*$/, "[notice]"));
  assertDeep([pieces[0], pieces[2], pieces.length], [
    '<pre data-from="0">a</pre>',
    '<pre data-from="2">b|c</pre>',
    3,
  ]);
  assertEquals(/^<pre data-from="1">x+<\/pre>\[notice\]$/.test(pieces[1]), true, pieces[1]);
  // The notice measures that item alone: 19 + 500 + 6 characters.
  assertEquals(
    fitBlock(block, 300)[1].value.includes("Truncated: this block is 525 characters rendered"),
    true,
  );
});

Deno.test("packBlocks: no blocks still make one (empty) part", () => {
  assertDeep(packBlocks([], 100), [[]]);
});

Deno.test("parts are numbered, titled and announced; a part past the end is refused", async () => {
  const config = { ...DEFAULT_CONFIG, cardBudget: 2_000 };
  const card = {
    title: "Doc",
    summary: "A document",
    blocks: ["one", "two", "three"].map((w) => raw(`<p>${w.repeat(400)}</p>`)),
  };
  const context = (part?: number) => ({
    tool: "create_doc_card",
    kind: "doc",
    splittable: true,
    part,
    config,
    store: new CardStore(),
    apps: true,
    newId: () => "id-1",
  });
  const first = await buildCardResult(card, context());
  assertDeep(first.structuredContent.parts, { current: 1, total: 3, hasMore: true });
  assertEquals(first.structuredContent.card.config.title, "Doc (part 1 of 3)");
  assertEquals(
    (first.content[0] as { text: string }).text,
    'A document\n\nThis is part 1 of 3. For part 2, call get_card with {"id":"id-1","part":2}.',
  );
  const last = await buildCardResult(card, context(3));
  assertDeep(last.structuredContent.parts, { current: 3, total: 3, hasMore: false });
  assertEquals(
    (last.content[0] as { text: string }).text,
    "A document\n\nThis is part 3 of 3, the last one.",
  );
  try {
    await buildCardResult(card, context(4));
    throw new Error("part 4 was accepted");
  } catch (error) {
    assertEquals(
      (error as Error).message,
      'Invalid "part": this input renders as 3 parts, got 4',
    );
  }
});

Deno.test("formatCount writes thousands with commas in every locale", () => {
  assertEquals(formatCount(0), "0");
  assertEquals(formatCount(999), "999");
  assertEquals(formatCount(4_000), "4,000");
  assertEquals(formatCount(175_416), "175,416");
  assertEquals(formatCount(20_000_000), "20,000,000");
});

Deno.test("truncateHtml closes markup nested thousands deep, and a stray closer changes nothing", () => {
  const deep = raw("<b>".repeat(3_333) + "word ".repeat(10_000) + "</b>".repeat(3_333));
  const out = truncateHtml(deep, 40_000).value;
  assertEquals(out.length <= 40_000, true, `${out.length}`);
  const notice = out.slice(out.indexOf('<p class="mcc-notice"'));
  const body = out.slice(0, out.length - notice.length);
  assertEquals(body.startsWith("<b>".repeat(3_333) + "word "), true);
  assertEquals(body.endsWith("</b>".repeat(3_333)), true, "every open element is closed");
  assertEquals(body.split("</b>").length - 1, 3_333);
  const stray = raw("<div><p>" + "a</i></span>".repeat(2_000) + "</p></div>");
  const cut = truncateHtml(stray, 2_000).value;
  assertEquals(cut.slice(0, cut.indexOf("<p class=")).endsWith("</p></div>"), true);
});

Deno.test("runs are cut from running totals, and a frame that grows with the run still fits", () => {
  // A table-like block: each run's caption names its range, so a longer run has a longer frame.
  const lines = Array.from({ length: 300 }, (_, i) => `<tr><td>${i}</td></tr>`);
  const render = (run: readonly string[], from: number) =>
    raw(`<table><caption>rows ${from + 1}–${from + run.length} of 300</caption>${run.join("\n")}</table>`);
  const block = itemsBlock(lines, render, lines.map((l) => l.length + 1));
  for (let budget = 100; budget <= 1_200; budget++) { // every budget: some land where the caption grows
    const pieces = fitBlock(block, budget).map((h) => h.value);
    for (const piece of pieces) assertEquals(piece.length <= budget, true, `${piece.length} > ${budget}`);
    const rows = pieces.flatMap((p) => p.match(/<tr>.*?<\/tr>/g) ?? []);
    assertDeep(rows, lines, `every row once, in order (budget ${budget})`);
  }
});
