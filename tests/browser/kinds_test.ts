/**
 * One template per card kind: each kind's template carries only some stylesheets
 * (src/ui/kinds.ts). This proves it loses nothing: every golden card of every kind (and
 * mirror_web_form's), painted by its kind's standalone document, is matched by no rule of any
 * stylesheet that its kind's stylesheet lacks. The widgets a kind needs
 * are checked in tests/ui/kinds_test.ts.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { STYLESHEETS } from "../../src/ui/assets.gen.ts";
import { CARDS, KIND_UI } from "../../src/registry.ts";
import { standaloneDocument } from "../../src/ui/standalone.ts";
import { skipReason, startHarness, waitFor } from "./harness.ts";

const reason = skipReason();
const root = new URL("../../", import.meta.url);

/** The kinds that split into parts: get_card's "parts" template paints them all. */
const SPLIT = CARDS.filter((c) => c.card.splittable).map((c) => c.card.kind);

/** The article markup of every golden card of `kind`. */
function goldens(kind: string): [string, string][] {
  if (kind === "parts") return SPLIT.flatMap(goldens);
  const dir = new URL(kind === "web_form" ? "tests/tools/web_form/" : `tests/cards/${kind}/`, root);
  return [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".html")).map((e) =>
    [e.name, Deno.readTextFileSync(new URL(e.name, dir))] as [string, string]
  ).filter(([, html]) => html.includes('class="mcc-card"')).sort();
}

/**
 * In the page: the stylesheets (by name, with one rule as the example) that have a rule matching an
 * element of the painted card, where the kind's own stylesheet lacks that rule. Rules inside @media
 * and @container count; states (:hover, :focus-visible, ...) and pseudo-elements are taken off a
 * selector first.
 */
function missingSheets(sheets: Record<string, string>): string[] {
  const rulesOf = (css: string) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const flat: CSSStyleRule[] = [];
    const walk = (list: CSSRuleList) => {
      for (const rule of list) {
        if (rule instanceof CSSStyleRule) flat.push(rule);
        else if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    walk(sheet.cssRules);
    return flat;
  };
  const own = new Set(rulesOf(document.getElementById("mcc-css")!.textContent!).map((r) => r.cssText));
  const root = document.getElementById("mcc-root")!;
  const applies = (selector: string) => {
    const plain = selector.replace(/::?(before|after|backdrop|placeholder|marker)\b/g, "")
      .replace(/:(hover|focus-visible|focus-within|focus|active|checked|disabled|empty|invalid)\b/g, "");
    try {
      return root.querySelector(plain || "*") !== null;
    } catch {
      return false; // a selector this engine cannot query
    }
  };
  return Object.entries(sheets).flatMap(([name, css]) => {
    const rule = rulesOf(css).find((r) => !own.has(r.cssText) && applies(r.selectorText));
    return rule ? [`${name}.css (${rule.selectorText})`] : [];
  });
}

Deno.test({
  name: "each kind's template styles its cards exactly as every stylesheet together does",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const h = await startHarness();
  try {
    const page = await h.context.newPage();
    const missing: string[] = [];
    for (const kind of Object.keys(KIND_UI)) {
      for (const [name, articleHtml] of goldens(kind)) {
        const doc = standaloneDocument({ id: "k", kind, title: name, articleHtml });
        await page.goto(h.servePage(`/kinds/${kind}/${name}`, doc));
        await waitFor(page, ".mcc-card .mcc-tools", { attached: true });
        const sheets = await page.evaluate(missingSheets, STYLESHEETS);
        if (sheets.length) missing.push(`${kind}/${name} uses ${sheets.join(", ")}`);
      }
    }
    await page.close();
    assertEquals(missing, []);
  } finally {
    await h.close();
  }
});
