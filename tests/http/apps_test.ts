/**
 * Over HTTP the MCP Apps decision follows the client's declared capabilities in both protocol
 * eras: per session (2025 family, from initialize) and per request (2026-07-28, from the
 * request's _meta envelope). Apps clients get no fallback link; others do.
 */
import { deepStrictEqual as assertDeep } from "node:assert/strict";
import { APPS_CAPABILITIES } from "../helpers.ts";
import { httpClient, serveApp } from "./helpers.ts";

const TABLE = { title: "T", headers: ["a"], rows: [["1"]] };

for (const pin of [undefined, "2026-07-28"]) {
  Deno.test(`http ${pin ?? "2025 session"}: the Apps capability decides the fallback link`, async () => {
    await using served = await serveApp();
    const withoutMime = { extensions: { "io.modelcontextprotocol/ui": {} } };
    for (
      const [capabilities, apps] of [[APPS_CAPABILITIES, true], [{}, false], [withoutMime, false]] as const
    ) {
      await using client = await httpClient(served.url, { pin, capabilities });
      const result = await client.callTool({ name: "create_table_card", arguments: TABLE });
      const types = (result.content as { type: string }[]).map((c) => c.type);
      assertDeep(types, apps ? ["text"] : ["text", "resource_link"], JSON.stringify(capabilities));
    }
  });
}
