/**
 * The README is part of the interface: its settings table and its host configuration must say
 * what the code does.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { taskWords } from "../scripts/read_permission.ts";
import { type Config, parseConfig, SETTINGS } from "../src/config.ts";
import { configRefusal } from "./helpers.ts";

const root = new URL("../", import.meta.url);
const readme = await Deno.readTextFile(new URL("README.md", root));

Deno.test("README documents every setting with its variable and flag", () => {
  for (const s of SETTINGS) {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${s.env}\``));
    assertEquals(row?.includes(`\`${s.flag}`), true, `${s.env} needs a row naming ${s.flag}`);
  }
});

Deno.test("README's deno run configuration uses exactly the flags of deno task start", async () => {
  const denoJson = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const block = readme.slice(readme.indexOf("### 1. `deno run`"), readme.indexOf("### 2."));
  // The example grants one folder to Deno and names the same folder as the root.
  const folder = /"MCP_CHAT_CARDS_FS_ROOT": "([^"]+)"/.exec(block)?.[1];
  assertEquals(block.includes(`"--allow-read=${folder}"`), true, "the README's read flag and root differ");
  const flags = taskWords(denoJson.tasks.start as string, folder).filter((w) => w.startsWith("--"));
  const documented = [...block.matchAll(/"(--[^"]+)"/g)].map((m) => m[1]);
  assertEquals(documented.join(" "), flags.join(" "));
});

Deno.test("README gives the two commands, and deno.json has both tasks", async () => {
  const section = readme.slice(readme.indexOf("## Two commands"), readme.indexOf("## Ways to run"));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const commands = block.trim().split("\n").map((line) => line.replace(/\s+#.*$/, ""));
  assertDeep(commands, ["npx -y deno@2.9.6 task start", "npx -y deno@2.9.6 task test"]);
  const tasks = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))).tasks;
  assertEquals(tasks.start.startsWith("deno run "), true, tasks.start);
  // the test runner: two `deno test` runs side by side (tests/test_order_test.ts checks their arguments)
  assertEquals(tasks.test, "deno run --allow-all scripts/test.ts");
});

/** The settings table's rows: variable, flag, default and the "(A to B)" range when one is given. */
function settingsRows() {
  return readme.split("\n").filter((line) => line.startsWith("| `MCP_CHAT_CARDS_")).map((line) => {
    const [env, flag, fallback, meaning] = line.split("|").slice(1, -1).map((cell) => cell.trim());
    const range = /\(([\d,]+) to ([\d,]+)\)/.exec(meaning);
    const number = (text: string) => Number(text.replaceAll(",", ""));
    return {
      env: env.replaceAll("`", ""),
      flag: flag.replaceAll("`", "").split(" ")[0],
      fallback,
      range: range ? [number(range[1]), number(range[2])] : undefined,
    };
  });
}

Deno.test("the code runs with the README table's defaults and accepts exactly its ranges", () => {
  const rows = settingsRows();
  assertEquals(rows.length, SETTINGS.length);
  const defaults = parseConfig([], {}) as unknown as Record<string, unknown>;
  for (const row of rows) {
    const setting = SETTINGS.find((s) => s.env === row.env)!;
    const value = defaults[setting.key];
    const shown = value === undefined
      ? "none"
      : value === false
      ? "off"
      : value === true
      ? "on"
      : String(value);
    assertEquals(
      Array.isArray(value) && value.length === 0 ? "none" : shown,
      row.fallback,
      `${row.env} default`,
    );
    if (!row.range) continue;
    const [min, max] = row.range;
    const key = setting.key as keyof Config;
    assertEquals(parseConfig([], { [row.env]: String(min) })[key], min, `${row.env}=${min}`);
    assertEquals(parseConfig([], { [row.env]: String(max) })[key], max, `${row.env}=${max}`);
    for (const n of [min - 1, max + 1]) {
      assertEquals(
        configRefusal([], { [row.env]: String(n) }).startsWith(`${row.env} must be`),
        true,
        `${n}`,
      );
    }
  }
});

Deno.test("the code accepts the README's boolean words and transport defaults", () => {
  const words = /Booleans accept `([^`]+)` and `([^`]+)`/.exec(readme);
  assertDeep(words?.slice(1), ["1/true/yes/on", "0/false/no/off"]);
  for (const [list, expected] of [[words![1], true], [words![2], false]] as const) {
    for (const word of list.split("/")) {
      assertEquals(
        parseConfig([], { MCP_CHAT_CARDS_EMBED_HTML: word, MCP_CHAT_CARDS_RESULT_LIMIT: "200000" }).embedHtml,
        expected,
        word,
      );
    }
  }
  const port = /`--port N` \(default (\d+)\)/.exec(readme)?.[1];
  const host = /`--host H`\s+\(default ([\d.]+)\)/.exec(readme)?.[1];
  assertEquals(port, "3000");
  assertEquals(host, "127.0.0.1");
  const config = parseConfig(["--http"], {});
  assertEquals(String(config.port), port);
  assertEquals(config.host, host);
  assertEquals(readme.includes("It listens on `127.0.0.1:3000/mcp` by default"), true);
});
