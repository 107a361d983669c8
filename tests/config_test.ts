import { deepStrictEqual as assertDeep, strictEqual as assertEquals, throws } from "node:assert/strict";
import { resolve } from "node:path";
import { type Config, ConfigError, ENV_NAMES, helpText, parseConfig, SETTINGS } from "../src/config.ts";
import { embeddedDocumentChars, embedMinimum } from "../src/output/result.ts";
import { documentShellChars, standaloneDocument } from "../src/ui/standalone.ts";
import { PARTS_TEMPLATE } from "../src/ui/shared/protocol.ts";
import { TEMPLATE_KINDS } from "../src/ui/template.ts";
import { configRefusal, startable } from "./helpers.ts";

/** A ceiling that holds an embedded document, for tests about other settings. */
const roomy = { MCP_CHAT_CARDS_RESULT_LIMIT: "200000" };

Deno.test("missing variables and flags give the README's defaults", () => {
  // Literal values from the README (settings table; "--port N (default 3000) and --host H
  // (default 127.0.0.1)"), never the code's own DEFAULT_CONFIG.
  assertDeep(parseConfig([], {}), {
    cardBudget: 32_000,
    resultLimit: 40_000,
    embedHtml: false,
    allowPrivate: false,
    http: false,
    port: 3000,
    host: "127.0.0.1",
    allowedHosts: [],
    maxBody: 4_194_304,
    maxSessions: 256,
    maxConnections: 1_024,
    mediaOrigins: [],
  });
  assertEquals(parseConfig(["--http"], {}).port, 3000);
  assertEquals(parseConfig(["--http"], {}).host, "127.0.0.1");
});

Deno.test("numeric settings accept the README's range and refuse one past either end", () => {
  const table: [string, string, number, number][] = [
    ["MCP_CHAT_CARDS_CARD_BUDGET", "--card-budget", 2_000, 2_000_000],
    ["MCP_CHAT_CARDS_RESULT_LIMIT", "--result-limit", 4_000, 20_000_000],
    ["MCP_CHAT_CARDS_HTTP_MAX_BODY", "--max-body", 1_024, 67_108_864],
    ["MCP_CHAT_CARDS_HTTP_MAX_SESSIONS", "--max-sessions", 1, 100_000],
    ["MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS", "--max-connections", 8, 100_000],
  ];
  const key = {
    MCP_CHAT_CARDS_CARD_BUDGET: "cardBudget",
    MCP_CHAT_CARDS_RESULT_LIMIT: "resultLimit",
    MCP_CHAT_CARDS_HTTP_MAX_SESSIONS: "maxSessions",
    MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS: "maxConnections",
  } as const;
  for (const [env, flag, min, max] of table) {
    const field = (key as Record<string, keyof Config>)[env] ?? "maxBody";
    for (const n of [min, max]) {
      assertEquals(parseConfig([], { [env]: String(n) })[field], n, `${env}=${n}`);
      assertEquals(parseConfig([`${flag}=${n}`], {})[field], n, `${flag}=${n}`);
    }
    for (const n of [min - 1, max + 1]) {
      assertEquals(
        configRefusal([], { [env]: String(n) }),
        `${env} must be a whole number from ${min} to ${max}, got "${n}"`,
      );
      assertEquals(
        configRefusal([flag, String(n)], {}),
        `${flag} must be a whole number from ${min} to ${max}, got "${n}"`,
      );
    }
  }
});

Deno.test("booleans accept 1/true/yes/on and 0/false/no/off, in any case, as variables and flags", () => {
  for (
    const [text, value] of [
      ["1", true],
      ["true", true],
      ["yes", true],
      ["on", true],
      ["YES", true],
      [" On ", true],
      ["0", false],
      ["false", false],
      ["no", false],
      ["off", false],
      ["OFF", false],
    ] as const
  ) {
    assertEquals(
      parseConfig([], { ...roomy, MCP_CHAT_CARDS_EMBED_HTML: text }).embedHtml,
      value,
      `env ${text}`,
    );
    assertEquals(parseConfig([], { MCP_CHAT_CARDS_ALLOW_PRIVATE: text }).allowPrivate, value, `env ${text}`);
    assertEquals(parseConfig([`--embed-html=${text}`], roomy).embedHtml, value, `flag ${text}`);
  }
  assertEquals(parseConfig(["--allow-private"], {}).allowPrivate, true, "a bare boolean flag is on");
});

Deno.test("every variable: valid values are taken", () => {
  const config = parseConfig([], {
    MCP_CHAT_CARDS_CARD_BUDGET: "12000",
    MCP_CHAT_CARDS_RESULT_LIMIT: "150000",
    MCP_CHAT_CARDS_EMBED_HTML: "1",
    MCP_CHAT_CARDS_FS_ROOT: "some/dir",
    MCP_CHAT_CARDS_ALLOW_PRIVATE: "true",
    MCP_CHAT_CARDS_HTTP_TOKEN: "s3cret",
  });
  assertEquals(config.cardBudget, 12_000);
  assertEquals(config.resultLimit, 150_000);
  assertEquals(config.embedHtml, true);
  assertEquals(config.fsRoot, resolve("some/dir"));
  assertEquals(config.allowPrivate, true);
  assertEquals(config.httpToken, "s3cret");
});

Deno.test("every variable: invalid values are refused with the variable and what it accepts", () => {
  const table: [Record<string, string>, string][] = [
    [
      { MCP_CHAT_CARDS_CARD_BUDGET: "lots" },
      `MCP_CHAT_CARDS_CARD_BUDGET must be a whole number from 2000 to 2000000, got "lots"`,
    ],
    [
      { MCP_CHAT_CARDS_CARD_BUDGET: "10" },
      `MCP_CHAT_CARDS_CARD_BUDGET must be a whole number from 2000 to 2000000, got "10"`,
    ],
    [
      { MCP_CHAT_CARDS_RESULT_LIMIT: "-5" },
      `MCP_CHAT_CARDS_RESULT_LIMIT must be a whole number from 4000 to 20000000, got "-5"`,
    ],
    [
      { MCP_CHAT_CARDS_RESULT_LIMIT: "1e9" },
      `MCP_CHAT_CARDS_RESULT_LIMIT must be a whole number from 4000 to 20000000, got "1e9"`,
    ],
    [
      { MCP_CHAT_CARDS_EMBED_HTML: "maybe" },
      `MCP_CHAT_CARDS_EMBED_HTML must be 1/true/yes/on or 0/false/no/off, got "maybe"`,
    ],
    [{ MCP_CHAT_CARDS_FS_ROOT: "  " }, `MCP_CHAT_CARDS_FS_ROOT must be a directory path, got ""`],
    [
      { MCP_CHAT_CARDS_ALLOW_PRIVATE: "2" },
      `MCP_CHAT_CARDS_ALLOW_PRIVATE must be 1/true/yes/on or 0/false/no/off, got "2"`,
    ],
    [
      { MCP_CHAT_CARDS_HTTP_TOKEN: "" },
      `MCP_CHAT_CARDS_HTTP_TOKEN must be visible ASCII characters without spaces (it is sent in an Authorization header)`,
    ],
  ];
  for (const [env, message] of table) assertEquals(configRefusal([], env), message);
});

Deno.test("flags override variables and accept both --flag value and --flag=value", () => {
  const config = parseConfig(
    [
      "--card-budget",
      "5000",
      "--result-limit=190000",
      "--embed-html",
      "--allow-private=0",
      "--fs-root",
      "/tmp",
    ],
    { MCP_CHAT_CARDS_CARD_BUDGET: "9000", MCP_CHAT_CARDS_ALLOW_PRIVATE: "1" },
  );
  assertEquals(config.cardBudget, 5_000);
  assertEquals(config.resultLimit, 190_000);
  assertEquals(config.embedHtml, true);
  assertEquals(config.allowPrivate, false);
  assertEquals(config.fsRoot, "/tmp");
});

Deno.test("bad flags are refused by name", () => {
  assertEquals(configRefusal(["--card-budget"], {}), "--card-budget needs a value");
  assertEquals(
    configRefusal(["--card-budget", "x"], {}),
    `--card-budget must be a whole number from 2000 to 2000000, got "x"`,
  );
  assertEquals(configRefusal(["--bogus"], {}), `Unknown flag "--bogus": run with --help for the list`);
  assertEquals(configRefusal(["--port", "70000"], {}), `--port must be 0 to 65535, got "70000"`);
});

Deno.test("help text names the transport flags with the README's defaults", () => {
  const lines = helpText().split("\n");
  assertEquals(lines[0], "mcp-chat-cards: an MCP server that renders interactive HTML cards");
  assertEquals(lines.includes("  --port N         HTTP port (default 3000)"), true);
  assertEquals(
    lines.includes(
      "  --host H         HTTP bind address (default 127.0.0.1; others need MCP_CHAT_CARDS_HTTP_TOKEN)",
    ),
    true,
  );
  assertEquals(lines.at(-1), "  --help           print this text");
});

Deno.test("help text and ENV_NAMES list every setting", () => {
  for (const s of SETTINGS) {
    assertEquals(helpText().includes(s.env) && helpText().includes(s.flag), true, s.env);
    assertEquals(ENV_NAMES.includes(s.env), true);
  }
  throws(() => parseConfig(["--nope"], {}), ConfigError);
});

Deno.test("embedding the document needs a result ceiling that holds it, measured from the real document", () => {
  // Every kind a document is made of (get_card's parts template is a view only).
  const document = Math.max(
    ...TEMPLATE_KINDS.filter((kind) => kind !== PARTS_TEMPLATE).map((kind) =>
      JSON.stringify(standaloneDocument({ id: "", kind, title: "", articleHtml: "" })).length
    ),
  );
  for (const kind of TEMPLATE_KINDS.filter((kind) => kind !== PARTS_TEMPLATE)) {
    const measured = JSON.stringify(standaloneDocument({ id: "", kind, title: "", articleHtml: "" })).length;
    assertEquals(documentShellChars(kind), measured, `${kind}: src/ui/shells.gen.ts is stale`);
  }
  const minimum = Math.ceil((document + 48_000) / 1_000) * 1_000;
  assertEquals(embeddedDocumentChars(), document);
  assertEquals(embedMinimum(), minimum);
  const refusal = (limit: number) =>
    `MCP_CHAT_CARDS_EMBED_HTML (--embed-html) needs MCP_CHAT_CARDS_RESULT_LIMIT (--result-limit) of at least ${minimum}: every result then carries the ${document}-character card document as well as the card; got ${limit}`;
  // The default ceiling, from a variable or a flag, and one short of the minimum.
  assertEquals(configRefusal([], { MCP_CHAT_CARDS_EMBED_HTML: "1" }), refusal(40_000));
  assertEquals(configRefusal(["--embed-html"], {}), refusal(40_000));
  assertEquals(
    configRefusal(["--embed-html", `--result-limit=${minimum - 1}`], {}),
    refusal(minimum - 1),
  );
  // A flag that raises the ceiling wins over the variable, as for every setting.
  const config = startable([`--result-limit=${minimum}`], {
    MCP_CHAT_CARDS_EMBED_HTML: "yes",
    MCP_CHAT_CARDS_RESULT_LIMIT: "40000",
  });
  assertDeep([config.embedHtml, config.resultLimit], [true, minimum]);
  // Without embedding, any ceiling in range is fine.
  assertEquals(startable([], { MCP_CHAT_CARDS_RESULT_LIMIT: "4000" }).resultLimit, 4_000);
});
