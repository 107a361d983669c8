/**
 * The input guard every tool is registered with (src/mcp/input_schema.ts), through a real client:
 * bidi controls marked in every string of every tool (card, standalone document and summary alike),
 * unknown fields refused with the accepted ones, union mismatches that name the accepted types,
 * and the outline's real depth limit however deep the input goes.
 */
import assert, { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { issueText, type SchemaIssue } from "../../src/errors.ts";
import {
  cleanArguments,
  compactJsonSchema,
  strictSchema,
  toolInputSchema,
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
    `${PREFIX}create_table_card: rows.0.0: expected text, a number, a boolean or null, got a list`,
  );
  // Each kind of value a union refuses is named, and a union of two reads "a or b".
  const form = (min: unknown) => ({ title: "t", fields: [{ name: "n", label: "N", type: "number", min }] });
  for (const [value, got] of [[null, "null"], [{}, "an object"], [[1], "a list"], [true, "a boolean"]]) {
    assertEquals(
      await refusal("create_form_card", form(value)),
      `${PREFIX}create_form_card: fields.0.min: expected a number or text, got ${got}`,
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

/** The guard's message for `value` against `schema`, as the SDK writes it: `path: message`, joined. */
async function guarded(schema: z.ZodObject, value: unknown): Promise<string> {
  const result = await toolInputSchema(schema)["~standard"].validate(value);
  return ("issues" in result ? result.issues ?? [] : []).map((i) =>
    [...(i.path ?? []).map(String), ""].join(".").replace(/\.$/, ": ") + i.message
  ).join(", ");
}

/**
 * Every zod issue code, reached as a tool's arguments reach it, in the house style: the field, what
 * was wrong, what to send instead, and the model's own value quoted as JSON. A code zod adds fails
 * the first assertion until it has a row.
 */
const ISSUES: Record<string, [z.ZodObject, unknown, string][]> = {
  invalid_type: [
    [z.object({ title: z.string() }), {}, "title: missing: send text"],
    [z.object({ title: z.string() }), { title: 5 }, 'title: expected text, got a number: send "5"'],
    [z.object({ n: z.number() }), { n: "1.5" }, "n: expected a number, got text: send 1.5 without quotes"],
    [z.object({ n: z.number().int() }), { n: 1.5 }, "n: expected a whole number, got 1.5"],
    [
      z.object({ on: z.boolean() }),
      { on: "false" },
      "on: expected a boolean, got text: send false without quotes",
    ],
    [
      z.object({ tags: z.array(z.string()) }),
      { tags: "red" },
      'tags: expected a list, got text: send ["red"]',
    ],
    [
      z.object({ items: z.array(z.object({ text: z.string(), detail: z.string().optional() })) }),
      { items: ["Buy milk", { text: "ok" }] },
      'items.0: expected an object, got text: send {"text": "Buy milk"}',
    ],
    [
      z.object({ actions: z.array(z.object({ label: z.string(), prompt: z.string() })) }),
      { actions: ["Explain"] },
      'actions.0: expected an object, got text: send {"label": …, "prompt": …}',
    ],
  ],
  too_big: [
    [
      z.object({ tags: z.array(z.string()).max(2) }),
      { tags: ["a", "b", "c"] },
      "tags: 3 items, the limit is 2 items",
    ],
    [
      z.object({ title: z.string().max(1_000) }),
      { title: "x".repeat(1_001) },
      "title: 1,001 characters, the limit is 1,000 characters",
    ],
    [z.object({ n: z.number().max(8) }), { n: 9 }, "n: 9, the largest allowed is 8"],
    [z.object({ n: z.number().lt(5) }), { n: 5 }, "n: 5: send a number below 5"],
  ],
  too_small: [
    [z.object({ events: z.array(z.string()).min(1) }), { events: [] }, "events: empty: send at least 1 item"],
    [
      z.object({ pair: z.array(z.string()).length(2) }),
      { pair: ["a"] },
      "pair: 1 item, send exactly 2 items",
    ],
    [z.object({ code: z.string().min(3) }), { code: "ab" }, "code: 2 characters, send at least 3 characters"],
    [
      z.object({ duration: z.number().min(2) }),
      { duration: 0.5 },
      "duration: 0.5, the smallest allowed is 2",
    ],
    [z.object({ step: z.number().positive() }), { step: 0 }, "step: 0: send a number above 0"],
  ],
  invalid_format: [
    [
      z.object({ id: z.string().regex(/^[a-z]+$/) }),
      { id: "A1" },
      'id: "A1" does not match the pattern /^[a-z]+$/',
    ],
    [z.object({ mail: z.email() }), { mail: "nobody" }, 'mail: "nobody" is not a valid email'],
    [z.object({ path: z.string().startsWith("/") }), { path: "etc" }, 'path: "etc" must start with "/"'],
  ],
  not_multiple_of: [[z.object({ n: z.number().multipleOf(5) }), { n: 7 }, "n: 7 is not a multiple of 5"]],
  unrecognized_keys: [
    [z.object({ a: z.string() }), { a: "x", b: 1 }, 'unknown field "b": the accepted fields are a'],
    [
      z.object({ v: z.partialRecord(z.enum(["x", "y"]), z.number()) }),
      { v: { z: 1 } },
      'v: unknown field "z": the accepted fields are x, y',
    ],
  ],
  invalid_union: [
    [
      z.object({ v: z.union([z.string(), z.number()]) }),
      { v: [1] },
      "v: expected text or a number, got a list",
    ],
    [z.object({ v: z.union([z.string(), z.number()]) }), {}, "v: missing: send text or a number"],
    [
      z.object({
        v: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("a") }),
          z.object({ kind: z.literal("b") }),
        ]),
      }),
      { v: { kind: "c" } },
      'v.kind: the field "kind" must be "a" or "b"',
    ],
    [
      z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }),
      { v: { a: 1 } },
      "v: matches none of the forms the field accepts (see its description), got an object",
    ],
  ],
  invalid_key: [
    [
      z.object({ values: z.record(z.string().max(2), z.number()) }),
      { values: { abc: 1 } },
      'values.abc: the name "abc" is not accepted: 3 characters, the limit is 2 characters',
    ],
  ],
  invalid_element: [], // JSON cannot reach it (a Map keyed by objects): checked below
  invalid_value: [
    [
      z.object({ type: z.enum(["bar", "line", "pie"]) }),
      { type: "bars" },
      'type: expected one of "bar", "line", "pie", got "bars": did you mean "bar"?',
    ],
    [
      z.object({ type: z.enum(["bar", "line", "pie"]) }),
      { type: "radar" },
      'type: expected one of "bar", "line", "pie", got "radar"',
    ],
    [z.object({ ok: z.literal("yes") }), { ok: "no" }, 'ok: expected "yes", got "no"'],
  ],
  custom: [
    [
      z.object({ s: z.string().refine((v) => v !== "x") }),
      { s: "x" },
      's: "x" is not accepted here (see the field\'s description)',
    ],
    [z.object({ s: z.string().refine((v) => v !== "x", "must not be x") }), { s: "x" }, "s: must not be x"],
  ],
};

Deno.test("every zod issue code reaches the model in the house style, never in zod's words", async () => {
  assertDeep(Object.keys(ISSUES).sort(), Object.values(z.ZodIssueCode).sort());
  for (const [code, rows] of Object.entries(ISSUES)) {
    for (const [schema, value, expected] of rows) assertEquals(await guarded(schema, value), expected, code);
  }
  const map = z.map(z.object({ id: z.string() }), z.number().max(3));
  const parsed = map.safeParse(new Map([[{ id: "a" }, 4]]), { error: (i) => issueText(i as SchemaIssue) });
  assertEquals(parsed.error?.issues[0].code, "invalid_element");
  assertEquals(
    parsed.error?.issues[0].message,
    'the value under {"id":"a"} is not accepted: 4, the largest allowed is 3',
  );
});

Deno.test("arguments sent as a string holding JSON get one plain sentence, not the SDK's zod dump", async () => {
  await using client = await connect();
  const sent = client.request(
    { method: "tools/call", params: { name: "create_list_card", arguments: '{"title":"x"}' } } as never,
    z.any() as never,
  );
  await assert.rejects(sent, {
    message:
      'Invalid arguments for tool "create_list_card": expected an object of the tool\'s fields, got text: send the fields as a JSON object, not as a string holding JSON',
  });
  for (const [args, got] of [[null, "null"], [[1], "a list"], [5, "number"]] as const) {
    await assert.rejects(
      client.request(
        { method: "tools/call", params: { name: "create_list_card", arguments: args } } as never,
        z.any() as never,
      ),
      {
        message:
          `Invalid arguments for tool "create_list_card": expected an object of the tool's fields, got ${got}`,
      },
    );
  }
});
