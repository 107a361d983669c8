/**
 * Page extraction against linkedom's own parse of the same page, in the same run
 * (`deno bench -A bench/extract_bench.ts`). The page is ~1 MB built from the saved test pages:
 * site chrome once, then the article's and the docs page's bodies (text, lists, tables, code,
 * images, links) repeated, with a form every few sections. Target: extraction (parse included)
 * within 2x of the bare parse.
 */
import { readFileSync } from "node:fs";
import { parseHTML } from "linkedom";
import { extractPage } from "../src/web/extract.ts";

const dir = new URL("../tests/web/extract/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), "utf8");
const inner = (html: string, tag: string) => {
  const start = html.indexOf(`<${tag}`);
  return html.slice(html.indexOf(">", start) + 1, html.lastIndexOf(`</${tag}>`));
};
const article = inner(read("article.html"), "article");
const docs = inner(read("docs.html"), 'div role="main" class="content"');
const form = inner(read("forms.html"), "main");
const chrome = read("article.html");
const [top, bottom] = [chrome.slice(0, chrome.indexOf("<main")), chrome.slice(chrome.indexOf("</main>"))];

let sections = "";
for (let i = 0; top.length + sections.length + bottom.length < 1_000_000; i++) {
  sections += `<section id="s${i}"><h2>Part ${i}</h2>${
    article.replaceAll('href="/', `href="/p${i}/`)
  }${docs}${i % 5 === 0 ? form : ""}</section>\n`;
}
export const PAGE = `${top}<main>${sections}</main>${bottom}`;
const url = "https://news.example.org/2026/11/long-read";

Deno.bench("linkedom parseHTML, ~1 MB page", { group: "extract-1mb", baseline: true }, () => {
  parseHTML(PAGE);
});

Deno.bench("extractPage (parse + extract), ~1 MB page", { group: "extract-1mb" }, () => {
  extractPage(PAGE, url);
});
