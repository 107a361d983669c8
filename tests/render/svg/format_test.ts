import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import type { ToolError } from "../../../src/errors.ts";
import { checkCurrency, checkLocale, formatter, stepDigits } from "../../../src/render/svg/format.ts";

Deno.test("values format by locale and style", () => {
  const values = [1234.5, -0.25, 0, 1e6];
  assertEquals(values.map(formatter({ locale: "en-US", style: "number" })), [
    "1,234.5",
    "-0.25",
    "0",
    "1,000,000",
  ]);
  assertEquals(values.map(formatter({ locale: "de-DE", style: "number" })), [
    "1.234,5",
    "-0,25",
    "0",
    "1.000.000",
  ]);
  assertEquals([25, 12.5].map(formatter({ locale: "en-US", style: "percent" })), ["25%", "12.5%"]);
  assertEquals([9.99].map(formatter({ locale: "en-US", style: "currency", currency: "EUR" })), ["€9.99"]);
  assertEquals([1234, 5_600_000].map(formatter({ locale: "en-US", style: "compact" })), ["1.23K", "5.6M"]);
  assertEquals([3].map(formatter({ locale: "en-US", style: "number", digits: 2 })), ["3.00"]);
});

Deno.test("tick labels take the digits their step needs", () => {
  assertEquals([stepDigits(5), stepDigits(0.5), stepDigits(0.25), stepDigits(1e-7)], [0, 1, 2, 7]);
  assertEquals([0, 0.5, 1].map(formatter({ locale: "en-US", style: "number" }, 0.5)), ["0.0", "0.5", "1.0"]);
  assertEquals([0, 2.5, 5].map(formatter({ locale: "en-US", style: "percent" }, 2.5)), [
    "0.0%",
    "2.5%",
    "5.0%",
  ]);
});

Deno.test("bad locales and currencies are refused with the field named", () => {
  assertEquals(checkLocale("ja-JP"), "ja-JP");
  throws(() => checkLocale("not a locale!"), (e: ToolError) => {
    assertEquals(
      e.toText(),
      'Invalid "locale": "not a locale!" is not a locale this server can format\nUse a BCP 47 tag such as en-US, de-DE or ja-JP',
    );
    return true;
  });
  throws(() => checkCurrency("usd"), (e: ToolError) => {
    assertEquals(
      e.toText(),
      'Invalid "currency": "usd" is not a currency code\nUse three capital letters, e.g. USD, EUR or JPY',
    );
    return true;
  });
});

Deno.test("the quick plain-number path prints exactly what Intl prints", () => {
  const values = [
    0,
    1,
    -1,
    0.005,
    1.005,
    2.675,
    -0.004,
    999.995,
    1234.5,
    1e6 + 0.125,
    -98765.4321,
    1e14,
    1e16,
    3e-6,
    12.3,
  ];
  for (const locale of ["en-US", "de-DE", "fr-FR", "en-IN", "ar-EG", "ja-JP", "de-CH", "sv-SE"]) {
    for (const digits of [undefined, 0, 1, 3]) {
      const options: Intl.NumberFormatOptions = digits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits };
      const intl = new Intl.NumberFormat(locale, options);
      const ours = formatter({ locale, style: "number", digits });
      assertEquals(values.map(ours), values.map((v) => intl.format(v)), `${locale} ${digits}`);
    }
  }
});

Deno.test("numbers nearer zero than 1e-6 print in scientific notation, as JavaScript's own do (1e-6 does not)", () => {
  const f = formatter({ locale: "en-US", style: "number" });
  // before: every one printed 0 (2 fraction digits), and ticks of a range near 1e-300 all 0.0000000000
  assertEquals([1e-6, 9.99e-7, 3e-7, 1e-300, -1e-300, 0].map(f), [
    "0",
    "9.99E-7",
    "3E-7",
    "1E-300",
    "-1E-300",
    "0",
  ]);
  const tick = formatter({ locale: "de-DE", style: "number", digits: 10 });
  assertEquals([1.5e-300, 1e-6].map(tick), ["1,5E-300", "0,0000010000"]);
});
