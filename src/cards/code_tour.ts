/**
 * create_code_tour_card: a project as one tab per text file, from a zip on the server's machine or
 * from explicit files. README and manifests come first; explicit files otherwise keep the caller's
 * (teaching) order, archives go alphabetically. Build caches, lock files and binaries are skipped
 * with a notice. Known languages get a Raw | Code view, markdown files Raw | Rendered.
 *
 * Each file is one block (a `<section>`), so the output stage packs whole files into parts; the
 * browser runtime turns the sections of a part into tabs.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { MAX_ARCHIVE_BYTES, readLocalBytes } from "../fs/read.ts";
import { looksBinary } from "../fs/text.ts";
import type { ZipSkipped } from "../fs/zip.ts";
import { type Html, markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import type { CardOutput } from "../output/result.ts";
import { plural } from "../render/summary.ts";
import { QUOTED_LABEL, QUOTED_PATH, quoteData, quoteLine } from "../quote.ts";
import type { ToolContext } from "../tool.ts";
import { digest, RecentRenders } from "./_cache.ts";
import { cardTitle, plainLine } from "./_fields.ts";

/** Most files one tour shows (the rest are listed as skipped). */
export const MAX_TOUR_FILES = 300;
/** Most characters of file text one tour renders in all parts together. */
export const MAX_TOUR_CHARS = 8_000_000;
/** Most characters of one inline file. */
export const MAX_INLINE_FILE_CHARS = 1_000_000;

const input = z.object({
  title: cardTitle,
  archivePath: z.string().max(4_096).optional().describe(
    "Absolute path of a .zip",
  ),
  files: z.array(z.object({
    path: plainLine(500, "e.g. src/main.ts"),
    content: z.string().max(MAX_INLINE_FILE_CHARS),
  })).min(1).max(MAX_TOUR_FILES).optional().describe(
    "Instead: files in teaching order",
  ),
  intro: z.string().max(2_000).optional().describe("Intro"),
  tutorTermsInCode: z.boolean().optional().describe("Let tips mark words in code"),
});

type Input = z.output<typeof input>;

/** Folders that hold what a build or a tool made, not what the author wrote. */
const CACHE_DIRS = new Set([
  "node_modules",
  "target",
  "dist",
  "build",
  "out",
  ".git",
  ".hg",
  ".svn",
  "__pycache__",
  ".venv",
  "venv",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".parcel-cache",
  ".turbo",
  ".cache",
  ".gradle",
  ".idea",
  "coverage",
  "obj",
  "vendor",
  ".deno",
  "__MACOSX",
]);

const LOCK_FILES = new Set([
  "package-lock.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "deno.lock",
  "bun.lockb",
  "cargo.lock",
  "poetry.lock",
  "pipfile.lock",
  "composer.lock",
  "gemfile.lock",
  "go.sum",
]);

const JUNK_FILES = new Set([".ds_store", "thumbs.db", "desktop.ini"]);

/** Manifests, hoisted after the README in this order. */
const MANIFESTS = [
  "package.json",
  "deno.json",
  "deno.jsonc",
  "cargo.toml",
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "requirements.txt",
  "go.mod",
  "gemfile",
  "composer.json",
  "pom.xml",
  "build.gradle",
  "build.gradle.kts",
  "cmakelists.txt",
  "makefile",
  "tsconfig.json",
  "mix.exs",
  "pubspec.yaml",
];

/** Why a path is left out of a tour before reading it, or undefined to keep it. */
export function skipReason(path: string): string | undefined {
  const parts = path.split("/");
  const dir = parts.slice(0, -1).find((p) => CACHE_DIRS.has(p));
  if (dir) return `build cache (${dir}/)`;
  const base = parts[parts.length - 1].toLowerCase();
  if (LOCK_FILES.has(base)) return "lock file";
  if (JUNK_FILES.has(base) || base.startsWith("._")) return "system file";
  return undefined;
}

/** A file the tour shows. */
interface TourFile {
  path: string;
  text: string;
}

/** The folder every path shares, when the archive wraps the project in one (`project/...`). */
function commonTop(paths: readonly string[]): string {
  if (paths.length === 0 || !paths.every((p) => p.includes("/"))) return "";
  const top = paths[0].slice(0, paths[0].indexOf("/") + 1);
  return paths.every((p) => p.startsWith(top)) ? top : "";
}

/** README first, then manifests, then the rest in the given order (both only at the project's top). */
export function tourOrder<T extends { path: string }>(files: readonly T[]): T[] {
  const top = commonTop(files.map((f) => f.path));
  const rank = (path: string): number => {
    const rel = path.startsWith(top) ? path.slice(top.length) : path;
    if (rel.includes("/")) return 1_000;
    const name = rel.toLowerCase();
    if (/^readme(\.[a-z0-9]+)?$/.test(name)) return 0;
    const m = MANIFESTS.indexOf(name);
    return m >= 0 ? 1 + m : 1_000;
  };
  return files.map((f, i) => ({ f, i, r: rank(f.path) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) =>
    x.f
  );
}

/** Gathers the files and the skipped entries from the input. */
async function gather(
  inp: Input,
  ctx: ToolContext,
): Promise<{ files: TourFile[]; skipped: ZipSkipped[]; key: string }> {
  if ((inp.archivePath === undefined) === (inp.files === undefined)) {
    throw invalidInput(
      inp.files === undefined ? "files" : "archivePath",
      inp.files === undefined
        ? "pass the project as files, or a zip as archivePath"
        : "pass files or archivePath, not both",
      "Send the files inline when the zip is not on the server's machine",
    );
  }
  const skipped: ZipSkipped[] = [];
  let files: TourFile[];
  let key: string;
  if (inp.files) {
    const seen = new Set<string>();
    files = [];
    inp.files.forEach((f, i) => {
      const path = f.path.trim().replaceAll("\\", "/").replace(/^\.\//, "");
      if (seen.has(path)) {
        throw invalidInput(`files[${i}].path`, `"${path}" appears twice`, "Give each file once");
      }
      seen.add(path);
      const reason = skipReason(path);
      if (reason) skipped.push({ path, reason });
      else if (f.content.includes("\0") || looksBinary(new TextEncoder().encode(f.content.slice(0, 8_192)))) {
        skipped.push({ path, reason: "binary" });
      } else files.push({ path, text: f.content });
    });
    key = await digest([
      "tour",
      inp.title,
      inp.intro,
      String(inp.tutorTermsInCode),
      JSON.stringify(inp.files),
    ]);
  } else {
    const path = inp.archivePath!;
    const bytes = await readLocalBytes(path, { root: ctx.config.fsRoot, maxBytes: MAX_ARCHIVE_BYTES });
    key = await digest(["tour", inp.title, inp.intro, String(inp.tutorTermsInCode), path, bytes]);
    const cached = recent.get(key);
    if (cached) return { files: [], skipped: [], key };
    const step = { last: 0 };
    const { readZip } = await import("../fs/zip.ts"); // fflate, loaded on the first archive
    const zip = await readZip(bytes, path, {
      filter: skipReason,
      onProgress: async ({ done, total }) => {
        if (done === total || done - step.last >= Math.max(1, Math.ceil(total / 20))) {
          step.last = done;
          await ctx.progress(done, total, `Unpacked ${done} of ${total} entries`);
        }
      },
    });
    skipped.push(...zip.skipped);
    files = zip.files.map((f) => ({ path: f.path, text: f.text })).sort((a, b) => (a.path < b.path ? -1 : 1));
  }
  return { files, skipped, key };
}

/** Skips listed in one line each, cache folders grouped: "node_modules/ (build cache, 120 entries)". */
function describeSkipped(
  skipped: readonly ZipSkipped[],
  named: (path: string) => string = (path) => path,
): string[] {
  const groups = new Map<string, number>();
  const lines: string[] = [];
  for (const s of skipped) {
    const cache = /^build cache \((.+)\)$/.exec(s.reason)?.[1];
    if (cache) {
      const at = s.path.indexOf(cache);
      const folder = at >= 0 ? s.path.slice(0, at + cache.length) : cache;
      if (!groups.has(folder)) lines.push(`\0${folder}`);
      groups.set(folder, (groups.get(folder) ?? 0) + 1);
    } else lines.push(`${named(s.path)} (${s.reason})`);
  }
  return lines.map((
    l,
  ) => (l.startsWith("\0")
    ? `${named(l.slice(1))} (build cache, ${plural(groups.get(l.slice(1))!, "entry", "entries")})`
    : l)
  );
}

/** Most skipped lines the notice lists by name. */
const NOTICE_LINES = 12;

/** The skipped entries for the summary, names quoted as the archive's words, within 600 characters. */
function skippedSummary(skipped: readonly ZipSkipped[]): string {
  const lines = describeSkipped(skipped, (path) => quoteData(path, QUOTED_PATH));
  let size = 0;
  const kept = lines.filter((line) => (size += line.length + 2) <= 600);
  return kept.join("; ") + (kept.length < lines.length ? `; and ${lines.length - kept.length} more` : "");
}

/** The renderers a tour draws with (prism's grammars, markdown-it), loaded with the first tour, not at start-up. */
async function renderers() {
  const [views, highlight, markdown] = await Promise.all([
    import("../render/code_view.ts"),
    import("../render/highlight.ts"),
    import("../render/markdown.ts"),
  ]);
  return {
    ...views,
    ...highlight,
    renderPage: markdown.renderPage,
    prepareMarkdown: markdown.prepareMarkdown,
  };
}

type Renderers = Awaited<ReturnType<typeof renderers>>;

/**
 * One file as a section. `top` is the folder every file of the tour shares (an archive's wrapper,
 * `weather-cli/`): its tab is named without it (`data-mcc-tab`), the path keeps it.
 */
function fileBlock(
  file: TourFile,
  id: string,
  tutor: boolean,
  top: string,
  r: Renderers,
  env: Record<string, unknown>,
): Html {
  const lower = file.path.toLowerCase();
  const grammar = r.languageOfPath(file.path);
  const view = /\.(md|markdown|mdx)$/.test(lower)
    ? r.markdownFileView(file.text, file.path, r.renderPage(file.text, env))
    : grammar
    ? r.sourceView(file.text, file.path, grammar)
    : r.plainFileView(file.text, file.path);
  const tutorAttr = tutor ? markup` data-mcc-tutor-code="true"` : "";
  const tab = top ? markup` data-mcc-tab="${file.path.slice(top.length)}"` : "";
  return markup`<section class="mcc-tourfile" id="${id}" data-mcc-path="${file.path}"${tab} aria-label="${file.path}"${tutorAttr}><h3 class="mcc-tourfile-name">${file.path}</h3>${view}</section>`;
}

const recent = new RecentRenders();

/** Counts full renders (tests check that asking for another part does not render again). */
export const renderStats = { renders: 0 };

function render(inp: Input, files: TourFile[], skipped: ZipSkipped[], r: Renderers): CardOutput {
  renderStats.renders++;
  const ordered = tourOrder(files);
  const shown: TourFile[] = [];
  let chars = 0;
  for (const f of ordered) {
    if (shown.length >= MAX_TOUR_FILES) {
      skipped.push({ path: f.path, reason: `the tour's limit of ${MAX_TOUR_FILES} files is reached` });
    } else if (chars + f.text.length > MAX_TOUR_CHARS) {
      skipped.push({ path: f.path, reason: `the tour's limit of ${MAX_TOUR_CHARS} characters is reached` });
    } else {
      shown.push(f);
      chars += f.text.length;
    }
  }
  if (shown.length === 0) {
    const why = skipped.length
      ? `: every entry was skipped (${describeSkipped(skipped).slice(0, 3).join("; ")})`
      : "";
    throw invalidInput(
      inp.files ? "files" : "archivePath",
      `the project has no text file to show${why}`,
      "Pass source or text files",
    );
  }
  const id = idMaker("tour\n" + inp.title);
  const blocks: Html[] = [];
  const skippedLines = describeSkipped(skipped);
  const head: Html[] = [];
  if (inp.intro?.trim()) head.push(markup`<p class="mcc-tour-intro">${inp.intro}</p>`);
  if (skippedLines.length) {
    const listed = skippedLines.slice(0, NOTICE_LINES).join("; ");
    const more = skippedLines.length > NOTICE_LINES ? `; and ${skippedLines.length - NOTICE_LINES} more` : "";
    head.push(
      markup`<p class="mcc-tour-notice" role="note">Skipped ${
        plural(skipped.length, "entry", "entries")
      }: ${listed}${more}.</p>`,
    );
  }
  if (head.length) blocks.push(markup`<div class="mcc-tour-head">${head}</div>`);
  const top = commonTop(shown.map((f) => f.path));
  const env: Record<string, unknown> = {}; // one card's budgets (TeX) for all its Markdown files, as a document has
  for (const f of shown) blocks.push(fileBlock(f, id("file"), inp.tutorTermsInCode === true, top, r, env));
  const fileLines = shown.map((f) => {
    const grammar = r.languageOfPath(f.path);
    const kind = /\.(md|markdown|mdx)$/i.test(f.path)
      ? "Markdown"
      : grammar
      ? r.languageLabel(grammar)
      : "text";
    return `- ${quoteData(f.path, QUOTED_PATH)} (${kind}, ${plural(r.lineCount(f.text), "line")})`;
  });
  // Paths may be an archive's words: quoted as data (src/quote.ts).
  const summary = [
    `Code tour ${quoteLine(inp.title, QUOTED_LABEL)} with ${plural(shown.length, "file")}, in this order:`,
    ...fileLines,
    ...(skippedLines.length
      ? [`Skipped ${plural(skipped.length, "entry", "entries")}: ${skippedSummary(skipped)}`]
      : []),
  ].join("\n");
  return { title: inp.title, summary, blocks };
}

export default defineCard({
  name: "create_code_tour_card",
  kind: "code_tour",
  view: {
    widgets: ["tab", "code_tour"],
    styles: ["code_tour", "markdown", "math", "tab", "highlight"],
  },
  tutorAndActions: true,
  title: "Code tour card",
  description:
    "A project as one tab per file, README first. archivePath: a .zip on the server's machine, not your sandbox.",
  input,
  splittable: true,
  async render(inp, ctx) {
    const { files, skipped, key } = await gather(inp, ctx);
    const hit = recent.get(key);
    if (hit) return hit;
    const r = await renderers();
    for (const file of files) if (/\.(md|markdown|mdx)$/i.test(file.path)) await r.prepareMarkdown(file.text);
    const output = render(inp, files, skipped, r);
    recent.set(key, output);
    return output;
  },
});
