/**
 * Cards remember what the reader did, so a host that reloads the conversation shows them as they
 * were left: the selected tabs, open sections, the collapsed card and its `</>` panel, a code
 * tour's Raw/Code views, scroll positions and unsent form input (never a password, a file, a hidden
 * field, or a card number, one-time code or password named by `autocomplete`).
 * State is read back from the DOM (no widget reports it) and replayed through the widgets' own
 * clicks, so it stays right whatever a widget does. One `localStorage` entry keeps the last
 * MAX_CARDS cards, oldest dropped; where storage throws (opaque sandboxes) it lives in memory.
 */

import { picked, PICKS, show } from "./selection.ts";

/**
 * Per card: [saved at, chosen buttons, values (fields, options, sections), scrolls, view y, the
 * selected row, point, legend entry or term (its index among them; -1 for none)].
 */
type Saved = [number, number[], unknown[], number[][], number, number];
type Control = HTMLInputElement & HTMLOptionElement & HTMLDetailsElement;

const STORE_KEY = "mcc-state";
const MAX_CARDS = 50;
/** Serialized bytes one card may keep: longer form text is cut until it fits. */
const MAX_ENTRY = 8192;
/**
 * Buttons showing a choice that one click on them restores: tabs, Raw/Code views, the `</>` panel,
 * the collapsed card (whose hidden body had no scroll positions to save).
 */
const CHOSEN =
  "[aria-selected=true],[aria-pressed=true]:is(.mcc-view,[data-mcc-action=source]),[data-mcc-action=collapse][aria-expanded=false]";
/** Buttons restore may click: those CHOSEN can match, whatever their state (a crafted entry may not press Send). */
const CHOICE = CHOSEN.replace(/=(true|false)/g, "");
/**
 * Fields never kept: passwords, files, hidden inputs, and whatever `autocomplete` names a credential,
 * a payment card or a one-time code (`cc-*`, `current-password`, `new-password`, `one-time-code`).
 */
const SECRET =
  "[type=password],[type=file],[type=hidden],[autocomplete*=cc- i],[autocomplete*=one-time i],[autocomplete*=password i]";
/** Form fields but secret ones, options (several may be selected) but a secret select's, and show-hide sections. */
const CONTROLS = `form [name]:not(${SECRET}),form option:not(:is(${SECRET}) *),details`;
/** What may scroll: the body, and every scrolling region (each is focusable, so it has a tabindex). */
const SCROLLERS = ".mcc-body,[tabindex]";

/** The painted cards by key: a card painted again under its key replaces the old one. */
const keys = new Map<string, Element>();
let memory: Record<string, Saved> = {};
let dirty = false;
let timer: number | undefined;

/** The saved cards: from storage when it works, else (sandboxed, or nothing saved yet) from memory. */
function read(): Record<string, Saved> {
  try {
    return Object(JSON.parse(localStorage[STORE_KEY]));
  } catch {
    return memory;
  }
}

/**
 * Opens storage while the view waits for its result: the first access is a synchronous round trip
 * to the browser (tens of milliseconds on a busy machine) that painting would otherwise wait on.
 */
export function openStore(): void {
  read();
}

const all = <T extends Element = HTMLElement>(root: Element, selector: string) => [
  ...root.querySelectorAll<T>(selector),
];

function snapshot(card: Element, cut: number): Saved {
  return [
    Date.now(),
    all(card, "button").flatMap((b, i) => b.matches(CHOSEN) ? [i] : []),
    all<Control>(card, CONTROLS).map((c) =>
      c.type ? (/checkbox|radio/.test(c.type) ? c.checked : c.value.slice(0, cut)) : c.selected ?? c.open
    ),
    all(card, SCROLLERS).map((e) => [e.scrollTop, e.scrollLeft]),
    scrollY,
    all(card, PICKS).indexOf(picked as HTMLElement),
  ];
}

/** Saves the painted cards if anything happened since the last save (also on teardown and page hide). */
export function flush(): void {
  clearTimeout(timer);
  if (!dirty) return;
  dirty = false;
  const saved = read();
  for (const [key, card] of keys) {
    let cut = MAX_ENTRY;
    do saved[key] = snapshot(card, cut); while (JSON.stringify(saved[key]).length > MAX_ENTRY && (cut >>= 1));
  }
  memory = Object.fromEntries(
    // entries dated in the future (or not at all) are damaged or crafted to pin themselves: dropped
    Object.entries(saved).filter((e) => e[1]?.[0] <= Date.now()).sort((a, b) => b[1][0] - a[1][0])
      .slice(0, MAX_CARDS),
  );
  try {
    localStorage[STORE_KEY] = JSON.stringify(memory);
  } catch { /* no storage here: memory keeps it for this view */ }
}

function changed(): void {
  dirty = true;
  clearTimeout(timer);
  timer = setTimeout(flush, 300);
}

/**
 * Registers a painted (and wired) card under `key` and restores what was saved for it: call it
 * after the card's widgets ran and before the size is reported, so the first height is right.
 */
export function remember(card: Element, key: string): void {
  // Adding the same listener again is a no-op.
  for (const type of ["click", "keyup", "input", "scroll"]) {
    addEventListener(type, changed, true);
  }
  addEventListener("pagehide", flush);
  flush(); // a card painted over another (same id, new markup) takes over what the reader did there
  keys.set(key, card);
  try {
    restore(card, read()[key]);
  } catch { /* nothing saved under this key, or a damaged entry */ }
}

/** Replays a saved entry (none throws, as a damaged one may: then nothing more is restored). */
function restore(card: Element, saved: Saved): void {
  const [, chosen, values, scrolls, y, pick] = saved;
  // One at a time, in page order: the `</>` panel adds a button the later indexes count. Each index
  // once, and only a choice's button (a crafted entry may hold 100,000 indexes, or point at Send).
  let buttons = all(card, "button");
  for (const i of new Set(chosen)) {
    if (buttons[i]?.matches(CHOICE)) buttons[i].click(), buttons = all(card, "button");
  }
  all<Control>(card, CONTROLS).forEach((c, i) => {
    const v = values[i];
    if (v == null) return;
    if (v === !!v) c.checked = c.selected = c.open = v; // the one its kind has counts
    // text only where text was saved: a crafted entry may not rewrite what a box or an option sends
    else if (c.type && !/checkbox|radio/.test(c.type)) c.value = v as string;
    c.dispatchEvent(new Event("input", { bubbles: true })); // counters and read-outs follow
  });
  all(card, SCROLLERS).forEach((e, i) => scrolls[i] && ([e.scrollTop, e.scrollLeft] = scrolls[i]));
  scrollTo(0, y);
  // The selection shows again, but is not sent again: the host kept the last model-context update
  // (each replaces the one before), so the model already has it. Selecting again shares it anew.
  const el = all(card, PICKS)[pick];
  if (el) show(el);
}
