/**
 * Every tool the server offers, in `tools/list` order: the cards, the other tools, then the
 * app-only get_card built from the cards. Tests, the gallery and get_card read these lists, so
 * adding a card kind is one file under src/cards/ and one line here.
 */
import type { CardDefinition } from "./card.ts";
import codeTourCard from "./cards/code_tour.ts";
import animationCard from "./cards/animation.ts";
import chartCard from "./cards/chart.ts";
import diagramCard from "./cards/diagram.ts";
import efficientPromptCard from "./cards/efficient_prompt.ts";
import formCard from "./cards/form.ts";
import hostCheckCard from "./cards/host_check.ts";
import listCard from "./cards/list.ts";
import mapCard from "./cards/map.ts";
import structureCard from "./cards/structure.ts";
import markdownCard from "./cards/markdown.ts";
import promptGistCard from "./cards/prompt_gist.ts";
import promptRefineCard from "./cards/prompt_refine.ts";
import revealCard from "./cards/reveal.ts";
import tabCard from "./cards/tab.ts";
import tableCard from "./cards/table.ts";
import type { ToolDefinition } from "./tool.ts";
import { type KindUi, kindViews } from "./ui/kinds.ts";
import fetchReference from "./tools/fetch_reference.ts";
import videoCard from "./cards/video.ts";
import { getCardTool } from "./tools/get_card.ts";
import getInsertBookmarklet from "./tools/get_insert_bookmarklet.ts";
import readLocalFile from "./tools/read_local_file.ts";
import unpackArchive from "./tools/unpack_archive.ts";
import mirrorWebForm from "./tools/mirror_web_form.ts";
import submitWebForm from "./tools/submit_web_form.ts";

/** The card tools, in the order hosts list them. */
export const CARDS: readonly CardDefinition[] = [
  tabCard,
  tableCard,
  chartCard,
  mapCard,
  structureCard,
  diagramCard,
  videoCard,
  animationCard,
  revealCard,
  listCard,
  markdownCard,
  codeTourCard,
  formCard,
  promptGistCard,
  promptRefineCard,
  efficientPromptCard,
  hostCheckCard,
];

/** Tools that are not cards. */
const OTHER_TOOLS: readonly ToolDefinition[] = [
  readLocalFile,
  unpackArchive,
  fetchReference,
  mirrorWebForm,
  submitWebForm,
  getInsertBookmarklet,
];

/**
 * Every tool of a server offering `own` cards besides the built-in ones, in `tools/list` order:
 * the cards, the other tools, then get_card, which shows a split card's parts and renders any of the
 * cards again for the view.
 */
export function toolsWith(own: readonly CardDefinition[]): readonly ToolDefinition[] {
  const cards = [...CARDS, ...own];
  return [...cards, ...OTHER_TOOLS, getCardTool(cards)];
}

/** Every tool, in `tools/list` order. */
export const TOOLS: readonly ToolDefinition[] = toolsWith([]);

/** Each kind's template (widgets, stylesheets), from the tools that show one, in their order. */
export const KIND_UI: Readonly<Record<string, KindUi>> = kindViews(TOOLS);
