/**
 * create_prompt_refine_card, step 2 of the efficient-prompt flow: up to three rounds of
 * multiple-choice questions. Each question has a free-text "Other" under its own name, so a typed
 * answer arrives joined with the ticked ones; a question left blank is sent as "no preference".
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { invalidInput } from "../errors.ts";
import { markup } from "../html/html.ts";
import { idMaker } from "../html/ids.ts";
import { checkFormFields, type FormField, renderFormFields } from "../render/form_fields.ts";
import { brief, plural } from "../render/summary.ts";
import { EFFICIENT_TAG, FIELD_NAME, literal, NO_PREFERENCE } from "../ui/shared/prompt.ts";
import { plainLine } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

export const MAX_ROUNDS = 3;
export const MAX_QUESTIONS = 6;
export const MAX_CHOICES = 8;

const input = z.object({
  round: z.number().int().min(1).max(MAX_ROUNDS, {
    error: `the flow has at most ${MAX_ROUNDS} rounds: call create_efficient_prompt_card now`,
  }).describe("Round"),
  questions: z.array(z.object({
    name: z.string().regex(FIELD_NAME, { error: "use a letter, then letters, digits, _ or - (at most 40)" })
      .describe("Answer key"),
    question: plainLine(300),
    options: z.array(plainLine(200)).min(2).max(MAX_CHOICES),
    multiple: z.boolean().optional().describe("Multiple"),
  })).min(1).max(MAX_QUESTIONS).describe("On the gaps that matter most"),
  title: plainLine(200, "Title").optional(),
  intro: z.string().max(1_000).optional().describe("Intro"),
});

/** The message a round sends: the answers, then what the model does next. */
export function refineTemplate(
  round: number,
  questions: readonly { name: string; question: string }[],
): string {
  const next = round < MAX_ROUNDS
    ? `Next: if gaps still matter, call create_prompt_refine_card with round ${
      round + 1
    }; otherwise call create_efficient_prompt_card.`
    : "Next: call create_efficient_prompt_card with the finished prompt (no more rounds).";
  return [
    `${EFFICIENT_TAG} Step 2, round ${round} of at most ${MAX_ROUNDS}, my answers:`,
    ...questions.map((q) =>
      `- ${literal(q.question)}${/[?:]\s*$/.test(q.question) ? "" : ":"} {{${q.name}}}`
    ),
    next,
  ].join("\n");
}

export default defineCard({
  name: "create_prompt_refine_card",
  kind: "prompt_refine",
  view: { widgets: ["form"], styles: ["form", "prompt"] },
  title: "Prompt refine card",
  description:
    `Step 2 of the efficient-prompt flow: multiple-choice questions on the gaps in the user's gist (at most ${MAX_ROUNDS} rounds).`,
  input,
  render(inp) {
    const seen = new Map<string, number>();
    inp.questions.forEach((q, i) => {
      const first = seen.get(q.name);
      if (first !== undefined) {
        throw invalidInput(
          `questions[${i}].name`,
          `"${q.name}" is already the name of questions[${first}]`,
          "Give every question its own name",
        );
      }
      seen.set(q.name, i);
    });
    const fields: FormField[] = inp.questions.map((q) => ({
      name: q.name,
      label: q.question,
      type: q.multiple ? "checkboxes" : "radio",
      options: q.options,
      other: "Other",
      maxLength: 300,
    }));
    checkFormFields(fields, "questions");
    const title = inp.title ?? "Refine your prompt";
    const intro = inp.intro ? markup`<p class="mcc-text">${inp.intro}</p>` : "";
    const template = refineTemplate(inp.round, inp.questions);
    const body =
      markup`<form class="mcc-form" data-mcc-prompt="${template}" data-mcc-blank="${NO_PREFERENCE}" novalidate>${intro}
<p class="mcc-count">Round ${inp.round} of at most ${MAX_ROUNDS}. Leave a question blank for no preference.</p>
${renderFormFields(fields, idMaker(JSON.stringify(inp)))}
<div class="mcc-form-bar"><button type="submit" class="mcc-tool mcc-primary">Send answers</button></div>
</form>`;
    const summary = [
      `Prompt refine card ${quoteTitle(title)}, round ${inp.round} of at most ${MAX_ROUNDS}, ${
        plural(inp.questions.length, "question")
      }:`,
      ...inp.questions.map((q) =>
        `- ${brief(q.question, 120)} (${q.multiple ? "several" : "one"} of: ${
          brief(q.options.join(", "), 160)
        })`
      ),
      `Blank answers come back as "${NO_PREFERENCE}".`,
    ].join("\n");
    return { title, summary, blocks: [body] };
  },
});
