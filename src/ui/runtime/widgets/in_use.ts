/**
 * The widgets of this template, in the order they enhance a card: filled once by `useWidgets`
 * (index.ts) before anything paints. A module of its own that imports nothing, so the core modules
 * that walk the list (card, export, preview, selection, view tools) and the widgets `useWidgets`
 * lists do not import each other in a circle (tests/architecture_test.ts refuses one).
 */
import type { Widget } from "./types.ts";

export const WIDGETS: Widget[] = [];
