/**
 * The card drawn while the model still types its arguments (`ui/notifications/tool-input-partial`):
 * a look-alike of the server's markup (same classes) built only with DOM calls and text nodes, so
 * nothing in the arguments ever runs as markup. It grows in place: rows and items already drawn
 * stay, the last one (maybe cut short) is drawn again, new ones are appended. The result then
 * replaces it at the same height and scroll position (`hold`).
 */
import { markBidi } from "../shared/marks.ts";
import { codeFigure, h } from "./dom.ts";
import { enhanceHeader } from "./header.ts";
import { parsePartial } from "./partial_json.ts";

type J = Record<string, unknown>;
type Draw = (a: J) => void;

/** Plain text of a scalar, capped at 10,000 characters, marked by the server's own rule. */
const text = (v: unknown) => markBidi((/^[sbn]/.test(typeof v) ? String(v) : "").slice(0, 1e4));
/** A number, or NaN for anything else (an object a model sent may not even turn into one). */
const num = (v: unknown) => typeof v == "number" ? v : NaN;
/** An array's first 1,000 entries (the server's own item limit), as they are. */
const raw = (v: unknown): unknown[] => Array.isArray(v) ? v.slice(0, 1e3) : [];
/** The same, each as an object. */
const list = (v: unknown): J[] => raw(v).map(Object);
/** An element of one class (the server's). */
const el = (tag: string, cls: string, ...kids: (Node | string)[]) => h(tag, { class: cls }, ...kids);
const para = (v?: unknown, cls = "mcc-text") => el("p", cls, text(v));
/** A text's paragraphs, split at blank lines as the server does. */
const paras = (v: unknown) => list(text(v).split(/\n\s*\n/).filter(Boolean));
const setText = (el: HTMLElement, v: unknown) => (el.hidden = !(el.textContent = text(v)));

/** Keeps `box`'s children in step with `items`: drawn ones stay, the last drawn is redrawn, new ones appended. */
function sync<T>(box: Element, items: T[], make: (item: T, i: number, old?: Element) => Element): void {
  const kids = box.children;
  while (kids.length > items.length) kids[kids.length - 1].remove();
  for (let i = Math.max(kids.length - 1, 0); i < items.length; i++) {
    const old = kids[i];
    const node = make(items[i], i, old);
    if (node !== old) old ? old.replaceWith(node) : box.append(node);
  }
}

/** A tab's content: its text and its code (html waits for the result). */
const content = (c: J) => [
  ...paras(c.text).map((p) => para(`${p}`)),
  c.code == null ? "" : codeFigure(text(c.language), text(c.code)),
];

const svg = (tag: string, attrs: Record<string, unknown>) => {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) el.setAttribute(k, `${attrs[k]}`);
  return el;
};

/** List items `depth` levels deep, updated in place so nested levels grow like the top one (at most 6, as the server). */
const item = (depth: number) =>
(
  it: J,
  _: number,
  li: Element = h("li", {}, el("span", "mcc-item"), para("", "mcc-item-detail")),
) => {
  li.firstChild!.textContent = text(it.text);
  setText(li.children[1] as HTMLElement, it.detail);
  if (it.children && depth < 6) {
    sync(li.children[2] ?? li.appendChild(h("ol")), list(it.children), item(depth + 1));
  }
  return li;
};

/** Per card kind: builds the skeleton in `body`, returns what draws the arguments so far into it. */
const KINDS: Record<string, (body: HTMLElement) => Draw> = {
  table(body) {
    const head = h("tr");
    const rows = h("tbody");
    body.append(
      h(
        "div",
        { class: "mcc-table-wrap", tabindex: "0" },
        el("table", "mcc-table", h("thead", {}, head), rows),
      ),
    );
    return (a) => {
      sync(head, raw(a.headers), (c) => h("th", {}, text(c)));
      sync(rows, raw(a.rows), (r) => h("tr", {}, ...raw(r).map((c) => h("td", {}, text(c)))));
    };
  },
  list(body) {
    const ol = h("ol");
    body.append(el("div", "mcc-list", ol));
    return (a) => sync(ol, list(a.items), item(1));
  },
  tab(body) {
    const tabs = h("div", { class: "mcc-tablist", role: "tablist" });
    const panel = el("section", "mcc-tabpanel");
    body.append(el("div", "mcc-tabs", tabs, panel));
    return (a) => {
      const on = num(a.selected) || 0;
      sync(
        tabs,
        list(a.tabs),
        (t, i) =>
          h(
            "button",
            { type: "button", role: "tab", class: "mcc-tab", "aria-selected": `${i == on}` },
            text(t.label),
          ),
      );
      panel.replaceChildren(...content(list(a.tabs)[on] ?? {})); // only the shown tab's content
    };
  },
  reveal(body) {
    const box = h("div");
    body.append(el("div", "mcc-reveals", box));
    return (a) => {
      // Sections show closed, as most start: their content waits for the result.
      sync(
        box,
        list(a.sections),
        (s) => el("details", "mcc-reveal", el("summary", "mcc-reveal-title", text(s.title))),
      );
    };
  },
  chart(body) {
    const plot = svg("svg", { class: "mcc-svg", viewBox: "0 0 400 206", "aria-hidden": "true" });
    body.append(el("figure", "mcc-chart", plot));
    return (a) => {
      // A dot per value, one path per series, redrawn per partial (a new extreme rescales them all).
      const series = list(a.series).map((s) => raw(s.values).map(num));
      const all = [0, ...series.flat().filter(isFinite)];
      const low = Math.min(...all);
      const span = Math.max(...all) - low || 1;
      const slot = 356 / Math.max(1, ...series.map((v) => v.length));
      plot.replaceChildren(...series.map((values, s) =>
        svg("path", {
          class: `mcc-sketch mcc-s${s}`,
          d: values.map((v, i) =>
            isFinite(v) ? `M${34 + slot * (i + .5)} ${184 - (v - low) / span * 170}h0` : ""
          )
            .join(""),
        })
      ));
    };
  },
  code_tour(body) {
    const files = h("div");
    body.append(files);
    return (a) => sync(files, list(a.files), (f) => codeFigure(text(f.path), text(f.content)));
  },
};

/** Any other kind: its main text so far, as plain paragraphs. */
function plain(body: HTMLElement): Draw {
  const box = el("div", "mcc-md");
  body.append(box);
  return (a) => sync(box, paras(a.markdown ?? a.prompt ?? a.context ?? a.caption), (p) => para(`${p}`, ""));
}

/**
 * Starts a preview of the card `tool` makes in `root`; returns what draws each partial arguments
 * (an object, or JSON text cut off anywhere).
 */
export function startPreview(root: HTMLElement, tool: string): (args: unknown) => void {
  const kind = tool.replace(/^create_|_card$/g, "");
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
  const draw = (KINDS[kind] ?? plain)(body);
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
 * Called before the result replaces the preview: keeps the root at the preview's height and the
 * table's scroll position; the returned function restores the scroll at once, then lets the height
 * go and calls `done` once the result has painted (a timer, not an animation frame: a hidden frame
 * gets none).
 */
export function hold(root: HTMLElement): (done: (_?: unknown) => void) => void {
  const wrap = () => root.querySelector(".mcc-table-wrap") ?? {} as Element;
  const top = wrap().scrollTop;
  root.style.minHeight = `${root.offsetHeight}px`;
  return (done) => {
    wrap().scrollTop = top;
    setTimeout(() => done(root.style.minHeight = ""), 50);
  };
}
