/**
 * What each card kind's MCP Apps template carries: one template per kind, so a card loads only the
 * browser code and styles its own markup can use (a table's template has no chart code). The build
 * (scripts/build_ui.ts) bundles the runtime once per kind with these widgets and joins these
 * stylesheets; src/ui/template.ts serves the result as `ui://mcp-chat-cards/template/<kind>.html`.
 *
 * Every template has the header tools, downloads, the live preview, remembered state, selection,
 * tutor terms and the context menu, styled by ALWAYS_STYLES. `widgets` names files under
 * src/ui/runtime/widgets/ (each exports `<name in camelCase>Widget`), in the order they enhance a
 * card; `styles` names files under src/ui/styles/ (joined in the stylesheet's own order). `movable`
 * kinds mark blocks the reader may reorder (move handles). tests/ui/kinds_test.ts checks that every
 * kind's markup is handled and styled by what its template carries.
 */

/** The browser side of one card kind. */
export interface KindUi {
  widgets: readonly string[];
  styles: readonly string[];
  movable?: boolean;
}

/** Stylesheets every template carries, whatever the kind. */
export const ALWAYS_STYLES: readonly string[] = ["base", "preview", "selection", "tutor"];

const FORM: KindUi = { widgets: ["form"], styles: ["form", "prompt"] };

/** Per card kind (the card's `kind`, and `web_form` for mirror_web_form). */
export const KIND_UI: Readonly<Record<string, KindUi>> = {
  tab: { widgets: ["tab"], styles: ["tab"] },
  table: { widgets: ["table"], styles: ["table"] },
  chart: { widgets: ["chart"], styles: ["chart", "table"] },
  map: { widgets: ["map"], styles: ["chart", "map", "table"] },
  diagram: { widgets: ["diagram"], styles: ["diagram"] },
  video: { widgets: ["video"], styles: ["video"] },
  animation: { widgets: ["animation"], styles: ["animation", "chart"] },
  reveal: { widgets: ["reveal"], styles: ["reveal"], movable: true },
  list: { widgets: ["list"], styles: ["list"], movable: true },
  markdown: { widgets: ["reveal", "markdown", "diagram"], styles: ["diagram", "markdown", "reveal"] },
  code_tour: { widgets: ["tab", "code_tour"], styles: ["code_tour", "markdown", "tab"] },
  form: FORM,
  prompt_gist: FORM,
  prompt_refine: FORM,
  efficient_prompt: { widgets: ["form", "prompt"], styles: ["form", "prompt"] },
  host_check: { widgets: ["host_check"], styles: ["table", "form"] },
  web_form: { widgets: ["web_form", "form"], styles: ["form", "prompt", "web_form"] },
};
