/**
 * The card drawn while the model still types its arguments (`ui/notifications/tool-input-partial`):
 * a look-alike of the server's markup (same classes) built only with DOM calls and text nodes, so
 * nothing in the arguments ever runs as markup. It grows in place: rows and items already drawn
 * stay, the last one (maybe cut short) is drawn again, new ones are appended. The result then
 * replaces it at the same scroll position (`hold`). Each kind draws its own skeleton (its
 * widget's `preview`) with the pieces exported here.
 */
import { markBidi } from "../shared/marks.ts";
import { h } from "./dom.ts";
import { enhanceHeader } from "./header.ts";
import { parsePartial } from "./partial_json.ts";
import { WIDGETS } from "./widgets/in_use.ts";
import type { Draw } from "./widgets/types.ts";

type J = Record<string, unknown>;

/** Plain text of a scalar, capped at 10,000 characters, marked by the server's own rule. */
export const text = (v: unknown) => markBidi((/^[sbn]/.test(typeof v) ? String(v) : "").slice(0, 1e4));
/** A number, or NaN for anything else (an object a model sent may not even turn into one). */
export const num = (v: unknown) => typeof v == "number" ? v : NaN;
/** An array's first 1,000 entries (the server's own item limit), as they are. */
export const raw = (v: unknown): unknown[] => Array.isArray(v) ? v.slice(0, 1e3) : [];
/** The same, each as an object. */
export const list = (v: unknown): J[] => raw(v).map(Object);
/** An element of one class (the server's). */
export const el = (tag: string, cls: string, ...kids: (Node | string)[]) => h(tag, { class: cls }, ...kids);
export const para = (v?: unknown, cls = "mcc-text") => el("p", cls, text(v));
/** A text's paragraphs, split at blank lines as the server does. */
export const paras = (v: unknown) => list(text(v).split(/\n\s*\n/).filter(Boolean));
export const setText = (el: HTMLElement, v: unknown) => (el.hidden = !(el.textContent = text(v)));

/** Keeps `box`'s children in step with `items`: drawn ones stay, the last drawn is redrawn, new ones appended. */
export function sync<T>(
  box: Element,
  items: T[],
  make: (item: T, i: number, old?: Element) => Element,
): void {
  const kids = box.children;
  while (kids.length > items.length) kids[kids.length - 1].remove();
  for (let i = Math.max(kids.length - 1, 0); i < items.length; i++) {
    const old = kids[i];
    const node = make(items[i], i, old);
    if (node !== old) old ? old.replaceWith(node) : box.append(node);
  }
}

/** Any kind without a preview of its own: its main text so far, as plain paragraphs. */
function plain(body: HTMLElement): Draw {
  const box = el("div", "mcc-md");
  body.append(box);
  return (a) => sync(box, paras(a.markdown ?? a.prompt ?? a.context ?? a.caption), (p) => para(`${p}`, ""));
}

/**
 * Starts a preview of a card of `kind` (the template's own, from its `data-mcc-template`) in
 * `root`; returns what draws each partial arguments (an object, or JSON text cut off anywhere).
 */
export function startPreview(root: HTMLElement, kind: string): (args: unknown) => void {
  const title = el("h2", "mcc-title");
  const intro = para(); // the intro most kinds show above their content
  const body = el("div", "mcc-body", intro);
  const card = h(
    "article",
    { class: "mcc-card", "data-mcc-kind": kind, "aria-busy": "true" },
    el("header", "mcc-head", title),
    body,
  );
  root.replaceChildren(card);
  // The card's own header tools, inert until the result: the header wraps as the card's will.
  enhanceHeader(card, { html: "", id: "" });
  (card.querySelector(".mcc-tools") as HTMLElement).inert = true;
  const draw = (WIDGETS.find((w) => w.preview?.kind === kind)?.preview?.draw ?? plain)(body);
  return (args) => {
    const a = typeof args == "string" ? parsePartial(args) : args;
    if (!a) return; // text that does not parse yet: keep what is drawn
    title.textContent = text((a as J).title ?? /^# (.+)/m.exec(text((a as J).markdown))?.[1]) || "…";
    setText(intro, (a as J).intro);
    try {
      draw(a as J);
    } catch { /* arguments no card kind expects: the next partial may do */ }
  };
}

/**
 * Called before the result replaces the preview: remembers the table's scroll position. The
 * returned function, called once the result is in place, puts the scroll back and calls `done`
 * in the same task, so the browser never paints the result unscrolled and the host hears the
 * result's own height in the frame that shows it (no timer: nothing waits on the way).
 */
export function hold(root: HTMLElement): (done: () => void) => void {
  const wrap = () => root.querySelector(".mcc-table-wrap") ?? {} as Element;
  const top = wrap().scrollTop;
  return (done) => {
    wrap().scrollTop = top;
    done();
  };
}
