/**
 * mirror_web_form through a real MCP client against saved pages on a loopback site: the card
 * (golden HTML), its summary and structured form, the form remembered server-side, picking among
 * several forms, and the refusals. Rewrite the golden with `-- --update`.
 */
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
    `Cannot mirror form 4 of "${url}": its action is not an http or https URL, so it cannot be submitted\nPick another form, or fill this one in on the website`,
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
