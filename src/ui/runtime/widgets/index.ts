/** Every widget, in one list: the core header tools, then one entry per card kind with behaviour. */
import { coreWidget } from "../header.ts";
import { animationWidget } from "./animation.ts";
import { chartWidget } from "./chart.ts";
import { codeTourWidget } from "./code_tour.ts";
import { markdownWidget } from "./markdown.ts";
import { revealWidget } from "./reveal.ts";
import { tabWidget } from "./tab.ts";
import { videoWidget } from "./video.ts";
import type { Widget } from "./types.ts";

export const WIDGETS: readonly Widget[] = [
  coreWidget,
  tabWidget,
  revealWidget,
  codeTourWidget,
  markdownWidget,
  chartWidget,
  animationWidget,
  videoWidget,
];
