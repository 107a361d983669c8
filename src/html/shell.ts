/**
 * The frame every card shares: a header with the title and the three header tools (source,
 * collapse, copy), then the body. The runtime in the browser wires the tools through their
 * data-mcc-action hooks; the markup itself holds no script and no handlers.
 */
import { type Html, markup } from "./html.ts";

/** What the frame needs to wrap a card body. */
export interface FrameInput {
  kind: string;
  title: string;
  body: Html;
  /** Prefix for the frame's own ids (see ids.ts). */
  idPrefix: string;
}

const CHEVRON =
  markup`<svg class="mcc-chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** Wraps a rendered body in the card frame. */
export function cardFrame({ kind, title, body, idPrefix }: FrameInput): Html {
  const titleId = `${idPrefix}-title`;
  const bodyId = `${idPrefix}-body`;
  const tools = markup`<div class="mcc-tools" role="toolbar" aria-label="Card tools">${[
    markup`<button type="button" class="mcc-tool" data-mcc-action="source" aria-pressed="false" title="Show the card's HTML">&lt;/&gt;<span class="mcc-sr"> Show the card's HTML</span></button>`,
    markup`<button type="button" class="mcc-tool" data-mcc-action="collapse" aria-expanded="true" aria-controls="${bodyId}" title="Collapse the card">${CHEVRON}<span class="mcc-sr">Collapse the card</span></button>`,
    markup`<button type="button" class="mcc-tool" data-mcc-action="copy" title="Copy the card as a standalone HTML document">Copy card</button>`,
  ]}</div>`;
  return markup`<article class="mcc-card" data-mcc-kind="${kind}" aria-labelledby="${titleId}">
<header class="mcc-head"><h2 class="mcc-title" id="${titleId}">${title}</h2>${tools}</header>
<div class="mcc-body" id="${bodyId}">
${body}
</div>
</article>`;
}
