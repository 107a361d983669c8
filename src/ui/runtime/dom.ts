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

/** A code figure like the server's (label, copy button, scrollable pre) holding `text`. */
export function codeFigure(label: string, text: string, extraClass = ""): HTMLElement {
  return h(
    "figure",
    { class: `mcc-code ${extraClass}`.trim() },
    h(
      "figcaption",
      { class: "mcc-code-bar" },
      h("span", { class: "mcc-code-lang" }, label),
      h(
        "button",
        { type: "button", class: "mcc-tool mcc-copy-code", "data-mcc-action": "copy-code" },
        "Copy",
      ),
    ),
    h("pre", { tabindex: "0" }, h("code", {}, text)),
  );
}

/** Removes the panel of `className` right after `anchor`, if one is there. */
export function removePanelAfter(anchor: Element, className: string): void {
  const next = anchor.nextElementSibling;
  if (next?.classList.contains(className)) next.remove();
}
