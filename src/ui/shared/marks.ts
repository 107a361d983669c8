/**
 * The one rule for characters that must not stay invisible, shared by the server's input and output
 * guards (src/mcp/input_schema.ts) and the view's live preview (which draws tool input before the
 * server has seen it).
 *
 * What is marked: explicit embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), each of
 * which can reorder the text after it (`report\u202Etxt.exe` reads as `reportexe.txt`), and the
 * Unicode tag characters (U+E0000-U+E007F), which draw nothing yet spell ASCII a model reads
 * ("ASCII smuggling"). The implicit marks (U+200E, U+200F, U+061C) are kept: right-to-left writers
 * need them. Tags inside a complete emoji flag sequence (U+1F3F4, tags, U+E007F: the flags of
 * England, Scotland, Wales) are what tags are for, and are kept whole.
 *
 * {@link markControls} does the same for control characters in what the server sends out (page
 * text, file contents, archive entries): NUL, ESC (which starts ANSI colour and cursor sequences),
 * the other C0 controls, DEL and the C1 controls. Tab, line feed and the carriage return of a CRLF
 * are text and stay.
 */
const MARKED =
  /[\u202A-\u202E\u2066-\u2069]|\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u{E0000}-\u{E007F}]/gu;

/** What replaces a bidi control or a tag character: visible, one character for one. */
export const BIDI_MARK = "\uFFFD";

/** A string with its bidi controls and stray tag characters made visible, one mark for each. */
export function markBidi(text: string): string {
  return text.replace(MARKED, (m) => (m.codePointAt(0) === 0x1F3F4 ? m : BIDI_MARK));
}

/** C0 controls but tab and line feed (a carriage return only when no line feed follows), DEL, and C1. */
// deno-lint-ignore no-control-regex -- control characters are exactly what is marked
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/g;

/**
 * A string with its control characters made visible, one character for one: a C0 control or DEL
 * as its Unicode control picture (ESC reads "␛", NUL "␀"), a C1 control as {@link BIDI_MARK}.
 */
export function markControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? "\u2421" : BIDI_MARK;
  });
}
