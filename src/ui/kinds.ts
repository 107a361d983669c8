/**
 * What each card kind's MCP Apps template carries: one template per kind, so a card loads only the
 * browser code and styles its own markup can use (a table's template has no chart code). A kind's
 * view is declared once, in its card file (`view` in `defineCard`, src/card.ts) or, for a tool that
 * is not a card, in its tool file (mirror_web_form's `web_form`); {@link kindViews} gathers them from
 * the registry's tools. The build (scripts/build_ui.ts) bundles the runtime once per kind with those
 * widgets and joins those stylesheets; src/ui/template.ts serves the result as
 * `ui://mcp-chat-cards/template/<kind>.html`.
 *
 * Every template has the header tools, downloads, the live preview, remembered state, selection,
 * the context menu and the card-offered tools' protocol, styled by ALWAYS_STYLES.
 * `widgets` names files under src/ui/runtime/widgets/ (each exports `<name in camelCase>Widget`), in
 * the order they enhance a card; `styles` names files under src/ui/styles/ (joined in the
 * stylesheet's own order). Three flags add a widget with its stylesheet, each for the kinds whose
 * cards can need it: `terms` (tutor terms: the kinds whose tool takes text, so takes `extras`),
 * `movable` (blocks the reader may reorder: move handles) and `parts` (a card split into parts
 * downloads whole: the splittable kinds). defineCard sets `terms` and `parts` from the card's own
 * facts; a card file declares `movable`. tests/ui/kinds_test.ts checks that every kind's markup is
 * handled and styled by what its template carries, and that the flags match the tools.
 *
 * This module is data only: the build reads it, and the browser bundles never import it.
 */

/** The browser side of one card kind: the widgets and stylesheets its template carries. */
export interface KindUi {
  /** Files under src/ui/runtime/widgets/, in the order they enhance a card; `[]` is fine. */
  readonly widgets: readonly string[];
  /** Files under src/ui/styles/ besides {@link ALWAYS_STYLES}; `[]` is fine. */
  readonly styles: readonly string[];
  /** Tutor terms (widgets/tutor.ts, styles/terms.css): the kind's tool takes `extras`. */
  readonly terms?: boolean;
  /** The reader may reorder the card's blocks (widgets/move.ts, styles/move.css). */
  readonly movable?: boolean;
  /** Download gathers every part first (parts.ts): the kind's tool is splittable. */
  readonly parts?: boolean;
  /**
   * CSS of its own, for a kind defined outside this repository (`createServer({ cards })`), added
   * after its stylesheets; the built-in kinds keep theirs in src/ui/styles/<kind>.css.
   */
  readonly css?: string;
}

/** A tool's template: the kind it paints and what that kind's template carries. */
export interface ToolView extends KindUi {
  readonly kind: string;
}

/**
 * Budget of each kind's template (runtime + CSS): 64 KB raw / 20 KB gzip. A template is read once
 * per conversation and card kind, not per result; the official examples ship 218 KB / 56 KB. The
 * build enforces it for the built-in kinds, createServer for kinds added to it.
 */
export const MAX_RAW_BYTES = 64 * 1024;
export const MAX_GZIP_BYTES = 20 * 1024;
/**
 * get_card's template is no card kind's: it carries the widgets of every kind that splits (table,
 * markdown, code tour) so any part paints as its kind does, and it is read only when a model asks
 * for a later part. Its budget is 72 KB raw / 23 KB gzip.
 */
export const MAX_PARTS_GZIP_BYTES = 23 * 1024;
export const MAX_PARTS_RAW_BYTES = 72 * 1024;

/**
 * The runtime for kinds defined outside the build (`createServer({ cards })`) that need no widget:
 * every template's runtime, with tutor terms, move handles and whole downloads, which act only on
 * cards whose markup asks for them, so one runtime serves any such kind.
 */
export const PLAIN_UI: KindUi = { widgets: [], styles: [], terms: true, movable: true, parts: true };

/** Stylesheets every template carries, whatever the kind. */
export const ALWAYS_STYLES: readonly string[] = ["base", "selection", "tutor"];

/**
 * Every kind's template, from the tools that show one, in the tools' order. A kind several tools
 * show must be declared alike by each, or this throws naming both.
 */
export function kindViews(
  tools: readonly { readonly name: string; readonly view?: ToolView }[],
): Readonly<Record<string, KindUi>> {
  const views: Record<string, KindUi> = {};
  const owner: Record<string, string> = {};
  for (const { name, view } of tools) {
    if (!view) continue;
    const { kind, ...ui } = view;
    if (Object.hasOwn(views, kind)) {
      if (JSON.stringify(views[kind]) === JSON.stringify(ui)) continue;
      throw new Error(`${name} and ${owner[kind]} declare different templates for the kind "${kind}"`);
    }
    views[kind] = ui;
    owner[kind] = name;
  }
  return views;
}

/** A kind's stylesheets: the ones every template has, the kind's own, and those its flags bring. */
export function kindStyles(ui: KindUi): Set<string> {
  return new Set([
    ...ALWAYS_STYLES,
    ...ui.styles,
    ...ui.terms ? ["terms"] : [],
    ...ui.movable ? ["move"] : [],
  ]);
}
