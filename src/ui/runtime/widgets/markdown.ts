/**
 * Documents: sections are native details elements, so they open by keyboard without this. When a
 * part holds two or more sections and some start folded (a long document), this adds the show-all
 * and hide-all buttons reveal cards have (the server cannot: a document's parts are packed from its
 * sections, with no wrapper to hold a bar). A short document opens whole and needs no bar. The
 * reveal widget handles the buttons.
 */
import { ACTION } from "../../shared/protocol.ts";
import { h, tool } from "../dom.ts";
import { line } from "../view_tools.ts";
import type { Widget } from "./types.ts";

function enhance(article: Element): void {
  const body = article.querySelector(".mcc-body");
  const sections = body
    ? [...body.querySelectorAll<HTMLDetailsElement>(":scope > details.mcc-md-section")]
    : [];
  if (
    !body || sections.every((s) => s.open) || sections.length < 2 || body.hasAttribute("data-mcc-reveals")
  ) {
    return;
  }
  body.setAttribute("data-mcc-reveals", "");
  const button = (action: string, label: string) => tool({ "data-mcc-action": action }, label);
  sections[0].before(
    h(
      "div",
      { class: "mcc-reveal-bar" },
      button(ACTION.showAll, "Show all"),
      button(ACTION.hideAll, "Hide all"),
    ),
  );
}

export const markdownWidget: Widget = {
  enhance,
  tools: [{
    name: "document_section",
    description: "The document card's current section",
    offers: (a) => !!a.querySelector("details.mcc-md-section"),
    read(article) {
      const sections = [...article.querySelectorAll<HTMLDetailsElement>("details.mcc-md-section")];
      const current = sections.find((s) => s.contains(document.activeElement)) ??
        sections.find((s) => s.open);
      return {
        current: current ? line(current.querySelector("summary")?.textContent) : null,
        sections: sections.map((s) => ({
          heading: line(s.querySelector("summary")?.textContent),
          open: s.open,
        })),
      };
    },
  }],
};
