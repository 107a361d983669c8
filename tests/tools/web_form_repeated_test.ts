/**
 * Controls that share a name (rows of `items[][qty]`, `tags[]` twice, two selects named `size`,
 * checkbox groups spread over rows, a multiple select): the card shows every one, each under the
 * name submit_web_form takes, and the website receives every value in the order a browser posts
 * them, hidden fields and the button where they stand. (tests/browser/web_form_order_test.ts
 * checks the same body against what Chromium itself posts.)
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { textOf } from "../helpers.ts";
import {
  BUTTON_BODY,
  BUTTON_PAGE,
  REPEATED_BODY,
  REPEATED_PAGE,
  REPEATED_VALUES,
  urlencoded,
} from "./web_form_repeated.ts";
import { CHARSET_CASES, CHARSET_ROUTES } from "./web_form_charset.ts";
import { encodeIn, encodingName, formEncoding } from "../../src/tools/_charset.ts";
import { site, structured, webClient } from "./web_fixtures.ts";

Deno.test("repeated names: every control in the card, every value posted in the browser's order", async () => {
  await using web = await site({ "/order": REPEATED_PAGE });
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/order` },
  });
  assertEquals(mirrored.isError, undefined, textOf(mirrored));
  const form = structured(mirrored).form as { id: string; fields: { name: string; label: string }[] };
  assertDeep(form.fields.map((f) => [f.name, f.label]), [
    ["pick[]", "Pick"],
    ["items[][qty]", "Quantity of apples"],
    ["items[][qty] #2", "Quantity of bananas"],
    ["tags[]", "Tag"],
    ["tags[] #2", "Tag #2"],
    ["size", "First shirt"],
    ["size #2", "Second shirt"],
    ["top", "Toppings"],
  ]);
  const html = (structured(mirrored).card as { articleHtml: string }).articleHtml;
  for (const name of ["items[][qty] #2", "tags[] #2", "size #2"]) {
    assertEquals(html.includes(`name="${name}"`), true, name);
  }

  const result = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: form.id, values: REPEATED_VALUES },
  });
  assertEquals(result.isError, undefined, textOf(result));
  const post = web.requests.find((r) => r.method === "POST")!;
  assertDeep(urlencoded(post), REPEATED_BODY);

  // Left out, each control keeps its own default, still in order.
  await client.callTool({ name: "submit_web_form", arguments: { formId: form.id, values: {} } });
  assertDeep(urlencoded(web.requests.at(-1)!), [
    ["items[][sku]", "A-1"],
    ["pick[]", "A-1"],
    ["items[][qty]", "1"],
    ["items[][sku]", "B-2"],
    ["items[][qty]", "1"],
    ["tags[]", ""],
    ["tags[]", ""],
    ["size", "S"],
    ["size", "S"],
    ["tail", "end"],
    ["go", "1"],
  ]);
});

Deno.test("repeated names: an unknown alias is refused with the card's names", async () => {
  await using web = await site({ "/order": REPEATED_PAGE });
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/order` },
  });
  const { id } = structured(mirrored).form as { id: string };
  const result = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: id, values: { "tags[] #3": "x" } },
  });
  assertEquals(result.isError, true);
  assertEquals(
    textOf(result),
    'Invalid "values.tags[] #3": the form has no such field\nIts fields are "pick[]", "items[][qty]", "items[][qty] #2", "tags[]", "tags[] #2", "size", "size #2", "top"',
  );
  assertEquals(web.requests.filter((r) => r.method === "POST").length, 0);
});

Deno.test("the default button's formaction, formmethod and formenctype decide where and how the form goes", async () => {
  await using web = await site({ "/search": BUTTON_PAGE, "/right": "<title>Found</title><p>3 results</p>" });
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/search`, form: "f" },
  });
  assertEquals(mirrored.isError, undefined, textOf(mirrored));
  assertEquals(
    textOf(mirrored).split("\n")[1],
    `It submits by POST, application/x-www-form-urlencoded to "${web.origin}/right?keep=yes"; 1 hidden field and the action stay on the server.`,
  );
  const { id } = structured(mirrored).form as { id: string };
  const sent = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: id, values: { q: "knee" } },
  });
  assertEquals(sent.isError, undefined, textOf(sent));
  const post = web.requests.at(-1)!;
  assertDeep([post.method, post.url], ["POST", "/right?keep=yes"]);
  assertDeep(urlencoded(post), BUTTON_BODY);
  // The select without options takes no value, as it sends none.
  const refused = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: id, values: { empty: "x" } },
  });
  assertEquals(
    textOf(refused),
    'Invalid "values.empty": the page gives this list no options, so it takes no value\nLeave it out',
  );
});

Deno.test("a dialog form is refused: it closes a dialog and sends nothing", async () => {
  await using web = await site({ "/search": BUTTON_PAGE });
  await using client = await webClient([web.origin]);
  const refused = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/search`, form: "d" },
  });
  assertEquals(
    textOf(refused),
    `Cannot mirror form 2 of "${web.origin}/search": its method is "dialog": it only closes a dialog in the page and sends nothing\nPick another form, or fill this one in on the website`,
  );
});

Deno.test("a default button whose formaction is not http(s) makes the form unsendable", async () => {
  await using web = await site({
    "/js":
      `<form action="/ok"><input name="q" aria-label="Q"><button formaction="javascript:alert(1)">Go</button></form>`,
  });
  await using client = await webClient([web.origin]);
  const refused = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/js` } });
  assertEquals(
    textOf(refused),
    `Cannot mirror form 1 of "${web.origin}/js": its action is not a plain http or https URL (one without a user name or password), so it cannot be submitted\nPick another form, or fill this one in on the website`,
  );
});

Deno.test("an http action carrying a user name or password is refused in words that say so, not as a non-http URL", async () => {
  let port = "";
  await using web = await site({
    "/user": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<form action="http://user:pw@127.0.0.1:${port}/ok" method="post"><input name="q" aria-label="Q"></form>`,
      );
    },
  });
  port = new URL(web.origin).port;
  await using client = await webClient([web.origin]);
  const refused = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/user` },
  });
  assertEquals(
    textOf(refused),
    `Cannot mirror form 1 of "${web.origin}/user": its action is not a plain http or https URL (one without a user name or password), so it cannot be submitted\nPick another form, or fill this one in on the website`,
  );
});

Deno.test("a field named __proto__ goes by __proto__ #1, and a bare __proto__ value is refused, not dropped", async () => {
  const page = `<title>Proto</title><form action="/go" method="post">
    <input name="__proto__" value="p" aria-label="Proto"><input name="__proto__" aria-label="Again"></form>`;
  await using web = await site({ "/p": page, "/go": "<title>Done</title>" });
  await using client = await webClient([web.origin]);
  const mirrored = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/p` } });
  const form = structured(mirrored).form as { id: string; fields: { name: string }[] };
  assertDeep(form.fields.map((f) => f.name), ["__proto__ #1", "__proto__ #2"]);
  const sent = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: form.id, values: { "__proto__ #1": "mine", "__proto__ #2": "too" } },
  });
  assertEquals(sent.isError, undefined, textOf(sent));
  assertEquals(new TextDecoder().decode(web.requests.at(-1)!.body), "__proto__=mine&__proto__=too");

  const before = web.requests.length;
  const refused = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: form.id, values: JSON.parse('{"__proto__": "mine"}') },
  });
  assertEquals(
    textOf(refused),
    'Input validation error: Invalid arguments for tool submit_web_form: values.__proto__: the name "__proto__" cannot be used',
  );
  assertEquals(web.requests.length, before);
});

Deno.test("a legacy-encoded page's forms are sent in its encoding, or in the one accept-charset names", async () => {
  await using web = await site(CHARSET_ROUTES);
  await using client = await webClient([web.origin]);
  const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes); // one character per byte
  for (const c of CHARSET_CASES) {
    const mirrored = await client.callTool({
      name: "mirror_web_form",
      arguments: { url: `${web.origin}${c.page}`, form: c.form },
    });
    const { id } = structured(mirrored).form as { id: string };
    assertEquals(
      textOf(mirrored).split("\n")[1].startsWith(`It submits by ${c.line} to `),
      true,
      textOf(mirrored),
    );
    const sent = await client.callTool({
      name: "submit_web_form",
      arguments: { formId: id, values: { q: c.typed } },
    });
    assertEquals(sent.isError, undefined, textOf(sent));
    const request = web.requests.at(-1)!;
    assertEquals(request.url, c.url);
    if (c.body !== undefined) assertEquals(latin1(request.body), c.body, c.form);
  }
  const multipart = latin1(web.requests.find((r) => r.url === "/m")!.body);
  assertEquals(multipart.includes('name="q"\r\n\r\ncaf\u00e9 \u0096 &#28450;\r\n'), true, multipart);
  // ISO-2022-JP: half-width ｶﾞ as full-width カ゛, back to ASCII at the end of the value.
  const iso = latin1(web.requests.find((r) => r.url === "/im")!.body);
  assertEquals(iso.includes('name="q"\r\n\r\n\u001b$B%+!+4A\u001b(B \u001b(J\\\u001b(B\r\n'), true, iso);
});

Deno.test("the encoding a form goes in: accept-charset's first usable label, else the page's; UTF-16 sends UTF-8", () => {
  assertDeep(
    [
      formEncoding(undefined, undefined),
      formEncoding(undefined, "windows-1252"),
      formEncoding("bogus  koi8-r utf-8", "windows-1252"),
      formEncoding("bogus", "windows-1252"),
      formEncoding("", "shift_jis"),
      formEncoding(undefined, "utf-16le"),
      formEncoding("UTF-16", "windows-1252"),
    ],
    ["utf-8", "windows-1252", "koi8-r", "utf-8", "utf-8", "utf-8", "utf-8"],
  );
  assertDeep(
    ["utf-8", "shift_jis", "iso-8859-5", "windows-1252", "gbk"].map(encodingName),
    ["UTF-8", "Shift_JIS", "ISO-8859-5", "windows-1252", "GBK"],
  );
});

Deno.test("ISO-2022-JP: half-width katakana from U+FF61 to U+FF9F are sent full width; their neighbours as references", () => {
  const hex = (text: string) =>
    [...encodeIn(text, "iso-2022-jp")].map((b) => b.toString(16).padStart(2, "0")).join(" ");
  assertDeep(["\uff60", "｡", "ｱ", "ﾞ", "ﾟ", "\uffa0", "¥", "‾"].map(hex), [
    "26 23 36 35 33 37 36 3b", // &#65376;
    "1b 24 42 21 23 1b 28 42", // 。
    "1b 24 42 25 22 1b 28 42", // ア
    "1b 24 42 21 2b 1b 28 42", // ゛
    "1b 24 42 21 2c 1b 28 42", // ゜
    "26 23 36 35 34 34 30 3b", // &#65440;
    "1b 28 4a 5c 1b 28 42", // ¥ in JIS X 0201 Roman
    "1b 28 4a 7e 1b 28 42", // ‾ in JIS X 0201 Roman
  ]);
});
