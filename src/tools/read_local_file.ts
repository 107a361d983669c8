/**
 * read_local_file: a UTF-8 text file from the machine running this server, for the model to
 * review before building cards. Binary files and other encodings are refused by content; a file
 * longer than one result returns in pieces through `offset`.
 */
import { z } from "zod";
import { invalidInput } from "../errors.ts";
import { MAX_TEXT_FILE_BYTES, readLocalText } from "../fs/read.ts";
import { formatCount } from "../output/budget.ts";
import { QUOTED_PATH, quoteData } from "../quote.ts";
import { defineTool } from "../tool.ts";

/** Characters of a result kept for the note that follows the text. */
const NOTE_ROOM = 600;

export default defineTool({
  name: "read_local_file",
  title: "Read local file",
  description: "Read a UTF-8 text file on the machine running this server (not your sandbox).",
  input: z.object({
    path: z.string().max(4_096).describe(
      "Absolute, or relative to MCP_CHAT_CARDS_FS_ROOT",
    ),
    offset: z.number().int().min(0).optional().describe(
      "Character to start from",
    ),
  }),
  output: z.object({
    path: z.string().describe("The path as given"),
    chars: z.number().int().describe("Characters in the whole file"),
    lines: z.number().int().describe("Lines in the whole file"),
    offset: z.number().int().describe("First character returned"),
    end: z.number().int().describe("Character after the last one returned"),
    hasMore: z.boolean().describe("True when the file goes on: call again with offset: end"),
  }).describe("Where the returned text (content[0]) sits in the file"),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ path, offset: asked = 0 }, ctx) {
    const text = await readLocalText(path, { root: ctx.config.fsRoot, maxBytes: MAX_TEXT_FILE_BYTES });
    if (asked > text.length) {
      throw invalidInput(
        "offset",
        `the file has ${text.length} characters, got ${asked}`,
        "Pass an offset within the file, or 0",
      );
    }
    // An offset between the halves of a surrogate pair starts at the whole character: half of one
    // is not text (strict UTF-8 encoders refuse it), and the structured offset says where it began.
    const offset = asked > 0 && /[\udc00-\udfff]/.test(text[asked]) && /[\ud800-\udbff]/.test(text[asked - 1])
      ? asked - 1
      : asked;
    // JSON escaping can grow text up to six times; size the piece so the serialized result fits,
    // next to the path, which the note names twice and the structured content once.
    const room = Math.max(1_000, ctx.config.resultLimit - NOTE_ROOM - 3 * JSON.stringify(path).length);
    let end = offset;
    let cost = 0;
    while (end < text.length && cost < room) {
      const c = text.charCodeAt(end);
      cost += c === 34 || c === 92 || c === 10 || c === 13 || c === 9 ? 2 : c < 32 ? 6 : 1;
      end++;
    }
    if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1])) end--;
    const piece = text.slice(offset, end);
    const lines = text.length === 0 ? 0 : text.split("\n").length;
    const file = quoteData(path, QUOTED_PATH);
    const note = end < text.length
      ? `Characters ${formatCount(offset)} to ${formatCount(end)} of ${
        formatCount(text.length)
      } (${lines} lines) of ${file}. Call read_local_file again with offset: ${end} for the rest.`
      : offset > 0
      ? `Characters ${formatCount(offset)} to ${formatCount(end)} of ${
        formatCount(text.length)
      }: the end of ${file}.`
      : `The whole of ${file}: ${formatCount(text.length)} characters, ${lines} lines.`;
    return {
      content: [{ type: "text", text: piece }, { type: "text", text: note }],
      structuredContent: { path, chars: text.length, lines, offset, end, hasMore: end < text.length },
    };
  },
});
