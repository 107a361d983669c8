/**
 * Tutor terms on any card whose frame carries `data-mcc-tutor` (JSON: `{ terms }`). Each
 * term is marked once (rules in tutor_marks.ts) as a button whose tip is its accessible
 * description; the tip shows after a dwell of hover or focus, at once on click or Enter, and hides
 * on Escape, blur or leaving. Showing a tip is logged to the host, once per term; clicking a term
 * (or Enter) also selects it, which puts its tip in the model's context (selection.ts). A tip seen in
 * passing does not: that would replace what the user selected.
 */
import { h } from "../dom.ts";
import type { Host } from "../host.ts";
import { normalizeTerms, planMarks, type TutorTerm } from "../tutor_marks.ts";
import { pick } from "../selection.ts";
import { makeRoom, place } from "./float.ts";
import type { Widget } from "./types.ts";

/** How long a pointer or focus rests on a term before its tip shows. */
export const DWELL_MS = 1200;

/**
 * Never marked inside these: controls, links, native tooltips, other tips; nor inside code, unless
 * the code sits in an element marked `data-mcc-tutor-code` (a code tour's `tutorTermsInCode`).
 */
const SKIP =
  "a, button, label, select, option, textarea, summary, dialog, [title], .mcc-tip, .mcc-code-bar, svg";
const CODE = "code, pre, kbd, samp";

interface Tutor {
  terms: TutorTerm[];
}

function readTutor(article: Element): Tutor | undefined {
  try {
    const data = JSON.parse(article.getAttribute("data-mcc-tutor") ?? "null");
    return Array.isArray(data?.terms) ? data : undefined;
  } catch {
    return undefined;
  }
}

let open: { term: HTMLElement; tip: HTMLElement; done: () => void } | undefined;

function hide(): void {
  if (!open) return;
  open.tip.hidden = true;
  open.done();
  open = undefined;
}

function show(term: HTMLElement, tip: HTMLElement, host: Host, told: Set<string>): void {
  if (open?.term === term) return;
  hide();
  tip.hidden = false;
  place(tip, term.getBoundingClientRect());
  open = { term, tip, done: makeRoom(tip) };
  const name = term.textContent ?? "";
  if (told.has(name)) return;
  told.add(name);
  host.log("tutor-tip", { term: name });
}

let escapeWired = false;

/** Marks the card's terms and wires their tips. Safe to call again: a marked card is left alone. */
export function enhanceTutor(article: Element, host: Host): void {
  if (!escapeWired) {
    // A hovered tip has no focus inside the card: Escape is heard on the whole document.
    escapeWired = true;
    document.addEventListener("keydown", (e) => tutorKey(e.key) && e.preventDefault());
  }
  const tutor = readTutor(article);
  const body = article.querySelector(".mcc-body");
  if (!tutor || !body || body.querySelector(".mcc-term")) return;
  const terms = normalizeTerms(
    tutor.terms.filter((t) => typeof t?.term === "string" && typeof t?.tip === "string"),
  );
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const at = n.parentElement;
    if (at && !at.closest(SKIP) && (!at.closest(CODE) || at.closest("[data-mcc-tutor-code]"))) {
      texts.push(n as Text);
    }
  }
  const used = new Set<number>();
  const tips = new Map<number, HTMLElement>();
  const told = new Set<string>();
  const base = `${body.id || "mcc"}-tip`;
  for (const node of texts) {
    const text = node.data;
    const marks = planMarks(text, terms, used);
    if (!marks.length) continue;
    const parts: (Node | string)[] = [];
    let at = 0;
    for (const m of marks) {
      const t = terms[m.term];
      const tipId = `${base}-${m.term}`;
      if (!tips.has(m.term)) {
        tips.set(
          m.term,
          h("span", { class: "mcc-tip", role: "tooltip", id: tipId, hidden: "" }, h("b", {}, t.term), t.tip),
        );
      }
      const button = h("button", {
        type: "button",
        class: "mcc-term",
        "aria-describedby": tipId,
      }, text.slice(m.start, m.end));
      wireTerm(button, tips.get(m.term)!, host, told);
      parts.push(text.slice(at, m.start), button);
      at = m.end;
    }
    parts.push(text.slice(at));
    node.replaceWith(...parts.filter((p) => p !== ""));
  }
  article.append(...tips.values());
}

function wireTerm(term: HTMLElement, tip: HTMLElement, host: Host, told: Set<string>): void {
  let timer: number | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => show(term, tip, host, told), DWELL_MS);
  };
  const cancel = () => {
    clearTimeout(timer);
    if (open?.term === term) hide();
  };
  term.addEventListener("pointerenter", later);
  term.addEventListener("pointerleave", cancel);
  term.addEventListener("focus", later);
  term.addEventListener("blur", cancel);
  term.addEventListener("click", (e) => {
    e.stopPropagation(); // a term in a table row selects the term, not the row
    clearTimeout(timer);
    if (pick(term, host)) show(term, tip, host, told);
    else hide();
  });
}

/** Escape closes an open tip (returns true when it did). */
export function tutorKey(key: string): boolean {
  if (key !== "Escape" || !open) return false;
  hide();
  return true;
}

export const tutorWidget: Widget = { enhance: enhanceTutor };
