// deno-lint-ignore-file no-console -- prints the table to paste
/**
 * Measures the advance width of every printable ASCII character in Chromium, regular and bold, in
 * the sans fonts that matter for the estimate in src/render/svg/text.ts (DejaVu Sans, the widest
 * common UI font and what `system-ui` is on most Linux machines, and Liberation Sans, metric-equal
 * to Arial and Helvetica), and prints the per-character maximum as the two strings text.ts holds.
 *
 *   deno run -A scripts/measure_text.ts
 *
 * tests/browser/text_width_test.ts checks the estimate against Chromium's measure of whole labels.
 */
import { chromium } from "playwright-core";

const FONTS = ["DejaVu Sans", "Liberation Sans"];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  const widths = await page.evaluate((fonts) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    return ["400", "700"].map((weight) => {
      const out: number[] = [];
      for (let code = 32; code < 127; code++) {
        let max = 0;
        for (const font of fonts) {
          ctx.font = `${weight} 100px "${font}"`;
          max = Math.max(max, ctx.measureText(String.fromCharCode(code)).width);
        }
        out.push(Math.ceil(max));
      }
      return out;
    });
  }, FONTS);
  // hundredths of an em, rounded up, for the characters " " (32) to "~" (126)
  const [regular, bold] = widths.map((ws) => `[${ws.join(", ")}]`);
  console.log(`const REGULAR = ${regular};`);
  console.log(`const BOLD = ${bold};`);
} finally {
  await browser.close();
}
