/**
 * Generated mutants (scripts/mutants_generate.ts) that no test can tell from the code they
 * mutate, with the reason: `deno task mutants` lists them and does not run or count them, so the
 * same equivalent is not reported twice. An entry whose id the current code no longer generates
 * is stale (the code changed): `deno task mutants --list` says so, and it is re-examined or removed.
 */
export interface Equivalent {
  /** The generated id (`g-` and 10 hex digits), as the survivor report prints it. */
  id: string;
  file: string;
  /** The mutation as the report describes it, for the reader. */
  mutation: string;
  /** Why no behaviour can tell it apart. */
  reason: string;
}

export const EQUIVALENT: readonly Equivalent[] = [];
