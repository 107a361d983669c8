/**
 * Registry and bundle metadata agree with each other and with the code: server.json (registry
 * schema 2025-12-11), the npm package.json the build writes, and the .mcpb manifest.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { PACKAGE_NAME, packageJson } from "../../scripts/build_npm.ts";
import { DEFAULT_CONFIG, ENV_NAMES, SETTINGS } from "../../src/config.ts";
import { REGISTRY_NAME, SERVER_DESCRIPTION } from "../../src/http/server_card.ts";
import { VERSION } from "../../src/version.ts";
import { SERVER_JSON } from "./card_schema.ts";
import { ROOT_PATH } from "./targets.ts";

const read = async (name: string) => JSON.parse(await Deno.readTextFile(join(ROOT_PATH, name)));

/** Settings that only matter to the HTTP transport, so the stdio package does not list them. */
const HTTP_ONLY = new Set([
  "MCP_CHAT_CARDS_HTTP_TOKEN",
  "MCP_CHAT_CARDS_ALLOWED_HOSTS",
  "MCP_CHAT_CARDS_HTTP_MAX_BODY",
  "MCP_CHAT_CARDS_HTTP_MAX_SESSIONS",
  "MCP_CHAT_CARDS_HTTP_MAX_CONNECTIONS",
  "MCP_CHAT_CARDS_STORE_SECRET", // signs what the shared store holds
  "MCP_CHAT_CARDS_STORE", // shared by HTTP replicas; a stdio server has no one to share with
  "MCP_CHAT_CARDS_REPLICA",
]);

Deno.test("metadata: server.json has the registry shape and agrees with package.json", async () => {
  const server = await read("server.json");
  const parsed = SERVER_JSON.safeParse(server);
  assertEquals(parsed.success, true, JSON.stringify(parsed.error?.issues));
  const pkg = await packageJson();
  assertEquals(server.name, REGISTRY_NAME);
  assertEquals(pkg.mcpName, server.name);
  assertEquals(server.description, pkg.description);
  assertEquals(server.version, VERSION);
  assertEquals(pkg.version, VERSION);
  assertEquals(server.packages.length, 1);
  const [entry] = server.packages;
  assertEquals(entry.registryType, "npm");
  assertEquals(entry.registryBaseUrl, "https://registry.npmjs.org");
  assertEquals(entry.identifier, pkg.name);
  assertEquals(entry.version, pkg.version);
  assertEquals(entry.runtimeHint, "npx");
  assertDeep(entry.transport, { type: "stdio" });
});

Deno.test("metadata: server.json describes every stdio setting with its default", async () => {
  const [entry] = (await read("server.json")).packages;
  const expected = SETTINGS.filter((s) => !HTTP_ONLY.has(s.env)).map((s) => {
    const value = DEFAULT_CONFIG[s.key];
    return {
      name: s.env,
      description: s.about[0].toUpperCase() + s.about.slice(1),
      isRequired: false,
      format: ({ int: "number", bool: "boolean", path: "filepath" } as Record<string, string>)[s.kind] ??
        "string",
      ...(value === undefined ? {} : { default: String(value) }),
    };
  });
  assertDeep(entry.environmentVariables, expected);
});

Deno.test("metadata: package.json has the bin, exports, engines and only runtime dependencies", async () => {
  const pkg = await packageJson();
  assertEquals(pkg.name, PACKAGE_NAME);
  assertDeep(pkg.bin, { "mcp-chat-cards": "./esm/src/main.js" });
  assertDeep(pkg.engines, { node: ">=20" });
  assertEquals(pkg.type, "module");
  assertDeep((pkg.exports as Record<string, unknown>)["."], {
    types: "./esm/mod.d.ts",
    import: "./esm/mod.js",
  });
  const denoJson = await read("deno.json");
  const dependencies = pkg.dependencies as Record<string, string>;
  for (const [name, version] of Object.entries(dependencies)) {
    // a package imported by subpath (`i18n-iso-countries/codes.json`) is mapped as a prefix
    const mapped = denoJson.imports[name] ??
      denoJson.imports[`${name}/`]?.replace(/^npm:\/(.*)\/$/, "npm:$1");
    assertEquals(mapped, `npm:${name}@${version}`, `${name} must match the import map`);
  }
  for (
    const testOnly of ["@modelcontextprotocol/client", "@modelcontextprotocol/ext-apps", "playwright-core"]
  ) {
    assertEquals(testOnly in dependencies, false, `${testOnly} is a test dependency`);
  }
  assertEquals("@modelcontextprotocol/server" in dependencies && "zod" in dependencies, true);
});

Deno.test("metadata: the .mcpb manifest matches the package and only sets the server's variables", async () => {
  const manifest = await read("manifest.json");
  const pkg = await packageJson();
  assertEquals(manifest.manifest_version, "0.3");
  assertEquals(manifest.name, pkg.name);
  assertEquals(manifest.version, VERSION);
  assertEquals(manifest.description, SERVER_DESCRIPTION);
  assertEquals(manifest.server.type, "node");
  const bin = (pkg.bin as Record<string, string>)[PACKAGE_NAME].replace(/^\.\//, "");
  assertEquals(manifest.server.entry_point, `server/node_modules/${PACKAGE_NAME}/${bin}`);
  assertDeep(manifest.server.mcp_config.args, [`\${__dirname}/${manifest.server.entry_point}`]);
  for (const [name, value] of Object.entries(manifest.server.mcp_config.env as Record<string, string>)) {
    assertEquals(ENV_NAMES.includes(name), true, name);
    const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
    assertEquals(key !== undefined && key in manifest.user_config, true, `${name} -> ${value}`);
  }
});
