/**
 * Text measurement without a browser: Chromium's advances for ASCII (tests/browser/text_width_test.ts
 * holds the estimate against Chromium's measure of whole labels), a width per script elsewhere,
 * and truncation and wrapping on whole code points.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { clip, textWidth, truncate, wrap } from "../../../src/render/svg/text.ts";

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

Deno.test("ASCII widths are the measured advances: 'Sep' at 12 px is 0.67 + 0.62 + 0.64 em", () => {
  assertEquals(textWidth("", 12), 0);
  assertEquals(near(textWidth("Sep", 12), (0.67 + 0.62 + 0.64) * 12), true);
  assertEquals(near(textWidth("2024", 10), 4 * 0.64 * 10), true);
  assertEquals(textWidth("ill", 10) < textWidth("mmm", 10), true);
  assertEquals(textWidth("Sales", 12, true) > textWidth("Sales", 12), true);
});

Deno.test("other scripts: accents weigh nothing, full-width text an em, emoji more", () => {
  assertEquals(textWidth("é", 12), textWidth("e", 12));
  assertEquals(textWidth("e\u0301", 10), textWidth("e", 10)); // a combining accent adds nothing
  assertEquals(textWidth("日本語", 12), 36);
  assertEquals(textWidth("😀", 10), 12.5);
  assertEquals(textWidth("\u200f\u2066", 12), 0); // bidi controls draw nothing
  assertEquals(near(textWidth("שלום", 10), 4 * 7.2), true);
  assertEquals(near(textWidth("مرحبا", 10), 5 * 5.5), true);
  assertEquals(near(textWidth("…", 12, true), 12 * 1.1), true);
});

Deno.test("truncate keeps room for the ellipsis, cuts on code points and never splits a surrogate pair", () => {
  assertEquals(truncate("short", 100, 12), "short");
  const cut = truncate("A very long language name", 60, 12);
  assertEquals(cut, "A very l…");
  assertEquals(textWidth(cut, 12) <= 60, true);
  assertEquals(textWidth(truncate("A very long language name", 60, 12, true), 12, true) <= 60, true);
  const emoji = truncate("😀😀😀😀😀😀", 40, 12);
  assertEquals(emoji, "😀…");
  assertEquals(/[\ud800-\udbff](?![\udc00-\udfff])/.test(emoji), false);
});

Deno.test("wrap fills two lines at spaces and truncates the rest", () => {
  assertEquals(wrap("Northern Europe", 60, 12), ["Northern", "Europe"]);
  assertEquals(wrap("one two three four five six seven", 40, 12), ["one", "two…"]);
  assertEquals(wrap("Supercalifragilistic", 40, 12), ["Sup…"]);
  assertEquals(wrap("a b c", 200, 12, 2), ["a b c"]);
});

Deno.test("clip flattens whitespace and keeps surrogate pairs whole", () => {
  assertEquals(clip("a\n  b", 10), "a b");
  assertEquals(clip("x😀😀😀", 3), "x😀…");
});
