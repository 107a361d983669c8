/**
 * mirror_web_form through a real MCP client against saved pages on a loopback site: the card
 * (golden HTML), its summary and structured form, the form remembered server-side, picking among
 * several forms, and the refusals. Rewrite the golden with `-- --update`.
 */
import { extractPage } from "../../src/web/extract.ts";
import { cardField } from "../../src/tools/mirror_web_form.ts";
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { textOf } from "../helpers.ts";
import { savedPage, site, structured, webClient } from "./web_fixtures.ts";

const GOLDEN = new URL("./web_form/", import.meta.url);
const UPDATE = Deno.args.includes("--update");

/** Compares with a golden file; the loopback site's host:port reads "site.test" there. */
function golden(name: string, html: string, host: string): void {
  const actual = html.replaceAll(host, "site.test");
  const file = new URL(name, GOLDEN);
  if (UPDATE) {
    Deno.mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  assertEquals(actual, readFileSync(file, "utf8"));
}

type Card = { card: { articleHtml: string; config: Record<string, string> }; form: Record<string, unknown> };

Deno.test("mirror_web_form: the booking form as a card; action and hidden fields stay on the server", async () => {
  await using web = await site({ "/contact": savedPage("forms.html") });
  await using client = await webClient([web.origin]);
  const url = `${web.origin}/contact`;
  const result = await client.callTool({ name: "mirror_web_form", arguments: { url, form: "booking" } });
  assertEquals(result.isError, undefined, textOf(result));
  const data = structured(result) as unknown as Card;
  golden("booking.html", data.card.articleHtml + "\n", new URL(url).host);
  for (const secret of ["f3a9c1e0", "csrf_token", "P-1042", "appointments/new", "staff_note", "legacy"]) {
    assertEquals(data.card.articleHtml.includes(secret), false, secret);
  }
  assertDeep(data.card.config, {
    id: "card-2",
    kind: "web_form",
    title: "Book an appointment",
    tool: "mirror_web_form",
  });
  assertEquals(
    textOf(result),
    [
      `Mirrored the form the page calls "Book an appointment" from "${url}" as a form card with 10 fields (formId "wf-card-1").`,
      `It submits by POST, multipart/form-data to "${web.origin}/appointments/new"; 3 hidden fields and the action stay on the server.`,
      "When the user submits the card, their values arrive in the chat: show them to the user, and call submit_web_form with formId and values only after the user confirms.",
      `Not in the card (labels as the page gives them): File upload "Referral letter": a card cannot send files.`,
    ].join("\n"),
  );
  assertDeep(data.form, {
    id: "wf-card-1",
    title: "Book an appointment",
    page: url,
    action: `${web.origin}/appointments/new`,
    method: "POST",
    fields: [
      { name: "full_name", label: "Full name", type: "text", required: true },
      { name: "email", label: "Email", type: "email", required: true },
      { name: "phone", label: "Phone (optional)", type: "text" },
      { name: "dob", label: "Date of birth", type: "date" },
      { name: "clinic", label: "Clinic", type: "select", required: true, options: ["n1", "Southbank"] },
      { name: "slot", label: "Preferred time", type: "radio", options: ["am", "pm", "eve"] },
      { name: "contact_by", label: "How may we contact you?", type: "checkboxes", options: ["email", "sms"] },
      { name: "reason", label: "Reason for visit", type: "textarea" },
      { name: "visits", label: "Number of previous visits", type: "number" },
      { name: "consent", label: "I agree to the privacy notice", type: "checkbox", required: true },
    ],
  });
});

Deno.test("mirror_web_form: several forms and no pick lists them; a pick by number, id or name", async () => {
  await using web = await site({ "/contact": savedPage("forms.html") });
  await using client = await webClient([web.origin]);
  const url = `${web.origin}/contact`;
  const mirror = (form?: string) =>
    client.callTool({ name: "mirror_web_form", arguments: form === undefined ? { url } : { url, form } });
  const list = [
    '1. "Form 1" (id "site-search"): 1 field, GET "/search"',
    '2. "Book an appointment" (id "booking", name "booking"): 11 fields, POST "/appointments/new"',
    '3. "Newsletter" (id "news"): 2 fields, POST "/subscribe"',
    '4. "Feedback": 2 fields, GET (no http action)',
  ].join("\n");
  const ambiguous = await mirror();
  assertEquals(ambiguous.isError, true);
  assertEquals(
    textOf(ambiguous),
    `Invalid "form": the page has 4 forms, so say which one:\n${list}\nCall again with "form" set to a number above, or a form's id or name`,
  );
  const missing = await mirror("signup");
  assertEquals(
    textOf(missing),
    `Invalid "form": no form "signup" on the page, which has:\n${list}\nPick a number, id or name above`,
  );
  for (
    const [pick, title] of [["3", "Newsletter"], ["news", "Newsletter"], ["booking", "Book an appointment"], [
      "1",
      "Form 1",
    ]]
  ) {
    const result = await mirror(pick);
    assertEquals((structured(result) as unknown as Card).form.title, title, pick);
  }
  assertEquals(
    textOf(await mirror("4")),
    `Cannot mirror form 4 of "${url}": its action is not a plain http or https URL (one without a user name or password), so it cannot be submitted\nPick another form, or fill this one in on the website`,
  );
});

Deno.test("mirror_web_form: a page without forms, and one whose only fields cannot be mirrored", async () => {
  await using web = await site({
    "/article": savedPage("docs.html"),
    "/upload":
      `<form action="/up" method="post" enctype="multipart/form-data"><input type="file" name="doc"><input type="password" name="pw"><button>Send</button></form>`,
    "/one": `<h2>Join</h2><form action="/join"><input name="email" type="email" aria-label="Email"></form>`,
  });
  await using client = await webClient([web.origin]);
  const mirror = (path: string) =>
    client.callTool({ name: "mirror_web_form", arguments: { url: web.origin + path } });
  assertEquals(
    textOf(await mirror("/article")),
    `No form on "${web.origin}/article"\nPass the URL of the page that shows the form (a sign-up or contact page, say)`,
  );
  assertEquals(
    textOf(await mirror("/upload")),
    `Cannot mirror form 1 of "${web.origin}/upload": it has no field a card can fill in\nPick another form, or fill this one in on the website`,
  );
  const one = await mirror("/one");
  assertEquals((structured(one) as unknown as Card).form.title, "Join");
});

/** Element names a mirrored form card may hold: the red team's list for cards, plus form controls. */
const CARD_TAGS = new Set([
  "article",
  "header",
  "h2",
  "div",
  "p",
  "a",
  "ul",
  "li",
  "span",
  "form",
  "label",
  "input",
  "select",
  "option",
  "textarea",
  "fieldset",
  "legend",
  "button",
  "output",
]);

/** No element outside the list, no handler, style or formaction attribute, no URL but http(s). */
function assertInertForm(html: string): void {
  for (const m of html.matchAll(/<\/?([^\s/>]*)([^>]*)>?/g)) {
    assertEquals(CARD_TAGS.has(m[1].toLowerCase()), true, `element <${m[1]}>`);
    for (const a of m[2].matchAll(/([^\s=/]+)(?:\s*=\s*"([^"]*)")?/g)) {
      const attr = a[1].toLowerCase();
      assertEquals(/^on|^style$|^formaction$|^action$|^srcdoc$/.test(attr), false, `attribute ${attr}`);
      if (attr === "href") assertEquals(/^https?:\/\//.test(a[2]), true, `href ${a[2]}`);
    }
  }
}

Deno.test("mirror_web_form: hostile labels, names and options come out as inert text", async () => {
  const hostile = `"><script>alert(1)</script>`;
  const page = `<title>x</title><form action="/x" onsubmit="evil()">
    <label for="a">${hostile.replace(/</g, "&lt;")}</label>
    <input id="a" name="q&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" placeholder="' onfocus='alert(1)" style="color:red">
    <select name="s"><option value='"><svg onload=alert(1)>'>opt <b>bold</b></option></select>
    <button>Go <img src=x onerror=alert(1)></button><button formaction="javascript:alert(1)">Other</button></form>`;
  await using web = await site({ "/evil": page });
  await using client = await webClient([web.origin]);
  const result = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/evil` } });
  const data = structured(result) as unknown as Card;
  assertInertForm(data.card.articleHtml);
  assertEquals(
    data.card.articleHtml.includes(
      `${
        hostile.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
      }</label>`,
    ),
    true,
  );
  assertDeep((data.form.fields as unknown[]).map((f) => f), [
    { name: `q"><img src=x onerror=alert(1)>`, label: hostile, type: "text" },
    { name: "s", label: "S", type: "select", options: [`"><svg onload=alert(1)>`] },
  ]);
});

Deno.test("mirror_web_form: a form too big for the result ceiling is refused, and not remembered", async () => {
  const fields = Array.from(
    { length: 150 },
    (_, i) => `<label for="f${i}">Question ${i}: ${"why ".repeat(20)}</label><input id="f${i}" name="f${i}">`,
  );
  await using web = await site({ "/long": `<form action="/x">${fields.join("")}</form>` });
  await using client = await webClient([web.origin], { resultLimit: 20_000 });
  const result = await client.callTool({ name: "mirror_web_form", arguments: { url: `${web.origin}/long` } });
  assertEquals(result.isError, true);
  assertEquals(
    /^Card is too large: the result is [\d,]+ characters, [\d,]+ over the 20,000-character ceiling/.test(
      textOf(result),
    ),
    true,
    textOf(result),
  );
  const submit = await client.callTool({
    name: "submit_web_form",
    arguments: { formId: "wf-card-1", values: {} },
  });
  assertEquals(textOf(submit).startsWith(`Form "wf-card-1" is not known`), true);
});

Deno.test("form reading follows nesting to its limit: a control under 255 levels of markup is read, under 256 it is not", () => {
  const fieldsAt = (levels: number) => {
    const html = `<title>t</title><form action="/go">${"<div>".repeat(levels)}<input name="deep">${
      "</div>".repeat(levels)
    }<input name="top"></form>`;
    return extractPage(html, "https://example.org/").forms[0].fields.map((f) => f.name);
  };
  assertDeep(fieldsAt(255), ["deep", "top"]);
  assertDeep(fieldsAt(256), ["top"]);
});

Deno.test("form reading keeps a maxlength of 1 and more, and drops 0, negative and junk", () => {
  const html = `<title>t</title><form action="/go">${
    ["1", "2", "0", "-3", "x", ""].map((n, i) => `<input name="f${i}" maxlength="${n}">`).join("")
  }</form>`;
  const fields = extractPage(html, "https://example.org/").forms[0].fields;
  assertDeep(fields.map((f) => [f.name, f.maxLength]), [
    ["f0", 1],
    ["f1", 2],
    ["f2", undefined],
    ["f3", undefined],
    ["f4", undefined],
    ["f5", undefined],
  ]);
});

Deno.test("the form pointer: a </form> inside each raw-text element is text, and every space ends a tag name", () => {
  const fields = (html: string) =>
    extractPage(`<title>t</title>${html}`, "https://example.org/").forms.map((f) =>
      f.fields.map((x) => x.name)
    );
  for (
    const tag of ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]
  ) {
    const html = `<form action="/a"><input name="x"><${tag} name="t"></form></${tag}><input name="y"></form>`;
    assertDeep([tag, fields(html)], [tag, [tag === "textarea" ? ["x", "t", "y"] : ["x", "y"]]]);
  }
  // A form opened in one table cell owns the controls in the next (a browser's form pointer).
  for (const space of [" ", "\t", "\n", "\f", "\r"]) {
    const html = `<table><tr><td><form action="/a"></td><td><input${space}name="y"></td></tr></table></form>`;
    assertDeep([JSON.stringify(space), fields(html)], [JSON.stringify(space), [["y"]]]);
  }
});

Deno.test("the form pointer: a quote left open runs to the end of the page, and the read still ends", () => {
  const fields = (html: string) =>
    extractPage(`<title>t</title>${html}`, "https://example.org/").forms.map((f) =>
      f.fields.map((x) => x.name)
    );
  assertDeep(fields(`<form action="/a"><input name="x"><input name="y" value="unclosed>`), [["x"]]);
  assertDeep(fields(`<form action="/a"><input name="x" value='half><input name="y"></form>`), [[]]);
});

Deno.test("a number field's bounds, step and value reach the card only when they are finite numbers", () => {
  const field = (spec: Record<string, string>) =>
    cardField(
      { name: "n", label: "N", type: "number", ...spec } as unknown as Parameters<typeof cardField>[0],
    );
  assertDeep(field({ min: "1", max: "10", step: "0.5", value: "3" }), {
    name: "n",
    label: "N",
    type: "number",
    min: 1,
    max: 10,
    step: 0.5,
    default: 3,
  });
  assertDeep(field({ min: "abc", max: "Infinity", step: "0", value: "" }), {
    name: "n",
    label: "N",
    type: "number",
  });
  assertDeep(field({ min: "-5", step: "-1", value: "1e3" }), {
    name: "n",
    label: "N",
    type: "number",
    min: -5,
    default: 1000,
  });
});

Deno.test("the form pointer: tags inside a quoted attribute value, either quote, are text", () => {
  const html = `<title>t</title><form action="/a"><input name="x" value="1><form action=/b>2">` +
    `<input name="y" value='3></form><input name=z>'><input name="w"></form>`;
  const forms = extractPage(html, "https://example.org/").forms;
  assertDeep(forms.map((f) => f.fields.map((x) => [x.name, x.value ?? null])), [[
    ["x", "1><form action=/b>2"],
    ["y", "3></form><input name=z>"],
    ["w", null],
  ]]);
});

Deno.test("a time input's value is read at its edges: 23:59:59 is a time, 24:00, 12:60 and 12:00:60 are not", () => {
  const values = ["23:59:59", "23:59", "00:00", "24:00", "12:60", "12:00:60", "12:00:59.999", "1:00"];
  const html = `<title>t</title><form action="/go">${
    values.map((v, i) => `<input type="time" name="t${i}" value="${v}">`).join("")
  }</form>`;
  const read = extractPage(html, "https://example.org/").forms[0].fields.map((f) => f.value ?? "");
  assertDeep(read, ["23:59:59", "23:59", "00:00", "", "", "", "12:00:59.999", ""]);
});
