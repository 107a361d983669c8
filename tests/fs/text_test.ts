/**
 * Text detection by content (src/fs/text.ts) at its edges: each byte-order mark at its exact
 * length and one byte short, the one-in-ten control character threshold at 10 and 11 in 100, each
 * control character that text may hold, the 8 KB sniff window at its last byte and the first past
 * it, and the first bad byte after a valid sequence of each UTF-8 length.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { decodeText, firstInvalidUtf8, looksBinary } from "../../src/fs/text.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const verdict = (input: Uint8Array) => {
  const result = decodeText(input);
  return "text" in result ? `text ${JSON.stringify(result.text)}` : JSON.stringify(result.notText);
};

Deno.test("text: each byte-order mark at its length; one byte short is something else", () => {
  assertEquals(verdict(bytes(0xff, 0xfe, 0, 0)), '{"kind":"utf32"}');
  assertEquals(verdict(bytes(0xff, 0xfe, 0)), '{"kind":"utf16","endian":"LE"}');
  assertEquals(verdict(bytes(0xff, 0xfe, 0, 1)), '{"kind":"utf16","endian":"LE"}');
  assertEquals(verdict(bytes(0xff, 0xfe, 1, 0)), '{"kind":"utf16","endian":"LE"}');
  assertEquals(verdict(bytes(0xff, 0xfe)), '{"kind":"utf16","endian":"LE"}');
  assertEquals(verdict(bytes(0xfe, 0xff)), '{"kind":"utf16","endian":"BE"}');
  assertEquals(verdict(bytes(0xff)), '{"kind":"invalid-utf8","offset":0}');
  assertEquals(verdict(bytes(0xfe)), '{"kind":"invalid-utf8","offset":0}');
  assertEquals(verdict(bytes(0xfe, 0xfe)), '{"kind":"invalid-utf8","offset":0}');
  assertEquals(verdict(bytes(0xff, 0xff)), '{"kind":"invalid-utf8","offset":0}');
  // A second byte of 0xFF or 0xFE alone is no mark: a NUL first makes it binary.
  assertEquals(verdict(bytes(0, 0xff)), '{"kind":"binary"}');
  assertEquals(verdict(bytes(0, 0xfe)), '{"kind":"binary"}');
  // The UTF-8 mark is dropped, the text kept.
  assertEquals(verdict(bytes(0xef, 0xbb, 0xbf, 0x68, 0x69)), 'text "hi"');
});

/** 100 bytes: `count` of `control`, the rest letters. */
const withControls = (control: number, count: number) =>
  new Uint8Array(100).map((_, i) => i < count ? control : 0x61);

Deno.test("text: binary from more than one control character in ten: 10 in 100 is text, 11 is binary", () => {
  assertEquals(looksBinary(withControls(0x01, 10)), false);
  assertEquals(looksBinary(withControls(0x01, 11)), true);
  assertEquals(verdict(withControls(0x01, 11)), '{"kind":"binary"}');
});

Deno.test("text: tab, line feed, carriage return, form feed, escape and vertical tab never count", () => {
  for (const allowed of [9, 10, 11, 12, 13, 27]) {
    assertEquals([allowed, looksBinary(withControls(allowed, 100))], [allowed, false]);
  }
  for (const counted of [1, 7, 8, 14, 26, 28, 31, 127]) {
    assertEquals([counted, looksBinary(withControls(counted, 11))], [counted, true]);
  }
  assertEquals(looksBinary(withControls(32, 100)), false);
  assertEquals(looksBinary(withControls(126, 100)), false);
  assertEquals(looksBinary(withControls(128, 100)), false);
});

Deno.test("text: the sniff reads the first 8,192 bytes: a NUL at 8,191 is binary, at 8,192 it is text", () => {
  const nulAt = (offset: number) => {
    const b = new Uint8Array(offset + 1).fill(0x61);
    b[offset] = 0;
    return b;
  };
  assertEquals(looksBinary(nulAt(0)), true);
  assertEquals(looksBinary(nulAt(8_191)), true);
  assertEquals(looksBinary(nulAt(8_192)), false);
  // The ratio is over the bytes read: 819 controls in the first 8,192 are under one in ten, 820 over.
  const controlsThenText = (count: number) => new Uint8Array(20_000).map((_, i) => i < count ? 1 : 0x61);
  assertEquals(looksBinary(controlsThenText(819)), false);
  assertEquals(looksBinary(controlsThenText(820)), true);
});

Deno.test("text: the first bad byte after a valid sequence of each length and lead range", () => {
  const cases: [number[], number][] = [
    [[0x80], 0],
    [[0x7f, 0x80], 1], // DEL is ASCII: one byte
    [[0xc1, 0x80], 0], // overlong lead
    [[0xc2, 0x80, 0xff], 2],
    [[0xdf, 0xbf, 0xff], 2],
    [[0xe0, 0xa0, 0x80, 0xff], 3],
    [[0xef, 0xbf, 0xbf, 0xff], 3],
    [[0xe0, 0x80, 0x80], 0], // overlong three bytes
    [[0xf0, 0x90, 0x80, 0x80, 0xff], 4],
    [[0xf4, 0x8f, 0xbf, 0xbf, 0xff], 4],
    [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
    [[0xf5, 0x80, 0x80, 0x80], 0],
    [[0x61, 0xc2], 1], // cut short at the end
    [[0x61, 0xe2, 0x82], 1],
    [[0x61, 0x62, 0xc3, 0xa9, 0xc3], 4],
    [[0xc3, 0x41], 0], // a lead without its continuation
  ];
  assertEquals(cases.map(([b]) => firstInvalidUtf8(bytes(...b))), cases.map(([, offset]) => offset));
  assertEquals(firstInvalidUtf8(bytes(0x61, 0x62)), 2);
  assertEquals(verdict(bytes(0x61, 0x62, 0xc3, 0xa9, 0xc3)), '{"kind":"invalid-utf8","offset":4}');
});
