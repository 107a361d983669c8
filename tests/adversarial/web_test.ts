/**
 * Adversarial pages against the web tools through a real MCP client and real loopback sites:
 * label lookups that grow with the page, controls a `form` attribute gives to another form, form
 * field names that collide with Object.prototype, and redirects whose bodies never end.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { createFetcher } from "../../src/net/fetch.ts";
import { textOf } from "../helpers.ts";
import { listen } from "../net/servers.ts";
import { site, structured, webClient } from "../tools/web_fixtures.ts";
import { assertScalesLinearly } from "./probe.ts";

type Mirrored = { form: { id: string; fields: { name: string }[] } };

Deno.test("adversarial: form labels resolve in linear time however many controls share one", async () => {
  // Every control names the same large label three ways: aria-labelledby (to an element, and to
  // an id that does not exist), <label for> (duplicate ids) and a wrapping <label>.
  const page = (n: number) =>
    `<title>Big</title><p id="big">${"word ".repeat(n)}</p><label for="x">${"name ".repeat(n)}</label>` +
    `<form action="/go"><label>${"wrap ".repeat(n)}` +
    `<input id="x" name="a" aria-labelledby="missing big">`.repeat(n) + `</label></form>`;
  await using web = await site({ "/1": page(300), "/10": page(3_000) });
  await using client = await webClient([web.origin]);
  await assertScalesLinearly("mirror_web_form labels", async (scale) => {
    const r = await client.callTool({
      name: "mirror_web_form",
      arguments: { url: `${web.origin}/${scale}` },
    });
    // 200 fields (the most read) of 200-character labels: refused for size, after every label was read.
    assertEquals(textOf(r).startsWith("Card is too large: the result is "), true, textOf(r));
  });
});

Deno.test("adversarial: a control whose form attribute names another form is submitted by that form only", async () => {
  const page = `<title>Two forms</title>
    <form id="a" action="/a" method="post"><input name="q" aria-label="Query">
      <input name="plan" form="b" value="gold" aria-label="Plan"><input name="gone" form="nowhere" aria-label="Gone"></form>
    <form id="b" action="/b" method="post"><input name="email" aria-label="Email"></form>`;
  await using web = await site({ "/p": page, "/a": "<title>A</title>", "/b": "<title>B</title>" });
  await using client = await webClient([web.origin]);
  const mirror = async (form: string) => {
    const r = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/p`, form } });
    assertEquals(r.isError, undefined, textOf(r));
    return (structured(r) as unknown as Mirrored).form;
  };
  const a = await mirror("a");
  assertDeep(a.fields.map((f) => f.name), ["q"]);
  const b = await mirror("b");
  assertDeep(b.fields.map((f) => f.name), ["plan", "email"]); // tree order, as Chromium posts them
  const sent = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: a.id, values: { q: "x" } },
  });
  assertEquals(sent.isError, undefined, textOf(sent));
  assertEquals(new TextDecoder().decode(web.requests.at(-1)!.body), "q=x");
});

Deno.test("adversarial: form fields named like Object.prototype members keep the page's defaults", async () => {
  const page = `<title>Proto</title><form action="/go" method="post">
    <input name="constructor" value="page default" aria-label="Constructor">
    <input name="toString" aria-label="To string"><input name="__proto__" value="p" aria-label="Proto">
    <input name="email" aria-label="Email"></form>`;
  await using web = await site({ "/p": page, "/go": "<title>Done</title>" });
  await using client = await webClient([web.origin]);
  const r = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/p` } });
  assertEquals(r.isError, undefined, textOf(r));
  const formId = (structured(r) as unknown as Mirrored).form.id;
  const sent = await client.callTool({
    name: "submit_web_form",
    arguments: { formId, values: { email: "a@example.org" } },
  });
  assertEquals(sent.isError, undefined, textOf(sent));
  assertEquals(
    new TextDecoder().decode(web.requests.at(-1)!.body),
    "constructor=page+default&toString=&__proto__=p&email=a%40example.org",
  );
});

Deno.test("adversarial: a redirect whose body never ends does not keep its connection open", async () => {
  const closed: Promise<void>[] = [];
  const server = await listen((req, res) => {
    if (req.url === "/start") {
      closed.push(new Promise((resolve) => res.on("close", () => resolve())));
      res.writeHead(302, { location: "/final", "content-type": "text/html" });
      res.write("<p>".repeat(1_000)); // and never ends
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("done");
  });
  try {
    const fetcher = createFetcher({ allowPrivate: false }, { origins: [server.origin] });
    const page = await fetcher.fetch({ url: `${server.origin}/start` });
    assertEquals(page.text, "done");
    // Before the fix the hop's socket stayed open until the site chose to close it: this waited forever.
    await Promise.all(closed);
    assertEquals(closed.length, 1);
  } finally {
    await server.close();
  }
});

Deno.test("adversarial: fetch_reference fits a page of 600 small tables instead of refusing it", async () => {
  const table = (i: number) =>
    `<table><tr><th>h${i}</th></tr>` + "<tr><td>r</td></tr>".repeat(9) + "</table>";
  const page = `<title>Tables</title><main>${
    Array.from({ length: 600 }, (_, i) => table(i)).join("")
  }</main>`;
  await using web = await site({ "/t": page });
  await using client = await webClient([web.origin]);
  const r = await client.callTool({ name: "fetch_reference", arguments: { url: `${web.origin}/t` } });
  assertEquals(r.isError, undefined, textOf(r));
  const size = JSON.stringify({ content: r.content, structuredContent: r.structuredContent }).length;
  assertEquals(size <= 40_000, true, `result is ${size} characters`);
  const { tables, truncated } = structured(r) as { tables: unknown[]; truncated: string[] };
  // Every cut table is named in one line, not one line each.
  assertEquals(tables.length, 300);
  assertDeep(truncated, ["tables: the first 300 of 600", "300 tables: the first 4 rows of each"]);
});
