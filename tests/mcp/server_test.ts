/**
 * The server through a real MCP client over the SDK's in-memory transport: the tool list, the
 * result shape for MCP Apps hosts and for plain clients, the card documents and their eviction,
 * and refusals.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { INSTRUCTIONS } from "../../mod.ts";
import { isCard } from "../../src/card.ts";
import { bareWords } from "../../src/mcp/input_schema.ts";
import { CARDS, TOOLS } from "../../src/registry.ts";
import { connect, textOf } from "../helpers.ts";

/** Every card kind's template, in the order resources/list gives them. */
const TEMPLATES = [...CARDS.map((c) => c.card.kind), "web_form", "parts"].map((k) =>
  `ui://mcp-chat-cards/template/${k}.html`
);
const TABLE = { title: "T", headers: ["a", "b"], rows: [["1", "2"]] };

type Structured = {
  card: { articleHtml: string; config: Record<string, unknown> };
  parts: { current: number; total: number; hasMore: boolean };
};

Deno.test("tools/list matches the registry, with schemas, annotations and both MCP Apps keys", async () => {
  await using client = await connect();
  const { tools } = await client.listTools();
  assertDeep(tools.map((t) => t.name), TOOLS.map((t) => t.name));
  for (const tool of tools) {
    assertEquals(tool.name.length <= 64, true, tool.name);
    assertEquals(
      tool.description!.length < 2048,
      true,
      `${tool.name} description is too long for Claude Code`,
    );
    const declared = TOOLS.find((t) => t.name === tool.name)!;
    assertEquals(tool.outputSchema?.type, "object", tool.name);
    if (isCard(declared)) {
      const uri = `ui://mcp-chat-cards/template/${declared.card.kind}.html`;
      assertDeep(tool._meta?.ui, { resourceUri: uri });
      assertEquals(tool._meta?.["ui/resourceUri"], uri);
    } else if (declared.visibility.includes("model")) {
      assertEquals((tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility, undefined);
    } else {
      assertDeep((tool._meta?.ui as { visibility?: unknown }).visibility, [...declared.visibility]);
    }
    assertDeep(tool.annotations, declared.annotations, `${tool.name} annotations as declared`);
    assertEquals(tool.title, declared.title, "the title once, at the top");
    // Every field is described; hosts see the description unless it only repeats the name ("Title",
    // "x title" for xTitle).
    const own = z.toJSONSchema(declared.input, { io: "input", unrepresentable: "any" }).properties ?? {};
    for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
      const described = (own[field] as { description?: string }).description;
      assertEquals(typeof described, "string", `${tool.name}.${field} needs .describe()`);
      const listed = bareWords(described!) === bareWords(field) ? undefined : described;
      assertEquals((schema as { description?: string }).description, listed, `${tool.name}.${field}`);
    }
  }
  const cardHints = {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  };
  for (const card of CARDS) assertDeep(card.annotations, cardHints, card.name);
  // The other tools' hints, written out: a hint flipped in a tool file must show up in review here.
  const otherHints: Record<string, typeof cardHints> = {
    read_local_file: cardHints,
    unpack_archive: cardHints,
    get_card: cardHints,
    fetch_reference: { ...cardHints, openWorldHint: true },
    mirror_web_form: { ...cardHints, idempotentHint: false, openWorldHint: true },
    submit_web_form: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    },
  };
  for (const [name, hints] of Object.entries(otherHints)) {
    const listed = tools.find((t) => t.name === name);
    assertDeep({ ...listed?.annotations, title: undefined }, { ...hints, title: undefined }, name);
  }
  assertDeep(tools.find((t) => t.name === "get_card")?._meta?.ui, {
    resourceUri: "ui://mcp-chat-cards/template/parts.html",
  });
});

Deno.test("the server announces itself with instructions under 2 KB", async () => {
  await using client = await connect();
  assertEquals(client.getServerVersion()?.name, "mcp-chat-cards");
  assertEquals(client.getInstructions(), INSTRUCTIONS);
  assertEquals(new TextEncoder().encode(INSTRUCTIONS).length < 2048, true);
});

Deno.test("each card kind's template is an MCP Apps resource with one HTML item", async () => {
  await using client = await connect();
  const { resources } = await client.listResources();
  assertDeep(resources.map((r) => r.uri), TEMPLATES);
  const runtimes = new Set<string>();
  for (const uri of TEMPLATES) {
    assertEquals(resources.find((r) => r.uri === uri)?.mimeType, "text/html;profile=mcp-app", uri);
    const { contents } = await client.readResource({ uri });
    assertEquals(contents.length, 1);
    assertEquals(contents[0].mimeType, "text/html;profile=mcp-app");
    assertDeep(contents[0]._meta, {
      ui: { csp: { resourceDomains: ["data:"] }, prefersBorder: false },
      "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
    });
    const text = (contents[0] as { text: string }).text;
    assertEquals(text.startsWith("<!doctype html>"), true);
    assertEquals(text.includes('id="mcc-root"'), true);
    runtimes.add(/<script id="mcc-runtime">([^]*)<\/script>/.exec(text)![1]);
  }
  // kinds with the same widgets share a bundle; the others each have their own
  assertEquals(
    runtimes.size,
    TEMPLATES.length - 3,
    "form, prompt_gist and prompt_refine share one runtime, and chart and structure another",
  );
  const unknown = await client.readResource({ uri: "ui://mcp-chat-cards/template/nope.html" }).catch((e) =>
    e
  );
  assertEquals(unknown instanceof Error, true);
  const { resourceTemplates } = await client.listResourceTemplates();
  assertDeep(resourceTemplates.map((t) => t.uriTemplate), [
    "ui://mcp-chat-cards/html/{id}",
    "ui://mcp-chat-cards/html/{id}/{part}",
  ]);
});

Deno.test("an MCP Apps host gets the summary and the structured card, no fallback link", async () => {
  await using client = await connect({ apps: true });
  const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
  assertEquals(result.isError, undefined);
  const content = result.content as { type: string }[];
  assertDeep(content.map((c) => c.type), ["text"]);
  const structured = result.structuredContent as Structured;
  assertDeep(Object.keys(structured).sort(), ["card", "parts"]);
  assertDeep(structured.parts, { current: 1, total: 1, hasMore: false });
  assertDeep(structured.card.config, { id: "card-1", kind: "table", title: "T", tool: "create_table_card" });
  assertEquals(
    structured.card.articleHtml.startsWith('<article class="mcc-card" data-mcc-kind="table"'),
    true,
  );
});

Deno.test("a plain client gets a resource link it can read as a standalone document", async () => {
  await using client = await connect({ apps: false });
  const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
  const link = (result.content as Record<string, unknown>[])[1];
  assertDeep(link, {
    type: "resource_link",
    uri: "ui://mcp-chat-cards/html/card-1",
    name: "T",
    mimeType: "text/html",
    description: "The card as a standalone HTML document",
  });
  const { contents } = await client.readResource({ uri: link.uri as string });
  const doc = (contents[0] as { text: string }).text;
  assertEquals(contents[0].mimeType, "text/html");
  // Such a host cannot paint the article: the result carries the card's config and parts only.
  assertEquals((result.structuredContent as Structured).card.articleHtml, undefined);
  assertEquals(doc.includes('<article class="mcc-card" data-mcc-kind="table"'), true);
  assertEquals(doc.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`), true);
});

Deno.test("the last 24 cards stay readable; reading one keeps it; the least recently used is evicted", async () => {
  await using client = await connect({ apps: false });
  for (let i = 0; i < 24; i++) await client.callTool({ name: "create_table_card", arguments: TABLE });
  await client.readResource({ uri: "ui://mcp-chat-cards/html/card-1" }); // card-1 is now the freshest
  await client.callTool({ name: "create_table_card", arguments: TABLE }); // card-25 evicts card-2
  const listed = await client.listResources();
  const uris = listed.resources.map((r) => r.uri).filter((uri) =>
    uri.startsWith("ui://mcp-chat-cards/html/")
  );
  assertEquals(uris.length, 24);
  assertDeep(uris.slice(0, 2), ["ui://mcp-chat-cards/html/card-25", "ui://mcp-chat-cards/html/card-1"]);
  const { contents } = await client.readResource({ uri: "ui://mcp-chat-cards/html/card-1" });
  assertEquals((contents[0] as { text: string }).text.startsWith("<!doctype html>"), true);
  try {
    await client.readResource({ uri: "ui://mcp-chat-cards/html/card-2" });
    throw new Error("card-2 was still readable");
  } catch (error) {
    assertEquals(
      String((error as Error).message).includes(
        `Card "card-2" is not available: only the last 24 cards are kept; render it again`,
      ),
      true,
      String(error),
    );
  }
});

Deno.test("MCP_CHAT_CARDS_EMBED_HTML embeds the standalone document instead of linking it", async () => {
  await using client = await connect({ apps: false, embedHtml: true, resultLimit: 200_000 });
  const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
  const embedded = (result.content as { type: string; resource?: { uri: string; text: string } }[])[1];
  assertEquals(embedded.type, "resource");
  assertEquals(embedded.resource?.uri, "ui://mcp-chat-cards/html/card-1");
  assertEquals(embedded.resource?.text.startsWith("<!doctype html>"), true);
});

Deno.test("refusals come back as isError results and the server keeps serving", async () => {
  await using client = await connect();
  const refused = await client.callTool({
    name: "create_tab_card",
    arguments: { title: "x", tabs: [{ label: "a" }] },
  });
  assertEquals(refused.isError, true);
  assertEquals(textOf(refused), `Invalid "tabs[0]": a tab needs text, html or code`);
  const invalid = await client.callTool({ name: "create_list_card", arguments: { title: 5 } });
  assertEquals(invalid.isError, true);
  assertEquals(
    textOf(invalid),
    'Input validation error: Invalid arguments for tool create_list_card: title: expected text, got a number: send "5", items: missing: send a list',
  );
  const next = await client.callTool({ name: "create_table_card", arguments: TABLE });
  assertEquals(next.isError, undefined);
});

Deno.test("html fields are capped per card, so sanitizing stays quick", async () => {
  await using client = await connect();
  const sections = Array.from({ length: 3 }, (_, i) => ({ title: `S${i}`, html: "<b>x</b>".repeat(10_000) }));
  const result = await client.callTool({ name: "create_reveal_card", arguments: { title: "Big", sections } });
  assertEquals(result.isError, true);
  assertEquals(
    textOf(result),
    `Invalid "sections": the html fields hold 240000 characters in all, the limit is 200000\n` +
      "Split the content across several cards, or send long passages as text",
  );
});

Deno.test("a flood of invalid rows gets a short error that names the field and the limit", async () => {
  await using client = await connect();
  const rows = Array.from({ length: 2_000 }, () => Array.from({ length: 60 }, () => "x"));
  const result = await client.callTool({ name: "create_table_card", arguments: { title: "t", rows } });
  assertEquals(result.isError, true);
  assertEquals(textOf(result).length < 600, true, textOf(result).slice(0, 200));
  assertEquals(
    textOf(result).startsWith(
      "Input validation error: Invalid arguments for tool create_table_card: rows.0: 60 items, the limit is 50 items",
    ),
    true,
  );
  assertEquals(textOf(result).endsWith("and 1995 more problems of the same kind"), true);
});

Deno.test("a result over the ceiling is refused with the overage, and nothing is stored", async () => {
  await using client = await connect({ apps: false, resultLimit: 4_000 });
  const tabs = [{ label: "a", text: "some text ".repeat(500) }];
  const result = await client.callTool({ name: "create_tab_card", arguments: { title: "Big", tabs } });
  assertEquals(result.isError, true);
  assertEquals(
    /^Card is too large: the result is [\d,]+ characters, [\d,]+ over the 4,000-character ceiling \(MCP_CHAT_CARDS_RESULT_LIMIT\)\n/
      .test(textOf(result)),
    true,
    textOf(result),
  );
  const listed = await client.listResources();
  assertEquals(listed.resources.some((r) => r.uri.startsWith("ui://mcp-chat-cards/html/")), false);
});

Deno.test("an unknown tool is a protocol error, not a crash", async () => {
  await using client = await connect();
  const result = await client.callTool({ name: "no_such_tool", arguments: {} }).catch((e: Error) => e);
  const text = result instanceof Error ? result.message : textOf(result);
  assertEquals(text.includes("no_such_tool"), true, text);
  assertEquals((await client.callTool({ name: "create_table_card", arguments: TABLE })).isError, undefined);
});

Deno.test("get_card renders the same card as the card tool called directly", async () => {
  await using client = await connect({ apps: true });
  const direct = await client.callTool({ name: "create_table_card", arguments: TABLE });
  const pulled = await client.callTool({
    name: "get_card",
    arguments: { tool: "create_table_card", arguments: TABLE },
  });
  assertEquals(pulled.isError, undefined, textOf(pulled));
  assertEquals(textOf(pulled), textOf(direct));
  assertEquals(textOf(pulled), 'Table card "T": 1 row × 2 columns.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |');
  const structured = pulled.structuredContent as Structured;
  assertDeep(structured.card.config, { id: "card-2", kind: "table", title: "T", tool: "create_table_card" });
  assertEquals(structured.card.articleHtml, (direct.structuredContent as Structured).card.articleHtml);
  assertDeep(structured.parts, { current: 1, total: 1, hasMore: false });
});

Deno.test("get_card refuses arguments the card tool refuses, naming the field under arguments", async () => {
  await using client = await connect();
  const wrongType = await client.callTool({
    name: "get_card",
    arguments: { tool: "create_table_card", arguments: { title: 5 } },
  });
  assertEquals(wrongType.isError, true);
  assertEquals(
    textOf(wrongType),
    `Invalid "arguments.title": expected text, got a number: send "5"`,
  );
  const refused = await client.callTool({
    name: "get_card",
    arguments: { tool: "create_table_card", arguments: { title: "T" } },
  });
  assertEquals(
    textOf(refused),
    `Invalid "rows": a table needs rows, rawText or at least headers\nPass rows: [[...], ...] or rawText`,
  );
});

Deno.test("MCP Apps is detected only when the client declares the extension with the MCP Apps MIME type", async () => {
  const linkTypes = async (capabilities: Record<string, unknown>) => {
    await using client = await connect({ apps: false, clientCapabilities: capabilities });
    const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
    return (result.content as { type: string }[]).map((c) => c.type);
  };
  const ui = "io.modelcontextprotocol/ui";
  assertDeep(await linkTypes({ extensions: { [ui]: { mimeTypes: ["text/html;profile=mcp-app"] } } }), [
    "text",
  ]);
  assertDeep(await linkTypes({ extensions: { [ui]: {} } }), ["text", "resource_link"]);
  assertDeep(await linkTypes({ extensions: { [ui]: { mimeTypes: ["text/html"] } } }), [
    "text",
    "resource_link",
  ]);
  assertDeep(
    await linkTypes({ extensions: { "io.example/other": { mimeTypes: ["text/html;profile=mcp-app"] } } }),
    ["text", "resource_link"],
  );
  assertDeep(await linkTypes({}), ["text", "resource_link"]);
});

Deno.test("the standalone document allows nothing external and the runtime only by its SHA-256", async () => {
  await using client = await connect({ apps: false });
  await client.callTool({ name: "create_table_card", arguments: TABLE });
  const { contents } = await client.readResource({ uri: "ui://mcp-chat-cards/html/card-1" });
  const doc = (contents[0] as { text: string }).text;
  const script = /<script id="mcc-runtime">([\s\S]*)<\/script>/.exec(doc)![1];
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
  const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(doc)?.[1];
  assertEquals(
    csp,
    `default-src 'none'; script-src ${hash}; style-src 'unsafe-inline'; img-src data:; media-src data:; base-uri 'none'; form-action 'none'`,
  );
  assertEquals(
    doc.includes('<main id="mcc-root" data-mcc-mode="standalone" data-mcc-card-id="card-1">'),
    true,
  );
});

Deno.test("the ceiling judges one input alike for every host, article or not", async () => {
  // Without the article a plain client's result would fit; it is refused all the same.
  const tabs = [{ label: "a", text: "some text ".repeat(380) }];
  const texts: string[] = [];
  for (const apps of [true, false]) {
    await using client = await connect({ apps, resultLimit: 4_000 });
    const result = await client.callTool({ name: "create_tab_card", arguments: { title: "Big", tabs } });
    assertEquals(result.isError, true, `apps=${apps}: accepted`);
    texts.push(textOf(result));
  }
  // Measured with the article either way; only the plain client's link adds to its size.
  for (const text of texts) {
    assertEquals(/^Card is too large: the result is [\d,]+ characters/.test(text), true, text);
  }
});

Deno.test("tools/list schemas leave out what tells a host nothing: $schema and the safe-integer bounds", async () => {
  await using client = await connect();
  const listed = JSON.stringify((await client.listTools()).tools);
  assertEquals(listed.includes('"$schema"'), false);
  assertEquals(listed.includes("9007199254740991"), false, "maximum: Number.MAX_SAFE_INTEGER");
  assertEquals(listed.includes("-9007199254740991"), false, "minimum: Number.MIN_SAFE_INTEGER");
});
