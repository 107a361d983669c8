/**
 * Mirrored forms over Streamable HTTP: a session keeps its own forms (another session cannot
 * submit them), and stateless 2026-07-28 clients, served by a fresh server per request, share one
 * store whose form ids are random. The site is on loopback, so the operator's switch
 * (MCP_CHAT_CARDS_ALLOW_PRIVATE) is on, exactly as a user fetching from their own network would set it.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { textOf } from "../helpers.ts";
import { site } from "../tools/web_fixtures.ts";
import { httpClient, serveApp } from "./helpers.ts";

const PAGE = `<title>Join</title><main><h2>Join the list</h2><form action="/join" method="post">
  <label for="e">Email</label><input id="e" type="email" name="email" required>
  <input type="hidden" name="list" value="weekly"><button>Join</button></form></main>`;

Deno.test("http: mirrored forms belong to their session; stateless clients share them by random id", async () => {
  await using web = await site({
    "/": PAGE,
    "/join": "<title>Welcome</title><main><p>You are on the list.</p></main>",
  });
  await using served = await serveApp({ allowPrivate: true });
  const mirror = { name: "mirror_web_form", arguments: { url: `${web.origin}/` } };
  const values = { email: "ada@example.org" };

  await using alice = await httpClient(served.url);
  await using bob = await httpClient(served.url);
  const formId = ((await alice.callTool(mirror)).structuredContent as { form: { id: string } }).form.id;
  assertEquals(/^wf-[0-9a-f-]{36}$/.test(formId), true, formId);
  const stranger = await bob.callTool({ name: "submit_web_form", arguments: { formId, values } });
  assertEquals(textOf(stranger).startsWith(`Form "${formId}" is not known`), true);
  const own = await alice.callTool({ name: "submit_web_form", arguments: { formId, values } });
  assertEquals(
    textOf(own).split("\n")[0].endsWith(
      "HTTP 200 OK. The website accepted it (check the page text below to be sure).",
    ),
    true,
  );

  await using modern = await httpClient(served.url, { pin: "2026-07-28" });
  const statelessId = ((await modern.callTool(mirror)).structuredContent as { form: { id: string } }).form.id;
  const sent = await modern.callTool({ name: "submit_web_form", arguments: { formId: statelessId, values } });
  assertEquals((sent.structuredContent as { title: string }).title, "Welcome");
  const posts = web.requests.filter((r) => r.method === "POST").map((r) => new TextDecoder().decode(r.body));
  assertEquals(
    posts.join(" | "),
    "email=ada%40example.org&list=weekly | email=ada%40example.org&list=weekly",
  );
});
