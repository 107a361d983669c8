/**
 * Code as cards show it: a figure with a language label and a copy button around one `<pre>`.
 * Tours add a Raw | Code toggle and a line-number gutter outside the `<pre>` (so copying, dragging
 * and the copy button all see the file alone), and a Raw | Rendered toggle for markdown files.
 * The card carries one copy of the source per view: Raw and Code share the same highlighted text
 * (CSS switches the colours and the gutter off), Rendered is the markdown page.
 */
import { type Html, markup, raw, slug } from "../html/html.ts";
import { ACTION } from "../ui/shared/protocol.ts";
import { escapeCode, highlight, languageLabel } from "./highlight.ts";

/** The copy button every code figure carries; the runtime copies the figure's `<pre>` text. */
const COPY =
  markup`<button type="button" class="mcc-tool mcc-copy-code" data-mcc-action="${ACTION.copyCode}">Copy</button>`;

/** The inside of a `<code>`: highlighted when the grammar is known, else escaped text. */
export function codeMarkup(code: string, grammar?: string): Html {
  return grammar ? highlight(code, grammar) : raw(escapeCode(code));
}

/**
 * A code sample (a markdown fence, a card's code field): label, copy button, highlighted when the
 * grammar is known. Without a label or a grammar it is labelled "Text".
 */
export function codeFigure(code: string, options: { label?: string; grammar?: string } = {}): Html {
  const label = options.label?.trim() || (options.grammar ? languageLabel(options.grammar) : "Text");
  const cls = options.grammar ? markup` class="mcc-hl language-${options.grammar}"` : "";
  return markup`<figure class="mcc-code"><figcaption class="mcc-code-bar"><span class="mcc-code-lang">${label}</span>${COPY}</figcaption><pre tabindex="0"><code${cls}>${
    codeMarkup(code, options.grammar)
  }</code></pre></figure>`;
}

/** Lines in `code` as the gutter counts them (a final line break does not start a line). */
export function lineCount(code: string): number {
  if (code === "") return 1;
  let n = 1;
  for (let i = code.indexOf("\n"); i >= 0; i = code.indexOf("\n", i + 1)) n++;
  return code.endsWith("\n") ? n - 1 : n;
}

/** "1\n2\n...\nn": the gutter's text. */
function gutter(lines: number): string {
  let s = "1";
  for (let i = 2; i <= lines; i++) s += "\n" + i;
  return s;
}

/** A two-button view switch; `views` are [value, label] pairs, the first one pressed is `current`. */
function viewSwitch(name: string, views: [string, string][], current: string): Html {
  const buttons = views.map(([value, label]) =>
    markup`<button type="button" class="mcc-tool mcc-view" data-mcc-action="${ACTION.view}" data-mcc-view="${value}" aria-pressed="${
      value === current ? "true" : "false"
    }">${label}</button>`
  );
  return markup`<span class="mcc-views" role="group" aria-label="${name}">${buttons}</span>`;
}

/**
 * A tour's source file: Raw | Code switch, line-number gutter, highlighted code. `path` labels
 * the figure; `grammar` comes from `languageOfPath`. Code is the view on arrival.
 */
export function sourceView(code: string, path: string, grammar: string): Html {
  const label = languageLabel(grammar);
  const bar = markup`<figcaption class="mcc-code-bar"><span class="mcc-code-lang">${label}</span>${
    viewSwitch(`View of ${path}`, [["raw", "Raw"], ["code", "Code"]], "code")
  }${COPY}</figcaption>`;
  // The gutter follows the code in the markup (CSS shows it first): a part truncated inside the
  // code then loses the gutter, which the runtime rebuilds, rather than the code.
  return markup`<figure class="mcc-code mcc-src" data-mcc-switch="code" data-mcc-current="code">${bar}<div class="mcc-src-body" tabindex="0"><pre><code class="mcc-hl language-${grammar}">${
    highlight(code, grammar)
  }</code></pre><span class="mcc-gutter" aria-hidden="true">${gutter(lineCount(code))}</span></div></figure>`;
}

/** A tour's plain file (no known grammar): the ordinary code figure labelled by extension. */
export function plainFileView(code: string, path: string): Html {
  const dot = path.lastIndexOf(".");
  const ext = dot > path.lastIndexOf("/") ? path.slice(dot + 1) : "";
  return codeFigure(code, { label: ext ? slug(ext, "text") : "text" });
}

/**
 * A tour's markdown file: Raw | Rendered switch; Rendered (the page) on arrival, Raw the source
 * in an ordinary code figure whose copy button returns it byte for byte.
 */
export function markdownFileView(source: string, path: string, page: Html): Html {
  const bar = markup`<div class="mcc-code-bar mcc-md-bar"><span class="mcc-code-lang">Markdown</span>${
    viewSwitch(`View of ${path}`, [["raw", "Raw"], ["rendered", "Rendered"]], "rendered")
  }</div>`;
  return markup`<div class="mcc-mdfile" data-mcc-switch="markdown" data-mcc-current="rendered">${bar}<div class="mcc-md mcc-view-rendered">${page}</div><div class="mcc-view-raw">${
    codeFigure(source, { label: "markdown source" })
  }</div></div>`;
}
