/**
 * What each card kind's MCP Apps template carries: one template per kind, so a card loads only the
 * browser code and styles its own markup can use (a table's template has no chart code). The build
 * (scripts/build_ui.ts) bundles the runtime once per kind with these widgets and joins these
 * stylesheets; src/ui/template.ts serves the result as `ui://mcp-chat-cards/template/<kind>.html`.
 *
 * Every template has the header tools, downloads, the live preview, remembered state, selection,
 * the context menu and the card-offered tools' protocol, styled by ALWAYS_STYLES. `widgets` names
 * files under src/ui/runtime/widgets/ (each exports `<name in camelCase>Widget`), in the order they
 * enhance a card; `styles` names files under src/ui/styles/ (joined in the stylesheet's own order).
 * Three flags add a widget with its stylesheet, each for the kinds whose cards can need it: `terms`
 * (tutor terms: the kinds whose tool takes text, so takes `tutor`), `movable` (blocks the reader may
 * reorder: move handles) and `parts` (a card split into parts downloads whole: the splittable kinds).
 * tests/ui/kinds_test.ts checks that every kind's markup is handled and styled by what its template
 * carries, and that the flags match the tools.
 */

/** The browser side of one card kind. */
export interface KindUi {
  widgets: readonly string[];
  styles: readonly string[];
  /** Tutor terms (widgets/tutor.ts, styles/terms.css): the kind's tool takes `tutor`. */
  terms?: boolean;
  /** Move handles (widgets/move.ts, styles/move.css). */
  movable?: boolean;
  /** Download gathers every part first (parts.ts): the kind's tool is splittable. */
  parts?: boolean;
}

/** Stylesheets every template carries, whatever the kind. */
export const ALWAYS_STYLES: readonly string[] = ["base", "preview", "selection", "tutor"];

const FORM: KindUi = { widgets: ["form"], styles: ["form", "prompt"] };

/** Per card kind (the card's `kind`, and `web_form` for mirror_web_form). */
export const KIND_UI: Readonly<Record<string, KindUi>> = {
  tab: { widgets: ["tab"], styles: ["math", "tab", "highlight"], terms: true },
  table: { widgets: ["table"], styles: ["grid", "table"], terms: true, parts: true },
  chart: { widgets: ["chart"], styles: ["chart", "chart_card", "table"] },
  map: { widgets: ["map"], styles: ["chart", "chart_card", "map", "table"] },
  diagram: { widgets: ["diagram"], styles: ["diagram"] },
  video: { widgets: ["video"], styles: ["video"] },
  animation: { widgets: ["animation"], styles: ["animation", "chart"] },
  reveal: { widgets: ["reveal"], styles: ["math", "reveal", "highlight"], terms: true, movable: true },
  list: { widgets: ["list"], styles: ["list"], terms: true, movable: true },
  markdown: {
    widgets: ["reveal", "markdown", "diagram"],
    styles: ["diagram", "markdown", "math", "reveal", "highlight"],
    terms: true,
    parts: true,
  },
  code_tour: {
    widgets: ["tab", "code_tour"],
    styles: ["code_tour", "markdown", "math", "tab", "highlight"],
    terms: true,
    parts: true,
  },
  form: FORM,
  prompt_gist: FORM,
  prompt_refine: FORM,
  efficient_prompt: { widgets: ["form", "prompt"], styles: ["form", "prompt"] },
  host_check: { widgets: ["host_check"], styles: ["table", "form"] },
  web_form: { widgets: ["web_form", "form"], styles: ["form", "prompt", "web_form"] },
  /** get_card's results: the parts of the kinds that split (table, markdown, code_tour). */
  parts: {
    widgets: ["table", "reveal", "markdown", "diagram", "tab", "code_tour"],
    styles: ["code_tour", "diagram", "grid", "highlight", "markdown", "math", "reveal", "tab", "table"],
  },
};
