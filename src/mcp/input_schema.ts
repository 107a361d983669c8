/**
 * The input schema a tool is registered with: the tool's own zod schema (and its JSON Schema),
 * with two guards the SDK's validation lacks. Arguments nested deeper than any tool needs are
 * refused before a recursive validator can overflow the stack, and a flood of problems (a
 * 10,000-row mistake) is cut to the first few, so the error the model reads stays short.
 */
import type { z } from "zod";

/** Deepest nesting of arrays and objects any tool's arguments need (an outline is 6 levels deep). */
export const MAX_INPUT_DEPTH = 32;

/** Most validation problems one error message lists. */
const MAX_LISTED_ISSUES = 5;

type Issue = { message: string; path?: readonly PropertyKey[] };
type ValidationResult = { value?: unknown; issues?: readonly Issue[] };

/** The path to a value nested deeper than `max`, found without recursion (and cheaply when none is). */
export function tooDeep(value: unknown, max: number): PropertyKey[] | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return pathTo(value, node);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return undefined;
}

/** The keys leading from `root` to `target` (only called for a refusal, so clarity wins). */
function pathTo(root: unknown, target: unknown): PropertyKey[] {
  const stack: [unknown, PropertyKey[]][] = [[root, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (node === target) return path;
    if (node === null || typeof node !== "object" || path.length > MAX_INPUT_DEPTH) continue;
    for (const [key, child] of Object.entries(node)) {
      stack.push([child, [...path, Array.isArray(node) ? Number(key) : key]]);
    }
  }
  return [];
}

function cut(result: ValidationResult): ValidationResult {
  if (!result.issues || result.issues.length <= MAX_LISTED_ISSUES) return result;
  const more = result.issues.length - MAX_LISTED_ISSUES;
  return {
    issues: [...result.issues.slice(0, MAX_LISTED_ISSUES), {
      message: `and ${more} more problems of the same kind`,
    }],
  };
}

/** Wraps a tool's schema with the depth guard and the concise issue list. */
export function toolInputSchema<S extends z.ZodObject>(schema: S): S {
  const standard = schema["~standard"];
  const validate = (value: unknown) => {
    const deep = tooDeep(value, MAX_INPUT_DEPTH);
    if (deep) {
      return {
        issues: [{ message: `nested deeper than ${MAX_INPUT_DEPTH} levels`, path: deep.slice(0, 3) }],
      };
    }
    const result = standard.validate(value) as ValidationResult | Promise<ValidationResult>;
    return result instanceof Promise ? result.then(cut) : cut(result);
  };
  return { "~standard": { ...standard, validate } } as unknown as S;
}
