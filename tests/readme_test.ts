/**
 * The README is part of the interface: its settings table and its host configuration must say
 * what the code does.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { taskWords } from "../scripts/read_permission.ts";
import { SETTINGS } from "../src/config.ts";

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

Deno.test("README gives the two commands", () => {
  assertEquals(readme.includes("npx -y deno@2.9.6 task start"), true);
  assertEquals(readme.includes("npx -y deno@2.9.6 task test"), true);
});
