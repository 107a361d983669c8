/**
 * Tool icons (the `icons` field of tools since protocol 2025-11-25): one tiny stroked SVG per card
 * kind and per tool, as data URIs hosts can show without a fetch, in a light-theme and a dark-theme
 * variant (the spec's `theme`: the background the icon is drawn for). Icons are not model-visible,
 * but every tools/list carries them: each path stays a handful of strokes on a 16 px grid, so an
 * icon is under 200 bytes on the wire.
 */

/** An MCP Icon (its MIME type is in the data URI; `sizes` would only say "any"). */
export interface ToolIcon {
  src: string;
  theme: "light" | "dark";
}

const DOC = "M3 1h7l3 3v11H3zM5 7h6M5 10h6";
const FORM = "M1 2h14v4H1zM1 9h14v4H1z";
const BUBBLE = "M1 2h14v9H6l-3 3v-3H1z";

/** Path data per card kind (`kind:<kind>`) and per tool name. */
const PATHS: Readonly<Record<string, string>> = {
  "kind:tab": "M1 5h14v9H1zM1 5V2h6v3",
  "kind:table": "M1 2h14v12H1zM1 6h14M1 10h14M6 2v12",
  "kind:chart": "M2 14V9M6 14V4M10 14V7M14 14V2",
  "kind:structure": "M1 2h14v12H1zM9 2v12M1 9h8M9 7h6",
  "kind:map": "M1 3l4-2 6 2 4-2v12l-4 2-6-2-4 2zM5 1v12M11 3v12",
  "kind:diagram": "M1 1h6v4H1zM9 11h6v4H9zM4 5v3h8v3",
  "kind:video": "M1 3h10v10H1zM11 7l4-2v6l-4-2",
  "kind:animation": "M4 2v12l9-6z",
  "kind:reveal": "M1 2h14v4H1zM4 10l4 4 4-4",
  "kind:list": "M5 3h10M5 8h10M5 13h10M1 3h1M1 8h1M1 13h1",
  "kind:markdown": DOC,
  "kind:code_tour": "M5 4L1 8l4 4M11 4l4 4-4 4",
  "kind:form": FORM,
  "kind:prompt_gist": BUBBLE,
  "kind:prompt_refine": BUBBLE,
  "kind:efficient_prompt": BUBBLE,
  "kind:host_check": "M8 1v3M8 12v3M1 8h3M12 8h3M5 8a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
  read_local_file: DOC,
  unpack_archive: "M1 5h14v9H1zM1 5l2-3h10l2 3M6 8h4",
  fetch_reference: "M7 9l2-2M6 7L4 9a2 2 0 0 0 3 3l2-2M10 9l2-2a2 2 0 0 0-3-3L7 6",
  mirror_web_form: FORM,
  submit_web_form: "M1 8h12M9 4l4 4-4 4",
  get_insert_bookmarklet: "M4 1h8v14l-4-3-4 3z",
  get_card: "M1 3h14v10H1zM1 6h14",
};

/** Stroke colours: dark on light backgrounds, light on dark ones. */
const STROKE = { light: "#444", dark: "#ddd" } as const;

function dataUri(path: string, theme: keyof typeof STROKE): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='${
    STROKE[theme]
  }'><path d='${path}'/></svg>`;
  return "data:image/svg+xml," + svg.replace(/[<>#%]/g, encodeURIComponent);
}

/** The icons of a tool (by card kind for cards); none for a name without one. */
export function toolIcons(name: string, kind?: string): ToolIcon[] | undefined {
  const path = PATHS[kind ? `kind:${kind}` : name];
  if (!path) return undefined;
  return (["light", "dark"] as const).map((theme) => ({ src: dataUri(path, theme), theme }));
}
