/**
 * The input guard every tool is registered with, in one place so every tool (and every tool added
 * later) gets the same treatment before its handler runs:
 *
 * - bidirectional control characters (and invisible tag characters) in any string are replaced
 *   by a visible mark, so no card, document or summary can be made to read differently from what
 *   it holds; {@link markOutput} applies the same mark to every result on its way out, and marks
 *   control characters there too (a page's ESC sequences, a file's NUL);
 * - every object is strict: an unknown field is refused with the list of accepted ones, since a
 *   field dropped silently lets the model believe it took effect;
 * - arguments nested deeper than any tool needs are cut before a recursive validator can overflow
 *   the stack, and the problems above the cut are still reported in the tool's own words;
 * - messages name the accepted types of a union, and a flood of problems (a 10,000-row mistake) is
 *   cut to the first few, so the error the model reads stays short;
 * - the JSON Schema hosts see drops what costs bytes and says nothing (`$schema`, the safe-integer
 *   bounds zod writes for every integer);
 * - an optional object or list a host's form left blank (`{}`, `[]`) is taken as absent.
 */
import { z } from "zod";
import { issueText, type SchemaIssue } from "../errors.ts";
import { markBidi, markControls } from "../ui/shared/marks.ts";

/** Deepest nesting of arrays and objects any tool's arguments need (an outline is 13 levels deep). */
export const MAX_INPUT_DEPTH = 32;

/** Most validation problems one error message lists. */
const MAX_LISTED_ISSUES = 5;

/** The explicit bidi controls {@link markBidi} marks: a cheap test before copying a string. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

type Issue = { message: string; path?: readonly PropertyKey[] };
type ValidationResult = { value?: unknown; issues?: readonly Issue[] };
type Json = Record<string, unknown>;

/** Control characters {@link markControls} marks (a lone carriage return among them): a cheap test. */
// deno-lint-ignore no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** True when {@link markBidi} or {@link markControls} would change the text (a cheap test before copying). */
function needsMark(text: string): boolean {
  BIDI_CONTROLS.lastIndex = 0;
  // Tags are astral: their high surrogate (U+DB40) is the one sign of them a plain scan needs.
  return BIDI_CONTROLS.test(text) || text.includes("\uDB40") || CONTROL_CHARS.test(text);
}

/**
 * A tool result (or any JSON value) with bidi controls and control characters marked in every
 * string, as {@link markBidi} and {@link markControls}: file contents, archive entries and fetched
 * pages reach cards and summaries through tool results, so this one pass covers whatever leaves the
 * server, one character for one (offsets and sizes still hold). A value that holds none is returned
 * as it is (most results: one scan, no copy); otherwise a copy is made (results are built by the
 * server: shallow nesting).
 */
export function markOutput<T>(value: T): T {
  return needsMarks(value) ? markCopy(value) : value;
}

/** Whether any string in a plain JSON value (keys included) needs a mark. */
function needsMarks(value: unknown): boolean {
  if (typeof value === "string") return needsMark(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(needsMarks);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  // Own keys (a plain object inherits no enumerable ones), without for-in's slower walk.
  for (const key of Object.keys(value)) {
    if (needsMark(key) || needsMarks((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** {@link markOutput}'s copy, for a value that holds a mark somewhere. */
function markCopy<T>(value: T): T {
  if (typeof value === "string") return (needsMark(value) ? markControls(markBidi(value)) : value) as T;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(markCopy) as T;
  // Plain objects only: anything else (a Date, bytes) is left for the transport to serialize.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    Object.defineProperty(out, markCopy(key), {
      value: markCopy(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/**
 * A copy of the arguments with bidi controls marked in every string (keys too) and every node
 * deeper than `max` cut: arrays emptied, objects kept with their scalars only. `cut` collects the
 * paths that were cut. Iterative, so hostile nesting cannot overflow the stack here either.
 */
export function cleanArguments(value: unknown, max: number, cut: PropertyKey[][] = []): unknown {
  const copy = (node: unknown): unknown =>
    typeof node === "string"
      ? markBidi(node)
      : node === null || typeof node !== "object"
      ? node
      : Array.isArray(node)
      ? []
      : {};
  const root = copy(value);
  const stack: [unknown, unknown, PropertyKey[]][] = [[value, root, []]];
  while (stack.length) {
    const [from, to, path] = stack.pop()!;
    if (from === null || typeof from !== "object") continue;
    const atCut = path.length >= max;
    if (atCut) cut.push(path);
    if (Array.isArray(from)) {
      if (atCut) continue;
      from.forEach((child, i) => {
        const made = copy(child);
        (to as unknown[]).push(made);
        stack.push([child, made, [...path, i]]);
      });
      continue;
    }
    for (const [key, child] of Object.entries(from)) {
      if (atCut && child !== null && typeof child === "object") continue;
      const made = copy(child);
      // defineProperty: a JSON-born "__proto__" key stays an own field, never a prototype.
      Object.defineProperty(to, markBidi(key), {
        value: made,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      stack.push([child, made, [...path, key]]);
    }
  }
  return root;
}

type Def = Json & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const cloneWith = (schema: z.ZodType, def: Json) =>
  (schema as unknown as { clone(def: Json): z.ZodType }).clone({ ...defOf(schema), ...def });

/**
 * The same schema with every object strict (unknown keys refused), nested objects included.
 * Recursive schemas stay recursive: shapes are mapped lazily through getters, and each schema
 * is transformed once. Descriptions carry over.
 */
export function strictSchema<S extends z.ZodType>(schema: S, seen = new Map<z.ZodType, z.ZodType>()): S {
  const done = seen.get(schema);
  if (done) return done as S;
  const def = defOf(schema);
  const strict = (child: z.ZodType) => strictSchema(child, seen);
  let made: z.ZodType;
  switch (def.type) {
    case "object": {
      const source = def.shape as Record<string, z.ZodType>;
      const shape = {};
      for (const key of Object.keys(source)) {
        let memo: z.ZodType | undefined;
        Object.defineProperty(shape, key, { enumerable: true, get: () => (memo ??= strict(source[key])) });
      }
      made = cloneWith(schema, { shape, catchall: z.never() });
      break;
    }
    case "array":
      made = cloneWith(schema, { element: strict(def.element as z.ZodType) });
      break;
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "nonoptional":
      made = cloneWith(schema, { innerType: strict(def.innerType as z.ZodType) });
      break;
    case "union":
      made = cloneWith(schema, { options: (def.options as z.ZodType[]).map(strict) });
      break;
    default:
      return schema;
  }
  const meta = z.globalRegistry.get(schema);
  if (meta) made = made.meta(meta);
  seen.set(schema, made);
  return made as S;
}

/**
 * The guard's wording for every problem (src/errors.ts, `issueText`); schema-level messages (a
 * card's own "lists nest at most 6 levels deep") take precedence over this map.
 */
const errorMap = (issue: SchemaIssue) => issueText(issue);

function cutIssues(issues: readonly Issue[]): readonly Issue[] {
  if (issues.length <= MAX_LISTED_ISSUES) return issues;
  const more = issues.length - MAX_LISTED_ISSUES;
  return [...issues.slice(0, MAX_LISTED_ISSUES), { message: `and ${more} more problems of the same kind` }];
}

const startsWith = (path: readonly PropertyKey[], prefix: readonly PropertyKey[]) =>
  prefix.length <= path.length && prefix.every((p, i) => path[i] === p);

/** Validates cleaned arguments; problems at or under a cut are reported as the nesting limit. */
export async function validateArguments(schema: z.ZodType, value: unknown): Promise<ValidationResult> {
  const cut: PropertyKey[][] = [];
  const clean = cleanArguments(value, MAX_INPUT_DEPTH, cut);
  const parsed = await schema.safeParseAsync(clean, { error: errorMap as never });
  const deep = cut.length
    ? [{ message: `nested deeper than ${MAX_INPUT_DEPTH} levels`, path: cut[0].slice(0, 3) }]
    : [];
  if (parsed.success) {
    if (deep.length) return { issues: deep };
    // A record (submit_web_form's values) drops a "__proto__" key when it builds its object: the
    // value would vanish without a word, so it is refused instead.
    const proto = protoKey(clean);
    return proto
      ? { issues: [{ message: 'the name "__proto__" cannot be used', path: proto }] }
      : { value: parsed.data };
  }
  const above = parsed.error.issues.filter((i) => !cut.some((c) => startsWith(i.path, c)));
  return { issues: cutIssues(above.length ? above : deep) };
}

/** The path of the first own "__proto__" key in cleaned arguments (cut to depth), if any. */
function protoKey(value: unknown): PropertyKey[] | undefined {
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node) && Object.hasOwn(node, "__proto__")) return [...path, "__proto__"];
    for (const [key, child] of Object.entries(node)) stack.push([child, [...path, key]]);
  }
  return undefined;
}

/** Strings limited to this or less keep their limit in the guard but not in the schema hosts see. */
const UNADVERTISED_MAX_LENGTH = 10_000;

/**
 * The JSON Schema hosts (and models) read: every conversation pays for it, so what tells a caller
 * nothing is left out. The guard still enforces all of it, with errors that name the limit:
 *
 * - the `$schema` line and zod's safe-integer bounds;
 * - `additionalProperties: false`, at any depth: the guard refuses an unknown field with the list of
 *   accepted ones, a model writes only the fields it is shown, and some dialects reject the keyword
 *   outright (Gemini's function declarations);
 * - what allows anything anyway: `propertyNames: {type: "string"}`, `additionalProperties: {}`, empty
 *   `properties` (but the root's, which some hosts expect);
 * - a property's description that only repeats its name (`title`: "Title", `xTitle`: "x title");
 * - the not-blank pattern `\S` and length limits of 10,000 characters or less, which no sensible value
 *   of a short field reaches (titles, labels, cells): a limit a document or file can meet stays;
 * - and a type list is written as `anyOf` branches, which every host's dialect reads.
 */
export function compactJsonSchema(schema: Json, { closedRoot = true } = {}): Json {
  const walk = (node: unknown, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((child) => walk(child, false));
    if (node === null || typeof node !== "object") return node;
    const out: Json = {};
    for (const [key, child] of Object.entries(node)) {
      // Property names are data: a field called "pattern" is never a keyword.
      const made = key === "properties" || key === "$defs"
        ? Object.fromEntries(
          Object.entries(child as Json).map((
            [k, v],
          ) => [k, walk(key === "properties" ? unnamed(k, v) : v, false)]),
        )
        : walk(child, false);
      if (keeps(key, made, root)) out[key] = made;
    }
    return typeList(out);
  };
  return walk(schema, closedRoot) as Json;
}

/** A name or description reduced to its letters and digits, lowercased: "x title" and "xTitle" meet. */
export const bareWords = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();

/** A property's schema without a description that only repeats its name (`title`: "Title", `xTitle`: "x title"). */
function unnamed(name: string, schema: unknown): unknown {
  if (schema === null || typeof schema !== "object") return schema;
  const { description, ...rest } = schema as Json;
  return typeof description === "string" && bareWords(description) === bareWords(name) ? rest : schema;
}

/**
 * A type list (`{type: ["number", "null"]}`, which zod writes for `number | null`) as `anyOf`
 * branches of one type each: the same schema, in the form single-type dialects (the OpenAPI
 * subset of Gemini's function declarations) accept, as the Inspector's --strict check asks.
 */
function typeList(node: Json): Json {
  if (!Array.isArray(node.type)) return node;
  const { type, ...rest } = node;
  return { ...rest, anyOf: (type as string[]).map((t) => ({ type: t })) };
}

/** Whether a schema keyword says something to a caller (see {@link compactJsonSchema}). */
function keeps(key: string, value: unknown, root: boolean): boolean {
  const empty = (v: unknown) => v !== null && typeof v === "object" && Object.keys(v).length === 0;
  switch (key) {
    case "$schema":
      return false;
    case "maximum":
      return value !== Number.MAX_SAFE_INTEGER;
    case "minimum":
      return value !== Number.MIN_SAFE_INTEGER;
    case "additionalProperties":
      return !empty(value) && value !== false;
    case "properties":
      return root || !empty(value);
    case "propertyNames":
      return JSON.stringify(value) !== '{"type":"string"}';
    case "pattern":
      return value !== "\\S";
    case "maxLength":
      return typeof value !== "number" || value > UNADVERTISED_MAX_LENGTH;
    default:
      return true;
  }
}

type JsonSchemaHooks = { input: (o: unknown) => Json; output: (o: unknown) => Json };

const isEmpty = (v: unknown) =>
  Array.isArray(v) ? v.length === 0 : v !== null && typeof v === "object" && Object.keys(v).length === 0;

/**
 * Hosts that build arguments from a form (the Inspector's, others) send an optional object or list
 * left blank as `{}` or `[]` (`extras: {}`): such a top-level optional field is taken
 * as absent, never refused for the blank the form made.
 */
export function dropEmptyOptionals(schema: z.ZodObject, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const shape = schema.shape as Record<string, z.ZodType>;
  const blank = Object.entries(value).filter(([key, v]) =>
    Object.hasOwn(shape, key) && defOf(shape[key]).type === "optional" && isEmpty(v)
  );
  if (!blank.length) return value;
  const kept = { ...value } as Json;
  for (const [key] of blank) delete kept[key];
  return kept;
}

/**
 * An output schema's outline: its fields and their types, not what lies inside them nor what
 * they mean (the result's text says that to the model). The spec asks that structured results conform to the declared schema and that clients
 * validate against it; an outline is such a schema, and it keeps the bytes every tools/list pays
 * for few (fetch_reference's full shape is 1.9 KB). The server still checks every result against
 * the full schema before it leaves.
 */
function outline(schema: Json): Json {
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties) return schema;
  const field = ({ type }: Json) => type ? { type } : {};
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, field(v)])),
  };
}

/**
 * The standard schema's JSON hooks, compacted and computed once per option set (tools/list asks
 * per request). An output schema describes what the server sends, so even its root stays open, and
 * hosts see its outline.
 */
function compactHooks(standard: { jsonSchema: JsonSchemaHooks }, closedRoot: boolean): JsonSchemaHooks {
  const made = new Map<string, Json>();
  const once = (io: "input" | "output") => (options: unknown) => {
    const key = `${io} ${JSON.stringify(options)}`;
    let json = made.get(key);
    if (!json) {
      const compact = compactJsonSchema(standard.jsonSchema[io](options), { closedRoot });
      made.set(key, json = deepFreeze(closedRoot ? compact : outline(compact)));
    }
    return json;
  };
  return { input: once("input"), output: once("output") };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

const guarded = new WeakMap<z.ZodObject, z.ZodObject>();
const described = new WeakMap<z.ZodObject, z.ZodObject>();

/**
 * The tool's schema behind the guard: strict, cleaned, concise errors, compact JSON Schema. Made
 * once per schema, so every session's server (and every tools/list) reuses it.
 */
export function toolInputSchema<S extends z.ZodObject>(schema: S): S {
  let made = guarded.get(schema);
  if (!made) {
    const strict = strictSchema(schema);
    const standard = strict["~standard"] as unknown as Json & { jsonSchema: JsonSchemaHooks };
    const validate = (value: unknown) => validateArguments(strict, dropEmptyOptionals(schema, value));
    made = {
      "~standard": { ...standard, validate, jsonSchema: compactHooks(standard, true) },
    } as unknown as S;
    guarded.set(schema, made);
  }
  return made as S;
}

/** A tool's output schema as hosts see it: compact like the input schema, made once per schema. */
export function toolOutputSchema<S extends z.ZodObject>(schema: S): S {
  let made = described.get(schema);
  if (!made) {
    const standard = schema["~standard"] as unknown as Json & { jsonSchema: JsonSchemaHooks };
    made = { "~standard": { ...standard, jsonSchema: compactHooks(standard, false) } } as unknown as S;
    described.set(schema, made);
  }
  return made as S;
}
