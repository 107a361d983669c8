/**
 * create_animation_card: a short animated explainer the model composes when no video exists, as
 * a sequence of scenes (text, bullets that build, a diagram that traces itself in, a chart that
 * zooms into a window), each with a duration, played with video-style controls.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import {
  MAX_BULLETS,
  MAX_CHART_POINTS,
  MAX_NODES,
  MAX_SCENES,
  MAX_SECONDS,
  MIN_SECONDS,
  renderAnimation,
  SCENE_TYPES,
} from "../render/animation.ts";
import { cardTitle } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

const scene = z.object({
  type: z.enum(SCENE_TYPES).describe(
    "diagram: nodes + edges; chart: labels + values",
  ),
  duration: z.number().min(MIN_SECONDS).max(MAX_SECONDS).optional().describe("Seconds"),
  heading: z.string().max(120).optional(),
  text: z.string().max(800).optional(),
  bullets: z.array(z.string().max(160)).max(MAX_BULLETS).optional(),
  nodes: z.array(z.string().max(60)).max(MAX_NODES).optional().describe("Box labels"),
  edges: z.array(z.array(z.number().int().min(0).max(MAX_NODES - 1)).length(2)).max(16).optional().describe(
    "[from, to] (default: a chain)",
  ),
  labels: z.array(z.string().max(60)).max(MAX_CHART_POINTS).optional(),
  values: z.array(
    z.union([z.number(), z.null()], { error: "expected a number, or null" }),
  )
    .max(MAX_CHART_POINTS).optional(),
  zoomFrom: z.string().max(60).optional().describe("From this label to zoomTo"),
  zoomTo: z.string().max(60).optional(),
});

const input = z.object({
  title: cardTitle,
  scenes: z.array(scene).min(1).max(MAX_SCENES).describe("Scenes"),
  locale: z.string().max(35).optional().describe("e.g. en-US"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe("Chart values"),
});

export default defineCard({
  name: "create_animation_card",
  kind: "animation",
  view: { widgets: ["animation"], styles: ["animation", "chart"] },
  title: "Animation card",
  description: "An animated explainer: text, building bullets, a diagram, a zooming chart.",
  input,
  render(inp) {
    const anim = renderAnimation(inp);
    return {
      title: inp.title,
      summary: `Animation card ${quoteTitle(inp.title)}: ${anim.summary}`,
      blocks: [anim.html],
    };
  },
});
