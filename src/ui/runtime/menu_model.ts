/**
 * What a card's context menu holds: the model's own actions first, then the two built-in items
 * every card has. Pure, so the rules (selection filling, items that need a selection) are tested
 * without a browser; the menu widget only draws and runs these.
 */
import { fillSelection, startFlowMessage, usesSelection } from "../shared/prompt.ts";

/** A context action as the card carries it. */
export interface CardAction {
  label: string;
  prompt: string;
}

/** One menu item. `prompt` is what it sends; the copy item sends nothing. */
export interface MenuItem {
  label: string;
  kind: "action" | "efficient" | "copy";
  prompt?: string;
  /** Set when the item needs selected text and there is none; says why. */
  disabled?: string;
  /** What the item does instead of sending a prompt (items of a menu other than the card's). */
  run?: () => void;
}

export const EFFICIENT_LABEL = "Generate Efficient Verbose Prompt";
export const COPY_LABEL = "Copy card";

/** The menu for a card titled `title`, with `selection` as the selected text (already cleaned). */
export function menuItems(actions: readonly CardAction[], title: string, selection: string): MenuItem[] {
  const items: MenuItem[] = actions.map((a) => {
    const needs = usesSelection(a.prompt);
    return needs && !selection
      ? { label: a.label, kind: "action", disabled: "Select some text in the card first" }
      : { label: a.label, kind: "action", prompt: needs ? fillSelection(a.prompt, selection) : a.prompt };
  });
  items.push(
    { label: EFFICIENT_LABEL, kind: "efficient", prompt: startFlowMessage(title, selection) },
    { label: COPY_LABEL, kind: "copy" },
  );
  return items;
}
