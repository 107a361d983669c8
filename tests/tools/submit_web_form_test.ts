/**
 * Mirror and submit round trips against loopback sites: the site asserts the exact fields it
 * received (hidden fields, the user's values, the submit button) for GET, urlencoded, multipart
 * and text/plain forms, on the page's own origin and on the other site a form points to; then
 * every refusal of a bad value, and the report of the site's answer.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import type { Client } from "@modelcontextprotocol/client";
import { webFormMessage } from "../../src/ui/shared/web_form.ts";
import { introLine } from "../../src/tools/mirror_web_form.ts";
import { textOf } from "../helpers.ts";
import type { Received } from "../net/servers.ts";
import { savedPage, site, structured, webClient } from "./web_fixtures.ts";

/** The fields a request carried, in order, however the form encoded them. */
async function fields(req: Received): Promise<[string, string][]> {
  const type = String(req.headers["content-type"] ?? "");
  if (req.method === "GET") return [...new URL(req.url, "http://x").searchParams];
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const form = await new Request("http://x/", {
      method: "POST",
      body: req.body as Uint8Array<ArrayBuffer>,
      headers: { "content-type": type },
    })
      .formData();
    // A file input with no file chosen posts an empty file, as browsers do.
    return [...form].map((
      [k, v],
    ) => [k, typeof v === "string" ? v : `<file "${v.name}" ${v.type} ${v.size}>`]);
  }
  return new TextDecoder().decode(req.body).split("\r\n").filter(Boolean).map((line) => {
    const at = line.indexOf("=");
    return [line.slice(0, at), line.slice(at + 1)];
  });
}

async function mirror(client: Client, url: string, form?: string) {
  const result = await client.callTool({
    name: "mirror_web_form",
    arguments: form ? { url, form } : { url },
  });
  assertEquals(result.isError, undefined, textOf(result));
  return (structured(result).form as { id: string }).id;
}

const submit = (client: Client, formId: string, values: Record<string, unknown>) =>
  client.callTool({ name: "submit_web_form", arguments: { formId, values } });

const thanks =
  `<title>Thank you</title><main><h1>Request received</h1><p>We will call you within two working days.</p></main>`;

Deno.test("round trip: the booking form, multipart, redirected to a thank-you page", async () => {
  await using web = await site({
    "/contact": savedPage("forms.html"),
    "/appointments/new": (_req, res) => {
      res.writeHead(303, { location: "/appointments/thanks" });
      res.end();
    },
    "/appointments/thanks": thanks,
  });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/contact`, "booking");
  // Exactly what the card sends when the user submits it (see src/ui/runtime/widgets/web_form.ts).
  const values = {
    full_name: "Ada Lovelace",
    email: "ada@example.org",
    phone: "",
    dob: "1815-12-10",
    clinic: "n1",
    slot: "pm",
    contact_by: ["email", "sms"],
    reason: "Knee pain\nsince Tuesday",
    visits: "2",
    consent: "yes",
  };
  const result = await submit(client, formId, values);
  assertEquals(result.isError, undefined, textOf(result));
  const post = web.requests.find((r) => r.method === "POST")!;
  assertEquals(post.url, "/appointments/new");
  assertEquals(String(post.headers["content-type"]).startsWith("multipart/form-data; boundary="), true);
  assertDeep(await fields(post), [
    ["csrf_token", "f3a9c1e0"],
    ["source", "contact-page"],
    ["full_name", "Ada Lovelace"],
    ["email", "ada@example.org"],
    ["phone", ""],
    ["dob", "1815-12-10"],
    ["clinic", "n1"],
    ["slot", "pm"],
    ["contact_by", "email"],
    ["contact_by", "sms"],
    ["reason", "Knee pain\r\nsince Tuesday"],
    ["referral", '<file "" application/octet-stream 0>'],
    ["visits", "2"],
    ["patient_id", "P-1042"], // read-only: sent as the page has it, where it stands
    ["consent", "yes"],
    ["action", "book"],
  ]);
  assertEquals(
    textOf(result),
    [
      `Submitted the form the page calls "Book an appointment" (POST to "${web.origin}/appointments/new"): HTTP 200 OK. The website accepted it (check the page text below to be sure).`,
      `Final URL: "${web.origin}/appointments/thanks"`,
      `Page title, in the website's words: "Thank you"`,
      `Page text, in the website's words: "# Request received We will call you within two working days."`,
    ].join("\n"),
  );
  assertDeep(structured(result), {
    status: 200,
    statusText: "OK",
    url: `${web.origin}/appointments/thanks`,
    title: "Thank you",
    extract: "# Request received We will call you within two working days.",
  });
});

Deno.test("round trip: fields left out keep the page's defaults, as a browser would send them", async () => {
  await using web = await site({ "/contact": savedPage("forms.html"), "/appointments/new": thanks });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/contact`, "booking");
  await submit(client, formId, {
    full_name: "Bo",
    email: "bo@example.org",
    clinic: "Southbank",
    consent: true,
  });
  assertDeep(await fields(web.requests.at(-1)!), [
    ["csrf_token", "f3a9c1e0"],
    ["source", "contact-page"],
    ["full_name", "Bo"],
    ["email", "bo@example.org"],
    ["phone", ""],
    ["dob", ""],
    ["clinic", "Southbank"],
    ["slot", "am"],
    ["contact_by", "sms"],
    ["reason", "Routine check-up"],
    ["referral", '<file "" application/octet-stream 0>'],
    ["visits", "0"],
    ["patient_id", "P-1042"], // read-only: sent as the page has it, where it stands
    ["consent", "yes"],
    ["action", "book"],
  ]);
});

Deno.test("round trip: a GET search form, and a form that posts to another site", async () => {
  await using other = await site({
    "/subscribe": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("Subscribed. Check your inbox.");
    },
  });
  const page = `<title>News</title><main><h2>Newsletter</h2>
    <form id="news" action="${other.origin}/subscribe?list=riverside" method="post">
      <label for="e">Your email</label><input id="e" type="email" name="EMAIL"><input type="submit" value="Join"></form>
    <select name="frequency" form="news" aria-label="How often"><option value="weekly" selected>Weekly</option><option value="monthly">Monthly</option></select>
    <form action="/search?old=1"><input name="q" aria-label="Search"><input type="hidden" name="lang" value="en"><button name="go" value="1">Go</button></form></main>`;
  await using web = await site({
    "/news": page,
    "/search": "<title>Results</title><main><p>3 results</p></main>",
  });
  await using client = await webClient([web.origin, other.origin]);

  const news = await client.callTool({
    name: "mirror_web_form",
    arguments: { url: `${web.origin}/news`, form: "news" },
  });
  assertEquals(
    textOf(news).split("\n")[1],
    `It submits by POST, application/x-www-form-urlencoded to "${other.origin}/subscribe?list=riverside" (another site: ${
      new URL(other.origin).host
    }); 0 hidden fields and the action stay on the server.`,
  );
  const sent = await submit(client, (structured(news).form as { id: string }).id, {
    EMAIL: "a+b@example.org",
    frequency: "monthly",
  });
  assertEquals(other.requests.length, 1);
  assertEquals(other.requests[0].url, "/subscribe?list=riverside");
  assertEquals(
    new TextDecoder().decode(other.requests[0].body),
    "EMAIL=a%2Bb%40example.org&frequency=monthly",
  );
  assertEquals(structured(sent).extract, "Subscribed. Check your inbox.");

  const search = await mirror(client, `${web.origin}/news`, "2");
  const found = await submit(client, search, { q: "knee & hip" });
  assertEquals(web.requests.at(-1)!.url, "/search?q=knee+%26+hip&lang=en&go=1");
  // The model sees the user's own value; the hidden field's and the button's are the page's, not shown.
  assertEquals(structured(found).url, `${web.origin}/search?q=knee+%26+hip&lang=[hidden]&go=[hidden]`);
});

Deno.test("round trip: a text/plain form", async () => {
  const page =
    `<form action="/feedback" method="post" enctype="text/plain"><textarea name="note" aria-label="Note"></textarea><button>Send</button></form>`;
  await using web = await site({ "/f": page, "/feedback": "<p>ok</p>" });
  await using client = await webClient([web.origin]);
  await submit(client, await mirror(client, `${web.origin}/f`), { note: "line one\nline two" });
  const req = web.requests.at(-1)!;
  assertEquals(req.headers["content-type"], "text/plain"); // no charset: what Chromium sends
  assertEquals(new TextDecoder().decode(req.body), "note=line one\r\nline two\r\n");
});

Deno.test("the card's message parses into exactly the call submit_web_form takes", () => {
  const intro = introLine("Newsletter", "wf-1", "example.org");
  const text = webFormMessage(intro, "wf-1", { EMAIL: "a@b.org", contact_by: ["sms"] });
  assertEquals(
    text,
    'The user filled in the mirrored form from example.org that the page calls "Newsletter" (formId "wf-1"). Show these values to the user and call submit_web_form with them only after the user confirms:\n{"formId":"wf-1","values":{"EMAIL":"a@b.org","contact_by":["sms"]}}',
  );
  assertDeep(JSON.parse(text.split("\n")[1]), {
    formId: "wf-1",
    values: { EMAIL: "a@b.org", contact_by: ["sms"] },
  });
});

Deno.test("submit_web_form refuses bad values by name, and sends nothing", async () => {
  await using web = await site({ "/contact": savedPage("forms.html"), "/appointments/new": thanks });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/contact`, "booking");
  const ok = { full_name: "Ada", email: "ada@example.org", clinic: "n1", consent: "yes" };
  const cases: [Record<string, unknown>, string][] = [
    [
      { ...ok, nickname: "x" },
      `Invalid "values.nickname": the form has no such field\nIts fields are "full_name", "email", "phone", "dob", "clinic", "slot", "contact_by", "reason", "visits", "consent"`,
    ],
    [
      { ...ok, csrf_token: "forged" },
      `Invalid "values.csrf_token": is a hidden field: the website's own value is sent`,
    ],
    [
      { ...ok, clinic: "n2" },
      `Invalid "values.clinic": "n2" is not one of its options: "n1", "Southbank"`,
    ],
    [
      { ...ok, contact_by: ["email", "pigeon"] },
      `Invalid "values.contact_by": "pigeon" is not one of its options: "email", "sms"`,
    ],
    [{ ...ok, slot: ["am"] }, `Invalid "values.slot": takes one value, not a list`],
    [
      { ...ok, full_name: "" },
      `Invalid "values.full_name": "Full name" is required by the form\nAsk the user for it, then call again`,
    ],
    [
      { ...ok, consent: "no" },
      `Invalid "values.consent": "I agree to the privacy notice" is required by the form\nAsk the user for it, then call again`,
    ],
    [
      { ...ok, full_name: "x".repeat(81) },
      `Invalid "values.full_name": is longer than the form allows (80 characters)`,
    ],
    [
      { ...ok, referral: "C:\\letter.pdf" },
      `Invalid "values.referral": file fields are not sent from a chat\nAsk the user to fill in this form on the website itself`,
    ],
  ];
  for (const [values, text] of cases) {
    const result = await submit(client, formId, values);
    assertEquals(result.isError, true, text);
    assertEquals(textOf(result), text);
  }
  const unknown = await submit(client, "wf-nope", ok);
  assertEquals(
    textOf(unknown),
    `Form "wf-nope" is not known: mirrored forms are kept for this session, for an hour\nCall mirror_web_form again, let the user fill in the new card, then submit with its formId`,
  );
  assertEquals(web.requests.filter((r) => r.method === "POST").length, 0);
});

Deno.test("submit_web_form: the site's refusal is reported, and its redirects are checked like any fetch", async () => {
  let location = "";
  await using web = await site({
    "/contact": savedPage("forms.html"),
    "/appointments/new": (_req, res) => {
      if (location) {
        res.writeHead(302, { location });
        return void res.end();
      }
      res.writeHead(422, { "content-type": "text/html" });
      res.end("<title>Error</title><main><p>The date of birth is not valid.</p></main>");
    },
  });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/contact`, "booking");
  const values = { full_name: "Ada", email: "ada@example.org", clinic: "n1", consent: "yes" };
  const refused = await submit(client, formId, values);
  assertEquals(refused.isError, undefined);
  assertEquals(
    textOf(refused).split("\n")[0],
    `Submitted the form the page calls "Book an appointment" (POST to "${web.origin}/appointments/new"): HTTP 422 Unprocessable Entity. The website refused it.`,
  );
  location = "http://169.254.169.254/latest/meta-data/";
  const redirected = await submit(client, formId, values);
  assertEquals(
    textOf(redirected),
    `Cannot submit the form the page calls "Book an appointment" to "${web.origin}/appointments/new": its redirect to "${location}" is refused: "169.254.169.254" is a link-local address\nOnly public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks`,
  );
});

Deno.test("submit_web_form: a 307 or 308 to another site is not followed, and the form's values never reach it", async () => {
  await using other = await site({ "/collect": "<title>Collected</title>" });
  let status = 307;
  const page = `<title>Join</title><form action="/join" method="post" aria-label="Join">
    <input name="email" type="email" aria-label="Email"><input type="hidden" name="csrf" value="c5rf-7a1b2c3d"></form>`;
  await using web = await site({
    "/p": page,
    "/join": (_req, res) => {
      res.writeHead(status, { location: `${other.origin}/collect` });
      res.end();
    },
  });
  await using client = await webClient([web.origin, other.origin]);
  for (const code of [307, 308]) {
    status = code;
    const formId = await mirror(client, `${web.origin}/p`);
    const result = await submit(client, formId, { email: "ada@example.org" });
    assertEquals(result.isError, true);
    assertEquals(
      textOf(result),
      `Cannot submit the form the page calls "Join" to "${web.origin}/join": the site answered ${code} ${
        code === 307 ? "Temporary Redirect" : "Permanent Redirect"
      } with a redirect to "${other.origin}/collect", another site (${
        new URL(other.origin).host
      }); following it would send the request body there again, so it was not followed\nA form is sent to its own site only: if the user wants it sent there, they fill it in on the website itself`,
    );
  }
  assertEquals(other.requests.length, 0);
  assertEquals(web.requests.filter((r) => r.method === "POST").length, 2);
});

Deno.test("a lone checkbox: every word for yes ticks it, every word for no leaves it out, its own value ticks it", async () => {
  await using web = await site({
    "/": `<title>News</title><form action="/go"><input type="checkbox" name="news" value="subscribe">
      <input name="n"><button>Go</button></form>`,
    "/go": "<title>Done</title><p>ok</p>",
  });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/`);
  const sent: string[] = [];
  const words = [
    "yes",
    "true",
    "on",
    "1",
    "checked",
    "YES",
    " True ",
    "subscribe",
    "no",
    "false",
    "off",
    "0",
    "",
    "NO",
  ];
  for (const [i, word] of words.entries()) {
    const result = await submit(client, formId, { news: word, n: String(i) });
    assertEquals(result.isError, undefined, `${JSON.stringify(word)}: ${textOf(result)}`);
    const request = web.requests.filter((r) => r.url.startsWith("/go")).at(-1)!;
    sent.push(`${JSON.stringify(word)} → ${new URL(request.url, "http://x").search}`);
  }
  assertDeep(
    sent,
    words.map((word, i) => `${JSON.stringify(word)} → ?${i < 8 ? "news=subscribe&" : ""}n=${i}`),
  );
});

Deno.test("a value that is not an option is refused with the options: all of 12, the first 12 of 13 and an ellipsis", async () => {
  const select = (name: string, n: number) =>
    `<select name="${name}">${
      Array.from({ length: n }, (_, i) => `<option>o${i + 1}</option>`).join("")
    }</select>`;
  await using web = await site({
    "/": `<title>Pick</title><form action="/go">${select("twelve", 12)}${
      select("thirteen", 13)
    }<button>Go</button></form>`,
  });
  await using client = await webClient([web.origin]);
  const formId = await mirror(client, `${web.origin}/`);
  const list = (n: number) => Array.from({ length: n }, (_, i) => `"o${i + 1}"`).join(", ");
  const refused = async (values: Record<string, string>) => textOf(await submit(client, formId, values));
  assertEquals(
    (await refused({ twelve: "nope" })).split("\n")[0],
    `Invalid "values.twelve": "nope" is not one of its options: ${list(12)}`,
  );
  assertEquals(
    (await refused({ thirteen: "nope" })).split("\n")[0],
    `Invalid "values.thirteen": "nope" is not one of its options: ${list(12)}, …`,
  );
});
