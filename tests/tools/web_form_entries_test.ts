/**
 * submit_web_form builds the browser's entry list: for each page of web_form_entries.ts, the
 * mirrored outline lists the form's own controls in tree order (wherever a `form` attribute puts
 * them), and the request carries exactly the bytes Chromium sends for the same page and values
 * (tests/browser/web_form_entries_test.ts checks Chromium still does).
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { textOf } from "../helpers.ts";
import { ENTRY_CASES, ENTRY_PAGES, pageOf } from "./web_form_entries.ts";
import { site, structured, webClient } from "./web_fixtures.ts";

for (const c of ENTRY_CASES) {
  Deno.test(`entry list: ${c.name}`, async () => {
    await using web = await site(ENTRY_PAGES);
    await using client = await webClient([web.origin]);
    const mirrored = await client.callTool({
      name: "mirror_web_form",
      arguments: { url: `${web.origin}${pageOf(c)}`, form: c.form },
    });
    assertEquals(mirrored.isError, undefined, textOf(mirrored));
    const form = structured(mirrored).form as { id: string; fields: { name: string }[] };
    assertDeep(form.fields.map((f) => f.name), c.fields);
    const sent = await client.callTool({
      name: "submit_web_form",
      arguments: { formId: form.id, values: c.fill ?? {} },
    });
    assertEquals(sent.isError, undefined, textOf(sent));
    const req = web.requests.at(-1)!;
    const type = String(req.headers["content-type"] ?? "");
    const boundary = /boundary=(.*)$/.exec(type)?.[1];
    const plain = (text: string) => boundary === undefined ? text : text.replaceAll(boundary, "B");
    assertEquals(req.url, c.url);
    assertEquals(plain(type), c.type);
    assertEquals(plain(new TextDecoder("latin1").decode(req.body)), c.body);
  });
}

Deno.test("entry list: a select showing a disabled “Choose…” is the card's placeholder and sends nothing", async () => {
  await using web = await site(ENTRY_PAGES);
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/e/controls`, form: "f" },
  });
  const form = structured(mirrored).form as { id: string };
  const html = JSON.stringify(mirrored);
  assertEquals(html.includes('<option value=\\"\\">Choose…</option>'), true, html.slice(0, 3000));
  // The user picks "A": it is sent where the select stands.
  await client.callTool({ name: "submit_web_form", arguments: { formId: form.id, values: { choose: "A" } } });
  assertEquals(
    new TextDecoder().decode(web.requests.at(-1)!.body).split("&").slice(4, 7).join("&"),
    "r=b&choose=A&first=B",
  );
});

Deno.test("entry list: a required file input is refused by name, and nothing is sent", async () => {
  const page = `<title>Upload</title><form action="/up" method="post" enctype="multipart/form-data">
    <input name="q" aria-label="Q"><input type="file" name="cv" required aria-label="Your CV"><button>Send</button></form>`;
  await using web = await site({ "/p": page, "/up": "<p>ok</p>" });
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/p` } });
  const form = structured(mirrored).form as { id: string };
  const before = web.requests.length;
  const sent = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: form.id, values: { q: "x" } },
  });
  assertEquals(sent.isError, true);
  assertEquals(
    textOf(sent),
    'Invalid "values.cv": "Your CV" is required by the form, and file fields are not sent from a chat\nAsk the user to fill in this form on the website itself',
  );
  assertEquals(web.requests.length, before);
});

Deno.test("entry list: a required password field goes with the page's value, and is refused by name when empty", async () => {
  const page = `<title>Login</title><form id="kept" action="/in" method="post">
    <input name="user" aria-label="User"><input type="password" name="pin" value="1234" required aria-label="PIN">
    <button>Go</button></form>
    <form id="empty" action="/in" method="post"><input name="user" aria-label="User">
    <input type="password" name="pw" required aria-label="Password"><button>Go</button></form>`;
  await using web = await site({ "/p": page, "/in": "<p>ok</p>" });
  await using client = await webClient([web.origin]);
  const mirror = async (form: string) => {
    const r = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/p`, form } });
    return (structured(r).form as { id: string }).id;
  };
  const kept = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: await mirror("kept"), values: { user: "ada" } },
  });
  assertEquals(kept.isError, undefined, textOf(kept));
  assertEquals(new TextDecoder().decode(web.requests.at(-1)!.body), "user=ada&pin=1234");
  const formId = await mirror("empty");
  const before = web.requests.length;
  const empty = await client.callTool({
    name: "submit_web_form",
    arguments: { formId, values: { user: "ada" } },
  });
  assertEquals(
    textOf(empty),
    'Invalid "values.pw": "Password" is required by the form, and password fields are not sent from a chat\nAsk the user to fill in this form on the website itself',
  );
  assertEquals(web.requests.length, before);
});
