/**
 * Every card result carries `_meta.viewUUID` (the ext-apps pattern for state that survives a
 * reload): a fresh random UUID per call, also for the same input, for MCP Apps and plain clients,
 * through get_card, and with the mirrored web form's extra structured content.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { connect, textOf } from "../helpers.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TABLE = { title: "Population", headers: ["Country", "People"], rows: [["Japan", "125000000"]] };

function viewUuid(result: { _meta?: Record<string, unknown> }): string {
  const keys = Object.keys(result._meta ?? {});
  assertDeep(keys, ["viewUUID"]);
  const id = result._meta!.viewUUID as string;
  assertEquals(UUID.test(id), true, `not a v4 UUID: ${id}`);
  return id;
}

Deno.test("card results carry a fresh _meta.viewUUID on every call", async () => {
  await using apps = await connect();
  await using plain = await connect({ apps: false });
  const ids = [];
  for (const client of [apps, apps, plain]) {
    const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
    assertEquals(result.isError, undefined, textOf(result));
    ids.push(viewUuid(result));
  }
  assertEquals(new Set(ids).size, 3, `repeated: ${ids.join(", ")}`);

  const pulled = await apps.callTool({
    name: "get_card",
    arguments: { tool: "create_table_card", arguments: TABLE },
  });
  assertEquals(ids.includes(viewUuid(pulled)), false);
});

Deno.test("a card refused after it was built carries no viewUUID", async () => {
  await using client = await connect({ resultLimit: 4_000 });
  const tabs = [{ label: "Long", text: "word ".repeat(2_000) }, { label: "Short", text: "Done." }];
  const result = await client.callTool({ name: "create_tab_card", arguments: { title: "Big", tabs } });
  assertEquals(result.isError, true);
  assertEquals(
    textOf(result),
    "Card is too large: the result is 11,653 characters, 7,653 over the 4,000-character ceiling (MCP_CHAT_CARDS_RESULT_LIMIT)\n" +
      "Split the content across several smaller cards or shorten long text (the user may raise MCP_CHAT_CARDS_RESULT_LIMIT if the host accepts larger results)",
  );
  assertEquals(result._meta, undefined);
});
