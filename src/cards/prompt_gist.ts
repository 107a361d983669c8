/**
 * create_prompt_gist_card, step 1 of the efficient-prompt flow: a 350-character gist of what the
 * user wants. The message it sends carries the rules for the rest of the flow, so the model
 * needs no restatement and the exchange stays short until the finished prompt.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { EFFICIENT_TAG } from "../ui/shared/prompt.ts";
import { plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

/** Longest gist the user may write. */
export const GIST_CHARS = 350;

/** The message the gist card sends: the gist, then the rules for steps 2 and 3. */
export const GIST_TEMPLATE = `${EFFICIENT_TAG} Step 1 of 3, my gist: {{gist}}

Rules for the rest of this flow: do not carry out the gist yet. If it leaves gaps that matter, call create_prompt_refine_card with round 1: a few multiple-choice questions (short options; the user may also type an answer). Up to 3 rounds, fewer when the answers already suffice. Then call create_efficient_prompt_card with the finished prompt: self-contained, specific about goal, context, constraints and output format, using every answer ("no preference" means use your judgement). Keep your own chat text to one short line per step.`;

const input = z.object({
  title: plainLine(200, "Title").optional(),
  question: plainLine(300, "Default: What should the prompt get done?").optional(),
  context: z.string().max(1_000).optional().describe(
    "What the flow started from",
  ),
  placeholder: z.string().max(200).optional().describe("Example answer"),
});

export default defineCard({
  name: "create_prompt_gist_card",
  kind: "prompt_gist",
  view: { widgets: ["form"], styles: ["form", "prompt"] },
  title: "Prompt gist card",
  description:
    `Step 1 of the efficient-prompt flow, on an ${EFFICIENT_TAG} message: a box for a ${GIST_CHARS}-character gist of the prompt the user wants.`,
  input,
  render(inp) {
    const title = inp.title ?? "Your prompt in brief";
    const question = inp.question ?? "What should the prompt get done?";
    const id = idMaker(JSON.stringify(inp))("gist");
    const context = inp.context ? markup`<p class="mcc-text">${inp.context}</p>` : "";
    const body = markup`<form class="mcc-form" data-mcc-prompt="${GIST_TEMPLATE}" novalidate>${context}
<div class="mcc-field" data-mcc-field="textarea"><label class="mcc-label" for="${id}">${question}<span class="mcc-req" aria-hidden="true"> *</span></label><textarea id="${id}" name="gist" rows="4" maxlength="${GIST_CHARS}" required aria-describedby="${id}-count" data-mcc-count="${id}-count"${
      inp.placeholder ? markup` placeholder="${inp.placeholder}"` : ""
    }></textarea><p class="mcc-count" id="${id}-count">0 of ${GIST_CHARS} characters</p></div>
<div class="mcc-form-bar"><button type="submit" class="mcc-tool mcc-primary">Next</button></div>
</form>`;
    return {
      title,
      summary: `Prompt gist card ${
        quoteTitle(title)
      }: the user writes up to ${GIST_CHARS} characters answering "${question}". Their message starts with ${EFFICIENT_TAG} and carries the rules for the next steps.`,
      blocks: [body],
    };
  },
});
