/**
 * create_diagram_card: a Mermaid flowchart, sequence, state or class diagram laid out on the server
 * (dagre for graphs, our own rows for sequences) as accessible SVG with a list of its nodes and
 * edges. Mermaid text is the only input: models write it fluently, and it is several times shorter
 * than the same graph as JSON nodes and edges. Text the parser cannot read shows as source, with
 * the lines it could not read named.
 */
import { z } from "zod";
import { defineCard } from "../card.ts";
import { loadGraphLayout, MAX_MERMAID_CHARS, renderMermaid } from "../render/diagram/diagram.ts";
import { cardTitle } from "./_fields.ts";
import { quoteTitle } from "../quote.ts";

const input = z.object({
  title: cardTitle,
  mermaid: z.string().max(MAX_MERMAID_CHARS).regex(/\S/, { error: "must not be empty" }).describe(
    "Mermaid: flowchart/graph, sequenceDiagram, stateDiagram-v2 or classDiagram",
  ),
});

export default defineCard({
  name: "create_diagram_card",
  kind: "diagram",
  title: "Diagram card",
  description: "A Mermaid diagram as accessible SVG. Styling lines are skipped.",
  input,
  view: { widgets: ["diagram"], styles: ["diagram"] },
  async render(inp) {
    await loadGraphLayout();
    const d = renderMermaid(inp.mermaid, { title: inp.title, field: "mermaid" });
    return {
      title: inp.title,
      summary: `Diagram card ${quoteTitle(inp.title)}: ${d.summary}`,
      blocks: [d.html],
    };
  },
});
