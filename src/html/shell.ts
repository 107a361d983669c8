/**
 * The frame every card shares: a header with the title, then the body. The header tools (source,
 * collapse, copy) are added by the browser runtime, which is what makes them work: a viewer
 * without the runtime gets no dead buttons, and every result is smaller by their markup.
 */
import { type Html, markup } from "./html.ts";

/** What the frame needs to wrap a card body. */
export interface FrameInput {
  kind: string;
  title: string;
  body: Html;
  /** Prefix for the frame's own ids (see ids.ts). */
  idPrefix: string;
  /** Data for the runtime, written as `data-mcc-<name>` attributes on the article (values escaped). */
  data?: Readonly<Record<string, string>>;
  /** The body holds several blocks the reader may reorder (the runtime adds handles). */
  movable?: boolean;
}

/** Wraps a rendered body in the card frame. */
export function cardFrame({ kind, title, body, idPrefix, data = {}, movable }: FrameInput): Html {
  const titleId = `${idPrefix}-title`;
  const extra = Object.entries(data).map(([name, value]) => markup` data-mcc-${name}="${value}"`);
  return markup`<article class="mcc-card" data-mcc-kind="${kind}"${extra} aria-labelledby="${titleId}">
<header class="mcc-head"><h2 class="mcc-title" id="${titleId}">${title}</h2></header>
<div class="mcc-body" id="${idPrefix}-body"${movable ? markup` data-mcc-movable` : ""}>
${body}
</div>
</article>`;
}
