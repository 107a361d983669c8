/**
 * MCP_CHAT_CARDS_MEDIA_ORIGINS: the https origins video cards may play from, parsed strictly and
 * declared in the template resource's CSP under the spec's key and ChatGPT's.
 */
import { deepStrictEqual as assertDeep, throws } from "node:assert/strict";
import { ConfigError, parseConfig } from "../../src/config.ts";
import { connect, TEMPLATE_URIS } from "../helpers.ts";

Deno.test("media origins: parsed from the variable and the flag", () => {
  assertDeep(parseConfig([], {}).mediaOrigins, []);
  assertDeep(
    parseConfig([], {
      MCP_CHAT_CARDS_MEDIA_ORIGINS: " https://Media.Example.com/, https://*.cdn.example:8443 ,",
    })
      .mediaOrigins,
    ["https://media.example.com", "https://*.cdn.example:8443"],
  );
  assertDeep(parseConfig(["--media-origins", "https://a.example"], {}).mediaOrigins, ["https://a.example"]);
});

Deno.test("media origins: anything but an https origin stops start-up with one line", () => {
  for (
    const bad of [
      "http://a.example",
      "a.example",
      "https://a.example/path",
      "*",
      "https://a.example?x",
      "data:",
    ]
  ) {
    throws(() => parseConfig([], { MCP_CHAT_CARDS_MEDIA_ORIGINS: bad }), (e: Error) => {
      assertDeep([e instanceof ConfigError, e.message], [
        true,
        `MCP_CHAT_CARDS_MEDIA_ORIGINS must list https origins such as https://media.example.com, got "${bad}"`,
      ]);
      return true;
    });
  }
});

Deno.test("media origins: declared in the template's CSP for MCP Apps hosts and ChatGPT", async () => {
  await using client = await connect({
    mediaOrigins: ["https://media.example.com", "https://*.cdn.example"],
  });
  const meta = {
    ui: {
      csp: { resourceDomains: ["data:", "https://media.example.com", "https://*.cdn.example"] },
      prefersBorder: false,
    },
    "openai/widgetCSP": {
      connect_domains: [],
      resource_domains: ["https://media.example.com", "https://*.cdn.example"],
    },
  };
  const { resources } = await client.listResources();
  for (const uri of TEMPLATE_URIS) {
    assertDeep(resources.find((r) => r.uri === uri)?._meta, meta, uri);
    const { contents } = await client.readResource({ uri });
    assertDeep(contents[0]._meta, meta, uri);
  }
});
