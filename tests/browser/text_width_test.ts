/**
 * The chart's text estimate (src/render/svg/text.ts) against Chromium's own measure of SVG text,
 * in the fonts the estimate was calibrated on: system-ui (DejaVu Sans here) and Liberation Sans
 * (Arial's metrics), regular and bold, at the chart's 12 px. A label laid out with the estimate
 * must never be wider on screen than planned (labels would touch), and Latin text must not be
 * planned much wider than it is (names would be cut, ticks thinned, for nothing).
 */
import { ok as assert } from "node:assert/strict";
import { textWidth } from "../../src/render/svg/text.ts";
import { skipReason, startHarness } from "./harness.ts";

const reason = skipReason();

const LATIN = [
  "Jan",
  "September",
  "2024",
  "Q3 2024",
  "$1,234,567.89",
  "-12.5%",
  "30-year mortgage",
  "10-year Treasury",
  "Integrations (API, webhooks)",
  "Mobile app",
  "WWW.MMM.COM",
  "illicit little lilies",
  "Administration & Finance",
  "Zürich, São Paulo, Kraków",
  "Ærøskøbing / Łódź / straße",
  "“quoted” — dashed – text…",
];
const OTHER = ["Москва и Санкт-Петербург", "Αθήνα", "תל אביב-יפו", "القاهرة والإسكندرية", "東京", "🍣 sushi"];

Deno.test({
  name: "the text estimate holds Chromium's measure of every label, and is close for Latin text",
  ignore: reason !== undefined,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const h = await startHarness();
  try {
    const page = await h.context.newPage();
    await page.setContent("<!doctype html><svg id=s width=2000 height=50><text id=t x=0 y=20></text></svg>");
    const measure = (text: string, font: string, bold: boolean) =>
      page.evaluate(([text, font, bold]) => {
        const t = document.getElementById("t") as unknown as SVGTextElement;
        t.style.font = `${bold ? 700 : 400} 12px ${font}`;
        t.textContent = text as string;
        return t.getComputedTextLength();
      }, [text, font, bold] as const);
    const report: string[] = [];
    for (const font of ["system-ui", '"Liberation Sans"']) {
      for (const bold of [false, true]) {
        for (const text of [...LATIN, ...OTHER]) {
          const real = await measure(text, font, bold);
          const planned = textWidth(text, 12, bold);
          const latin = LATIN.includes(text);
          if (planned < real - 0.01) {
            report.push(`${font} ${bold ? "bold" : ""} ${text}: ${planned} < ${real}`);
          }
          // DejaVu Sans is the wider of the two almost everywhere, so the estimate is about its width
          // (a few letters, like Arial's wide J, add a px or two)
          if (latin && font === "system-ui" && planned > real * 1.06 + 3) {
            report.push(`${font} ${bold ? "bold" : ""} ${text}: ${planned} is far over ${real}`);
          }
        }
      }
    }
    assert(report.length === 0, report.join("\n"));
  } finally {
    await h.close();
  }
});
