/**
 * Multi-part documents and tours through a real client with a small card budget: every part fits,
 * titles and summaries say where the reader is, and the parts concatenate back to the whole
 * (every section or file once, in order). The next part comes from the stored render by the
 * card's id (get_card); repeating the call with the same input and a part still works.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { renderStats, tourOrder } from "../../src/cards/code_tour.ts";
import type { Client } from "@modelcontextprotocol/client";
import { connect, textOf } from "../helpers.ts";

interface Structured {
  card: { articleHtml: string; config: { id: string; title: string; kind: string; tool: string } };
  parts: { current: number; total: number; hasMore: boolean };
}

/** Calls part 1, 2, ... until hasMore is false. */
async function allParts(tool: string, args: Record<string, unknown>, cardBudget: number) {
  await using client = await connect({ cardBudget, resultLimit: 200_000 });
  const parts: { html: string; title: string; text: string; parts: Structured["parts"] }[] = [];
  for (let part = 1;; part++) {
    const r = await client.callTool({ name: tool, arguments: { ...args, part } });
    assertEquals(r.isError, undefined, textOf(r));
    const s = r.structuredContent as unknown as Structured;
    parts.push({ html: s.card.articleHtml, title: s.card.config.title, text: textOf(r), parts: s.parts });
    if (!s.parts.hasMore) break;
  }
  return parts;
}

/** The markup between the card body's opening and closing tags. */
function body(article: string): string {
  return article.slice(article.indexOf('-body">\n') + 8, article.lastIndexOf("\n</div>\n</article>"));
}

const doc = [
  "# Field guide",
  "",
  "Intro paragraph.",
  ...Array.from({ length: 9 }, (_, i) =>
    [
      "",
      `## Section ${i + 1}`,
      "",
      `Text of section ${i + 1} with <tags> & entities &amp; to escape. `.repeat(20),
      "",
      "```ts",
      `const value${i} = ${i} < 10 && "x";`,
      "```",
    ].join("\n")),
].join("\n");

Deno.test("a document splits at H2 sections and the parts join back to the one-part card", async () => {
  const budget = 4_000;
  const parts = await allParts("create_markdown_card", { markdown: doc }, budget);
  const total = parts.length;
  assertEquals(total > 2, true);
  parts.forEach((p, i) => {
    assertDeep(p.parts, { current: i + 1, total, hasMore: i + 1 < total });
    assertEquals(p.title, `Field guide (part ${i + 1} of ${total})`);
    assertEquals(body(p.html).length <= budget, true, `part ${i + 1} is ${body(p.html).length}`);
    assertEquals(
      p.text.endsWith(
        i + 1 < total
          ? `This is part ${i + 1} of ${total}. For part ${i + 2}, call get_card with {"id":"card-${
            i + 1
          }","part":${i + 2}}.`
          : `This is part ${total} of ${total}, the last one.`,
      ),
      true,
      p.text,
    );
  });
  const whole = await allParts("create_markdown_card", { markdown: doc }, 1_000_000);
  assertEquals(whole.length, 1);
  assertEquals(parts.map((p) => body(p.html)).join("\n"), body(whole[0].html));
});

Deno.test("a tour splits at whole files and the parts join back to the whole tour", async () => {
  const files = Array.from({ length: 7 }, (_, i) => ({
    path: `src/step_${i + 1}.py`,
    content: Array.from({ length: 30 }, (_, j) => `def f${i}_${j}(x):\n    return x < ${j} and "<b>"\n`).join(
      "",
    ),
  }));
  files.splice(3, 0, { path: "README.md", content: "# Readme\n\nHoisted first." });
  const args = { title: "Steps", files, intro: "Follow the steps in order." };
  const budget = 6_000;
  const parts = await allParts("create_code_tour_card", args, budget);
  const total = parts.length;
  assertEquals(total > 2, true);
  const paths = parts.flatMap((p) => [...p.html.matchAll(/data-mcc-path="([^"]+)"/g)].map((m) => m[1]));
  assertDeep(paths, ["README.md", ...files.filter((f) => f.path !== "README.md").map((f) => f.path)]);
  for (const p of parts) assertEquals(body(p.html).length <= budget, true);
  const whole = await allParts("create_code_tour_card", args, 1_000_000);
  assertEquals(parts.map((p) => body(p.html)).join("\n"), body(whole[0].html));
});

Deno.test("asking for the next part reuses the render of the same input", async () => {
  const files = [{ path: "a.ts", content: "export const a = 1;\n".repeat(400) }, {
    path: "b.ts",
    content: "export const b = 2;\n".repeat(400),
  }];
  await using client = await connect({ cardBudget: 12_000 });
  const before = renderStats.renders;
  const first = await client.callTool({
    name: "create_code_tour_card",
    arguments: { title: "Cache", files },
  });
  const second = await client.callTool({
    name: "create_code_tour_card",
    arguments: { title: "Cache", files, part: 2 },
  });
  assertEquals((first.structuredContent as unknown as Structured).parts.total, 2);
  assertEquals((second.structuredContent as unknown as Structured).parts.current, 2);
  assertEquals(renderStats.renders - before, 1, "one render for two parts");
  await client.callTool({ name: "create_code_tour_card", arguments: { title: "Cache 2", files } });
  assertEquals(renderStats.renders - before, 2, "a different input renders again");
});

Deno.test("tour order: README, then manifests in a fixed order, then the caller's order", () => {
  const order = (paths: string[]) => tourOrder(paths.map((path) => ({ path }))).map((f) => f.path);
  assertDeep(order(["src/z.ts", "src/a.ts", "go.mod", "Cargo.toml", "package.json", "README.md"]), [
    "README.md",
    "package.json",
    "Cargo.toml",
    "go.mod",
    "src/z.ts",
    "src/a.ts",
  ]);
  // A project wrapped in one folder: its top level counts as the root; nested READMEs stay put.
  assertDeep(order(["p/src/README.md", "p/main.py", "p/pyproject.toml", "p/README.rst"]), [
    "p/README.rst",
    "p/pyproject.toml",
    "p/src/README.md",
    "p/main.py",
  ]);
});

Deno.test("a document without H2 is one part, truncated with a notice to fit the budget and the ceiling", async () => {
  const markdown = "# Long note\n\n" + "A sentence that goes on & on. ".repeat(400);
  {
    await using client = await connect({ cardBudget: 3_000 });
    const r = await client.callTool({ name: "create_markdown_card", arguments: { markdown } });
    const s = r.structuredContent as unknown as Structured;
    assertDeep(s.parts, { current: 1, total: 1, hasMore: false });
    assertEquals(s.card.config.title, "Long note");
    assertEquals(
      s.card.articleHtml.includes(
        "Truncated: this block is 13,633 characters rendered, more than a whole part may hold (MCP_CHAT_CARDS_CARD_BUDGET, 3,000).",
      ),
      true,
    );
  }
  {
    // A budget above the ceiling is cut to what the ceiling leaves room for: truncated, never refused.
    await using client = await connect({ cardBudget: 100_000, resultLimit: 5_000 });
    const r = await client.callTool({ name: "create_markdown_card", arguments: { markdown } });
    assertEquals(r.isError, undefined, textOf(r));
    assertEquals(JSON.stringify(r).length <= 5_000, true);
    const s = r.structuredContent as unknown as Structured;
    assertEquals(s.card.articleHtml.includes("Truncated: this block is 13,633 characters rendered"), true);
  }
});

/** Renders once, then reads every later part by the card's id. */
async function partsById(client: Client, tool: string, args: Record<string, unknown>) {
  const first = await client.callTool({ name: tool, arguments: args });
  assertEquals(first.isError, undefined, textOf(first));
  const results = [first];
  const { id } = (first.structuredContent as unknown as Structured).card.config;
  for (let part = 2; part <= (first.structuredContent as unknown as Structured).parts.total; part++) {
    results.push(await client.callTool({ name: "get_card", arguments: { id, part } }));
  }
  return results.map((r) => ({ text: textOf(r), ...(r.structuredContent as unknown as Structured) }));
}

Deno.test("get_card reads part k of a split card by its id: the same parts as rendering the input again", async () => {
  const rows = Array.from({ length: 300 }, (_, i) => [`Row ${i + 1}`, i * 3, `https://example.org/${i}`]);
  const args = { title: "Ledger", headers: ["Name", "Amount", "Link"], rows };
  const again = await allParts("create_table_card", args, 4_000);
  await using client = await connect({ cardBudget: 4_000, resultLimit: 200_000 });
  const byId = await partsById(client, "create_table_card", args);
  assertEquals(byId.length, again.length);
  assertEquals(byId.length > 3, true);
  byId.forEach((p, i) => {
    assertEquals(body(p.card.articleHtml), body(again[i].html), `part ${i + 1}`);
    assertDeep(p.card.config, {
      id: "card-1",
      kind: "table",
      title: again[i].title,
      tool: "create_table_card",
    });
    assertDeep(p.parts, again[i].parts);
  });
  const total = byId.length;
  assertEquals(
    byId[1].text,
    `Card "Ledger (part 2 of ${total})", shown from the stored render.\n\nThis is part 2 of ${total}. For part 3, call get_card with {"id":"card-1","part":3}.`,
  );
  assertEquals(byId.at(-1)!.text.endsWith(`This is part ${total} of ${total}, the last one.`), true);
});

Deno.test("get_card by id serves parts without rendering the input again", async () => {
  const files = Array.from({ length: 6 }, (_, i) => ({
    path: `src/f${i}.ts`,
    content: `export const v${i} = ${i};\n`.repeat(300),
  }));
  await using client = await connect({ cardBudget: 8_000 });
  const before = renderStats.renders;
  const parts = await partsById(client, "create_code_tour_card", { title: "Tour", files });
  assertEquals(parts.length > 2, true);
  assertEquals(renderStats.renders - before, 1, `one render for ${parts.length} parts`);
});

Deno.test("get_card refuses what it cannot show, naming the field and the way out", async () => {
  await using client = await connect({ cardBudget: 2_000 });
  const call = async (args: Record<string, unknown>) => {
    const r = await client.callTool({ name: "get_card", arguments: args });
    assertEquals(r.isError, true, JSON.stringify(args));
    return textOf(r);
  };
  const doc = "# Doc\n\n" +
    Array.from({ length: 4 }, (_, i) => `## S${i}\n\n${"word ".repeat(300)}`).join("\n\n");
  await client.callTool({ name: "create_markdown_card", arguments: { markdown: doc } });
  await client.callTool({ name: "create_list_card", arguments: { title: "L", items: [{ text: "a" }] } });
  const total = (await client.callTool({ name: "get_card", arguments: { id: "card-1" } }))
    .structuredContent as unknown as Structured;
  assertEquals(total.parts.current, 1);
  assertEquals(
    await call({ id: "card-1", part: total.parts.total + 1 }),
    `Invalid "part": card "card-1" has ${total.parts.total} parts, got ${
      total.parts.total + 1
    }\nCall get_card with part from 1 to ${total.parts.total}`,
  );
  assertEquals(
    await call({ id: "card-2" }),
    `Invalid "id": "card-2" is a list card, shown whole by its own result\nget_card shows the parts of tables, documents and code tours`,
  );
  assertEquals(
    await call({ id: "nope", part: 2 }),
    `Card "nope" is not available: only the last 24 cards are kept\nCall the card's tool again with the same input`,
  );
  assertEquals(
    await call({}),
    `Invalid "id": give id (and part), or tool and arguments\nCall get_card with the id the card's result gave and the part to show`,
  );
  assertEquals(
    await call({ id: "card-1", tool: "create_markdown_card", arguments: {} }),
    `Invalid "tool": give id (and part), or tool and arguments\nCall get_card with the id the card's result gave and the part to show`,
  );
});

Deno.test("a split card's parts are documents of their own for hosts without MCP Apps", async () => {
  const rows = Array.from({ length: 200 }, (_, i) => [`Row ${i + 1}`, i]);
  await using client = await connect({ apps: false, cardBudget: 3_000 });
  const first = await client.callTool({ name: "create_table_card", arguments: { title: "T", rows } });
  const link = (r: { content?: unknown }) =>
    (r.content as { type: string; uri?: string }[]).find((c) => c.type === "resource_link")!.uri!;
  assertEquals(link(first), "ui://mcp-chat-cards/html/card-1");
  const second = await client.callTool({ name: "get_card", arguments: { id: "card-1", part: 2 } });
  assertEquals(link(second), "ui://mcp-chat-cards/html/card-1/2");
  const doc = (await client.readResource({ uri: link(second) })).contents[0] as { text: string };
  assertEquals(doc.text.includes("<title>T (part 2 of"), true);
  assertEquals(doc.text.includes("Row 1<"), false);
  const missing = await client.readResource({ uri: "ui://mcp-chat-cards/html/card-1/999" }).catch((e) => e);
  assertEquals(String(missing).includes('Card "card-1" has no part 999 here'), true, String(missing));
});
