/**
 * Inputs for the browser tests: one per card kind (its golden example), host style sets from none
 * to full, and a form card made with the real frame for the prompt hooks no card tool produces yet.
 */
import { CARDS } from "../../src/registry.ts";
import { cardFrame } from "../../src/html/shell.ts";
import { markup } from "../../src/html/html.ts";

/** One call per card kind: its golden case `example.json` (each exercises the kind's interactive parts). */
export const KINDS: Record<string, { tool: string; args: Record<string, unknown> }> = Object.fromEntries(
  CARDS.map((card) => [card.card.kind, {
    tool: card.name,
    args: JSON.parse(
      Deno.readTextFileSync(new URL(`../cards/${card.card.kind}/example.json`, import.meta.url)),
    ),
  }]),
);

/** A card kind. */
export type Kind = string;

/** The background our stylesheet falls back to, per theme (rgb() as computed). */
export const FALLBACK_BG = { light: "rgb(255, 255, 255)", dark: "rgb(28, 28, 30)" };

/** A host that styles only the two main colours. */
export const PARTIAL_STYLES = {
  "--color-background-primary": "light-dark(#fdfcf7, #202124)",
  "--color-text-primary": "light-dark(#1a1a17, #ececec)",
};

/** A host that sends the whole palette (values as hosts send them, with light-dark()). */
export const FULL_STYLES = {
  ...PARTIAL_STYLES,
  "--color-background-secondary": "light-dark(#f3f1ea, #2b2c30)",
  "--color-background-tertiary": "light-dark(#e8e5da, #35363b)",
  "--color-background-info": "light-dark(#e6effc, #1b2a40)",
  "--color-text-secondary": "light-dark(#55534c, #bdbdb8)",
  "--color-text-info": "light-dark(#1f4fbf, #8ab4f8)",
  "--color-border-primary": "light-dark(#cfcabb, #4d4e54)",
  "--color-border-secondary": "light-dark(#e2ded2, #3a3b40)",
  "--color-ring-primary": "light-dark(#1f4fbf, #8ab4f8)",
  "--font-sans": '"Host Sans", Georgia, serif',
  "--font-mono": '"Host Mono", monospace',
  "--border-radius-lg": "4px",
  "--border-radius-sm": "3px",
};

/** The prompt a filled-in sample form must produce. */
export const FORM_PROMPT = "Plan a beginner woodworking project using a saw, chisels. Notes: ";

/** A form card result, framed by the real card frame (no form card tool exists yet). */
export function formCardResult(id: string): Record<string, unknown> {
  const body =
    markup`<form data-mcc-prompt="Plan a {{level}} woodworking project using {{tools}}. Notes: {{notes}}">
<fieldset><legend>Level</legend>
<label><input type="radio" name="level" value="beginner"> Beginner</label>
<label><input type="radio" name="level" value="expert"> Expert</label></fieldset>
<p><label>Tools <input name="tools"></label></p>
<p><label>Notes <textarea name="notes"></textarea></label></p>
<button type="submit" class="mcc-tool">Send to chat</button>
</form>`;
  const articleHtml = cardFrame({ kind: "form", title: "Plan a project", body, idPrefix: "mform" }).value;
  return {
    content: [{ type: "text", text: 'Form card "Plan a project"' }],
    structuredContent: {
      card: { articleHtml, config: { id, kind: "form", title: "Plan a project", tool: "create_form_card" } },
      parts: { current: 1, total: 1, hasMore: false },
    },
  };
}
