/**
 * Legacy-encoded pages and their forms: windows-1252 (declared by a meta tag), Shift_JIS (by the
 * header), and an accept-charset that overrides the page. What a user types in each, and the
 * requests a browser makes for it (Chromium agrees: tests/browser/web_form_order_test.ts).
 */
import type { Handler } from "../net/servers.ts";

const serve = (html: string, type: string): Handler => (_req, res) => {
  res.writeHead(200, { "content-type": type });
  res.end(html); // ASCII markup: the same bytes in every encoding here
};

const LATIN = `<!doctype html><meta charset="windows-1252"><title>Latin</title><main>
<form id="u" action="/u" method="post"><h2>Urlencoded</h2><input type="hidden" name="_charset_">
  <label>Q <input name="q"></label><button>Go</button></form>
<form id="m" action="/m" method="post" enctype="multipart/form-data"><h2>Multipart</h2>
  <label>Q <input name="q"></label><button>Go</button></form>
<form id="c" action="/c" method="post" accept-charset="bogus ISO-8859-5 utf-8"><h2>Cyrillic</h2>
  <label>Q <input name="q"></label><button>Go</button></form>
</main>`;

const SJIS = `<!doctype html><title>Japanese</title><main>
<form id="g" action="/g"><h2>Search</h2><label>Q <input name="q"></label><button>Go</button></form></main>`;

export const CHARSET_ROUTES: Record<string, Handler> = {
  "/latin": serve(LATIN, "text/html"),
  "/sjis": serve(SJIS, "text/html; charset=Shift_JIS"),
};

/** Per form: the page, the form, the text typed into `q`, and the request a browser makes. */
export const CHARSET_CASES = [
  {
    page: "/latin",
    form: "u",
    line: "POST, application/x-www-form-urlencoded, in windows-1252",
    typed: "café €5 – 漢 😀",
    url: "/u",
    body: "_charset_=windows-1252&q=caf%E9+%805+%96+%26%2328450%3B+%26%23128512%3B",
  },
  {
    page: "/latin",
    form: "m",
    line: "POST, multipart/form-data, in windows-1252",
    typed: "café – 漢",
    url: "/m",
    body: undefined,
  },
  {
    page: "/latin",
    form: "c",
    line: "POST, application/x-www-form-urlencoded, in ISO-8859-5",
    typed: "Привет é",
    url: "/c",
    body: "q=%BF%E0%D8%D2%D5%E2+%26%23233%3B",
  },
  {
    page: "/sjis",
    form: "g",
    line: "GET, in Shift_JIS",
    typed: "日本 ｶﾅ x",
    url: "/g?q=%93%FA%96%7B+%B6%C5+x",
    body: undefined,
  },
] as const;
