/**
 * Tool schemas must be portable across hosts: the official MCP Inspector CLI in strict mode lists
 * the tools of the real stdio server and must report no errors and no warnings.
 */
import { strictEqual as assertEquals } from "node:assert/strict";
import { taskWords } from "../../scripts/read_permission.ts";

const root = new URL("../../", import.meta.url);
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

Deno.test("MCP Inspector --strict finds no schema errors or warnings", async () => {
  const denoJson = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const startArgs = taskWords(denoJson.tasks.start as string).slice(1);
  // The server's npm packages are fetched first: on an empty cache that download, not the server,
  // outran the Inspector's 15 s connect timeout on a loaded machine (this test is about the schemas).
  const cached = await new Deno.Command(Deno.execPath(), { args: ["cache", "src/main.ts"], cwd: root })
    .output();
  assertEquals(cached.code, 0, new TextDecoder().decode(cached.stderr));
  const { code, stdout, stderr } = await new Deno.Command("npx", {
    args: ["-y", INSPECTOR, "--cli", Deno.execPath(), ...startArgs, "--method", "tools/list", "--strict"],
    cwd: root,
    env: Deno.env.toObject(),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  const problems = out.split("\n").filter((l) => /^(Warning|Error)\b/.test(l));
  assertEquals(problems.join("\n"), "", out.slice(-2000));
  assertEquals(code, 0, out.slice(-2000));
  assertEquals(out.includes('"name": "create_table_card"'), true, "tools/list did not reach the server");
});
