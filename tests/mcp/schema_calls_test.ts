/**
 * The schemas hosts see must be enough to call every tool right, now that they are cut to what a
 * model needs (tests/mcp/context_cost_test.ts). A model-like client reads tools/list through a
 * real MCP client and builds calls from each tool's JSON Schema and descriptions alone: the
 * required fields, plus the first optional ones, read the way a model reads them.
 *
 * What it reads besides types and limits, as a model would:
 * - a field described "Instead: ..." is another way to give what a sibling gives: left out;
 * - a field described "<x>: ..." (or "<x>, <y>: ...") where x is an enum value or another field
 *   applies only then: it is sent with that value chosen (or that field sent);
 * - a kind named like a sibling field (a scene of type "text") needs that field: it is sent;
 * - "e.g. X" (or "(X = first)") in a description is a value to write; a file extension (.zip, .md, .mp4) says what
 *   kind of file or URL the field wants, from a small world of real files and a loopback page;
 * - "from <tool>", "from its result", "from its listing" name where a value comes from: an earlier
 *   result gives it, and the field waits until one has.
 * Every call must succeed.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { zipSync } from "fflate";
import { textOf } from "../helpers.ts";
import { site, webClient } from "../tools/web_fixtures.ts";

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
  description?: string;
  minItems?: number;
  minimum?: number;
  pattern?: string;
};

/** The world a model's arguments point at: real files under a root, and a public page with a form. */
interface World {
  files: Record<string, string>;
  url: string;
  /** Values earlier results gave, by field name (id, formId). */
  given: Record<string, unknown>;
}

const EXTENSION = /\.(zip|md|mp4|webm|ogg|vtt|png|jpg|webp|gif|txt)\b/;

/** A value an earlier result gave, for a field whose description says it comes from one. */
const FROM = /\bfrom (its|the card's|\w+_\w+)\b/;

function sampleString(name: string, schema: Schema, world: World): string {
  const text = schema.description ?? "";
  const extension = EXTENSION.exec(text)?.[1];
  if (/path$/i.test(name)) return world.files[extension ?? "txt"];
  if (/url$/i.test(name) || name === "poster" || name === "captions") {
    return extension ? `https://media.example.org/sample.${extension}` : world.url;
  }
  const example = /e\.g\. ([^\s,;)]+)|\((\w+) = first\)/.exec(text)?.slice(1).find(Boolean);
  const candidates = [example, "Sample", "sample"].filter((c): c is string => c !== undefined);
  return candidates.find((c) => !schema.pattern || new RegExp(schema.pattern).test(c)) ?? "sample";
}

function resolve(schema: Schema, root: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/$defs/", "");
  return resolve((root.$defs as Record<string, Schema>)[name], root);
}

/** A value for one schema, as a model fills it. */
function sample(name: string, raw: Schema, root: Schema, world: World, optional: number, depth = 0): unknown {
  const schema = resolve(raw, root);
  if (FROM.test(schema.description ?? "") && name in world.given) return world.given[name];
  if (schema.anyOf) return sample(name, schema.anyOf[0], root, world, optional, depth);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return sampleString(name, schema, world);
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "array":
      // Items differ from each other, as a model's options or labels do.
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) => {
        const item = sample(name, schema.items ?? {}, root, world, optional, depth + 1);
        return typeof item === "string" && i > 0 ? `${item}_${i + 1}` : item;
      });
    case "object":
      return sampleObject(schema, root, world, optional, depth + 1);
    default:
      return null;
  }
}

/** An object's required fields and its first `optional` optional ones, conditions met. */
function sampleObject(
  schema: Schema,
  root: Schema,
  world: World,
  optional: number,
  depth = 0,
): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const out: Record<string, unknown> = {};
  const conditions: [string, unknown][] = [];
  const condition = (text: string): [string, unknown] | undefined => {
    const head = /^([\w-]+)(?:, [\w-]+)*:/.exec(text)?.[1];
    if (!head) return undefined;
    if (head in properties) return [head, undefined];
    const owner = Object.entries(properties).find(([, p]) => resolve(p, root).enum?.includes(head));
    return owner ? [owner[0], head] : undefined;
  };
  const own = (name: string, text: string) => condition(text)?.[0] === name; // a kind's own list of needs
  const wanted = Object.entries(properties).filter(([name, p]) => {
    const text = p.description ?? "";
    const waits = FROM.test(text) && !(name in world.given); // nothing has given it yet
    return !required.includes(name) && !waits && !/^Instead\b|\bonly\b/.test(text) &&
      (own(name, text) || condition(text)?.[1] !== undefined || !condition(text));
  }).slice(0, depth > 2 ? 0 : optional); // nested outlines stop somewhere
  for (const [name, p] of [...Object.entries(properties).filter(([n]) => required.includes(n)), ...wanted]) {
    out[name] = sample(name, p, root, world, optional, depth);
    const met = condition(p.description ?? "");
    if (met && !own(name, p.description ?? "")) conditions.push(met);
  }
  for (const [field, value] of conditions) if (value !== undefined) out[field] = value;
  // A kind named like a field needs it: a scene of type "text" gets its text.
  for (const value of Object.values(out)) {
    if (typeof value === "string" && value in properties && !(value in out)) {
      out[value] = sample(value, properties[value], root, world, optional, depth);
    }
  }
  return out;
}

/** A public page with one form, served on loopback (the server is told to allow private addresses). */
const PAGE = `<!doctype html><html><head><title>Sample page</title></head><body><main>
<h1>Sample</h1><p>A page to read.</p>
<form action="/send" method="post"><label>Name <input name="name"></label><button>Send</button></form>
</main></body></html>`;

Deno.test("a model-like client builds valid calls for every tool from the schemas alone", async () => {
  const root = await Deno.makeTempDir();
  const write = (name: string, bytes: Uint8Array | string) =>
    typeof bytes === "string"
      ? Deno.writeTextFileSync(`${root}/${name}`, bytes)
      : Deno.writeFileSync(`${root}/${name}`, bytes);
  write("sample.txt", "A sample file.\n");
  write("sample.md", "# Sample\n\n## Part\n\nText.\n");
  write(
    "sample.zip",
    zipSync({
      "README.md": new TextEncoder().encode("# Sample\n"),
      "src/a.ts": new TextEncoder().encode("export const a = 1;\n"),
    }),
  );
  await using web = await site({ "/": PAGE, "/send": "<title>Thanks</title><p>Sent.</p>" });
  try {
    await using client = await webClient([web.origin], { fsRoot: root });
    const { tools } = await client.listTools();
    const world: World = {
      files: { txt: `${root}/sample.txt`, md: `${root}/sample.md`, zip: `${root}/sample.zip` },
      url: `${web.origin}/`,
      given: {},
    };
    const order = [...tools].sort((a, b) =>
      Number(a.name === "submit_web_form") - Number(b.name === "submit_web_form")
    );
    const calls: string[] = [];
    for (const tool of order) {
      const visibility = (tool._meta?.ui as { visibility?: string[] } | undefined)?.visibility;
      if (visibility && !visibility.includes("model")) continue;
      if (tool.name === "get_card") continue; // it shows a card rendered before: last
      for (const optional of [1, 3]) {
        const args = sampleObject(tool.inputSchema as Schema, tool.inputSchema as Schema, world, optional);
        const result = await client.callTool({ name: tool.name, arguments: args });
        calls.push(`${tool.name} ${JSON.stringify(args)}`);
        assertEquals(result.isError, undefined, `${tool.name} ${JSON.stringify(args)}:\n${textOf(result)}`);
        const structured = result.structuredContent as Record<string, unknown> | undefined;
        const card = structured?.card as { config?: { id?: string; kind?: string } } | undefined;
        if (["table", "markdown", "code_tour"].includes(card?.config?.kind ?? "")) {
          world.given.id = card!.config!.id;
        }
        const form = structured?.form as { id?: string } | undefined;
        if (typeof form?.id === "string") world.given.formId = form.id;
        const listed = structured?.files as { path?: string }[] | undefined;
        if (Array.isArray(listed) && listed[0]?.path) world.given.files = [listed[0].path];
      }
    }
    const getCard = tools.find((t) => t.name === "get_card")!;
    const args = sampleObject(getCard.inputSchema as Schema, getCard.inputSchema as Schema, world, 3);
    assertDeep(args, { id: world.given.id, part: 1 });
    const result = await client.callTool({ name: "get_card", arguments: args });
    assertEquals(result.isError, undefined, textOf(result));
    assertEquals(calls.length >= 2 * (tools.length - 1), true, calls.join("\n"));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
