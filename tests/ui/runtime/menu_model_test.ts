import { deepStrictEqual } from "node:assert/strict";
import { menuItems } from "../../../src/ui/runtime/menu_model.ts";

Deno.test("the model's actions come first, the two built-ins always last", () => {
  deepStrictEqual(menuItems([], "Loops", ""), [
    {
      label: "Generate Efficient Verbose Prompt",
      kind: "efficient",
      prompt:
        `[efficient-prompt] Help me write an efficient, verbose prompt. Start with create_prompt_gist_card.\nFrom the card "Loops".`,
    },
    { label: "Copy card", kind: "copy" },
  ]);
});

Deno.test("{{selection}} is filled; an action needing a selection is disabled without one", () => {
  const actions = [{ label: "Explain", prompt: "Explain “{{selection}}” simply" }, {
    label: "Quiz me",
    prompt: "Quiz me on loops",
  }];
  deepStrictEqual(menuItems(actions, "Loops", "for x in y").slice(0, 3), [
    { label: "Explain", kind: "action", prompt: "Explain “for x in y” simply" },
    { label: "Quiz me", kind: "action", prompt: "Quiz me on loops" },
    {
      label: "Generate Efficient Verbose Prompt",
      kind: "efficient",
      prompt:
        `[efficient-prompt] Help me write an efficient, verbose prompt. Start with create_prompt_gist_card.\nFrom the card "Loops".\nSelected text: "for x in y"`,
    },
  ]);
  deepStrictEqual(menuItems(actions, "Loops", "").slice(0, 2), [
    { label: "Explain", kind: "action", disabled: "Select some text in the card first" },
    { label: "Quiz me", kind: "action", prompt: "Quiz me on loops" },
  ]);
});
