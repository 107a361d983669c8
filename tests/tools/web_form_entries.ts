/**
 * Pages whose forms test the browser's entry list ("constructing the entry list" in the HTML
 * spec): which controls a form owns and in what order, and what each control sends untouched.
 * Each case gives the request Chromium makes when Enter is pressed in `press` (after `fill`), as
 * recorded from Chromium itself; tests/browser/web_form_entries_test.ts checks that it still does,
 * and tests/tools/web_form_entries_test.ts that submit_web_form sends the same bytes.
 */

export interface EntryCase {
  name: string;
  html: string;
  /** The form to mirror (its id). */
  form: string;
  /** The field Enter is pressed in. */
  press: string;
  /** What the user types first, by field name (the same values go to submit_web_form). */
  fill?: Record<string, string>;
  /** The mirrored outline's field names, in order. */
  fields: string[];
  /** The request line's path and query, its content type, and its body ("B" for the boundary). */
  url: string;
  type: string;
  body: string;
}

const page = (title: string, body: string) => `<!doctype html><title>${title}</title><main>${body}</main>`;

export const ENTRY_CASES: EntryCase[] = [
  {
    name: "owners",
    html: page(
      "Owners",
      `<input form="f" name="a" value="1" aria-label="A">
<form id="f" action="/t/owners" method="post"><h2>Order</h2>
  <input name="b" value="2" aria-label="B"><input name="c" value="3" form="g" aria-label="C">
  <button name="go" value="x">Go</button></form>
<input form="f" name="d" value="4" aria-label="D"><form id="g" action="/elsewhere"><h2>Other</h2></form>
<input name="e" form="f" value="5" aria-label="E"><input name="z" form="" value="9" aria-label="Z">
<p id="p">A paragraph</p><input name="y" form="p" value="8" aria-label="Y">
<fieldset disabled><input name="off" form="f" value="0" aria-label="Off"></fieldset>`,
    ),
    form: "f",
    press: "#f [name=b]",
    fields: ["a", "b", "d", "e"],
    url: "/t/owners",
    type: "application/x-www-form-urlencoded",
    body: "a=1&b=2&go=x&d=4&e=5",
  },
  {
    name: "nested",
    html: page(
      "Nested",
      `<form id="f" action="/t/nested" method="post"><h2>Outer</h2><input name="one" value="1" aria-label="One">
  <form id="inner" action="/elsewhere"><input name="two" value="2" aria-label="Two"><button>Go</button></form>
  <input name="three" value="3" aria-label="Three"></form>`,
    ),
    form: "f",
    press: "#f [name=one]",
    // A browser's parser drops the inner <form> tag, and the first </form> closes the outer form.
    fields: ["one", "two"],
    url: "/t/nested",
    type: "application/x-www-form-urlencoded",
    body: "one=1&two=2",
  },
  {
    name: "pointer",
    html: page(
      "Pointer",
      `<div><form id="f" action="/t/pointer" method="post"><h2>Across</h2><input name="a" value="1" aria-label="A">
  </div><input name="b" value="2" aria-label="B"><button>Go</button></form><input name="out" value="0" aria-label="Out">
<table><tr><td><form id="t" action="/t/pointer-table" method="post"><h2>Table</h2>
  <input name="c" value="3" aria-label="C"></td><td><input name="d" value="4" aria-label="D"><button>Go</button></form></td>
  <td><input name="e" value="5" aria-label="E"></td></tr></table>
<p>A script's <script>document.title += "<form id='x'><input name='s'>";</script> and a comment's
<!-- <form id="y"><input name="z"> --> tags are no tags.</p><div><form id="g" action="/t/pointer-dropped">
  <input name="g" value="7" aria-label="G"></div><form id="dropped" action="/elsewhere"><input name="h" value="8" aria-label="H">
  <button>Go</button></form>`,
    ),
    form: "f",
    press: "#f [name=a]",
    fields: ["a", "b"],
    url: "/t/pointer",
    type: "application/x-www-form-urlencoded",
    body: "a=1&b=2",
  },
  {
    name: "pointer-table",
    html: "",
    form: "t",
    press: "#t [name=c]",
    fields: ["c", "d"],
    url: "/t/pointer-table",
    type: "application/x-www-form-urlencoded",
    body: "c=3&d=4",
  },
  {
    name: "pointer-dropped",
    html: "",
    form: "g",
    press: "#g [name=g]",
    fields: ["g", "h"],
    url: "/t/pointer-dropped?g=7&h=8",
    type: "",
    body: "",
  },
  {
    name: "empty-values",
    html: page(
      "Empty values",
      `<form id="f" action="/t/empty-values" method="post"><h2>Empty</h2><input name="q" value="1" aria-label="Q">
  <input type="radio" name="r" value="" checked aria-label="R"><input type="radio" name="r" value="x" aria-label="X">
  <input type="checkbox" name="c" value="" checked aria-label="C">
  <input type="checkbox" name="g" value="" checked aria-label="G1"><input type="checkbox" name="g" value="x" checked aria-label="G2">
  <select name="s" aria-label="S"><option>&nbsp;A&nbsp;  b </option></select>
  <select name="s2" aria-label="S2"><option value=" v ">V</option></select><button>Go</button></form>`,
    ),
    form: "f",
    press: "#f [name=q]",
    fields: ["q", "r", "c", "g", "s", "s2"],
    url: "/t/empty-values",
    type: "application/x-www-form-urlencoded",
    body: "q=1&r=&c=&g=&g=x&s=%C2%A0A%C2%A0+b&s2=+v+",
  },
  {
    name: "image",
    html: page(
      "Image",
      `<form id="f" action="/t/image" method="post"><h2>Image</h2><input name="q" value="1" aria-label="Q"></form>
<input type="image" form="f" name="pic" alt="Go" src="/go.png"><input name="after" form="f" value="A" aria-label="After">
<form id="n" action="/t/image-nameless" method="post"><h2>Nameless</h2><input name="q" value="1" aria-label="Q">
  <input type="image" alt="Go" src="/go.png"></form>`,
    ),
    form: "f",
    press: "#f [name=q]",
    fields: ["q", "after"],
    url: "/t/image",
    type: "application/x-www-form-urlencoded",
    body: "q=1&pic.x=0&pic.y=0&after=A",
  },
  {
    name: "image-nameless",
    html: "",
    form: "n",
    press: "#n [name=q]",
    fields: ["q"],
    url: "/t/image-nameless",
    type: "application/x-www-form-urlencoded",
    body: "q=1&x=0&y=0",
  },
  {
    name: "file-multipart",
    html: page(
      "Files",
      `<form id="m" action="/t/file-multipart" method="post" enctype="multipart/form-data"><h2>Upload</h2>
  <input name="q" value="1" aria-label="Q"><input type="file" name="up" aria-label="Up"><button>Go</button></form>
<form id="p" action="/t/file-plain" method="post" enctype="text/plain"><h2>Plain</h2>
  <input name="q" value="1" aria-label="Q"><input type="file" name="up" aria-label="Up">
  <textarea name="t" aria-label="T">a
b</textarea><button>Go</button></form>
<form id="g" action="/t/file-get"><h2>Get</h2><input name="q" value="1" aria-label="Q">
  <input type="file" name="up" aria-label="Up"><button>Go</button></form>`,
    ),
    form: "m",
    press: "#m [name=q]",
    fields: ["q"], // a file input is not mirrored
    url: "/t/file-multipart",
    type: "multipart/form-data; boundary=B",
    body: '--B\r\nContent-Disposition: form-data; name="q"\r\n\r\n1\r\n' +
      '--B\r\nContent-Disposition: form-data; name="up"; filename=""\r\n' +
      "Content-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n",
  },
  {
    name: "file-plain",
    html: "",
    form: "p",
    press: "#p [name=q]",
    fields: ["q", "t"],
    url: "/t/file-plain",
    type: "text/plain",
    body: "q=1\r\nup=\r\nt=a\r\nb\r\n",
  },
  {
    name: "file-get",
    html: "",
    form: "g",
    press: "#g [name=q]",
    fields: ["q"],
    url: "/t/file-get?q=1&up=",
    type: "",
    body: "",
  },
  {
    name: "controls",
    html: page(
      "Controls",
      `<form id="f" action="/t/controls" method="post"><h2>Controls</h2>
  <input name="q" value="1" aria-label="Q">
  <fieldset disabled><legend><input name="inlegend" value="L" aria-label="In legend"></legend>
    <input name="off" value="D" aria-label="Off"><legend><input name="second" value="S" aria-label="S"></legend></fieldset>
  <datalist id="dl"><input name="indatalist" value="X" aria-label="In datalist"><option value="o"></datalist>
  <output name="out">O</output>
  <noscript><input name="noscript" value="N" aria-label="N"></noscript>
  <template><input name="template" value="T" aria-label="T"></template>
  <input type="checkbox" name="cb" checked aria-label="Cb">
  <input type="radio" name="r" value="a" checked aria-label="A"><input type="radio" name="r" value="b" checked aria-label="B">
  <input type="radio" name="r" value="c" aria-label="C">
  <select name="choose" aria-label="Choose"><option selected disabled>Choose…</option><option>A</option></select>
  <select name="first" aria-label="First"><option disabled>N</option><option>B</option><option>C</option></select>
  <select name="listbox" size="3" aria-label="Listbox"><option>P</option></select>
  <select name="picked" size="2" aria-label="Picked"><option>A</option><option selected>B</option></select>
  <select name="multi" multiple aria-label="Multi"><option selected disabled>D</option><option selected>E</option></select>
  <textarea name="ta" aria-label="Ta">
line1
line2</textarea>
  <textarea name="ro" readonly aria-label="Ro">
ro</textarea>
  <input type="password" name="pw" aria-label="Pw"><input type="password" name="pw2" value="page" aria-label="Pw2">
  <button type="reset" name="reset" value="r">Reset</button><button type="bogus" name="go" value="g">Go</button>
</form>`,
    ),
    form: "f",
    press: "#f [name=q]",
    fields: [
      "q",
      "inlegend",
      "indatalist",
      "cb",
      "r",
      "choose",
      "first",
      "listbox",
      "picked",
      "multi",
      "ta",
    ],
    url: "/t/controls",
    type: "application/x-www-form-urlencoded",
    body:
      "q=1&inlegend=L&indatalist=X&cb=on&r=b&first=B&picked=B&multi=E&ta=line1%0D%0Aline2&ro=ro&pw=&pw2=page&go=g",
  },
  {
    name: "defaults",
    html: page(
      "Defaults",
      `<form id="f" action="/t/defaults" method="post"><h2>Defaults</h2>
  <input name="q" value="1" aria-label="Q"><input name="t" value="a&#10;b&#13;c" aria-label="T">
  <input type="email" name="em" value="  a@b.example  " aria-label="Em"><input type="url" name="u" value=" http://x.example/ " aria-label="U">
  <input type="number" name="n" value="abc" aria-label="N"><input type="number" name="n2" value="-1.5e3" aria-label="N2">
  <input type="date" name="d" value="2024-13-01" aria-label="D"><input type="date" name="d2" value="2024-02-29" aria-label="D2">
  <input type="date" name="d3" value="2023-02-29" aria-label="D3"><input type="time" name="tm" value="7:00" aria-label="Tm">
  <input type="time" name="tm2" value="24:00" aria-label="Tm2"><input type="month" name="mo" value="2024-06" aria-label="Mo">
  <input type="week" name="wk" value="2024-W60" aria-label="Wk"><input type="week" name="wk2" value="2026-W53" aria-label="Wk2">
  <input type="datetime-local" name="dt" value="2024-01-01 10:00:00.500" aria-label="Dt">
  <input type="color" name="c" value=" #ABCDEF " aria-label="C"><input type="color" name="c2" value="nonsense" aria-label="C2">
  <input type="color" name="c3" value="#abcd" aria-label="C3">
  <input type="range" name="r" aria-label="R"><input type="range" name="r2" min="0" max="10" step="3" value="10" aria-label="R2">
  <input type="range" name="r3" min="5" max="1" aria-label="R3"><input type="range" name="r4" min="1" max="5" aria-label="R4">
  <button>Go</button></form>`,
    ),
    form: "f",
    press: "#f [name=q]",
    fields: [
      "q",
      "t",
      "em",
      "u",
      "n",
      "n2",
      "d",
      "d2",
      "d3",
      "tm",
      "tm2",
      "mo",
      "wk",
      "wk2",
      "dt",
      "c",
      "c2",
      "c3",
      "r",
      "r2",
      "r3",
      "r4",
    ],
    url: "/t/defaults",
    type: "application/x-www-form-urlencoded",
    body:
      "q=1&t=abc&em=a%40b.example&u=http%3A%2F%2Fx.example%2F&n=&n2=-1.5e3&d=&d2=2024-02-29&d3=&tm=&tm2=" +
      "&mo=2024-06&wk=&wk2=2026-W53&dt=2024-01-01T10%3A00%3A00.5&c=%23abcdef&c2=%23000000&c3=%23aabbcc" +
      "&r=50&r2=9&r3=5&r4=3",
  },
  {
    name: "dirname",
    html: page(
      "Direction",
      `<div dir="rtl"><form id="f" action="/t/dirname" method="post"><h2>Direction</h2>
  <input name="q" value="1" dirname="q.dir" aria-label="Q">
  <input name="h" dir="auto" value="שלום" dirname="h.dir" aria-label="H">
  <input name="e" dir="auto" value="שלום" dirname="e.dir" aria-label="E">
  <input name="l" dir="ltr" dirname="l.dir" aria-label="L">
  <textarea name="t" dirname="t.dir" aria-label="T">x</textarea>
  <input type="hidden" name="hh" dirname="hh.dir" value="z">
  <div dir="auto">abc <input name="w" dirname="w.dir" aria-label="W"></div>
  <input name="a" dir="auto" dirname="a.dir" value="123 שלום" aria-label="A">
  <input type="number" name="n" dirname="n.dir" value="3" aria-label="N">
  <input type="password" name="p" dirname="p.dir" aria-label="P">
  <input type="submit" name="go" value="Go" dirname="go.dir"></form></div>`,
    ),
    form: "f",
    press: "#f [name=q]",
    fill: { e: "abc" },
    fields: ["q", "h", "e", "l", "t", "w", "a", "n"],
    url: "/t/dirname",
    type: "application/x-www-form-urlencoded",
    body:
      "q=1&q.dir=rtl&h=%D7%A9%D7%9C%D7%95%D7%9D&h.dir=rtl&e=abc&e.dir=ltr&l=&l.dir=ltr&t=x&t.dir=rtl&hh=z&hh.dir=rtl" +
      "&w=&w.dir=ltr&a=123+%D7%A9%D7%9C%D7%95%D7%9D&a.dir=rtl&n=3&p=&p.dir=rtl&go.dir=rtl&go=Go",
  },
  {
    // Controls the page hides are submitted all the same: the card keeps them as hidden fields.
    name: "concealed",
    html: page(
      "Concealed",
      `<form id="f" action="/t/concealed" method="post"><h2>Join</h2>
  <input name="a" value="1" aria-label="A">
  <input name="h1" value="attr" hidden>
  <div style="color: red; DISPLAY : none !important"><input name="h2" value="css"><select name="h3"><option>x</option><option selected>y</option></select></div>
  <span style="visibility:hidden"><input name="h4" value="vis"><span style="visibility: visible"><input name="v5" value="back" aria-label="Back"></span></span>
  <div aria-hidden="true"><textarea name="h6">t &amp; u</textarea><input type="checkbox" name="h7" checked></div>
  <dialog><input name="h8" value="dlg"></dialog>
  <input name="h9" value="op" style="opacity: 0"><input type="file" name="h10" hidden>
  <input type="HIDDEN" name="h11" value="caps"><input type=" hidden" name="sp" value="space" aria-label="Spaced">
  <input type="radio" name="r" value="shown" aria-label="Shown"><input type="radio" name="r" value="concealed" checked hidden>
  <button>Go</button></form>`,
    ),
    form: "f",
    press: "#f [name=a]",
    fill: { v5: "typed", sp: "typed too" },
    fields: ["a", "v5", "sp", "r"],
    url: "/t/concealed",
    type: "application/x-www-form-urlencoded",
    body:
      "a=1&h1=attr&h2=css&h3=y&h4=vis&v5=typed&h6=t+%26+u&h7=on&h8=dlg&h9=op&h10=&h11=caps&sp=typed+too&r=concealed",
  },
  {
    // A textarea's text is RCDATA: character references are decoded, tags are text.
    name: "textarea",
    html: page(
      "Textarea",
      `<form id="f" action="/t/textarea" method="post" enctype="multipart/form-data"><h2>Note</h2>
  <input name="a" value="1" aria-label="A">
  <textarea name="t" aria-label="T">
&lt;script&gt;alert(1)&lt;/script&gt; <b>bold</b> &amp;amp; &amp &copy2 &notin &#65;&#x42; &#0; &#x80; &#xD800; &NotARef; &#13;</textarea>
  <textarea name="r" readonly>&quot;kept&quot;</textarea><button>Go</button></form>`,
    ),
    form: "f",
    press: "#f [name=a]",
    fields: ["a", "t"],
    url: "/t/textarea",
    type: "multipart/form-data; boundary=B",
    // The body as Latin-1 reads it: "Â©" is the UTF-8 of "©", "ï¿½" of U+FFFD, "â‚¬" of "€" (&#x80;).
    body: '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' +
      '--B\r\nContent-Disposition: form-data; name="t"\r\n\r\n' +
      "<script>alert(1)</script> <b>bold</b> &amp; & Â©2 Â¬in AB ï¿½ â‚¬ ï¿½ &NotARef; \r\n\r\n" +
      '--B\r\nContent-Disposition: form-data; name="r"\r\n\r\n"kept"\r\n--B--\r\n',
  },
];

/** The pages, by path: a case without its own html is another form of the case before it. */
export const ENTRY_PAGES: Record<string, string> = {};
let last = "";
for (const c of ENTRY_CASES) {
  if (c.html) last = `/e/${c.name}`;
  ENTRY_PAGES[last] ??= c.html;
}
/** The page of a case. */
export const pageOf = (c: EntryCase) => {
  let path = "";
  for (const other of ENTRY_CASES) {
    if (other.html) path = `/e/${other.name}`;
    if (other === c) return path;
  }
  return path;
};
