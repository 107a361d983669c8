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
  constructor(readonly code: ToolErrorCode, message: string, readonly hint?: string) {
    super(message);
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
