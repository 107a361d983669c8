/**
 * Which tests answer for which module, for the generated mutants of scripts/mutants_generate.ts:
 * a generated mutant of a module runs only that module's test files (the narrowest that should
 * notice), so a sweep stays fast. A key ending in `/` covers a folder; the longest key wins.
 *
 * Every module under src/ has generated mutants (a key here), curated ones (scripts/mutants_list.ts)
 * or a reason in `NO_MUTANTS`: `deno task mutants --list` fails otherwise, so a new module gets its
 * mutants in the change that adds it.
 */

const BROWSER_RUNTIME = "tests/browser/runtime_test.ts";

export const TESTS_OF: Readonly<Record<string, readonly string[]>> = {
  // --- risky: a slip here is a security or data-loss bug ---
  "src/net/address.ts": ["tests/net/address_test.ts", "tests/net/refusal_test.ts"],
  "src/net/deno_tls.ts": ["tests/net/tls_test.ts"],
  "src/net/fetch.ts": [
    "tests/net/fetch_test.ts",
    "tests/net/refusal_test.ts",
    "tests/adversarial/web_test.ts",
  ],
  "src/net/loopback.ts": ["tests/net/loopback_test.ts", "tests/adversarial/config_test.ts"],
  "src/net/redis.ts": ["tests/store/redis_store_test.ts"],
  "src/fs/paths.ts": ["tests/fs/paths_test.ts"],
  "src/fs/read.ts": ["tests/fs/paths_test.ts", "tests/tools/files_test.ts", "tests/red/files_test.ts"],
  "src/fs/text.ts": ["tests/fs/text_test.ts", "tests/fs/paths_test.ts"],
  "src/fs/zip.ts": ["tests/fs/zip_test.ts", "tests/red/archives_test.ts"],
  "src/http/cors.ts": ["tests/http/cors_test.ts"],
  "src/http/guard.ts": ["tests/http/security_test.ts", "tests/http/bind_config_test.ts"],
  "src/http/health.ts": ["tests/http/health_test.ts"],
  "src/http/listener.ts": [
    "tests/net/loopback_test.ts",
    "tests/http/slow_clients_test.ts",
    "tests/http/abuse_test.ts",
  ],
  "src/http/node_fetch.ts": [
    "tests/http/node_fetch_test.ts",
    "tests/http/process_test.ts",
    "tests/http/slow_clients_test.ts",
  ],
  "src/http/responses.ts": ["tests/http/security_test.ts", "tests/adversarial/http_test.ts"],
  "src/http/server_card.ts": ["tests/http/server_card_test.ts"],
  "src/http/token.ts": ["tests/net/loopback_test.ts", "tests/http/security_test.ts"],
  "src/store/card_store.ts": ["tests/store/card_store_test.ts", "tests/mcp/server_test.ts"],
  "src/store/expiring_store.ts": ["tests/store/card_store_test.ts", "tests/http/expiry_test.ts"],
  "src/store/redis_store.ts": ["tests/store/redis_store_test.ts"],
  "src/store/signing.ts": ["tests/store/signing_test.ts", "tests/store/redis_store_test.ts"],
  "src/store/stores.ts": [
    "tests/store/card_store_test.ts",
    "tests/store/web_forms_test.ts",
    "tests/http/expiry_test.ts",
  ],
  "src/store/web_forms.ts": ["tests/store/web_forms_test.ts", "tests/http/web_forms_test.ts"],
  "src/mcp/input_schema.ts": ["tests/mcp/input_guard_test.ts", "tests/mcp/server_test.ts"],
  "src/mcp/stdio.ts": ["tests/mcp/stdio_test.ts", "tests/red/stdio_test.ts"],
  "src/tools/mirror_web_form.ts": [
    "tests/tools/mirror_web_form_test.ts",
    "tests/tools/web_form_entries_test.ts",
  ],
  "src/tools/submit_web_form.ts": [
    "tests/tools/submit_web_form_test.ts",
    "tests/tools/web_form_repeated_test.ts",
    "tests/tools/web_form_entries_test.ts",
  ],
  "src/tools/_redact.ts": ["tests/tools/hidden_spellings_test.ts", "tests/tools/hostile_pages_test.ts"],
  "src/tools/_web.ts": ["tests/tools/fetch_reference_test.ts", "tests/tools/mirror_web_form_test.ts"],
  "src/tools/_charset.ts": ["tests/tools/web_form_repeated_test.ts", "tests/tools/submit_web_form_test.ts"],
  "src/web/extract_forms.ts": [
    "tests/tools/mirror_web_form_test.ts",
    "tests/tools/submit_web_form_test.ts",
    "tests/tools/web_form_entries_test.ts",
    "tests/tools/web_form_repeated_test.ts",
  ],
  "src/render/form_fields.ts": ["tests/render/form_fields_test.ts"],
  "src/web/form_pointer.ts": [
    "tests/tools/mirror_web_form_test.ts",
    "tests/tools/submit_web_form_test.ts",
  ],
  "src/render/summary.ts": [
    "tests/render/summary_edges_test.ts",
    "tests/cards/table_test.ts",
    "tests/cards/golden_test.ts",
  ],
  "src/output/budget.ts": ["tests/output/budget_test.ts", "tests/cards/parts_test.ts"],
  "src/html/sanitize.ts": [
    "tests/html/sanitize_test.ts",
    "tests/adversarial/sanitize_test.ts",
    "tests/cards/inert_test.ts",
    "tests/render/math_test.ts",
  ],
  "src/ui/runtime/actions.ts": [
    "tests/browser/redui_form_test.ts",
    "tests/browser/gaps_test.ts",
    BROWSER_RUNTIME,
  ],
  "src/ui/runtime/memory.ts": ["tests/browser/state_test.ts"],

  // --- the rest ---
  "src/card.ts": ["tests/card_test.ts", "tests/card_interactions_test.ts"],
  "src/config.ts": ["tests/config_test.ts", "tests/adversarial/config_test.ts"],
  "src/errors.ts": ["tests/mcp/server_test.ts"],
  "src/tool.ts": ["tests/card_test.ts", "tests/mcp/server_test.ts"],
  "src/registry.ts": ["tests/mcp/server_test.ts"],
  "src/cards/": ["tests/cards/golden_test.ts", "tests/adversarial/cards_test.ts"],
  "src/cards/code_tour.ts": ["tests/cards/golden_test.ts", "tests/cards/parts_test.ts"],
  "src/cards/table.ts": ["tests/cards/table_test.ts", "tests/cards/golden_test.ts"],
  "src/html/html.ts": ["tests/html/html_test.ts"],
  "src/html/ids.ts": ["tests/html/html_test.ts"],
  "src/html/shell.ts": ["tests/cards/golden_test.ts"],
  "src/store/open.ts": ["tests/http/expiry_test.ts", "tests/http/replicas_test.ts"],
  "src/mcp/http/app.ts": ["tests/http/security_test.ts", "tests/http/cors_test.ts"],
  "src/mcp/http/serve.ts": ["tests/http/process_test.ts"],
  "src/mcp/http/sessions.ts": ["tests/http/expiry_test.ts", "tests/http/flood_test.ts"],
  "src/mcp/library.ts": ["tests/mcp/own_cards_test.ts"],
  "src/mcp/server.ts": ["tests/mcp/server_test.ts"],
  "src/output/result.ts": [
    "tests/output/budget_test.ts",
    "tests/output/oversize_test.ts",
    "tests/mcp/server_test.ts",
  ],
  "src/render/animation.ts": ["tests/cards/golden_test.ts"],
  "src/render/code_view.ts": ["tests/cards/golden_test.ts", "tests/cards/parts_test.ts"],
  "src/render/content.ts": ["tests/cards/golden_test.ts", "tests/adversarial/cards_test.ts"],
  "src/render/delimited.ts": ["tests/cards/table_test.ts", "tests/cards/golden_test.ts"],
  "src/web/extract.ts": ["tests/web/extract_test.ts", "tests/tools/fetch_reference_test.ts"],
  "src/web/extract_dom.ts": ["tests/web/extract_test.ts", "tests/tools/fetch_reference_test.ts"],
  "src/render/highlight.ts": ["tests/render/highlight_test.ts", "tests/adversarial/highlight_test.ts"],
  "src/render/markdown.ts": ["tests/render/markdown_test.ts"],
  "src/render/math.ts": ["tests/render/math_test.ts"],
  "src/render/video.ts": ["tests/render/video_test.ts"],
  "src/render/diagram/": ["tests/render/diagram/mermaid_test.ts", "tests/cards/golden_test.ts"],
  "src/render/geo/": [
    "tests/render/geo/regions_test.ts",
    "tests/render/geo/atlas_test.ts",
    "tests/cards/golden_test.ts",
  ],
  "src/render/svg/": ["tests/render/svg/golden_test.ts", "tests/render/svg/format_test.ts"],
  "src/render/svg/axis.ts": ["tests/render/svg/axis_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/histogram.ts": ["tests/render/svg/kinds_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/stats.ts": ["tests/render/svg/kinds_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/lttb.ts": ["tests/render/svg/lttb_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/palette.ts": ["tests/render/svg/palette_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/scale.ts": ["tests/render/svg/scale_test.ts", "tests/render/svg/golden_test.ts"],
  "src/render/svg/text.ts": ["tests/render/svg/text_test.ts", "tests/render/svg/golden_test.ts"],
  "src/tools/_bookmarklet.ts": ["tests/tools/bookmarklet_test.ts"],
  "src/tools/fetch_reference.ts": ["tests/tools/fetch_reference_test.ts", "tests/adversarial/web_test.ts"],
  "src/tools/get_card.ts": ["tests/mcp/server_test.ts"],
  "src/tools/get_insert_bookmarklet.ts": ["tests/tools/get_insert_bookmarklet_test.ts"],
  "src/tools/read_local_file.ts": ["tests/tools/files_test.ts", "tests/mcp/fs_root_test.ts"],
  "src/tools/unpack_archive.ts": ["tests/tools/files_test.ts", "tests/red/archives_test.ts"],
  "src/ui/kinds.ts": ["tests/ui/kinds_test.ts"],
  "src/ui/shared/escape.ts": ["tests/html/html_test.ts"],
  "src/ui/shared/marks.ts": ["tests/mcp/input_guard_test.ts", "tests/mcp/output_marks_test.ts"],
  "src/ui/shared/prompt.ts": ["tests/ui/shared/prompt_test.ts"],
  "src/ui/shared/document.ts": ["tests/mcp/server_test.ts"],
  "src/ui/shared/number.ts": ["tests/ui/grid_order_test.ts", "tests/cards/table_test.ts"],
  "src/ui/runtime/grid.ts": ["tests/browser/grid_test.ts"],
  "src/ui/runtime/grid_order.ts": ["tests/ui/grid_order_test.ts"],
  "src/ui/runtime/files.ts": ["tests/ui/runtime/files_test.ts", "tests/ui/runtime/red_files_test.ts"],
  "src/ui/runtime/menu_model.ts": ["tests/ui/runtime/menu_model_test.ts"],
  "src/ui/runtime/partial_json.ts": ["tests/ui/runtime/partial_json_test.ts"],
  "src/ui/runtime/tutor_marks.ts": ["tests/ui/runtime/tutor_marks_test.ts"],
  "src/ui/runtime/": [BROWSER_RUNTIME],
  "src/ui/runtime/apps.ts": [BROWSER_RUNTIME, "tests/browser/state_test.ts", "tests/browser/stream_test.ts"],
  "src/ui/runtime/export.ts": ["tests/browser/export_test.ts"],
  "src/ui/runtime/widgets/diagram.ts": ["tests/browser/diagram_test.ts"],
  "src/ui/runtime/widgets/map.ts": ["tests/browser/map_test.ts"],
  "src/ui/runtime/widgets/marks.ts": ["tests/browser/map_test.ts", "tests/browser/diagram_test.ts"],
  "src/ui/runtime/preview.ts": ["tests/browser/stream_test.ts"],
  "src/ui/runtime/selection.ts": ["tests/browser/selection_test.ts"],
  "src/ui/runtime/widgets/": ["tests/browser/interactive_test.ts"],
  "src/ui/runtime/widgets/animation.ts": ["tests/browser/media_test.ts"],
  "src/ui/runtime/widgets/video.ts": ["tests/browser/media_test.ts"],
  "src/ui/runtime/widgets/chart.ts": ["tests/browser/chart_test.ts"],
  "src/ui/runtime/widgets/code_tour.ts": ["tests/browser/code_tour_test.ts"],
  "src/ui/runtime/widgets/table.ts": ["tests/browser/stream_test.ts", BROWSER_RUNTIME],
  "src/ui/runtime/widgets/tab.ts": [BROWSER_RUNTIME],
  "src/ui/runtime/widgets/reveal.ts": [BROWSER_RUNTIME],
  "src/ui/runtime/widgets/web_form.ts": [
    "tests/browser/web_form_test.ts",
    "tests/browser/web_form_order_test.ts",
  ],
  "src/ui/template.ts": ["tests/config_test.ts", "tests/mcp/server_test.ts"],
  "src/ui/standalone.ts": ["tests/config_test.ts", "tests/mcp/server_test.ts"],
  "src/ui/shells.ts": ["tests/config_test.ts", "tests/mcp/server_test.ts"],
};

/**
 * The modules where a slip is a security or data-loss bug: `--risky` samples these only (as CI
 * does), and the full sweep starts with them.
 */
export const RISKY: readonly string[] = [
  "src/net/",
  "src/fs/",
  "src/http/",
  "src/store/card_store.ts",
  "src/store/expiring_store.ts",
  "src/store/redis_store.ts",
  "src/store/stores.ts",
  "src/store/signing.ts",
  "src/store/web_forms.ts",
  "src/mcp/input_schema.ts",
  "src/mcp/stdio.ts",
  "src/tools/mirror_web_form.ts",
  "src/tools/submit_web_form.ts",
  "src/tools/_web.ts",
  "src/tools/_charset.ts",
  "src/web/extract_forms.ts",
  "src/render/form_fields.ts",
  "src/web/form_pointer.ts",
  "src/render/summary.ts",
  "src/output/budget.ts",
  "src/html/sanitize.ts",
  "src/render/math.ts",
  "src/ui/runtime/actions.ts",
  "src/ui/runtime/memory.ts",
];

/** Modules with no generated mutants, and why. Each still has to be listed here on purpose. */
export const NO_MUTANTS: Readonly<Record<string, string>> = {
  "src/ui/assets.gen.ts": "generated by `deno task build:ui` from src/ui/runtime/ and src/ui/styles/, " +
    "which have mutants; `build:ui --check` keeps it equal to them",
  "src/render/diagram/model.ts": "types only (the parsed diagram's shape): no statement to break",
  "src/ui/runtime/widgets/in_use.ts": "one empty list that widgets/index.ts fills (its mutants, and those " +
    "of every module that walks the list, break it): no statement of its own to break",
  "src/render/prism.gen.ts": "generated by `deno task gen:prism` from npm:prismjs; `gen:prism --check` " +
    "keeps it equal",
  "src/mcp/tools.gen.ts": "generated by `deno task gen:tools` from the tool modules, which have mutants; " +
    "`gen:tools --check` and tests/mcp/tools_gen_test.ts keep it equal to them",
  "src/ui/shells.gen.ts": "generated by `deno task build:ui` with the assets (the emptiest document per " +
    "kind); `build:ui --check` keeps it equal",
};

/** The test files for a module: the longest key that is the module or a folder holding it. */
export function testsOf(file: string): readonly string[] | undefined {
  let best: string | undefined;
  for (const key of Object.keys(TESTS_OF)) {
    const covers = key.endsWith("/") ? file.startsWith(key) : file === key;
    if (covers && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : TESTS_OF[best];
}

export const isRisky = (file: string) =>
  RISKY.some((key) => key.endsWith("/") ? file.startsWith(key) : file === key);

/** Tests that start Chromium or build the npm package: minutes, not seconds. Never in CI's sample. */
export const isHeavyTest = (test: string) =>
  test.startsWith("tests/browser/") || test.startsWith("tests/smoke/") || test.startsWith("tests/build/");
