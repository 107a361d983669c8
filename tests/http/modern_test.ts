/**
 * Protocol 2026-07-28 over Streamable HTTP with the official v2 client in that mode: discovery
 * (`server/discover`), list TTLs, the Mcp-Method / Mcp-Name headers that must agree with the body,
 * and GET answered 405 (no standalone stream). Every exchange is recorded off the client's own
 * fetch, so the raw checks replay exactly what the SDK sends. Cards read across replicas without
 * a session: tests/http/replicas_test.ts.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { VERSION } from "../../src/version.ts";
import { APPS_CAPABILITIES } from "../helpers.ts";
import { serveApp } from "./helpers.ts";

type Json = Record<string, unknown>;
type Exchange = { headers: Headers; body: Json; status: number; reply: Json | undefined };

/** A client pinned to 2026-07-28 whose every POST and answer is kept in `log`. */
async function modernClient(url: URL, log: Exchange[]): Promise<Client> {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method === "POST" && typeof init.body === "string") {
      const text = await response.clone().text();
      const json = text.startsWith("{") ? JSON.parse(text) : parseSse(text);
      log.push({
        headers: new Headers(init.headers),
        body: JSON.parse(init.body),
        status: response.status,
        reply: json,
      });
    }
    return response;
  };
  const client = new Client({ name: "modern-test", version: "1.0.0" }, {
    capabilities: APPS_CAPABILITIES,
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  } as never);
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: recording }));
  return client;
}

function parseSse(text: string): Json | undefined {
  const data = text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5)).join("");
  return data ? JSON.parse(data) : undefined;
}

const find = (log: Exchange[], method: string) => log.find((e) => e.body.method === method)!;

Deno.test("2026-07-28 over HTTP: discovery, list TTLs, header checks and GET 405", async (t) => {
  await using served = await serveApp();
  const log: Exchange[] = [];
  const client = await modernClient(served.url, log);
  try {
    await t.step("connect discovers the server with server/discover, no initialize", () => {
      assertEquals(log.map((e) => e.body.method).includes("initialize"), false);
      const discover = find(log, "server/discover");
      assertEquals(discover.status, 200);
      const found = client.getDiscoverResult() as Json | undefined;
      assertEquals(found?.supportedVersions, ["2026-07-28"]);
      assertEquals((found?._meta as Json)["io.modelcontextprotocol/serverInfo"], {
        name: "mcp-chat-cards",
        version: VERSION,
      });
      const result = discover.reply!.result as Json;
      assertEquals([result.ttlMs, result.cacheScope], [3_600_000, "public"]);
    });

    await t.step(
      "list TTLs: tools and templates for an hour, anyone; the card list private, uncached",
      async () => {
        await client.listTools();
        await client.listResources();
        await client.listResourceTemplates();
        const hint = (method: string) => {
          const result = find(log, method).reply!.result as Json;
          return [result.ttlMs, result.cacheScope];
        };
        assertEquals(hint("tools/list"), [3_600_000, "public"]);
        assertEquals(hint("resources/templates/list"), [3_600_000, "public"]);
        assertEquals(hint("resources/list"), [0, "private"]);
        await client.readResource({ uri: "ui://mcp-chat-cards/template/table.html" });
        assertEquals(hint("resources/read"), [3_600_000, "public"]);
      },
    );

    await t.step("Mcp-Method and Mcp-Name must agree with the body", async () => {
      await client.callTool({
        name: "create_table_card",
        arguments: { title: "T", headers: ["a"], rows: [["1"]] },
      });
      const call = find(log, "tools/call");
      assertEquals(
        [call.headers.get("mcp-method"), call.headers.get("mcp-name"), call.status],
        ["tools/call", "create_table_card", 200],
      );
      for (const [name, value] of [["mcp-method", "tools/list"], ["mcp-name", "create_chart_card"]]) {
        const headers = new Headers(call.headers);
        headers.set(name, value);
        const response = await fetch(served.url, {
          method: "POST",
          headers,
          body: JSON.stringify(call.body),
        });
        const json = await response.json();
        assertEquals([response.status, json.error?.code], [400, -32020], `${name}: ${value}`);
      }
    });

    await t.step("GET (a standalone stream) is answered 405", async () => {
      const response = await fetch(served.url, {
        headers: { accept: "text/event-stream", "mcp-protocol-version": "2026-07-28" },
      });
      await response.body?.cancel();
      assertEquals(response.status, 405);
    });
  } finally {
    await client.close();
  }
});
