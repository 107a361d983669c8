/**
 * What a widget is: the behaviour of one card kind (or of every card, for the core), declared as
 * data the card wiring reads. Card markup asks for behaviour through `data-mcc-action` buttons and
 * roles; a widget answers with handlers, so adding a kind adds a file, not a case to a switch.
 */
import type { Host } from "../host.ts";

/** Draws the arguments a model has typed so far into a preview of its card (preview.ts). */
export type Draw = (args: Record<string, unknown>) => void;

/** A file Download offers: its extension, its type, and what writes it. */
export type Format = [ext: string, type: string, make: () => string | Uint8Array];

/** Handles a `data-mcc-action` button of a card. */
export type ActionHandler = (button: HTMLElement, article: Element, host: Host) => void;

export type Json = Record<string, unknown>;

/** What a selected element is (`row 3 of`), its detail, and its fields (selection.ts). */
export type About = [what: string, detail: string, fields: Json];

/** A read-only tool the card offers its host (view_tools.ts answers tools/list and tools/call with them). */
export interface ViewTool {
  name: string;
  description: string;
  /** The card holds what the tool reads. */
  offers(article: Element): boolean;
  read(article: Element): Json;
}

/** One card kind's browser behaviour. */
export interface Widget {
  /** `data-mcc-action` value to handler. */
  actions?: Record<string, ActionHandler>;
  /** Clicks on elements matching a selector (besides action buttons). */
  click?: { selector: string; handle: (target: HTMLElement, host: Host) => void };
  /** Keys on focused elements matching a selector; `handle` returns true when it used the key. */
  keys?: { selector: string; handle: (target: HTMLElement, key: string) => boolean };
  /** Submits of forms matching a selector (the page never navigates either way). */
  submit?: { selector: string; handle: (form: HTMLFormElement, host: Host) => void };
  /** Runs once for every painted card article. */
  enhance?: (article: Element, host: Host) => void;
  /**
   * A throwaway of what this kind draws that is slow the first time in a document, laid out hidden
   * (with size.ts's warm-up card) while the view waits for its result, so the card's paint does not pay it.
   */
  warm?: () => Element;
  /** Input and change events anywhere in a card. */
  input?: (target: HTMLElement) => void;
  /** Any key in a card, before `keys`; returns true when it used the key. */
  anyKey?: (event: KeyboardEvent, host: Host) => boolean;
  /** Right-click in a card. */
  contextMenu?: (event: MouseEvent, host: Host) => void;
  /**
   * The live preview of one card kind (a template may carry widgets of several kinds, as a code tour's
   * carries the tabs'): `draw` builds its skeleton in `body` and returns what draws each partial into it.
   */
  preview?: { kind: string; draw: (body: HTMLElement) => Draw };
  /** Files Download offers for this card besides its HTML document. */
  formats?: (article: Element) => Format[];
  /** A card split into parts, whole: every part joined into one detached article (Download reads it). */
  whole?: (article: Element, host: Host) => Promise<Element>;
  /** What a selectable element of this kind is, when it is one (selection.ts asks before its own rules). */
  about?: (el: Element) => About | undefined;
  /** Tools the card offers its host, when its markup holds what they read (view_tools.ts). */
  tools?: ViewTool[];
}
