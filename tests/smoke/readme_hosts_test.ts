/**
 * The README's host configurations, as a first user copies them: every JSON and YAML snippet under
 * "Ways to run" parses; the stdio ones name the package's command or the exact `deno run` line;
 * and the Claude Desktop `deno run` snippet, with only its two placeholder paths filled in, serves
 * a real MCP client: tools listed, a card rendered, its template read, a file read from the folder.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse as parseYaml } from "yaml";
import { PACKAGE_NAME } from "../../scripts/build_npm.ts";
import { ENV_NAMES } from "../../src/config.ts";
import { cleanEnv, ROOT_PATH } from "./targets.ts";

const readme = await Deno.readTextFile(join(ROOT_PATH, "README.md"));
const ways = readme.slice(readme.indexOf("## Ways to run"), readme.indexOf("### Replicas behind"));

function blocks(lang: string, text = ways): string[] {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
}

function section(heading: string): string {
  const start = ways.indexOf(heading);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const end = ways.indexOf("\n### ", start + heading.length);
  return ways.slice(start, end < 0 ? undefined : end);
}

Deno.test("readme hosts: every JSON and YAML snippet under Ways to run parses", () => {
  const json = blocks("json");
  assertEquals(json.length >= 5, true, `only ${json.length} JSON snippets`);
  for (const text of json) JSON.parse(text);
  const yaml = blocks("yaml");
  assertEquals(yaml.length >= 1, true, "the Goose snippet is missing");
  for (const text of yaml) parseYaml(text);
});

Deno.test("readme hosts: the npm, VS Code and Goose snippets run the package's command", () => {
  const npm = JSON.parse(blocks("json", section("### 2. npm"))[0]);
  assertDeep(npm, { mcpServers: { "chat-cards": { command: PACKAGE_NAME } } });
  const vscode = JSON.parse(blocks("json", section("### VS Code"))[0]);
  assertDeep(vscode, { servers: { "chat-cards": { type: "stdio", command: PACKAGE_NAME } } });
  const goose = parseYaml(blocks("yaml", section("### Goose"))[0]).extensions["chat-cards"];
  assertDeep(
    { type: goose.type, name: goose.name, enabled: goose.enabled, cmd: goose.cmd, args: goose.args },
    { type: "stdio", name: "chat-cards", enabled: true, cmd: PACKAGE_NAME, args: [] },
  );
  for (const name of Object.keys(goose.envs)) assertEquals(ENV_NAMES.includes(name), true, name);
  assertEquals(
    section("### Goose").includes(`goose session --with-extension "${PACKAGE_NAME}"`),
    true,
    "the one-session command",
  );
});

Deno.test("readme hosts: the Claude Desktop deno run snippet, paths filled in, serves a real client", async () => {
  const folder = await Deno.makeTempDir({ prefix: "mcc-desktop-" });
  try {
    await Deno.writeTextFile(join(folder, "notes.md"), "# Notes\n");
    const server = JSON.parse(blocks("json", section("### 1. `deno run`"))[0]).mcpServers["chat-cards"];
    const fill = (text: string) =>
      text.replaceAll("/Users/you/Documents", folder).replaceAll("/path/to/mcp-chat-cards", ROOT_PATH);
    assertEquals(server.command, "deno");
    const client = new Client({ name: "desktop", version: "1.0.0" });
    // Claude Desktop starts the server from "/" with the snippet's env on top of its own.
    await client.connect(
      new StdioClientTransport({
        command: Deno.execPath(),
        args: server.args.map(fill),
        cwd: "/",
        env: cleanEnv(
          Object.fromEntries(
            Object.entries(server.env as Record<string, string>).map(([k, v]) => [k, fill(v)]),
          ),
        ),
        stderr: "pipe",
      }),
    );
    try {
      const { tools } = await client.listTools();
      const tab = tools.find((t) => t.name === "create_tab_card")!;
      const uri = (tab._meta as { ui: { resourceUri: string } }).ui.resourceUri;
      const result = await client.callTool({
        name: "create_tab_card",
        arguments: { title: "Hello", tabs: [{ label: "A", text: "one" }, { label: "B", text: "two" }] },
      });
      assertEquals(
        (result.content as { text: string }[])[0].text,
        'Tab card "Hello" with 2 tabs:\n- A: one\n- B: two',
      );
      const template = await client.readResource({ uri });
      assertEquals(template.contents[0].mimeType, "text/html;profile=mcp-app");
      const read = await client.callTool({ name: "read_local_file", arguments: { path: "notes.md" } });
      assertDeep((read.content as { text: string }[]).map((c) => c.text), [
        "# Notes\n",
        'The whole of "notes.md": 8 characters, 2 lines.',
      ]);
    } finally {
      await client.close();
    }
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
