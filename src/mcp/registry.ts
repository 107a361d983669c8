/**
 * Every tool the server offers, in `tools/list` order. Adding a card kind is one file under
 * src/cards/ and one line here.
 */
import listCard from "../cards/list.ts";
import revealCard from "../cards/reveal.ts";
import tabCard from "../cards/tab.ts";
import tableCard from "../cards/table.ts";
import getCard from "../tools/get_card.ts";
import type { ToolDefinition } from "./define_tool.ts";

/** The tools, in the order hosts list them. */
export const TOOLS: readonly ToolDefinition[] = [
  tabCard,
  tableCard,
  revealCard,
  listCard,
  getCard,
];
