/**
 * Legacy-encoded pages and their forms: windows-1252 (declared by a meta tag), Shift_JIS (by the
 * header), an accept-charset that overrides the page, and the multi-byte encodings' harder cases
 * (gb18030's four-byte sequences, characters EUC-JP and Shift_JIS write as other ones, Big5's
 * last pointers, ISO-2022-JP's escape sequences). What a user types in each, and the
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

/** A UTF-8 page whose forms ask, by accept-charset, for the multi-byte encodings' harder cases. */
const CJK = `<!doctype html><meta charset="utf-8"><title>CJK</title><main>
<form id="gb" action="/gb" method="post" accept-charset="gb18030"><h2>GB18030</h2><input type="hidden" name="_charset_">
  <label>Q <input name="q"></label><button>Go</button></form>
<form id="gk" action="/gk" accept-charset="gbk"><h2>GBK</h2><label>Q <input name="q"></label><button>Go</button></form>
<form id="ej" action="/ej" accept-charset="euc-jp"><h2>EUC-JP</h2><label>Q <input name="q"></label><button>Go</button></form>
<form id="sj" action="/sj" accept-charset="shift_jis"><h2>Shift_JIS</h2><label>Q <input name="q"></label><button>Go</button></form>
<form id="b5" action="/b5" accept-charset="big5"><h2>Big5</h2><label>Q <input name="q"></label><button>Go</button></form>
<form id="ij" action="/ij" method="post" accept-charset="iso-2022-jp"><h2>ISO-2022-JP</h2><input type="hidden" name="_charset_">
  <label>Q <input name="q"></label><button>Go</button></form>
<form id="it" action="/it" method="post" enctype="text/plain" accept-charset="iso-2022-jp"><h2>ISO-2022-JP text</h2>
  <label>Q <input name="q"></label><button>Go</button></form>
<form id="im" action="/im" method="post" enctype="multipart/form-data" accept-charset="iso-2022-jp"><h2>ISO-2022-JP multipart</h2>
  <label>Q <input name="q"></label><button>Go</button></form>
</main>`;

export const CHARSET_ROUTES: Record<string, Handler> = {
  "/latin": serve(LATIN, "text/html"),
  "/sjis": serve(SJIS, "text/html; charset=Shift_JIS"),
  "/cjk": serve(CJK, "text/html; charset=utf-8"),
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
  {
    page: "/cjk",
    form: "gb",
    line: "POST, application/x-www-form-urlencoded, in gb18030",
    // € has two bytes; ¥, 😀 and U+FFFD four; U+E81E (a GB18030-2005 code point) those of U+9FB4.
    typed: "€ ¥ 😀 \ue81e \u9fb4 \ufffd 漢",
    url: "/gb",
    body: "_charset_=gb18030&q=%A2%E3+%810%846+%949%FC6+%FEY+%FEY+%841%A47+%9Dh",
  },
  {
    page: "/cjk",
    form: "gk",
    line: "GET, in GBK",
    typed: "€ ¥ \ue81e 漢", // GBK has no four-byte sequences: ¥ is &#165;
    url: "/gk?q=%80+%26%23165%3B+%FEY+%9Dh",
    body: undefined,
  },
  {
    page: "/cjk",
    form: "ej",
    line: "GET, in EUC-JP",
    // ¥ ‾ − are written as \ ~ and the full-width minus; 丂 (JIS X 0212) has no encoder: &#19970;.
    typed: "¥ ‾ − 丂 ｶ 漢",
    url: "/ej?q=%5C+%7E+%A1%DD+%26%2319970%3B+%8E%B6+%B4%C1",
    body: undefined,
  },
  {
    page: "/cjk",
    form: "sj",
    line: "GET, in Shift_JIS",
    typed: "¥ ‾ − 纊 \ue000 ｶ 漢", // 纊 from the IBM rows (FA 5C), not the NEC-selected ones (ED 40)
    url: "/sj?q=%5C+%7E+%81%7C+%FA%5C+%26%2357344%3B+%B6+%8A%BF",
    body: undefined,
  },
  {
    page: "/cjk",
    form: "b5",
    line: "GET, in Big5",
    typed: "Ê ═ 卅 漢", // no HKSCS rows; ═ and 卅 by their last pointer
    url: "/b5?q=%26%23202%3B+%F9%F9+%A4%CA+%BA%7E",
    body: undefined,
  },
  {
    page: "/cjk",
    form: "ij",
    line: "POST, application/x-www-form-urlencoded, in ISO-2022-JP",
    typed: "ｶﾞ漢😀漢 ¥a~\\",
    url: "/ij",
    body:
      "_charset_=ISO-2022-JP&q=%1B%24B%25%2B%21%2B4A%1B%28B%26%23128512%3B%1B%24B4A%1B%28B+%1B%28J%5Ca%1B%28B%7E%5C",
  },
  {
    page: "/cjk",
    form: "it",
    line: "POST, text/plain, in ISO-2022-JP",
    typed: "漢 ¥",
    url: "/it",
    body: "q=\u001b$B4A\u001b(B \u001b(J\\\u001b(B\r\n",
  },
  {
    page: "/cjk",
    form: "im",
    line: "POST, multipart/form-data, in ISO-2022-JP",
    typed: "ｶﾞ漢 ¥",
    url: "/im",
    body: undefined,
  },
] as const;
