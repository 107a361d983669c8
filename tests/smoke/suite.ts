/**
 * The smoke suite every target runs (deno run, the npm package under Node, HTTP under Deno and
 * Node): initialize, tools/list, one call per card kind, one refusal, every part of a big table
 * and of a long document (each later part read by the card's id with get_card), the template and
 * each card document read back. It returns a transcript with card ids replaced by their order, so targets
 * can be compared with each other and with the in-memory reference byte for byte.
 */
import { Client } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { createServer } from "../../mod.ts";
import { CARDS } from "../../src/registry.ts";

const root = new URL("../../", import.meta.url);
const templateUri = (kind: string) => `ui://mcp-chat-cards/template/${kind}.html`;

/**
 * The golden case each card kind is smoke-tested with (one that passes through the sanitizer where
 * the kind has html fields). Kinds missing here use their first golden case with an .html file.
 */
const PREFERRED_CASE: Record<string, string> = {
  tab: "sanitized_html",
  table: "reference_example",
  reveal: "html_sections",
  list: "procedure",
};

/** How the smoke client names itself in initialize. */
const SMOKE_CLIENT = { name: "smoke", version: "1.0.0" };

/** The one call that must be refused with a message naming the field. */
const REFUSED_CALL = { name: "create_table_card", arguments: { title: "x" } };

/**
 * A big table and a long document: each splits into parts, every later part read by the card's
 * id. Each request stays under the HTTP body limit (64 KB by default).
 */
const SPLIT_CALLS = [
  {
    name: "create_table_card",
    arguments: {
      title: "A thousand rows",
      headers: ["#", "Name", "Note"],
      rows: Array.from(
        { length: 1_000 },
        (_, i) => [i + 1, `Row ${i + 1}`, `A note & a <tag> for row ${i + 1}`],
      ),
    },
  },
  {
    name: "create_markdown_card",
    arguments: {
      markdown: "# A long guide\n\n" + Array.from(
        { length: 30 },
        (_, i) =>
          `## Step ${i + 1}\n\n${
            `Step ${i + 1} in detail, with *emphasis* & a [link](https://example.org/${i}). `.repeat(28)
          }\n`,
      ).join("\n"),
    },
  },
];

/** The arguments for one card tool, from tests/cards/<kind>/, and the golden summary they render. */
export async function smokeCase(
  toolName: string,
): Promise<{ args: Record<string, unknown>; summary: string }> {
  const kind = /^create_(.+)_card$/.exec(toolName)?.[1];
  if (!kind) throw new Error(`"${toolName}" is not a card tool name (create_<kind>_card)`);
  const dir = new URL(`tests/cards/${kind}/`, root);
  let name = PREFERRED_CASE[kind];
  if (!name) {
    const cases = [];
    for await (const entry of Deno.readDir(dir)) {
      if (entry.name.endsWith(".html")) cases.push(entry.name.slice(0, -".html".length));
    }
    name = cases.sort()[0];
    if (!name) {
      throw new Error(`No golden case with an .html file in tests/cards/${kind}/ for the smoke test`);
    }
  }
  const summary = (await Deno.readTextFile(new URL(`${name}.txt`, dir))).replace(/\n$/, "");
  return {
    args: JSON.parse(await Deno.readTextFile(new URL(`${name}.json`, dir))),
    summary: kind === "host_check" ? asSeenBySmokeClient(summary) : summary,
  };
}

/**
 * The host check card reports the client it answers (the golden was rendered for an Apps host):
 * its lines about the client, as the smoke client declares itself (no capabilities, no extension).
 */
function asSeenBySmokeClient(summary: string): string {
  const { name, version } = SMOKE_CLIENT;
  return summary
    .replace(/^- Client: .*$/m, `- Client: "${name} ${version}"`)
    .replace(/^- MCP Apps extension: .*$/m, "- MCP Apps extension: not declared (the card comes as a link)")
    .replace(/^- Client capabilities: .*$/m, "- Client capabilities: {}");
}

/**
 * The card tools, from the registry (never from what a target lists, which could be empty): one
 * per kind of golden cases under tests/cards/, and at least the README's four.
 */
export function cardToolNames(): string[] {
  const names = CARDS.map((card) => card.name);
  const kinds = [...Deno.readDirSync(new URL("tests/cards/", root))].filter((e) => e.isDirectory).length;
  assertEquals(
    names.length,
    kinds,
    `card tools in the registry (${names.join(", ")}) against ${kinds} golden kinds`,
  );
  for (const readme of ["create_tab_card", "create_table_card", "create_reveal_card", "create_list_card"]) {
    assertEquals(names.includes(readme), true, `${readme} is missing from the registry`);
  }
  return names;
}

/** What one target answered, card ids normalized. */
export interface Transcript {
  server: unknown;
  tools: unknown;
  calls: unknown[];
  documents: string[];
  template: string;
  listed: unknown;
}

type CallResult = {
  content?: { type: string; uri?: string; text?: string }[];
  _meta?: { viewUUID?: string };
  structuredContent?: unknown;
  isError?: boolean;
};

/** Runs the suite on a connected client. */
export async function runSmoke(client: Client): Promise<Transcript> {
  const { tools } = await client.listTools();
  const calls: unknown[] = [];
  const links: string[] = [];
  const views: string[] = [];
  for (const name of cardToolNames()) {
    const listed = tools.find((t) => t.name === name);
    const uri = templateUri(name.replace(/^create_|_card$/g, ""));
    assertDeep(listed?._meta?.ui, { resourceUri: uri }, `${name}: listed with its kind's template`);
    const { args, summary } = await smokeCase(name);
    const result = await client.callTool({ name, arguments: args }) as CallResult;
    assertEquals(result.isError, undefined, `${name} failed: ${JSON.stringify(result.content)}`);
    assertEquals(result.content?.[0]?.text, summary, `${name}: the summary differs from its golden .txt`);
    const link = result.content?.find((c) => c.type === "resource_link");
    if (!link?.uri) throw new Error(`${name}: a non-Apps client must get a resource_link`);
    links.push(link.uri);
    if (!result._meta?.viewUUID) throw new Error(`${name}: the result must carry _meta.viewUUID`);
    views.push(result._meta.viewUUID);
    calls.push(result);
  }
  calls.push(await client.callTool(REFUSED_CALL));
  const ids = links.map((uri) => uri.slice(uri.lastIndexOf("/") + 1));
  for (const split of SPLIT_CALLS) {
    const first = await client.callTool(split) as CallResult;
    const { card, parts } = first.structuredContent as {
      card: { config: { id: string; title: string } };
      parts: { total: number };
    };
    assertEquals(parts.total > 2, true, `${split.name}: splits into parts`);
    const { id } = card.config;
    ids.push(id);
    views.push(first._meta!.viewUUID!);
    calls.push(first);
    for (let part = 2; part <= parts.total; part++) {
      const next = await client.callTool({ name: "get_card", arguments: { id, part } }) as CallResult;
      assertEquals(next.isError, undefined, `get_card part ${part}: ${JSON.stringify(next.content)}`);
      const shown = next.structuredContent as { card: { config: { title: string } }; parts: unknown };
      assertEquals(shown.card.config.title.endsWith(`(part ${part} of ${parts.total})`), true);
      assertDeep(shown.parts, { current: part, total: parts.total, hasMore: part < parts.total });
      assertEquals(
        next.content?.find((c) => c.type === "resource_link")?.uri,
        `ui://mcp-chat-cards/html/${id}/${part}`,
      );
      views.push(next._meta!.viewUUID!);
      calls.push(next);
    }
    links.push(`ui://mcp-chat-cards/html/${id}/${parts.total}`); // the last part's own document
  }
  const documents = [];
  for (const uri of links) {
    const { contents } = await client.readResource({ uri });
    documents.push((contents[0] as { text: string }).text);
  }
  const template =
    ((await client.readResource({ uri: templateUri("table") })).contents[0] as { text: string }).text;
  const listed = (await client.listResources()).resources;
  const raw: Transcript = {
    server: { info: client.getServerVersion(), instructions: client.getInstructions() },
    tools,
    calls,
    documents,
    template,
    listed,
  };
  return normalizeIds(raw, ids, views);
}

/**
 * Replaces each card id with `card-<n>` and each viewUUID with `view-<n>` by render order (the
 * random ids are the only allowed difference).
 */
export function normalizeIds(transcript: Transcript, ids: string[], views: string[] = []): Transcript {
  let text = JSON.stringify(transcript);
  ids.forEach((id, i) => {
    text = text.replaceAll(id, `card-${i + 1}`);
  });
  views.forEach((view, i) => {
    text = text.replaceAll(view, `view-${i + 1}`);
  });
  return JSON.parse(text);
}

/** A client that is not an MCP Apps host (so results link the standalone documents). */
export function smokeClient(): Client {
  return new Client(SMOKE_CLIENT);
}

/** Connects a smoke client over a transport and runs the suite. */
export async function smokeOver(transport: Transport): Promise<Transcript> {
  const client = smokeClient();
  await client.connect(transport);
  try {
    return await runSmoke(client);
  } finally {
    await client.close();
  }
}

let reference: Promise<Transcript> | undefined;

/** The suite against an in-process server: what every target must answer. */
export function referenceTranscript(): Promise<Transcript> {
  reference ??= (async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer().connect(serverSide);
    return smokeOver(clientSide);
  })();
  return reference;
}

/** Asserts a target's transcript equals the reference, part by part for readable failures. */
export async function assertSameAsReference(transcript: Transcript, target: string): Promise<void> {
  const expected = await referenceTranscript();
  assertDeep(transcript.server, expected.server, `${target}: initialize differs`);
  assertDeep(transcript.tools, expected.tools, `${target}: tools/list differs`);
  assertEquals(transcript.calls.length, expected.calls.length, `${target}: number of calls`);
  transcript.calls.forEach((call, i) =>
    assertDeep(call, expected.calls[i], `${target}: call ${i + 1} differs`)
  );
  transcript.documents.forEach((doc, i) =>
    assertEquals(doc, expected.documents[i], `${target}: document ${i + 1}`)
  );
  assertEquals(transcript.template, expected.template, `${target}: template differs`);
  assertDeep(transcript.listed, expected.listed, `${target}: resources/list differs`);
  // The refusal comes right after one call per card kind.
  const refusal =
    (transcript.calls[cardToolNames().length] as { content: { text: string }[] }).content[0].text;
  assertEquals(
    refusal.startsWith(`Invalid "rows"`),
    true,
    `${target}: the refusal names the field: ${refusal}`,
  );
}
