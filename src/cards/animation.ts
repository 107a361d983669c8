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

const scene = z.object({
  type: z.enum(SCENE_TYPES).describe(
    "text: text; bullets: bullets built one by one; diagram: nodes joined by arrows that trace in; chart: labels + values, zooming into zoomFrom..zoomTo",
  ),
  duration: z.number().min(MIN_SECONDS).max(MAX_SECONDS).optional().describe("Seconds (default 4-6)"),
  heading: z.string().max(120).optional().describe("Scene heading"),
  text: z.string().max(800).optional().describe("Paragraphs, blank line between"),
  bullets: z.array(z.string().max(160)).max(MAX_BULLETS).optional().describe("The points"),
  nodes: z.array(z.string().max(60)).max(MAX_NODES).optional().describe("Box labels, in flow order"),
  edges: z.array(z.array(z.number().int().min(0).max(MAX_NODES - 1)).length(2)).max(16).optional().describe(
    "Arrows as [from, to] node indices (default: each to the next)",
  ),
  labels: z.array(z.string().max(60)).max(MAX_CHART_POINTS).optional().describe("x labels"),
  values: z.array(
    z.union([z.number(), z.null().describe("No value")], { error: "expected a number, or null" }),
  )
    .max(MAX_CHART_POINTS).optional().describe("One number per label"),
  zoomFrom: z.string().max(60).optional().describe("First label of the window to zoom into"),
  zoomTo: z.string().max(60).optional().describe("Last label of the window"),
});

const input = z.object({
  title: cardTitle,
  scenes: z.array(scene).min(1).max(MAX_SCENES).describe("The scenes, in order"),
  locale: z.string().max(35).optional().describe("Locale for chart numbers (default en-US)"),
  valueStyle: z.enum(["number", "percent", "currency", "compact"]).optional().describe("Chart value style"),
});

export default defineCard({
  name: "create_animation_card",
  kind: "animation",
  view: { widgets: ["animation"], styles: ["animation", "chart"] },
  title: "Animation card",
  description:
    "Render a short animated explainer when no video exists: scenes of text, bullets that build, a diagram that traces in, or a chart zooming into a range, with play/pause, replay and scrubbing. Text is plain: never pre-escape.",
  input,
  render(inp) {
    const anim = renderAnimation(inp);
    return {
      title: inp.title,
      summary: `Animation card "${inp.title}": ${anim.summary}`,
      blocks: [anim.html],
    };
  },
});
