/**
 * The slice of linkedom's DOM that extraction walks, and the small text and URL helpers the page
 * and form readers share. Plain text in, plain text out.
 */

export const ELEMENT = 1;
export const TEXT = 3;
export const CDATA = 4;

/** The slice of linkedom's DOM the walk uses. */
export interface DomNode {
  nodeType: number;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  parentNode: DomNode | null;
}
export interface DomElement extends DomNode {
  localName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}
export interface DomText extends DomNode {
  data: string;
}

/** Collapses whitespace to single spaces and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Squashed text cut at `max` characters with an ellipsis (for link texts and alt texts). */
export function clip(text: string, max: number): string {
  const flat = squash(text);
  return flat.length <= max ? flat : flat.slice(0, max - 1).trimEnd() + "…";
}

/** Resolves a URL against the base; only http(s) results are kept, without their fragment. */
export function absoluteUrl(value: string | null, base: URL): string | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "" || /^(javascript|data|vbscript|blob|about|file):/i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.username || url.password) return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

/** The text of an element's subtree, without scripts and styles. Iterative: nesting depth is the page's choice. */
export function textOf(el: DomNode): string {
  let out = "";
  const stack: (DomNode | null)[] = [el.firstChild];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n) continue;
    stack.push(n.nextSibling);
    if (n.nodeType === TEXT || n.nodeType === CDATA) out += (n as DomText).data;
    else if (n.nodeType === ELEMENT) {
      const name = (n as DomElement).localName;
      if (name !== "script" && name !== "style" && name !== "template") stack.push(n.firstChild);
    }
  }
  return out;
}
