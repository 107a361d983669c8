/**
 * End to end over stdio: `deno task start`'s exact command (the README's permission flags) in a
 * child process, driven by the SDK's stdio client. Every tool is called once.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { taskWords } from "../../scripts/read_permission.ts";
import { embeddedDocumentChars, embedMinimum } from "../../src/output/result.ts";
import { CARDS, TOOLS } from "../../src/registry.ts";
import { textOf } from "../helpers.ts";
import { PassThrough } from "node:stream";
import { filterLines, MAX_STDIO_LINE } from "../../src/mcp/stdio.ts";

const root = new URL("../../", import.meta.url);

/** The `start` task's deno arguments, so the test runs exactly what users run. */
async function startArgs(): Promise<string[]> {
  const denoJson = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const words = taskWords(denoJson.tasks.start as string);
  assertEquals(words[0], "deno");
  return words.slice(1);
}

/** The golden cases of each card tool: every one is replayed over stdio. */
const KIND_OF_TOOL: Record<string, string> = Object.fromEntries(CARDS.map((c) => [c.name, c.card.kind]));

/** Model-visible tools that are not cards, each called once with these arguments. */
const OTHER_CALLS: Record<string, Record<string, unknown>> = {
  get_insert_bookmarklet: {},
};

/** Tools that are not cards, called once each below. */
const FILE_TOOLS = new Set(["read_local_file", "unpack_archive"]);

function goldenCases(kind: string): string[] {
  return [...Deno.readDirSync(new URL(`tests/cards/${kind}/`, root))]
    .map((e) => e.name)
    .filter((n) => n.endsWith(".json") && !n.startsWith("error_"))
    .sort();
}

Deno.test("stdio: deno run with the README's flags renders every golden card and summary", async () => {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: await startArgs(),
    cwd: root.pathname,
    env: Deno.env.toObject(),
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assertDeep(tools.map((t) => t.name), TOOLS.map((t) => t.name));
    // App-only tools (visibility without "model") are the card view's, not the model's.
    const modelTools = tools.filter((t) =>
      (t._meta?.ui as { visibility?: string[] })?.visibility?.includes("model") ?? true
    );
    let split: { id: string; title: string; total: number } | undefined;
    for (const tool of modelTools) {
      if (tool.annotations?.openWorldHint) continue; // the web tools: tests/tools/ and the refusal below
      const kind = KIND_OF_TOOL[tool.name];
      if (FILE_TOOLS.has(tool.name)) continue;
      if (tool.name === "get_card") {
        // Part 2 of the last split golden, read by its id from the stored render.
        assertEquals(split !== undefined, true, "a golden card split into parts");
        const result = await client.callTool({ name: "get_card", arguments: { id: split!.id, part: 2 } });
        assertEquals(result.isError, undefined, textOf(result));
        assertEquals(
          (result.structuredContent as { card: { config: { title: string } } }).card.config.title,
          `${split!.title} (part 2 of ${split!.total})`,
        );
        continue;
      }
      if (!kind && tool.name in OTHER_CALLS) {
        const result = await client.callTool({ name: tool.name, arguments: OTHER_CALLS[tool.name] });
        assertEquals(result.isError, undefined, `${tool.name}: ${textOf(result)}`);
        continue;
      }
      if (!kind) throw new Error(`no golden cases for ${tool.name}: add it to OTHER_CALLS`);
      for (const name of goldenCases(kind)) {
        const file = `tests/cards/${kind}/${name}`;
        const args = JSON.parse(await Deno.readTextFile(new URL(file, root)));
        const result = await client.callTool({ name: tool.name, arguments: args });
        assertEquals(result.isError, undefined, `${file}: ${textOf(result)}`);
        const { card, parts } = result.structuredContent as {
          card: { config: { id: string; title: string } };
          parts: { total: number; current: number };
        };
        if (parts.total > 1 && parts.current === 1) {
          split = {
            id: card.config.id,
            title: card.config.title.replace(/ \(part 1 of \d+\)$/, ""),
            total: parts.total,
          };
        }
        // The host check reports the client it runs in: its golden names the in-memory test host.
        if (kind === "host_check") continue;
        const expected = await Deno.readTextFile(new URL(file.replace(/\.json$/, ".html"), root));
        // Not an Apps client: no article in the result; the standalone document is linked, readable,
        // and holds the golden article.
        assertEquals(
          (result.structuredContent as { card: { articleHtml?: string } }).card.articleHtml,
          undefined,
        );
        const summary = await Deno.readTextFile(new URL(file.replace(/\.json$/, ".txt"), root));
        // The card id in a split card's next-part line is random here, a counter in the goldens.
        const anyId = (text: string) => text.replace(/\{"id":"[^"]+"/g, '{"id":"…"');
        assertEquals(anyId(textOf(result) + "\n"), anyId(summary), `${file}: summary`);
        const link = (result.content as { uri?: string }[])[1];
        const { contents } = await client.readResource({ uri: link.uri! });
        const doc = (contents[0] as { text: string }).text;
        assertEquals(doc.startsWith("<!doctype html>"), true);
        assertEquals(doc.includes(expected.trimEnd()), true, file);
      }
    }
    // No MCP_CHAT_CARDS_FS_ROOT: the task denies every read, and the denial reads as a clear refusal.
    for (const name of FILE_TOOLS) {
      const refused = await client.callTool({ name, arguments: { path: "/etc/hostname" } });
      assertEquals(
        textOf(refused),
        `Cannot read "/etc/hostname": this server was started without read access to that folder\n` +
          "Set MCP_CHAT_CARDS_FS_ROOT to the folder where the server is configured (under deno run, grant the same folder with --allow-read; see the README), or pass the content inline",
      );
    }
    const bad = await client.callTool({ name: "create_table_card", arguments: { title: "x" } });
    assertEquals(
      textOf(bad),
      `Invalid "rows": a table needs rows, rawText or at least headers\nPass rows: [[...], ...] or rawText`,
    );
    // The web tools run under the same flags: the fetcher refuses before Deno's fence is even asked.
    const fetched = await client.callTool({
      name: "fetch_reference",
      arguments: { url: "http://127.0.0.1:9/" },
    });
    assertEquals(
      textOf(fetched),
      `Cannot fetch "http://127.0.0.1:9/": "127.0.0.1" is a loopback address\nOnly public addresses are fetched; the server's operator can set MCP_CHAT_CARDS_ALLOW_PRIVATE=1 to allow private networks`,
    );
  } finally {
    await client.close();
  }
});

Deno.test("--help and -h print the flags and variables on stdout and exit 0, starting no server", async () => {
  for (const flag of ["--help", "-h"]) {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [...await startArgs(), flag],
      cwd: root,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(stdout);
    assertEquals(code, 0, text);
    assertEquals(new TextDecoder().decode(stderr), "", "help is the answer, not a log line");
    assertEquals(
      text.startsWith("mcp-chat-cards: an MCP server that renders interactive HTML cards\n"),
      true,
      text,
    );
    for (
      const line of [
        "--http",
        "--port N",
        "--host H",
        "--card-budget",
        "MCP_CHAT_CARDS_RESULT_LIMIT",
        "--version",
        "--help",
      ]
    ) {
      assertEquals(text.includes(line), true, `${flag}: ${line} missing from:\n${text}`);
    }
  }
});

Deno.test("stdio: an invalid setting stops start-up with one line naming the variable", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: await startArgs(),
    cwd: root,
    env: { ...Deno.env.toObject(), MCP_CHAT_CARDS_CARD_BUDGET: "huge" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(code, 2);
  assertEquals(new TextDecoder().decode(stdout), "");
  assertEquals(
    new TextDecoder().decode(stderr),
    `[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_CARD_BUDGET must be a whole number from 2000 to 2000000, got "huge"\n`,
  );
});

Deno.test("stdio: embedding the document under a ceiling too small for it stops start-up, naming both", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: await startArgs(),
    cwd: root,
    env: { ...Deno.env.toObject(), MCP_CHAT_CARDS_EMBED_HTML: "1", MCP_CHAT_CARDS_RESULT_LIMIT: "60000" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(code, 2);
  assertEquals(new TextDecoder().decode(stdout), "");
  assertEquals(
    new TextDecoder().decode(stderr),
    `[mcp-chat-cards] Cannot start: MCP_CHAT_CARDS_EMBED_HTML (--embed-html) needs MCP_CHAT_CARDS_RESULT_LIMIT (--result-limit) of at least ${embedMinimum()}: every result then carries the ${embeddedDocumentChars()}-character card document as well as the card; got 60000\n`,
  );
});

Deno.test("stdio: a Deno permission denial comes back as a clear refusal, and the server keeps serving", async () => {
  // The start flags without CI, which the HTML sanitizer's dependencies read.
  const args = (await startArgs()).map((a) => a.startsWith("--allow-env=") ? a.replace(/,CI\b/, "") : a);
  // The colour helper reads CI only when NO_COLOR and FORCE_COLOR are unset: unset them for the child.
  const env = Deno.env.toObject();
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args,
      cwd: root.pathname,
      env,
      stderr: "pipe",
    }),
  );
  try {
    const refused = await client.callTool({
      name: "create_tab_card",
      arguments: { title: "t", tabs: [{ label: "a", html: "<b>x</b>" }] },
    });
    assertEquals(refused.isError, true);
    assertEquals(
      textOf(refused),
      `create_tab_card was refused by the server's Deno permissions: Requires env access to "CI", run again with the --allow-env flag\n` +
        "Ask the user to start the server with the permission flags the README gives",
    );
    const next = await client.callTool({
      name: "create_tab_card",
      arguments: { title: "t", tabs: [{ label: "a", text: "x" }] },
    });
    assertEquals(next.isError, undefined);
  } finally {
    await client.close();
  }
});

/** Feeds `chunks` through filterLines with a small limit; what passes and what is answered, in order. */
async function framed(chunks: string[], maxLine: number): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const seen: string[] = [];
  output.on("data", (b: Uint8Array) => seen.push(`answer ${new TextDecoder().decode(b).replace(/\n$/, "")}`));
  const passed = filterLines(input, output, maxLine);
  passed.on("data", (b: Uint8Array) => seen.push(`pass ${new TextDecoder().decode(b).replace(/\n$/, "")}`));
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return seen;
}

Deno.test("stdio framing: the line limit at N and N+1, for the first line, the next ones and a line in pieces", async () => {
  const ping = (pad: number) => `{"jsonrpc":"2.0","method":"ping","id":"${"x".repeat(pad)}"}`;
  const base = ping(0).length;
  const at = ping(64 - base);
  const over = ping(65 - base);
  assertDeep([at.length, over.length], [64, 65]);
  const tooLarge = 'answer {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Request Too Large: ' +
    'the line is over the 64-byte limit of one stdio message"}}';
  assertDeep(await framed([`${at}\n`], 64), [`pass ${at}`]);
  assertDeep(await framed([`${over}\n`], 64), [tooLarge]);
  assertDeep(await framed([`${at}\n${at}\n${over}\n${at}\n`], 64), [
    `pass ${at}`,
    `pass ${at}`,
    tooLarge,
    `pass ${at}`,
  ]);
  // In pieces: the sizes add up across chunks, and a refused line does not count against the next.
  assertDeep(await framed([at.slice(0, 30), at.slice(30), "\n"], 64), [`pass ${at}`]);
  assertDeep(await framed([over.slice(0, 30), over.slice(30), `\n${at}\n`], 64), [tooLarge, `pass ${at}`]);
  // CRLF: the carriage return is dropped before the line is judged; blank lines are ignored.
  assertDeep(await framed([`${at}\r\n\n  \n`], 65), [`pass ${at}\r`]);
});

Deno.test("stdio framing: the documented limit is 10 MiB (README)", () => {
  assertEquals(MAX_STDIO_LINE, 10 * 1024 * 1024);
});
