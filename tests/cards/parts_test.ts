/**
 * Multi-part documents and tours through a real client with a small card budget: every part fits,
 * titles and summaries say where the reader is, and the parts concatenate back to the whole
 * (every section or file once, in order). Repeating a call for the next part reuses the render.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { renderStats, tourOrder } from "../../src/cards/code_tour.ts";
import { connect, textOf } from "../helpers.ts";

interface Structured {
  card: { articleHtml: string; config: { title: string } };
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
          ? `This is part ${
            i + 1
          } of ${total}. Call create_markdown_card again with the same input and part: ${
            i + 2
          } to render the rest.`
          : `This is part ${total} of ${total}, the last one.`,
      ),
      true,
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
