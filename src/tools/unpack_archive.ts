/**
 * unpack_archive: lists a zip on the machine running this server and returns its text files,
 * under the zip guards (entry count, per-file and total inflated caps, zip-slip, symlinks,
 * encryption, unsupported methods, lying sizes). Long unpacks report MCP progress.
 */
import { z } from "zod";
import { invalidInput } from "../errors.ts";
import { MAX_ARCHIVE_BYTES, readLocalBytes } from "../fs/read.ts";
import { formatCount } from "../output/budget.ts";
import { plural } from "../render/summary.ts";
import { QUOTED_PATH, quoteData } from "../quote.ts";
import { jsonText } from "../ui/shared/json.ts";
import { defineTool } from "../tool.ts";

/** Characters of a result kept for the listing and notes. */
const LISTING_ROOM = 4_000;
/** Entries each structured list holds at most. */
const LISTED = 100;

export default defineTool({
  name: "unpack_archive",
  title: "Unpack archive",
  description: "List a .zip on the machine running this server (not your sandbox) and return its text files.",
  input: z.object({
    path: z.string().max(4_096).describe("Absolute path of the .zip"),
    files: z.array(z.string().max(1_000)).max(1_000).optional().describe(
      "Only these, from its listing (default: all)",
    ),
  }),
  output: z.object({
    archive: z.string().describe("The path as given"),
    files: z.array(z.object({
      path: z.string(),
      bytes: z.number().int(),
      returned: z.boolean().describe("Its text is in this result's content"),
    })).describe("Text files, in archive order"),
    skipped: z.array(z.object({ path: z.string(), reason: z.string() })).describe(
      "Entries left out, and why",
    ),
    remaining: z.array(z.string()).describe(
      "Text files that did not fit: pass them as files in another call",
    ),
    listed: z.boolean().describe("False when the lists above were cut to their first entries (100 at most)"),
  }).describe("The archive's listing; file texts are in content"),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ path, files: wanted }, ctx) {
    const bytes = await readLocalBytes(path, { root: ctx.config.fsRoot, maxBytes: MAX_ARCHIVE_BYTES });
    const want = wanted ? new Set(wanted) : undefined;
    let last = 0;
    const { readZip } = await import("../fs/zip.ts"); // fflate, loaded on the first archive
    const zip = await readZip(bytes, path, {
      filter: want ? (p) => (want.has(p) ? undefined : "not asked for") : undefined,
      onProgress: async ({ done, total, bytes: inflated }) => {
        if (done === total || done - last >= Math.max(1, Math.ceil(total / 20))) {
          last = done;
          await ctx.progress(
            done,
            total,
            `Unpacked ${done} of ${total} entries (${formatCount(inflated)} bytes)`,
          );
        }
      },
    });
    const skipped = zip.skipped.filter((s) => s.reason !== "not asked for");
    if (want) {
      const found = new Set([...zip.files.map((f) => f.path), ...skipped.map((s) => s.path)]);
      const missing = [...want].filter((p) => !found.has(p));
      if (missing.length) {
        throw invalidInput(
          "files",
          `not in the archive: ${missing.slice(0, 5).map((p) => quoteData(p, QUOTED_PATH)).join(", ")}`,
          "Call unpack_archive without files to list the archive",
        );
      }
    }
    // Fill the result with whole files, in archive order, while they fit.
    // The structured listing is capped, then the file texts fill what the result ceiling leaves.
    // Each list holds at most LISTED entries and an eighth of the ceiling: entry names may be 64 KB each.
    const listRoom = Math.floor(ctx.config.resultLimit / 8);
    const cap = <T>(list: T[]) => {
      let used = 0;
      const kept = list.slice(0, LISTED);
      const fits = kept.findIndex((item) => (used += JSON.stringify(item).length + 1) > listRoom);
      return fits < 0 ? kept : kept.slice(0, fits);
    };
    const listedFiles = cap(zip.files.map((f) => ({ path: f.path, bytes: f.bytes, returned: false })));
    const listed = listedFiles.length === zip.files.length && cap(skipped).length === skipped.length;
    const skeleton = JSON.stringify({
      files: listedFiles,
      skipped: cap(skipped),
      remaining: cap(zip.files.map((f) => f.path)),
    }).length;
    const room = Math.max(2_000, ctx.config.resultLimit - LISTING_ROOM - skeleton - path.length * 2);
    const sent: { type: "text"; text: string }[] = [];
    const later: string[] = [];
    let used = 0;
    for (const f of zip.files) {
      const block = `File: ${quoteData(f.path, QUOTED_PATH)}\n${f.text}`;
      const cost = JSON.stringify(block).length + 20;
      if (later.length === 0 && used + cost <= room) {
        sent.push({ type: "text", text: block });
        used += cost;
      } else later.push(f.path);
    }
    // Entry names are the archive's words: each is quoted, so none can pose as a line of its own.
    const name = (entry: string) => quoteData(entry, QUOTED_PATH);
    const lines = [
      `Archive ${name(path)}: ${plural(zip.files.length, "text file")}${
        zip.folders ? `, ${plural(zip.folders, "folder")}` : ""
      }${skipped.length ? `, ${plural(skipped.length, "entry", "entries")} skipped` : ""}.`,
    ];
    if (later.length) {
      lines.push(
        `${plural(sent.length, "file")} returned below; ${
          plural(later.length, "file")
        } did not fit. Call unpack_archive again with files: ${jsonText(later.slice(0, 40))}${
          later.length > 40 ? ", then the rest of the list below" : ""
        }.`,
      );
    }
    lines.push(...zip.files.map((f) => `- ${name(f.path)} (${formatCount(f.bytes)} bytes)`));
    if (skipped.length) lines.push("Skipped:", ...skipped.map((s) => `- ${name(s.path)}: ${s.reason}`));
    let head = lines.join("\n");
    if (head.length > LISTING_ROOM - 100) {
      // Cut between lines, never inside a quoted name.
      head = head.slice(0, head.lastIndexOf("\n", LISTING_ROOM - 140)) + "\n… (listing cut)";
    }
    const returned = new Set(later);
    return {
      content: [{ type: "text", text: head }, ...sent],
      structuredContent: {
        archive: path,
        files: listedFiles.map((f) => ({ ...f, returned: !returned.has(f.path) })),
        skipped: cap(skipped),
        remaining: cap(later),
        listed,
      },
    };
  },
});
