/**
 * The HTML parser's form element pointer, which linkedom does not keep. A browser's parser gives
 * a control the form whose `<form>` tag it last opened until the matching `</form>`, wherever the
 * tree put the control: a form opened in one table cell or `<div>` and closed in another owns
 * the controls in between, and a `<form>` tag met while one is open is dropped. This pass reads
 * the tags of the source (skipping comments and raw text) and marks, right after each tag name,
 * every form tag with its number ("" when dropped) and every control with the number of the form
 * the pointer held ("" for none). The form readers resolve owners from those marks.
 */

/** Elements whose content is text to a browser's parser (with scripting on): no tags inside. */
const RAW = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
]);
const MARKED = new Set(["form", "input", "select", "textarea", "button"]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/**
 * The source with the marks in, under the attribute name `mark`; the source as it is when it has
 * no form tag. One pass, no regular expression over tags (a truncated page cannot make it slow).
 */
export function markFormPointer(html: string, mark: string): string {
  if (!/<form/i.test(html)) return html;
  let out = "";
  let copied = 0;
  let pointer: string | null = null;
  let forms = 0;
  let templates = 0;
  for (let i = html.indexOf("<"); i !== -1 && i < html.length; i = html.indexOf("<", i)) {
    if (html.startsWith("<!--", i)) {
      const close = html.indexOf("-->", i + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const end = html.charCodeAt(i + 1) === 0x2f;
    const start = i + (end ? 2 : 1);
    if (!isLetter(html.charCodeAt(start))) {
      i++;
      continue;
    }
    let after = start;
    while (
      after < html.length && !isSpace(html.charCodeAt(after)) && html[after] !== "/" && html[after] !== ">"
    ) after++;
    const name = html.slice(start, after).toLowerCase();
    // The tag ends at the first ">" outside a quoted attribute value.
    let p = after;
    while (p < html.length && html[p] !== ">") {
      if (html[p++] !== "=") continue;
      while (isSpace(html.charCodeAt(p))) p++;
      const quote = html[p];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, p + 1);
        p = close === -1 ? html.length : close + 1;
      }
    }
    i = p + 1;
    if (name === "template") templates = Math.max(0, templates + (end ? -1 : 1));
    if (end) {
      if (name === "form" && templates === 0) pointer = null;
      continue;
    }
    if (MARKED.has(name) && !(name === "form" && templates > 0)) {
      // Outside a template, a form tag met while a form is open is dropped ("").
      const value = name !== "form" ? pointer ?? "" : pointer === null ? (pointer = String(forms++)) : "";
      out += html.slice(copied, after) + ` ${mark}="${value}"`;
      copied = after;
    }
    if (RAW.has(name)) {
      // Raw text runs to the element's end tag (a script's "<form>" is no tag).
      const close = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "ig");
      close.lastIndex = i;
      i = close.exec(html)?.index ?? html.length;
    }
  }
  return out + html.slice(copied);
}
