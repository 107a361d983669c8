/** Reveal cards: show all and hide all over native details elements (which open by keyboard alone). */
import { ACTION } from "../../shared/protocol.ts";
import { h } from "../dom.ts";
import { el, list, sync, text } from "../preview.ts";
import type { Draw, Widget } from "./types.ts";

function revealAll(button: Element, open: boolean): void {
  const box = button.closest("[data-mcc-reveals]");
  box?.querySelectorAll<HTMLDetailsElement>("details.mcc-reveal").forEach((d) => (d.open = open));
}

/** The preview: sections show closed, as most start; their content waits for the result. */
function preview(body: HTMLElement): Draw {
  const box = h("div");
  body.append(el("div", "mcc-reveals", box));
  return (a) =>
    sync(
      box,
      list(a.sections),
      (s) => el("details", "mcc-reveal", el("summary", "mcc-reveal-title", text(s.title))),
    );
}

export const revealWidget: Widget = {
  actions: {
    [ACTION.showAll]: (button) => revealAll(button, true),
    [ACTION.hideAll]: (button) => revealAll(button, false),
  },
  preview: { kind: "reveal", draw: preview },
};
