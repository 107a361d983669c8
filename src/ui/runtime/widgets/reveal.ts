/** Reveal cards: show all and hide all over native details elements (which open by keyboard alone). */
import { ACTION } from "../../shared/protocol.ts";
import type { Widget } from "./types.ts";

function revealAll(button: Element, open: boolean): void {
  const box = button.closest("[data-mcc-reveals]");
  box?.querySelectorAll<HTMLDetailsElement>("details.mcc-reveal").forEach((d) => (d.open = open));
}

export const revealWidget: Widget = {
  actions: {
    [ACTION.showAll]: (button) => revealAll(button, true),
    [ACTION.hideAll]: (button) => revealAll(button, false),
  },
};
