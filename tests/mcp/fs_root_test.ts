/**
 * The file tools served exactly as the README starts the server: `deno task start` with
 * MCP_CHAT_CARDS_FS_ROOT set (the task turns the root into Deno's --allow-read), plain
 * `deno task start` (no reads at all), and the README's Claude Desktop configuration, including a
 * misconfiguration where only Deno's fence stands between the model and a file.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { strictEqual as assertEquals } from "node:assert/strict";
import { textOf } from "../helpers.ts";

const root = new URL("../../", import.meta.url);

async function tree() {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "mcc-start-" }));
  const docs = `${base}/my docs`; // a space, as in many home folders
  await Deno.mkdir(docs);
  await Deno.writeTextFile(`${docs}/GUIDE.md`, "# Guide\n\n## Step\n\nDo it.\n");
  await Deno.writeTextFile(`${base}/beside.txt`, "beside the root");
  return { base, docs };
}

async function serve(command: string, args: string[], env: Record<string, string>) {
  const client = new Client({ name: "fs-root-test", version: "1.0.0" });
  const childEnv = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !name.startsWith("MCP_CHAT_CARDS_")),
  );
  await client.connect(
    new StdioClientTransport({
      command,
      args,
      cwd: root.pathname,
      env: { ...childEnv, ...env },
      stderr: "pipe",
    }),
  );
  return client;
}

async function read(client: Client, path: string): Promise<string> {
  return textOf(await client.callTool({ name: "read_local_file", arguments: { path } }));
}

Deno.test("deno task start with MCP_CHAT_CARDS_FS_ROOT serves the file tools inside the root only", async () => {
  const { base, docs } = await tree();
  const client = await serve(Deno.execPath(), ["task", "-q", "start"], { MCP_CHAT_CARDS_FS_ROOT: docs });
  try {
    assertEquals(await read(client, `${docs}/GUIDE.md`), "# Guide\n\n## Step\n\nDo it.\n");
    assertEquals(await read(client, "GUIDE.md"), "# Guide\n\n## Step\n\nDo it.\n");
    assertEquals(
      await read(client, `${base}/beside.txt`),
      `Cannot read "${base}/beside.txt": the path is outside MCP_CHAT_CARDS_FS_ROOT\nPass a path inside the configured folder, or the content inline`,
    );
    const card = await client.callTool({ name: "create_markdown_card", arguments: { path: "GUIDE.md" } });
    assertEquals(textOf(card), `Document card "Guide" with 1 section:\n- "Step"`);
  } finally {
    await client.close();
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("plain deno task start reads no file, and says how to enable the file tools", async () => {
  const { base, docs } = await tree();
  const client = await serve(Deno.execPath(), ["task", "-q", "start"], {});
  try {
    assertEquals(
      await read(client, `${docs}/GUIDE.md`),
      `Cannot read "${docs}/GUIDE.md": this server was started without read access to that folder\n` +
        "Set MCP_CHAT_CARDS_FS_ROOT to the folder where the server is configured (under deno run, grant the same folder with --allow-read; see the README), or pass the content inline",
    );
  } finally {
    await client.close();
    await Deno.remove(base, { recursive: true });
  }
});

/** The README's Claude Desktop entry for `deno run`, with the clone and the folder filled in. */
async function readmeConfig(folder: string): Promise<{ args: string[]; env: Record<string, string> }> {
  const readme = await Deno.readTextFile(new URL("README.md", root));
  const section = readme.slice(readme.indexOf("### 1. `deno run`"));
  const json = section.slice(
    section.indexOf("```json") + 7,
    section.indexOf("```", section.indexOf("```json") + 7),
  );
  const entry = JSON.parse(json).mcpServers["chat-cards"] as { args: string[]; env: Record<string, string> };
  const example = entry.env.MCP_CHAT_CARDS_FS_ROOT;
  const fill = (s: string) =>
    s.replace("/path/to/mcp-chat-cards/", root.pathname).replaceAll(example, folder);
  return {
    args: entry.args.map(fill),
    env: Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, fill(v)])),
  };
}

Deno.test("deno task start --fs-root sets the root but not Deno's grant: the refusal says so", async () => {
  const { base, docs } = await tree();
  const client = await serve(Deno.execPath(), ["task", "-q", "start", "--fs-root", docs], {});
  try {
    assertEquals(
      await read(client, "GUIDE.md"),
      `Cannot read "GUIDE.md": this server was started without read access to that folder\n` +
        "Grant the MCP_CHAT_CARDS_FS_ROOT folder to Deno with --allow-read (deno task start does so from the variable, not from --fs-root; see the README), or pass the content inline",
    );
  } finally {
    await client.close();
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("the README's Claude Desktop entry serves the root; Deno's fence holds when the root is set too wide", async () => {
  const { base, docs } = await tree();
  const config = await readmeConfig(docs);
  const client = await serve(Deno.execPath(), config.args, config.env);
  try {
    assertEquals(await read(client, `${docs}/GUIDE.md`), "# Guide\n\n## Step\n\nDo it.\n");
  } finally {
    await client.close();
  }
  // The same flags, but the variable names the parent folder: the code would allow beside.txt,
  // Deno does not, and the refusal says which grant is missing.
  const wide = await serve(Deno.execPath(), config.args, { MCP_CHAT_CARDS_FS_ROOT: base });
  try {
    assertEquals(
      await read(wide, "beside.txt"),
      `Cannot read "beside.txt": this server was started without read access to that folder\n` +
        "Grant the MCP_CHAT_CARDS_FS_ROOT folder to Deno with --allow-read (deno task start does so from the variable, not from --fs-root; see the README), or pass the content inline",
    );
  } finally {
    await wide.close();
    await Deno.remove(base, { recursive: true });
  }
});
