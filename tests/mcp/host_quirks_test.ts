/**
 * Server-side host quirks, through a real client: hosts whose forms send optional objects and
 * lists left blank, and hosts that declare the MCP Apps extension per request under the call's
 * `_meta` rather than at initialize. Neither may cost the user the card.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { APPS_CAPABILITIES, connect, textOf } from "../helpers.ts";

const TABLE = { title: "Runtimes", headers: ["Name", "Engine"], rows: [["Deno", "V8"]] };

Deno.test("a form's blank optional object and list are taken as absent", async () => {
  await using client = await connect();
  const chart = { title: "Sales", type: "bar", labels: ["Q1"], series: [{ name: "Revenue", values: [3] }] };
  const cases = [
    { name: "create_table_card", args: TABLE, blank: { extras: {} } },
    { name: "create_chart_card", args: chart, blank: { x: [] } },
  ];
  for (const { name, args, blank } of cases) {
    await using plain = await connect();
    const expected = await plain.callTool({ name, arguments: args });
    assertEquals(expected.isError, undefined, textOf(expected));
    await using again = await connect();
    const result = await again.callTool({ name, arguments: { ...args, ...blank } });
    assertEquals(result.isError, undefined, JSON.stringify(blank));
    // the same card as without the blank (fresh servers count ids alike)
    assertEquals(result.structuredContent, expected.structuredContent, JSON.stringify(blank));
  }
  // A blank only counts at the top: an object with a blank list inside is still refused by name.
  const nested = await client.callTool({
    name: "create_table_card",
    arguments: { ...TABLE, extras: { menu: [] } },
  });
  assertEquals(
    [nested.isError, textOf(nested)],
    [
      true,
      "Input validation error: Invalid arguments for tool create_table_card: extras.menu: expected an object, got a list",
    ],
  );
});

Deno.test("a host that declares the Apps extension per request under _meta gets the card", async () => {
  await using client = await connect({ apps: false });
  const session = await client.callTool({ name: "create_table_card", arguments: TABLE });
  const perRequest = await client.callTool({
    name: "create_table_card",
    arguments: TABLE,
    _meta: { "io.modelcontextprotocol/clientCapabilities": APPS_CAPABILITIES },
  });
  const types = (r: typeof session) => (r.content as { type: string }[]).map((c) => c.type);
  const html = (r: typeof session) =>
    typeof (r.structuredContent as { card: { articleHtml?: string } }).card.articleHtml;
  assertEquals([types(session), html(session)], [["text", "resource_link"], "undefined"]);
  assertEquals([types(perRequest), html(perRequest)], [["text"], "string"]);
});
