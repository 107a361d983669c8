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
 */
const MARKED =
  /[\u202A-\u202E\u2066-\u2069]|\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u{E0000}-\u{E007F}]/gu;

/** What replaces a bidi control or a tag character: visible, one character for one. */
export const BIDI_MARK = "\uFFFD";

/** A string with its bidi controls and stray tag characters made visible, one mark for each. */
export function markBidi(text: string): string {
  return text.replace(MARKED, (m) => (m.codePointAt(0) === 0x1F3F4 ? m : BIDI_MARK));
}
