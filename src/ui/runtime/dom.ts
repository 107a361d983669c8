import { ACTION } from "../shared/protocol.ts";

/**
 * `s` cut to at most `max` UTF-16 units, the last one an ellipsis, on a grapheme boundary: an emoji
 * (a surrogate pair, a flag, a ZWJ sequence) is kept whole or left out, never split.
 */
export function cap(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = "";
  for (const { segment } of new Intl.Segmenter().segment(s)) {
    if (out.length + segment.length >= max) break;
    out += segment;
  }
  return out + "…";
}

/** A small element builder: text children are set as text, never parsed as markup. */
export function h(
  tag: string,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The SVG counterpart of {@link h}: attribute values may be numbers. */
export function svg(tag: string, attrs: Record<string, string | number>, ...children: Node[]): SVGElement {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** A `.mcc-tool` button (`type="button"`); a `class` in `attrs` adds classes after `mcc-tool`. */
export function tool(
  { class: more, ...attrs }: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElement {
  return h(
    "button",
    { type: "button", class: more ? `mcc-tool ${more}` : "mcc-tool", ...attrs },
    ...children,
  );
}

/** A code figure like the server's (label, copy button, scrollable pre) holding `text`. */
export function codeFigure(label: string, text: string, extraClass = ""): HTMLElement {
  return h(
    "figure",
    { class: `mcc-code ${extraClass}`.trim() },
    h(
      "figcaption",
      { class: "mcc-code-bar" },
      h("span", { class: "mcc-code-lang" }, label),
      tool({ class: "mcc-copy-code", "data-mcc-action": ACTION.copyCode }, "Copy"),
    ),
    h("pre", { tabindex: "0" }, h("code", {}, text)),
  );
}

/** The content of the page's `<meta name>`, if it has one. */
export function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
}

/** Removes the panel of `className` right after `anchor`, if one is there. */
export function removePanelAfter(anchor: Element, className: string): void {
  const next = anchor.nextElementSibling;
  if (next?.classList.contains(className)) next.remove();
}

const NEXT_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Moves focus among `items` for an arrow/Home/End key; returns the newly focused item. */
export function rove(items: HTMLElement[], current: HTMLElement, key: string): HTMLElement | undefined {
  const step = NEXT_KEYS[key];
  const i = items.indexOf(current);
  if (!step || i < 0) return undefined;
  const next = items[step(i, items.length)];
  next.focus();
  return next;
}
