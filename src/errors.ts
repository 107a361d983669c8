/**
 * One error type for everything a tool refuses. The message follows one grammar (sentence case,
 * values quoted, details after a colon, no final period) and says what to do instead, because the
 * model reads it and acts on it.
 */
import { quoteData } from "./quote.ts";

/** Machine-readable reason a tool call failed. */
export type ToolErrorCode =
  | "invalid_input"
  | "too_large"
  /** Policy said no: a private address, a scheme, a permission, a path outside the root. */
  | "forbidden"
  /** The network or the remote server failed. */
  | "fetch_failed"
  /** Input or a response the tool cannot use (not text, an unknown encoding, a method). */
  | "unsupported"
  /** Something the call refers to is not (or no longer) there. */
  | "not_found"
  /** The server failed in a way the caller cannot fix. */
  | "internal";

/** An error the model can act on: the field, the limit and a hint. */
export class ToolError extends Error {
  override name = "ToolError";
  /** `cause`: the error this one stands for (an OS or network failure), for logs, never for the model. */
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The text the model sees: the message, then the hint on its own line. */
  toText(): string {
    return this.hint ? `${this.message}\n${this.hint}` : this.message;
  }
}

/**
 * Shorthand for an input error that names the field. The name is quoted as data: a form's field
 * names come from the page, and one holding a quote must not close it.
 */
export function invalidInput(field: string, problem: string, hint?: string): ToolError {
  return new ToolError("invalid_input", `Invalid ${quoteData(field, 200)}: ${problem}`, hint);
}

/**
 * A schema problem as zod reports it before words are put on it (a raw issue): its code, the value
 * it saw, and the schema or check that raised it.
 */
export interface SchemaIssue {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  pattern?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  divisor?: number;
  keys?: string[];
  values?: unknown[];
  errors?: SchemaIssue[][];
  issues?: SchemaIssue[];
  discriminator?: string;
  options?: unknown[];
  key?: unknown;
  inst?: unknown;
}

/** The names the model reads for zod's types. */
const TYPE_NOUNS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "a boolean",
  array: "a list",
  tuple: "a list",
  object: "an object",
  record: "an object",
  null: "null",
  undefined: "nothing",
  bigint: "a whole number",
  date: "a date",
};

const noun = (type: string | undefined) => TYPE_NOUNS[type ?? ""] ?? type ?? "another value";

/** What a value is, as the model would name it. */
function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "a number" : `${value}`;
  if (typeof value === "boolean") return "a boolean";
  return typeof value === "object" ? "an object" : typeof value === "string" ? "text" : typeof value;
}

/** A value quoted as JSON and cut short: text from the model is data, never part of the sentence. */
function shown(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "1,000" in every locale. */
const count = (n: number | bigint) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "a, b or c" */
export function either(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

type Shape = Record<string, { _zod?: { def?: { type?: string }; optin?: string } }>;
const shapeOf = (schema: unknown) =>
  (schema as { _zod?: { def?: { shape?: Shape } } } | undefined)?._zod?.def?.shape;

/** The object a schema wants, written out with its required fields (`{"text": …}`). */
function objectExample(schema: unknown, input: unknown): string {
  const shape = shapeOf(schema);
  if (!shape) return "";
  const required = Object.keys(shape).filter((k) => shape[k]._zod?.optin !== "optional");
  // One required text field and the model sent text: that text is what goes in it.
  if (required.length === 1 && typeof input === "string" && shape[required[0]]._zod?.def?.type === "string") {
    return `: send {${JSON.stringify(required[0])}: ${shown(input, 40)}}`;
  }
  return required.length ? `: send {${required.map((k) => `${JSON.stringify(k)}: …`).join(", ")}}` : "";
}

/** "the limit is 50 items" and its kin, for each origin zod measures. */
function measured(issue: SchemaIssue, big: boolean): string {
  const bound = big ? issue.maximum! : issue.minimum!;
  const input = issue.input;
  const unit = (n: number | bigint, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
  const size = (one: string, many: string, length: number) => {
    const limit = issue.exact ? `exactly ${unit(bound, one, many)}` : unit(bound, one, many);
    if (!big && length === 0) return `empty: send at least ${limit}`;
    return `${unit(length, one, many)}, ${
      issue.exact ? "send" : big ? "the limit is" : "send at least"
    } ${limit}`;
  };
  if (issue.origin === "array" || issue.origin === "set") {
    return size("item", "items", Array.isArray(input) ? input.length : 0);
  }
  if (issue.origin === "string") {
    return size("character", "characters", typeof input === "string" ? input.length : 0);
  }
  if (issue.inclusive === false) {
    return `${shown(input)}: send a number ${big ? "below" : "above"} ${count(bound)}`;
  }
  return `${shown(input)}, the ${big ? "largest" : "smallest"} allowed is ${count(bound)}`;
}

/** The nearest accepted value to a near miss ("bars" for "bar"), by edits, when one is close. */
function nearest(input: unknown, values: readonly unknown[]): unknown {
  if (typeof input !== "string") return undefined;
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      row = next;
    }
    return row[b.length];
  };
  const scored = values.filter((v) => typeof v === "string").map((v) =>
    [v, distance(input.toLowerCase(), (v as string).toLowerCase())] as const
  );
  const best = scored.sort((a, b) => a[1] - b[1])[0];
  return best && best[1] <= Math.max(1, Math.floor((best[0] as string).length / 3)) ? best[0] : undefined;
}

/**
 * Chart types a card other than the chart card draws, for a `type` the chart card refuses: the
 * refusal names the tool, so the model moves its data there instead of picking a near kind.
 */
const DRAWN_BY: Record<string, string> = {
  treemap: "create_structure_card",
  sunburst: "create_structure_card",
  sankey: "create_structure_card",
  gantt: "create_structure_card",
};

/**
 * A schema problem in the house style: what was wrong with the field's value, what was expected,
 * and what to send instead. The path is written before it by the caller. Undefined leaves zod's
 * own words, for an issue code this does not know (the table test lists every code zod has).
 */
export function issueText(issue: SchemaIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case "invalid_type": {
      const wanted = noun(issue.expected);
      if (input === undefined) return `missing: send ${wanted}`;
      if (issue.expected === "object") {
        return `expected an object, got ${received(input)}${objectExample(issue.inst, input)}`;
      }
      if (issue.expected === "array") {
        // Text where a list of texts goes: the same text, in a list.
        const element =
          (issue.inst as { _zod?: { def?: { element?: { _zod?: { def?: { type?: string } } } } } })
            ?._zod?.def?.element?._zod?.def?.type;
        const hint = typeof input === "string" && element === "string" ? `: send [${shown(input, 40)}]` : "";
        return `expected a list, got ${received(input)}${hint}`;
      }
      if (issue.expected === "int" && typeof input === "number") {
        return `expected a whole number, got ${input}`;
      }
      if (
        typeof input === "string" && (issue.expected === "number" || issue.expected === "int") &&
        input.trim() !== "" && !Number.isNaN(Number(input))
      ) {
        return `expected ${wanted}, got text: send ${Number(input)} without quotes`;
      }
      if (typeof input === "string" && issue.expected === "boolean" && /^(true|false)$/.test(input)) {
        return `expected ${wanted}, got text: send ${input} without quotes`;
      }
      if (issue.expected === "string" && (typeof input === "number" || typeof input === "boolean")) {
        return `expected text, got ${received(input)}: send ${shown(String(input))}`;
      }
      return `expected ${wanted}, got ${received(input)}`;
    }
    case "too_big":
      return measured(issue, true);
    case "too_small":
      return measured(issue, false);
    case "invalid_format": {
      const value = shown(input);
      if (issue.format === "regex") return `${value} does not match the pattern ${issue.pattern}`;
      if (issue.format === "starts_with") return `${value} must start with ${shown(issue.prefix)}`;
      if (issue.format === "ends_with") return `${value} must end with ${shown(issue.suffix)}`;
      if (issue.format === "includes") return `${value} must contain ${shown(issue.includes)}`;
      return `${value} is not a valid ${issue.format}`;
    }
    case "not_multiple_of":
      return `${shown(input)} is not a multiple of ${issue.divisor}`;
    case "unrecognized_keys": {
      // An object's fields, or the names a record with an enum of keys takes.
      const keyType = (issue.inst as { _zod?: { def?: { keyType?: { options?: unknown[] } } } })?._zod?.def
        ?.keyType;
      const accepted = shapeOf(issue.inst)
        ? Object.keys(shapeOf(issue.inst)!)
        : (keyType?.options ?? []).map(String);
      const keys = (issue.keys ?? []).map((k) => shown(k));
      return `unknown field${keys.length > 1 ? "s" : ""} ${keys.join(", ")}: the accepted fields are ${
        accepted.join(", ")
      }`;
    }
    case "invalid_union": {
      if (issue.discriminator !== undefined) {
        const options = (issue.options ?? []).map((o) => shown(o));
        return `the field ${shown(issue.discriminator)} must be ${either(options)}`;
      }
      const first = (issue.errors ?? []).map((e) => e[0]);
      // Every form wanted another type of value (not another field inside it): name the types.
      if (first.length && first.every((e) => e?.code === "invalid_type" && !e.path?.length)) {
        const wanted = either([...new Set(first.map((e) => noun(e.expected)))]);
        return input === undefined ? `missing: send ${wanted}` : `expected ${wanted}, got ${received(input)}`;
      }
      return `matches none of the forms the field accepts (see its description), got ${received(input)}`;
    }
    case "invalid_key": {
      // The inner problems are about the name itself, which they do not carry.
      const inner = (issue.issues ?? []).map((i) => issueText({ ...i, input: i.input ?? input }));
      return `the name ${shown(input)} is not accepted: ${inner.join("; ")}`;
    }
    case "invalid_element": {
      const value = input instanceof Map ? input.get(issue.key) : undefined;
      const inner = (issue.issues ?? []).map((i) => issueText({ ...i, input: i.input ?? value }));
      return `the value under ${shown(issue.key)} is not accepted: ${inner.join("; ")}`;
    }
    case "invalid_value": {
      const values = issue.values ?? [];
      if (values.length === 1) return `expected ${shown(values[0])}, got ${shown(input)}`;
      const elsewhere = typeof input === "string" && issue.path?.at(-1) === "type"
        ? DRAWN_BY[input]
        : undefined;
      if (elsewhere) return `${shown(input)} is not a type of this tool: ${elsewhere} draws it`;
      const near = nearest(input, values);
      return `expected one of ${values.map((v) => shown(v)).join(", ")}, got ${shown(input)}${
        near === undefined ? "" : `: did you mean ${shown(near)}?`
      }`;
    }
    case "custom":
      return `${shown(input)} is not accepted here (see the field's description)`;
  }
  return undefined;
}
