/**
 * The input guard every tool is registered with (src/mcp/input_schema.ts), through a real client:
 * bidi controls marked in every string of every tool (card, standalone document and summary alike),
 * unknown fields refused with the accepted ones, union mismatches that name the accepted types,
 * and the outline's real depth limit however deep the input goes.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import {
  cleanArguments,
  compactJsonSchema,
  strictSchema,
  validateArguments,
} from "../../src/mcp/input_schema.ts";
import { BIDI_MARK, markBidi } from "../../src/ui/shared/marks.ts";
import { CARDS } from "../../src/registry.ts";
import { connect, textOf } from "../helpers.ts";

const SPOOF = "report\u202Etxt.exe";
const PREFIX = "Input validation error: Invalid arguments for tool ";

Deno.test("markBidi replaces overrides, embeddings and isolates, and keeps the implicit marks", () => {
  assertEquals(markBidi(SPOOF), `report${BIDI_MARK}txt.exe`);
  const controls = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
  assertEquals(markBidi(`a${controls}b`), `a${BIDI_MARK.repeat(9)}b`);
  assertEquals(markBidi("\u200E\u200F\u061C"), "\u200E\u200F\u061C");
});

Deno.test("cleanArguments marks keys and values at any depth and cuts what is too deep", () => {
  const cut: PropertyKey[][] = [];
  const cleaned = cleanArguments({ [SPOOF]: [{ a: SPOOF, n: 1 }], deep: [[[{ x: "y", z: [1] }]]] }, 4, cut);
  assertDeep(cleaned, { [markBidi(SPOOF)]: [{ a: markBidi(SPOOF), n: 1 }], deep: [[[{ x: "y" }]]] });
  assertDeep(cut, [["deep", 0, 0, 0]]);
  const proto = cleanArguments(JSON.parse('{"__proto__":{"polluted":1}}'), 32) as Record<string, unknown>;
  assertEquals(Object.getPrototypeOf(proto), Object.prototype);
  assertEquals(Object.hasOwn(proto, "__proto__"), true);
});

Deno.test("strictSchema makes nested and recursive objects strict and keeps descriptions", () => {
  interface Node {
    name: string;
    kids?: Node[];
  }
  const node: z.ZodType<Node> = z.object({
    name: z.string().describe("The name"),
    get kids() {
      return z.array(node).optional();
    },
  });
  const schema = strictSchema(z.object({ root: node }).describe("Root"));
  assertEquals(schema.safeParse({ root: { name: "a", kids: [{ name: "b" }] } }).success, true);
  const bad = schema.safeParse({ root: { name: "a", kids: [{ name: "b", extra: 1 }] } });
  assertDeep(bad.error?.issues.map((i) => [i.code, i.path]), [["unrecognized_keys", ["root", "kids", 0]]]);
  const json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  assertEquals(json.description, "Root");
  assertEquals(json.additionalProperties, false);
});

Deno.test("bidi controls are marked in the card, the document and the summary of every card tool", async () => {
  const args: Record<string, Record<string, unknown>> = {
    create_tab_card: { title: SPOOF, tabs: [{ label: SPOOF, text: SPOOF, code: SPOOF }] },
    create_table_card: { title: SPOOF, caption: SPOOF, headers: [SPOOF], rows: [[SPOOF]] },
    create_reveal_card: { title: SPOOF, intro: SPOOF, sections: [{ title: SPOOF, html: `<b>${SPOOF}</b>` }] },
    create_list_card: { title: SPOOF, intro: SPOOF, items: [{ text: SPOOF, detail: SPOOF }] },
  };
  // Cards added later are probed through their example with a spoofed title.
  for (const card of CARDS) {
    // a card that takes no input (the host check) has no text to spoof
    if (args[card.name] || Object.keys(card.input.shape).length === 0) continue;
    const example = new URL(`../cards/${card.card.kind}/example.json`, import.meta.url);
    args[card.name] = { ...JSON.parse(await Deno.readTextFile(example)), title: SPOOF };
  }
  // The embedded document carries the whole stylesheet and runtime: give it room under the ceiling.
  await using client = await connect({ apps: false, embedHtml: true, resultLimit: 200_000 });
  for (const [tool, input] of Object.entries(args)) {
    const result = await client.callTool({ name: tool, arguments: input });
    const summary = textOf(result);
    const doc = (result.content as { resource?: { text: string } }[])[1].resource!.text;
    for (const [where, text] of [["summary", summary], ["document", doc]] as const) {
      assertEquals(
        /[\u202A-\u202E\u2066-\u2069]/.test(text),
        false,
        `${tool}: a bidi control in the ${where}`,
      );
      assertEquals(
        text.includes(`report${BIDI_MARK}txt.exe`),
        true,
        `${tool}: no visible mark in the ${where}`,
      );
    }
  }
});

Deno.test("unknown fields, union mismatches and deep outlines are refused in the tool's own terms", async () => {
  await using client = await connect();
  const refusal = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    assertEquals(result.isError, true, `${name} accepted ${JSON.stringify(args)}`);
    return textOf(result);
  };
  assertEquals(
    await refusal("create_reveal_card", { title: "t", sections: [{ title: "s", text: "x", color: "red" }] }),
    `${PREFIX}create_reveal_card: sections.0: unknown field "color": the accepted fields are title, text, html, code, language, open`,
  );
  assertEquals(
    await refusal("create_table_card", { title: "t", rows: [[["nested"]]] }),
    `${PREFIX}create_table_card: rows.0.0: expected text, number, boolean or null, got an array`,
  );
  // Each kind of value a union refuses is named, and a union of two reads "a or b".
  const form = (min: unknown) => ({ title: "t", fields: [{ name: "n", label: "N", type: "number", min }] });
  for (const [value, got] of [[null, "null"], [{}, "an object"], [[1], "an array"], [true, "boolean"]]) {
    assertEquals(
      await refusal("create_form_card", form(value)),
      `${PREFIX}create_form_card: fields.0.min: expected number or text, got ${got}`,
    );
  }
  let deep: Record<string, unknown> = { text: "deepest" };
  for (let level = 0; level < 40; level++) deep = { text: "x", children: [deep] };
  assertEquals(
    await refusal("create_list_card", { title: "t", items: [deep] }),
    `${PREFIX}create_list_card: items.0.children.0.children.0.children.0.children.0.children.0.children: lists nest at most 6 levels deep`,
  );
  const alive = await client.callTool({
    name: "create_table_card",
    arguments: { title: "t", rows: [["ok"]] },
  });
  assertEquals(alive.isError, undefined);
});

Deno.test("a JSON-born __proto__ key is refused by name wherever a record would drop it, in an object or a list", async () => {
  const schema = z.object({
    values: z.record(z.string(), z.string()).optional(),
    list: z.array(z.record(z.string(), z.string())).optional(),
  });
  const issues = async (json: string) => {
    const result = await validateArguments(schema, JSON.parse(json));
    return result.issues
      ? result.issues.map((i) => `${(i.path ?? []).join(".")}: ${i.message}`)
      : result.value;
  };
  assertDeep(await issues('{"values":{"a":"b","__proto__":"x"}}'), [
    'values.__proto__: the name "__proto__" cannot be used',
  ]);
  assertDeep(await issues('{"list":[{"a":"b"},{"__proto__":"x"}]}'), [
    'list.1.__proto__: the name "__proto__" cannot be used',
  ]);
  assertDeep(await issues('{"values":{"a":"b"},"list":[{"c":"d"}]}'), {
    values: { a: "b" },
    list: [{ c: "d" }],
  });
});

Deno.test("one unknown field is named as a field, two as fields", async () => {
  await using client = await connect();
  const refusal = async (args: Record<string, unknown>) =>
    textOf(await client.callTool({ name: "create_reveal_card", arguments: args }));
  const sections = (extra: Record<string, unknown>) => ({
    title: "t",
    sections: [{ title: "s", text: "x", ...extra }],
  });
  const ACCEPTED = "the accepted fields are title, text, html, code, language, open";
  assertEquals(
    await refusal(sections({ color: "red" })),
    `${PREFIX}create_reveal_card: sections.0: unknown field "color": ${ACCEPTED}`,
  );
  assertEquals(
    await refusal(sections({ color: "red", size: 2 })),
    `${PREFIX}create_reveal_card: sections.0: unknown fields "color", "size": ${ACCEPTED}`,
  );
});

Deno.test("arguments nested past the limit are refused at the first three steps of their path", async () => {
  let value: unknown = "end";
  for (let i = 0; i < 40; i++) value = { k: value };
  assertDeep(await validateArguments(z.object({ a: z.any() }), { a: value }), {
    issues: [{ message: "nested deeper than 32 levels", path: ["a", "k", "k"] }],
  });
});

Deno.test("compactJsonSchema drops $schema and zod's safe-integer bounds only, not real bounds or values", () => {
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "integer",
    maximum: 10,
    minimum: -3,
    properties: {
      n: {
        maximum: Number.MAX_SAFE_INTEGER,
        minimum: Number.MIN_SAFE_INTEGER,
        default: Number.MAX_SAFE_INTEGER,
      },
      m: { minimum: Number.MAX_SAFE_INTEGER, maximum: Number.MIN_SAFE_INTEGER },
    },
  };
  assertDeep(compactJsonSchema(schema), {
    type: "integer",
    maximum: 10,
    minimum: -3,
    properties: {
      n: { default: Number.MAX_SAFE_INTEGER },
      m: { minimum: Number.MAX_SAFE_INTEGER, maximum: Number.MIN_SAFE_INTEGER },
    },
  });
});
