/**
 * Adversarial inputs to every card tool through a real MCP client: hostile strings in every text
 * field (rendered inert, shown exactly as typed), wrong types, prototype keys, numbers at the
 * edges, limits at exactly and one over, pathological rawText, and the result ceiling.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { connect } from "../helpers.ts";
import { markBidi, markControls } from "../../src/ui/shared/marks.ts";
import {
  assertInert,
  assertScalesLinearly,
  call,
  type Called,
  hasLoneSurrogate,
  HOSTILE,
  unescapeOnce,
} from "./probe.ts";

/** Every accepted result: inert article, parts sane, under the ceiling. */
function assertGoodCard(r: Called, limit: number, where: string): string {
  assertEquals(r.isError, false, `${where}: refused: ${r.text}`);
  // Hosts without MCP Apps get no article (the embedded document is checked elsewhere).
  const html = (r.structured!.card.articleHtml as string | undefined) ?? "";
  assertInert(html, where);
  const size = JSON.stringify({ content: r.raw.content, structuredContent: r.raw.structuredContent }).length;
  assertEquals(size <= limit, true, `${where}: result is ${size} characters, over ${limit}`);
  return html;
}

/** The typed text appears in the article exactly once unescaped (never decoded, never double-escaped). */
function assertShown(html: string, typed: string, where: string): void {
  assertEquals(
    unescapeOnce(html).includes(typed),
    true,
    `${where}: ${JSON.stringify(typed)} not shown as typed`,
  );
}

Deno.test("adversarial: hostile strings in every text field render inert and shown as typed", async () => {
  await using client = await connect();
  // Bidi controls and control characters are the exceptions to "as typed": the input guard marks
  // bidi controls visibly, and every result marks both on the way out (NUL reads ␀, ESC ␛).
  for (const s of HOSTILE.map((h) => markControls(markBidi(h)))) {
    const title = s.slice(0, 200);
    const para = s.replace(/\r?\n[ \t]*\r?\n/g, " "); // text fields split paragraphs on blank lines
    const table = await call(client, "create_table_card", {
      title,
      caption: s,
      headers: [s, "b"],
      rows: [[s, s], ["https://example.com/?q=" + s, null]],
    });
    let html = assertGoodCard(table, 40_000, `table ${JSON.stringify(s)}`);
    for (const t of [title, s]) assertShown(html, t, "table");

    const tab = await call(client, "create_tab_card", {
      title,
      tabs: [{ label: s.slice(0, 80), text: para, code: s, language: s.slice(0, 40) }, {
        label: "2",
        html: s + "<p>after</p>",
      }],
    });
    html = assertGoodCard(tab, 40_000, `tab ${JSON.stringify(s)}`);
    for (const t of [title, s.slice(0, 80), s]) assertShown(html, t, "tab");
    assertShown(html, para.trim(), "tab text");

    const reveal = await call(client, "create_reveal_card", {
      title,
      intro: s,
      sections: [{ title: title, text: para, open: true }, { title: "h", html: s + "<p>after</p>", code: s }],
    });
    html = assertGoodCard(reveal, 40_000, `reveal ${JSON.stringify(s)}`);
    for (const t of [title, s]) assertShown(html, t, "reveal");

    const list = await call(client, "create_list_card", {
      title,
      intro: s,
      items: [{ text: s, detail: s, children: [{ text: s, children: [{ text: s }] }] }],
    });
    html = assertGoodCard(list, 40_000, `list ${JSON.stringify(s)}`);
    assertShown(html, s, "list");
  }
});

Deno.test("adversarial: wrong types, prototype keys and non-finite numbers are refused or ignored, never obeyed", async () => {
  await using client = await connect();
  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ["create_table_card", { title: "t", rows: [[NaN, Infinity]] }, /rows\.0\.0/],
    ["create_table_card", { title: "t", rows: [[{ toString: "x" }]] }, /rows\.0\.0/],
    ["create_table_card", { title: "t", rows: "a,b" }, /rows: expected a list, got text$/],
    ["create_table_card", { title: ["t"], rows: [["a"]] }, /title: expected text, got a list$/],
    ["create_table_card", { title: "t", rows: [["a"]], rawText: "" }, /"rows": give either rows or rawText/],
    ["create_table_card", { title: "t", rawText: "x", delimiter: "__proto__" }, /delimiter/],
    ["create_tab_card", { title: "t", tabs: [{ label: "a", text: "x" }], selected: 1e308 }, /selected/],
    ["create_tab_card", { title: "t", tabs: [{ label: "a", text: "x" }], selected: -1 }, /selected/],
    ["create_tab_card", { title: "t", tabs: [{ label: "a", text: "x" }], selected: 0.5 }, /selected/],
    [
      "create_tab_card",
      { title: "t", tabs: [{ label: "a", text: "x" }], selected: 1 },
      /"selected": must be from 0 to 0/,
    ],
    [
      "create_reveal_card",
      { title: "t", sections: [{ title: "a", text: "x", open: "true" }] },
      /sections\.0\.open/,
    ],
    [
      "create_list_card",
      { title: "t", items: { 0: { text: "x" }, length: 1 } },
      /items: expected a list, got an object$/,
    ],
    [
      "get_card",
      { tool: "constructor", arguments: { title: "t" } },
      /"tool": "constructor" is not a card tool/,
    ],
    ["get_card", { tool: "get_card", arguments: { title: "t" } }, /"tool": "get_card" is not a card tool/],
  ];
  for (const [tool, args, message] of refusals) {
    const r = await call(client, tool, args);
    assertEquals(r.isError, true, `${tool} ${JSON.stringify(args)} accepted`);
    assertEquals(message.test(r.text), true, `${tool}: ${r.text}`);
  }
  // JSON-born __proto__ and constructor keys are own data, never obeyed: an unknown "constructor"
  // is refused like any unknown field, a nested "__proto__" is refused by name (a record would
  // drop it without a word), and nothing global changes.
  const proto = JSON.parse(
    '{"title":"p","rows":[["a"]],"__proto__":{"rawText":"x,y","caption":"<b>"},"constructor":{"prototype":{"polluted":1}}}',
  );
  const refused = await call(client, "create_table_card", proto);
  assertEquals(refused.text.includes('unknown field "constructor"'), true, refused.text);
  const r = await call(
    client,
    "create_table_card",
    JSON.parse('{"title":"p","rows":[["a"]],"__proto__":{"rawText":"x,y","caption":"<b>"}}'),
  );
  // At the top level the SDK's request schema drops it before the guard sees it.
  assertEquals(r.isError, false, r.text);
  assertEquals(r.structured!.card.articleHtml.includes("caption"), false);
  const viaGetCard = await call(
    client,
    "get_card",
    JSON.parse('{"tool":"create_table_card","arguments":{"__proto__":{"title":"inherited","rows":[["a"]]}}}'),
  );
  assertEquals(viaGetCard.isError, true, "get_card obeyed an inherited title");
  assertEquals(
    viaGetCard.text,
    'Input validation error: Invalid arguments for tool get_card: arguments.__proto__: the name "__proto__" cannot be used',
  );
  assertEquals(({} as Record<string, unknown>).polluted, undefined);
  assertEquals(({} as Record<string, unknown>).title, undefined);
});

Deno.test("adversarial: html that sanitizes to nothing is refused by name, never an internal error", async () => {
  await using client = await connect();
  const r = await call(client, "create_tab_card", {
    title: "t",
    tabs: [{ label: "a", html: "<script>x</script>" }],
  });
  assertEquals(
    r.text,
    'Invalid "tabs[0].html": nothing is left once sanitized (scripts, styles, frames and forms are removed)\n' +
      "Send the content as text, or as html made of formatting elements (b, i, code, lists, tables, links)",
  );
});

Deno.test("adversarial: numbers at the edges render as JavaScript writes them", async () => {
  await using client = await connect();
  const r = await call(client, "create_table_card", {
    title: "n",
    rows: [[-0, 1e308, 5e-324, -1e-7, Number.MAX_SAFE_INTEGER + 2, true, false, null]],
  });
  const html = assertGoodCard(r, 40_000, "numbers");
  assertEquals(
    html.includes(
      [0, "1e+308", "5e-324", "-1e-7", "9007199254740992"].map((n) => `<td class="mcc-num">${n}</td>`).join(
        "",
      ) +
        "<td>true</td><td>false</td><td></td>",
    ),
    true,
    html,
  );
});

Deno.test("adversarial: limits hold at exactly the limit and refuse one over, naming the field", async () => {
  await using client = await connect({ resultLimit: 20_000_000 });
  const at: [string, Record<string, unknown>][] = [
    ["create_table_card", { title: "t".repeat(200), rows: [Array(50).fill("c".repeat(2000))] }],
    ["create_table_card", { title: "t", rows: Array.from({ length: 10_000 }, () => ["a"]) }],
    ["create_table_card", { title: "t", rawText: "h\n" + "a\n".repeat(10_000), firstRowIsHeader: true }],
    ["create_tab_card", {
      title: "t",
      tabs: Array.from(
        { length: 20 },
        (_, i) => ({ label: String(i).padEnd(80, "l"), text: "x".repeat(100_000) }),
      ),
    }],
    ["create_reveal_card", {
      title: "t",
      sections: Array.from({ length: 50 }, () => ({ title: "s", code: "c" })),
    }],
    ["create_list_card", {
      title: "t",
      items: Array.from(
        { length: 200 },
        () => ({ text: "x", children: [{ text: "y" }, { text: "z" }, { text: "w" }, { text: "v" }] }),
      ),
    }],
    ["create_list_card", {
      title: "t",
      items: [{ text: "x", children: Array.from({ length: 200 }, () => ({ text: "y" })) }],
    }],
  ];
  for (const [tool, args] of at) {
    const r = await call(client, tool, args);
    assertGoodCard(r, 20_000_000, `${tool} at the limit`); // how fast: bench/limits_bench.ts
  }
  const over: [string, Record<string, unknown>, RegExp][] = [
    [
      "create_table_card",
      { title: "t".repeat(201), rows: [["a"]] },
      /title: 201 characters, the limit is 200 characters$/,
    ],
    [
      "create_table_card",
      { title: "t", rows: [Array(51).fill("a")] },
      /rows\.0: 51 items, the limit is 50 items$/,
    ],
    [
      "create_table_card",
      { title: "t", rows: [["c".repeat(2001)]] },
      /rows\.0\.0: 2,001 characters, the limit is 2,000 characters$/,
    ],
    [
      "create_table_card",
      { title: "t", rows: Array.from({ length: 10_001 }, () => ["a"]) },
      /rows: 10,001 items, the limit is 10,000 items$/,
    ],
    // The row limit at its edges: 10,001 lines are 10,000 rows under a heading but 10,001 without
    // one (counted once split); 10,002 lines are refused before any line is split.
    [
      "create_table_card",
      { title: "t", rawText: "a\n".repeat(10_001), firstRowIsHeader: false },
      /"rawText": 10001 rows, the limit is 10000/,
    ],
    [
      "create_table_card",
      { title: "t", rawText: "h\n" + "a\n".repeat(10_001), firstRowIsHeader: true },
      /"rawText": 10002 lines, the limit is 10000 rows and a heading line/,
    ],
    [
      "create_table_card",
      { title: "t", rawText: "x".repeat(1_000_001) },
      /rawText: 1,000,001 characters, the limit is 1,000,000 characters$/,
    ],
    ["create_table_card", { title: "t", rawText: ",".repeat(50) }, /"rawText": 51 columns, the limit is 50/],
    [
      "create_tab_card",
      { title: "t", tabs: Array.from({ length: 21 }, () => ({ label: "l", text: "x" })) },
      /tabs: 21 items, the limit is 20 items$/,
    ],
    [
      "create_tab_card",
      { title: "t", tabs: [{ label: "l".repeat(81), text: "x" }] },
      /tabs\.0\.label: 81 characters, the limit is 80 characters$/,
    ],
    [
      "create_tab_card",
      { title: "t", tabs: [{ label: "l", text: "x".repeat(100_001) }] },
      /tabs\.0\.text: 100,001 characters, the limit is 100,000 characters$/,
    ],
    ["create_reveal_card", {
      title: "t",
      sections: Array.from({ length: 51 }, () => ({ title: "s", code: "c" })),
    }, /sections: 51 items, the limit is 50 items$/],
    ["create_list_card", {
      title: "t",
      items: Array.from(
        { length: 200 },
        () => ({ text: "x", children: Array.from({ length: 5 }, () => ({ text: "y" })) }),
      ),
    }, /"items": 1200 items in all, the limit is 1000/],
    [
      "create_list_card",
      { title: "t", items: Array.from({ length: 201 }, () => ({ text: "x" })) },
      /items: 201 items, the limit is 200 items$/,
    ],
    [
      "create_list_card",
      { title: "t", items: [{ text: "x", children: Array.from({ length: 201 }, () => ({ text: "y" })) }] },
      /items\.0\.children: 201 items, the limit is 200 items$/,
    ],
    [
      "create_table_card",
      { title: "t", rows: Array.from({ length: 1_100_000 }, () => 1) },
      /maximum of 1000000 elements/,
    ],
  ];
  for (const [tool, args, message] of over) {
    const r = await call(client, tool, args);
    assertEquals(r.isError, true, `${tool} over the limit accepted`);
    assertEquals(message.test(r.text), true, `${tool}: ${r.text.slice(0, 300)}`);
  }
  let deep: Record<string, unknown> = { text: "7" };
  for (let level = 6; level >= 1; level--) deep = { text: String(level), children: [deep] };
  const tooDeep = await call(client, "create_list_card", { title: "t", items: [deep] });
  assertEquals(/lists nest at most 6 levels deep/.test(tooDeep.text), true, tooDeep.text);
  const alive = await call(client, "create_table_card", { title: "t", rows: [["still serving"]] });
  assertEquals(alive.isError, false);
});

Deno.test("adversarial: pathological rawText parses in linear time with sane refusals", async () => {
  await using client = await connect({ resultLimit: 20_000_000 });
  // Each input at scale 10 is the full-size case (about 1 MB, the rawText limit).
  const inputs: [string, (scale: number) => string][] = [
    ["only quotes", (k) => '"'.repeat(100_000 * k)],
    ["one 1 MB line", (k) => "x".repeat(100_000 * k)],
    ["pipes", (k) => "|".repeat(100_000 * k)],
    ["markdown-rule lookalike", (k) => "|" + "-:".repeat(50_000 * k - 1) + "x"],
    ["spaces then x", (k) => " ".repeat(100_000 * k - 1) + "x"],
    ["tabs", (k) => "a\t".repeat(50_000 * k)],
    ["CR only", (k) => "a,b\r".repeat(25_000 * k)],
    ["mixed EOL", (k) => "a,b\r\n1,2\r3,4\n5,6\r\n\r\n".repeat(1_000 * k)],
    ["unclosed quote per line", (k) => '"a,b\n'.repeat(1_000 * k)],
    ["quote pairs", (k) => '"",'.repeat(16) + "\n" + '"a""b",c\n'.repeat(500 * k)],
  ];
  for (const [name, make] of inputs) {
    await assertScalesLinearly(name, async (scale) => {
      const r = await call(client, "create_table_card", { title: name, rawText: make(scale) });
      if (r.isError) {
        assertEquals(
          /^(Invalid "rawText"|Invalid "rows\[|Card is too large)/.test(r.text),
          true,
          `${name}: ${r.text}`,
        );
      } else assertInert(r.structured!.card.articleHtml, name);
    });
  }
  const quoted = await call(client, "create_table_card", {
    title: "q",
    rawText: 'a,b\n"x, ""y""","<td>"\n',
  });
  assertEquals(
    quoted.structured!.card.articleHtml.includes("<td>x, &quot;y&quot;</td><td>&lt;td&gt;</td>"),
    true,
  );
});

Deno.test("adversarial: no accepted result exceeds MCP_CHAT_CARDS_RESULT_LIMIT, whatever JSON escaping costs", async () => {
  for (const embedHtml of [false, true]) {
    const limit = embedHtml ? 60_000 : 4_000;
    await using client = await connect({ apps: false, resultLimit: limit, embedHtml });
    for (const ch of ["a", "\u0001", "<", "\u2028", "😀", "\\", '"']) {
      for (let len = 0; len < 4_000; len += 271) {
        const s = ch.repeat(Math.ceil(len / ch.length));
        const r = await call(client, "create_tab_card", {
          title: /\S/.test(s.slice(0, 200)) ? s.slice(0, 200) : "t", // a blank title is refused by design
          tabs: [{ label: "a", text: s + "x", code: s }],
        });
        if (r.isError) {
          assertEquals(r.text.startsWith("Card is too large"), true, r.text);
          continue;
        }
        assertGoodCard(r, limit, `embed=${embedHtml} ${JSON.stringify(ch)}×${len}`);
      }
    }
  }
});

Deno.test({
  name: "adversarial: blank lines made of other whitespace do not make text rendering quadratic",
  // Regression (found by red-teaming): paragraph trimming was a backtracking regex, quadratic on
  // lines of non-space whitespace (\v, NBSP, \f, U+2028); one text field blocked the server ~2 s.

  async fn() {
    await using client = await connect({ resultLimit: 20_000_000 });
    for (const ws of ["\v", "\u00a0", "\f", "\u2028"]) {
      await assertScalesLinearly(JSON.stringify(ws), async (scale) => {
        const r = await call(client, "create_reveal_card", {
          title: "t",
          sections: [{ title: "s", text: "a" + `\n${ws}`.repeat(4_999 * scale) + "x" }],
        });
        assertEquals(r.isError, false, r.text);
      });
    }
  },
});

Deno.test({
  name: "adversarial: summaries never cut a surrogate pair in half",
  // Regression: summaries cut text by UTF-16 unit and could end in a lone surrogate.

  async fn() {
    await using client = await connect();
    const tab = await call(client, "create_tab_card", {
      title: "t",
      tabs: [{ label: "a", text: "x".repeat(78) + "😀more" }],
    });
    assertEquals(hasLoneSurrogate(tab.text), false, JSON.stringify(tab.text));
    const table = await call(client, "create_table_card", {
      title: "t",
      rows: [["y".repeat(38) + "😀more"]],
    });
    assertEquals(hasLoneSurrogate(table.text), false, JSON.stringify(table.text));
  },
});

Deno.test({
  name:
    "adversarial: a rawText header cell obeys the 2,000-character cell limit, and rawText refusals name rawText",
  // Regression: rawText heading cells skipped the cell limit, and long rawText cells were refused
  // under a field the caller never sent; they are now named by line and column of rawText.

  async fn() {
    await using client = await connect();
    const header = await call(client, "create_table_card", {
      title: "t",
      rawText: "h".repeat(3_000) + ",b\n1,2",
    });
    assertEquals(header.isError, true, "a 3,000-character heading was rendered");
    assertEquals(/^Invalid "rawText": .*2000/.test(header.text), true, header.text);
    const cell = await call(client, "create_table_card", {
      title: "t",
      rawText: "a,b\n1," + "x".repeat(2_001),
    });
    assertEquals(/^Invalid "rawText"/.test(cell.text), true, cell.text);
  },
});

Deno.test("adversarial: arguments nest at most 32 levels deep (README), the call itself being the first", async () => {
  await using client = await connect();
  const nested = (levels: number) => {
    let value: unknown = "x";
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  // get_card takes free-form JSON, so only the depth guard can refuse it: the call's arguments are
  // level 1, `arguments` level 2, so 30 arrays under `title` make 32 levels and 31 make 33.
  const pull = (levels: number) =>
    call(client, "get_card", { tool: "create_table_card", arguments: { title: nested(levels) } });
  assertEquals(
    (await pull(30)).text,
    `Invalid "arguments.title": expected text, got a list`,
  );
  assertEquals(
    (await pull(31)).text,
    "Input validation error: Invalid arguments for tool get_card: arguments.title.0: nested deeper than 32 levels",
  );
});

Deno.test({
  name: "adversarial: get_card refuses deeply nested arguments with a field-naming error",
  // Regression: deeply nested arguments overflowed the validator's stack; every tool now refuses
  // nesting deeper than MAX_INPUT_DEPTH before validation.

  async fn() {
    await using client = await connect();
    let nested: unknown = "x";
    for (let i = 0; i < 20_000; i++) nested = [nested];
    const r = await call(client, "get_card", { tool: "create_table_card", arguments: { title: nested } });
    assertEquals(r.isError, true);
    assertEquals(
      r.text,
      "Input validation error: Invalid arguments for tool get_card: arguments.title.0: nested deeper than 32 levels",
    );
  },
});

Deno.test("adversarial: the inert check lets through a chart's numeric layout style and nothing like it", () => {
  const fails = (html: string) => {
    try {
      assertInert(html, "probe");
      return false;
    } catch {
      return true;
    }
  };
  const plot = (style: string) => `<div class="mcc-plot" style="${style}"></div>`;
  const frame = (style: string, attrs = 'data-w="290" height="241"') =>
    `<svg class="mcc-fr" ${attrs} style="${style}"></svg>`;
  // what the chart renderer writes
  assertEquals(fails(plot("--i0:10px 84px 24px 34.5px;--i4:29px 10px 24px 34px")), false);
  assertEquals(fails(frame("height:calc(61px + var(--ph))")), false);
  assertEquals(
    fails(frame("height:calc(61px + var(--ph))", 'data-b="0 1 2" data-w="290" height="241"')),
    false,
  );
  // anything else: another property, a function, a unit, an element, a class, a trailing rule
  for (
    const html of [
      plot("--i0:10px 84px 24px 34px;background:url(https://evil.example/x)"),
      plot("--i0:url(x)"),
      plot("--i0:10px 84px 24px 34em"),
      plot("--i0:10px 84px 24px"),
      plot("position:fixed;inset:0"),
      plot(""),
      frame("height:calc(61px + var(--ph));background:red"),
      frame("height:calc(61px + var(--x))"),
      frame("height:100vh"),
      frame("height:calc(61px + var(--ph))", 'data-w="290" height="241" onload="x"'),
      `<div class="mcc-plot x" style="--i0:1px 1px 1px 1px"></div>`,
      `<p class="mcc-plot" style="--i0:1px 1px 1px 1px"></p>`,
      `<svg class="mcc-fr" style="height:calc(61px + var(--ph))"></svg>`,
      `<div style="--i0:1px 1px 1px 1px" class="mcc-plot"></div>`,
    ]
  ) assertEquals(fails(html), true, html);
});
