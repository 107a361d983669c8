/**
 * HTTP under Deno as users run it: `deno run` with the binary's flags plus --http, a real process
 * on a loopback socket, the smoke suite through the SDK's Streamable HTTP client, then SIGTERM.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { assertSameAsReference, smokeOver } from "../smoke/suite.ts";
import { denoRunArgs, httpTransport, startHttp } from "../smoke/targets.ts";
import { errorMessage, initializeBody, post } from "./helpers.ts";

const TOKEN = "smoke-token-0123456789";

Deno.test("http under deno run: the smoke suite matches the reference; SIGTERM stops it cleanly", async () => {
  const server = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0"]));
  try {
    await assertSameAsReference(await smokeOver(httpTransport(server.url)), "HTTP under deno run");
  } finally {
    const status = await server.stop();
    assertEquals(status.code, 0, server.stderr());
    assertEquals(
      server.stderr().endsWith("[mcp-chat-cards] Shutting down\n[mcp-chat-cards] Stopped\n"),
      true,
      server.stderr(),
    );
  }
});

Deno.test("http under deno run: SIGINT (Ctrl+C) stops it cleanly too", async () => {
  const server = await startHttp(Deno.execPath(), denoRunArgs(["--http", "--port", "0"]));
  let status: Deno.CommandStatus | undefined;
  try {
    assertEquals((await post(server.url, initializeBody())).status, 200);
  } finally {
    status = await server.stop("SIGINT");
  }
  assertEquals(status.code, 0, server.stderr());
  assertEquals(status.signal, null, server.stderr());
  assertEquals(
    server.stderr().endsWith("[mcp-chat-cards] Shutting down\n[mcp-chat-cards] Stopped\n"),
    true,
    server.stderr(),
  );
});

Deno.test("http on 0.0.0.0 with a token: 401 without it or with a wrong one, the full suite with it", async () => {
  const server = await startHttp(
    Deno.execPath(),
    denoRunArgs(["--http", "--host", "0.0.0.0", "--port", "0"]),
    {
      env: { MCP_CHAT_CARDS_HTTP_TOKEN: TOKEN },
    },
  );
  try {
    assertEquals(server.url.hostname, "0.0.0.0");
    const url = new URL(server.url.href.replace("0.0.0.0", "127.0.0.1")); // traffic stays on loopback
    const missing = await post(url, initializeBody());
    assertEquals(missing.status, 401);
    assertEquals(missing.headers.get("www-authenticate"), 'Bearer realm="mcp-chat-cards"');
    assertEquals(
      errorMessage(missing.json),
      "Unauthorized: send the header Authorization: Bearer <token> with the server's MCP_CHAT_CARDS_HTTP_TOKEN",
    );
    const wrong = await post(url, initializeBody(), { Authorization: `Bearer ${TOKEN}x` });
    assertEquals(wrong.status, 401);
    assertEquals(
      wrong.headers.get("www-authenticate"),
      'Bearer realm="mcp-chat-cards", error="invalid_token"',
    );
    assertEquals(
      errorMessage(wrong.json),
      "Unauthorized: the bearer token does not match the server's MCP_CHAT_CARDS_HTTP_TOKEN",
    );
    const card = await fetch(new URL("mcp/server-card", url.origin + "/"));
    assertEquals(card.status, 200);
    assertDeep((await card.json()).remotes[0].headers[0].name, "Authorization");
    const transcript = await smokeOver(httpTransport(url, { Authorization: `Bearer ${TOKEN}` }));
    await assertSameAsReference(transcript, "HTTP on 0.0.0.0 with a token");
  } finally {
    assertEquals((await server.stop()).code, 0);
  }
});
