/**
 * Red team, card fields: every string field of every card tool's example input (tests/cards/<kind>/
 * example.json), one at a time, replaced by each hostile payload, through a real MCP client. An
 * accepted card's standalone document (what a plain host renders) is parsed with linkedom and
 * compared with the unfuzzed example's: the same scripts and styles (no text of ours reaches them),
 * no event handler, no unsafe URL, no new active element. A refused card must name the field.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { parseHTML } from "linkedom";
import { CARDS } from "../../src/registry.ts";
import { connect, textOf } from "../helpers.ts";

const root = new URL("../../", import.meta.url);

const PAYLOADS: readonly string[] = [
  `"><script>alert(1)</script>`,
  `</script><script>alert(2)</script>`,
  `<img src=x onerror=alert(3)>`,
  `<svg><script>alert(4)</script><a xlink:href="javascript:alert(5)">x</a></svg>`,
  `javascript:alert(6)`,
  `data:text/html,<script>alert(8)</script>`,
  `data:image/svg+xml,<svg onload=alert(9)>`,
  `red;background:url(https://evil.example/x)`,
  `#fff" onmouseover="alert(10)`,
  `}</style><script>alert(12)</script>`,
  `<!--`,
  `\u202Eexe.txt\u2066`,
  `<a href="javascript:alert(14)">x</a>[x](javascript:alert(15))![i](data:image/svg+xml,<svg onload=alert(16)>)`,
];

/** Attributes whose value is a URL a browser may load or follow. */
const URL_ATTRS = new Set([
  "href",
  "src",
  "poster",
  "action",
  "formaction",
  "xlink:href",
  "srcset",
  "data",
  "background",
  "ping",
  "cite",
  "manifest",
]);

/** Schemes a URL attribute may carry; anything else (javascript:, vbscript:, data:text/html, ...) fails. */
const SAFE_URL =
  /^(?:https?:|mailto:|#|blob:|data:(?:image\/(?:png|gif|jpeg|webp)|video\/[\w.+-]+|audio\/[\w.+-]+|text\/vtt)[;,]|[^:]*$)/i;

/** The little of linkedom's DOM used here. */
interface El {
  localName: string;
  outerHTML: string;
  textContent: string | null;
  attributes: Iterable<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
}
interface Doc {
  querySelectorAll(selector: string): Iterable<El>;
}

/** What a standalone document must keep as the example had it. */
interface Shape {
  scripts: string[];
  styles: string[];
  active: string[];
}

function shape(doc: string): { shape: Shape; problems: string[] } {
  const { document } = parseHTML(doc) as unknown as { document: Doc };
  const problems: string[] = [];
  const scripts: string[] = [];
  for (const s of document.querySelectorAll("script")) {
    const type = s.getAttribute("type") ?? "";
    // A JSON data island may carry the card's text; it must parse, and it is never run.
    if (type === "application/json") {
      try {
        JSON.parse(s.textContent ?? "");
      } catch {
        problems.push("a JSON script island does not parse");
      }
      scripts.push("json");
    } else scripts.push(`${type}|${s.getAttribute("src") ?? ""}|${s.textContent}`);
  }
  const styles = [...document.querySelectorAll("style")].map((s) => s.textContent ?? "");
  const active = [
    ...document.querySelectorAll("iframe,object,embed,base,link,meta,form[action],foreignObject"),
  ]
    .map((e) => e.outerHTML);
  for (const el of document.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      if (name.startsWith("on")) problems.push(`<${el.localName} ${name}>`);
      if (URL_ATTRS.has(name) && !SAFE_URL.test(value.trim())) {
        problems.push(`<${el.localName} ${name}="${value.slice(0, 60)}">`);
      }
      if (name === "style" && /url\(|expression|@import|javascript:|behavior/i.test(value)) {
        problems.push(`<${el.localName} style="${value.slice(0, 60)}">`);
      }
    }
  }
  return { shape: { scripts, styles, active }, problems };
}

/** Every path to a string leaf of a JSON value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  }
  return [];
}

function setAt(value: unknown, path: (string | number)[], leaf: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = leaf;
  return copy;
}

async function example(kind: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(new URL(`tests/cards/${kind}/example.json`, root)));
  } catch {
    return undefined;
  }
}

Deno.test("red cards: hostile text in every string field never reaches a script, a style, a handler or a URL", async () => {
  await using client = await connect({ apps: false, embedHtml: true, resultLimit: 400_000 });
  const failures: string[] = [];
  let accepted = 0;
  let refused = 0;
  for (const { name: tool, card } of CARDS) {
    const input = await example(card.kind);
    if (!input) continue;
    const render = async (args: unknown) => {
      const result = await client.callTool({ name: tool, arguments: args as Record<string, unknown> });
      const embedded = (result.content as { type: string; resource?: { text: string } }[])
        .find((c) => c.type === "resource")?.resource?.text;
      return { result, doc: embedded };
    };
    const base = await render(input);
    assertEquals(base.result.isError, undefined, `${tool}: the example is refused: ${textOf(base.result)}`);
    const baseline = shape(base.doc!).shape;
    for (const path of stringPaths(input)) {
      for (const payload of PAYLOADS) {
        const where = `${tool} ${path.join(".")} = ${JSON.stringify(payload).slice(0, 40)}`;
        const { result, doc } = await render(setAt(input, path, payload));
        if (result.isError) {
          refused++;
          // A refusal names what it refused: the field (its last key, or its array's key) and why.
          const text = textOf(result);
          const key = String(path.findLast((p) => typeof p === "string") ?? "");
          if (!text.includes(key)) {
            failures.push(`${where}: refusal does not name "${key}": ${text.slice(0, 160)}`);
          }
          continue;
        }
        accepted++;
        const { shape: got, problems } = shape(doc!);
        for (const p of problems) failures.push(`${where}: ${p}`);
        if (JSON.stringify(got.scripts) !== JSON.stringify(baseline.scripts)) {
          failures.push(`${where}: scripts differ`);
        }
        if (JSON.stringify(got.styles) !== JSON.stringify(baseline.styles)) {
          failures.push(`${where}: styles differ`);
        }
        if (JSON.stringify(got.active) !== JSON.stringify(baseline.active)) {
          failures.push(`${where}: active elements differ: ${got.active.join(" ").slice(0, 200)}`);
        }
      }
    }
  }
  assertEquals(failures.slice(0, 30).join("\n"), "");
  // The checker itself catches what it looks for.
  assertEquals(
    shape('<p onclick="x"><a href=" javascript:x">a</a><img src="data:image/svg+xml,x"></p>').problems.length,
    3,
  );
  // The sweep did run: most payloads are accepted as plain text.
  assertEquals(accepted > refused, true, `accepted ${accepted}, refused ${refused}`);
});
