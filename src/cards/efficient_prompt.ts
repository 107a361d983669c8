/**
 * create_efficient_prompt_card, step 3 of the efficient-prompt flow: the finished prompt with its
 * character and approximate token counts, editable in place and copyable. "Send this prompt" asks
 * for confirmation first (the dialog is in the markup, closed; the runtime opens it); what is sent is
 * the text box's content at the moment of confirming.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { ACTION } from "../ui/shared/protocol.ts";
import { countLabel } from "../ui/shared/prompt.ts";
import { plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_PROMPT_CHARS = 20_000;

const input = z.object({
  prompt: z.string().max(MAX_PROMPT_CHARS).regex(/\S/, { error: "must not be empty or only whitespace" })
    .describe("Prompt"),
  notes: z.string().max(2_000).optional().describe("Assumptions, shown under it"),
  title: plainLine(200, "Title").optional(),
});

export default defineCard({
  name: "create_efficient_prompt_card",
  kind: "efficient_prompt",
  view: { widgets: ["form", "prompt"], styles: ["form", "prompt"] },
  title: "Efficient prompt card",
  description:
    "Step 3 of the efficient-prompt flow: the finished prompt, editable, sent once the user confirms.",
  input,
  render(inp) {
    const title = inp.title ?? "Your prompt";
    const id = idMaker(JSON.stringify(inp))("prompt");
    const counts = countLabel(inp.prompt);
    const notes = inp.notes ? markup`<p class="mcc-notes mcc-text">${inp.notes}</p>` : "";
    // The newline after <textarea> is the one the parser drops, so the prompt's own first line stays.
    const body = markup`<form class="mcc-form" data-mcc-final novalidate>
<div class="mcc-field"><label class="mcc-label" for="${id}">Prompt (edit it here if you like)</label><textarea id="${id}" class="mcc-prompt-text" name="prompt" rows="8" aria-describedby="${id}-count" data-mcc-count="${id}-count">
${inp.prompt}</textarea><p class="mcc-count" id="${id}-count">${counts}</p></div>${notes}
<div class="mcc-form-bar"><button type="submit" class="mcc-tool mcc-primary">Send this prompt</button><button type="button" class="mcc-tool" data-mcc-action="${ACTION.copyPrompt}">Copy prompt</button></div>
<dialog class="mcc-confirm" aria-labelledby="${id}-confirm-t" aria-describedby="${id}-confirm-d"><h3 id="${id}-confirm-t">Send this prompt?</h3><p id="${id}-confirm-d">It goes to the conversation as your next message, exactly as the box holds it now.</p><div class="mcc-form-bar"><button type="button" class="mcc-tool mcc-primary" value="send">Yes, send it</button><button type="button" class="mcc-tool" value="cancel">Cancel</button></div></dialog>
</form>`;
    return {
      title,
      summary: `Efficient prompt card ${
        quoteTitle(title)
      } (${counts}). The user can edit, copy, or send it after confirming. The prompt:\n\n${inp.prompt}${
        inp.notes ? `\n\nNotes: ${inp.notes}` : ""
      }`,
      blocks: [body],
    };
  },
});
