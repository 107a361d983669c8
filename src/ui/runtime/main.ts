/**
 * The card runtime's start, shared by the MCP Apps template (an empty root the view paints into)
 * and the standalone document (the card already in place, maybe inside an MCP-UI host). Each card
 * kind's bundle calls `start` with its own widgets (scripts/build_ui.ts writes that entry).
 */
import { startAppsView } from "./apps.ts";
import { enhanceCard, wireCards } from "./card.ts";
import { installDebug, state } from "./debug.ts";
import { remember } from "./memory.ts";
import { mcpUiHost, noHost } from "./host.ts";
import { reportSize } from "./size.ts";
import type { Widget } from "./widgets/types.ts";
import { useWidgets } from "./widgets/index.ts";

function startStandalone(root: HTMLElement): void {
  const host = parent !== self ? mcpUiHost() : noHost;
  const id = root.dataset.mccCardId ?? "";
  const articles = [...root.querySelectorAll(".mcc-card")];
  for (const article of articles) enhanceCard(article, article.outerHTML, id, host);
  wireCards(root, host);
  if (articles[0]) remember(articles[0], id); // once wired: restoring clicks through the widgets
  Object.assign(state, {
    host: host.name,
    painted: articles.length > 0,
    cardId: id,
    cardHtml: articles[0]?.outerHTML,
  });
  if (host.size) reportSize(host.size).afterPaint();
  host.log("painted", { id });
}

/** Starts the runtime with the card kind's widgets (`late` ones, tutor terms and move handles, enhance after selection). */
export function start(kind: Widget[], late?: Widget[]): void {
  useWidgets(kind, late);
  const root = document.getElementById("mcc-root");
  if (!root) return;
  installDebug();
  state.mode = root.dataset.mccMode ?? "";
  if (state.mode === "app") startAppsView(root);
  else startStandalone(root);
}
