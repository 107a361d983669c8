import { deepStrictEqual } from "node:assert/strict";
import { parsePartial } from "../../../src/ui/runtime/partial_json.ts";

Deno.test("every prefix of a document parses, but for cuts inside a number, a literal or an escape", () => {
  const doc = JSON.stringify(
    {
      title: 'Tab "one" \\ \u00e9\ud83d\ude00',
      rows: [[1, -2.5e3, true, false, null, "x"], []],
      nested: { a: [{ b: {} }], c: "" },
    },
    null,
    1,
  );
  for (let i = 0; i <= doc.length; i++) {
    const value = parsePartial(doc.slice(0, i));
    const insideToken = /[-+.eE\\]$|\b(t|tr|tru|f|fa|fal|fals|n|nu|nul)$/.test(doc.slice(0, i));
    if (i > 0 && !insideToken && (value === null || typeof value !== "object")) {
      throw new Error(`prefix ${i} did not parse: ${doc.slice(0, i)}`);
    }
  }
  deepStrictEqual(parsePartial(doc), JSON.parse(doc));
});

Deno.test("each kind of cut is healed as documented", () => {
  const cases: [string, unknown][] = [
    ["", null], // nothing yet reads as null, which draws nothing
    ["{", {}],
    ['{"title": "Half a ti', { title: "Half a ti" }],
    ['{"ti', { ti: null }],
    ['{"title"', { title: null }],
    ['{"title" :', { title: null }],
    ['{"rows": [[1, 2], [3', { rows: [[1, 2], [3]] }],
    ['{"rows": [[1, 2],', { rows: [[1, 2]] }],
    ['{"n": 12', { n: 12 }],
    ['{"b": true', { b: true }],
    ['{"b": [false', { b: [false] }],
    // cut inside a number, a literal or a \u escape: nothing new until the next partial
    ['{"n": -', undefined],
    ['{"n": 1.', undefined],
    ['{"n": 2e-', undefined],
    ['{"b": tr', undefined],
    ['{"s": "a\\', undefined],
    ['{"s": "a\\u00', undefined],
    ['{"s": "a\\\\', { s: "a\\" }],
    ['{"s": "a\\"b', { s: 'a"b' }],
    ['{"s": "a,\\"b\\": {', { s: 'a,"b": {' }],
    ['{"k": {"x": 1}, "l": [', { k: { x: 1 }, l: [] }],
    ['["a", "b', ["a", "b"]],
    ['{"a": 1}', { a: 1 }],
  ];
  for (const [input, want] of cases) deepStrictEqual(parsePartial(input), want, input);
});

Deno.test("hostile input gives undefined or plain data, never throws", () => {
  let deep = parsePartial("[".repeat(20_000));
  for (let depth = 1; depth < 20_000; depth++) deep = (deep as unknown[])[0];
  deepStrictEqual(deep, []);
  const cases: [string, unknown][] = [
    ["}}}]]]", undefined],
    ["not json", undefined],
    ['{"a": 1} trailing', undefined],
    ["{'single': 1}", undefined],
    ['{"a": 1,,', undefined],
    ['{"a": NaN', undefined],
    ['{"html": "<img src=x onerror=alert(1)></script>', { html: "<img src=x onerror=alert(1)></script>" }],
    ['{"__proto__": {"polluted": 1}', JSON.parse('{"__proto__": {"polluted": 1}}')],
  ];
  for (const [input, want] of cases) deepStrictEqual(parsePartial(input), want, input);
  deepStrictEqual(({} as Record<string, unknown>).polluted, undefined);
  const huge = `{"text": "${"x".repeat(2_000_000)}`;
  deepStrictEqual((parsePartial(huge) as { text: string }).text.length, 2_000_000);
});
