/** Every widget, in one list: the core header tools, then one entry per card kind with behaviour. */
import { exportWidget } from "../export.ts";
import { coreWidget } from "../header.ts";
import { animationWidget } from "./animation.ts";
import { chartWidget } from "./chart.ts";
import { codeTourWidget } from "./code_tour.ts";
import { markdownWidget } from "./markdown.ts";
import { formWidget } from "./form.ts";
import { menuWidget } from "./menu.ts";
import { moveWidget } from "./move.ts";
import { promptWidget } from "./prompt.ts";
import { revealWidget } from "./reveal.ts";
import { selectionWidget } from "../selection.ts";
import { tabWidget } from "./tab.ts";
import { tableWidget } from "./table.ts";
import { tutorWidget } from "./tutor.ts";
import { videoWidget } from "./video.ts";
import type { Widget } from "./types.ts";
import { webFormWidget } from "./web_form.ts";

export const WIDGETS: readonly Widget[] = [
  coreWidget,
  exportWidget,
  tabWidget,
  revealWidget,
  codeTourWidget,
  markdownWidget,
  webFormWidget,
  formWidget,
  promptWidget,
  chartWidget,
  tableWidget,
  selectionWidget,
  animationWidget,
  videoWidget,
  // Terms are marked before move handles wrap blocks; the menu comes last, for every card.
  tutorWidget,
  moveWidget,
  menuWidget,
];
