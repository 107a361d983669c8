// deno-lint-ignore-file no-console -- says why the Node target is skipped when it is
/**
 * The npm package as Node users get it: `deno task build:npm`, `npm pack`, install of the tarball
 * into a fresh folder, then the smoke suite over stdio with `npx --no-install mcp-chat-cards` and
 * over HTTP under node:http, its published types compiled by a consumer, and the .mcpb bundle
 * built from the same install, validated by the official CLI and run the way a host runs it.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { assembleBundle, installTarball, mcpb, packNpm } from "../../scripts/build_mcpb.ts";
import { buildNpm, PACKAGE_NAME, TYPESCRIPT } from "../../scripts/build_npm.ts";
import { errorMessage, httpClient, post, rawRequest } from "../http/helpers.ts";
import { assertHoldsSlowClients, TEST_MAX_BODY, TEST_MAX_CONNECTIONS } from "../http/slow_clients.ts";
import { announceRedis, redisSkipReason, sharedRedis } from "../store/redis_server.ts";
import { assertSameAsReference, smokeOver } from "./suite.ts";
import { httpTransport, ROOT_PATH, runCommand, startHttp, stdioTransport, toolVersion } from "./targets.ts";

const NPX = Deno.build.os === "windows" ? "npx.cmd" : "npx";
const nodeVersion = await toolVersion("node");
const npmVersion = await toolVersion(Deno.build.os === "windows" ? "npm.cmd" : "npm");
const nodeMajor = Number(/^v(\d+)\./.exec(nodeVersion ?? "")?.[1] ?? 0);
const skipReason = nodeVersion === undefined
  ? "node is not installed"
  : npmVersion === undefined
  ? "npm is not installed"
  : nodeMajor < 20
  ? `node ${nodeVersion} is older than the supported 20`
  : undefined;
console.error(
  skipReason
    ? `node target: SKIPPED because ${skipReason}; install Node >= 20 with npm to run it`
    : `node target: node ${nodeVersion}, npm ${npmVersion}`,
);

announceRedis("node_test");

Deno.test({
  name: "npm package: built, packed, installed and smoke-tested under Node (stdio, HTTP, types, mcpb)",
  ignore: skipReason !== undefined,
  fn: async (t) => {
    const work = await Deno.makeTempDir({ prefix: "mcc-npm-" });
    try {
      // Its own build folder: other test runs in the same tree may be building npm/ right now.
      const packageDir = await buildNpm(join(work, "build"));
      const tarball = await packNpm(packageDir, work);
      const install = join(work, "install");
      await installTarball(tarball, install);
      const installed = join(install, "node_modules", PACKAGE_NAME);

      await t.step("the tarball holds the build, README and LICENSE, and nothing else", async () => {
        const { stdout } = await runCommand("tar", ["-tzf", tarball]);
        const files = stdout.trim().split("\n").map((f) => f.replace(/^package\//, ""));
        assertEquals(files.includes("esm/src/main.js"), true);
        assertEquals(files.includes("esm/mod.d.ts"), true);
        assertEquals(files.includes("LICENSE"), true);
        const hasReadme = await Deno.stat(join(ROOT_PATH, "README.md")).then(() => true, () => false);
        assertEquals(files.includes("README.md"), hasReadme);
        const unexpected = files.filter((f) =>
          !/^(esm\/.+\.(js|d\.ts)|package\.json|README\.md|LICENSE)$/.test(f)
        );
        assertDeep(unexpected, []);
        assertEquals(files.some((f) => f.includes("runtime/main")), false, "browser runtime entry leaked in");
        const main = await Deno.readTextFile(join(installed, "esm", "src", "main.js"));
        assertEquals(main.startsWith("#!/usr/bin/env node\n"), true);
      });

      await t.step("stdio via npx --no-install mcp-chat-cards matches the reference", async () => {
        const transport = stdioTransport(NPX, ["--no-install", PACKAGE_NAME], { cwd: install });
        await assertSameAsReference(await smokeOver(transport), "npm package under Node (stdio)");
      });

      await t.step(
        "HTTP under node:http matches the reference, refuses like Deno, and stops cleanly",
        async () => {
          const main = join(installed, "esm", "src", "main.js");
          const args = [main, "--http", "--port", "0", "--max-body", "65536"];
          const server = await startHttp("node", args, { cwd: install });
          try {
            await assertSameAsReference(
              await smokeOver(httpTransport(server.url)),
              "npm package under Node (HTTP)",
            );
            const padded = { jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } };
            const oversize = await post(server.url, padded);
            assertEquals(oversize.status, 413);
            assertEquals(
              errorMessage(oversize.json),
              "Payload Too Large: the request body is over the 65536-byte limit (MCP_CHAT_CARDS_HTTP_MAX_BODY)",
            );
            const rebinding = await rawRequest(server.url, { headers: { Host: "attacker.example" } });
            assertEquals(rebinding.status, 403);
          } finally {
            const status = await server.stop();
            assertEquals(status.code, 0, server.stderr());
            assertEquals(server.stderr().endsWith("[mcp-chat-cards] Stopped\n"), true, server.stderr());
          }
        },
      );

      await t.step(
        "HTTP under node:http cuts slow headers and bodies with 408, closes after a 413, caps connections with 503",
        async () => {
          const main = join(installed, "esm", "src", "main.js");
          const server = await startHttp("node", [
            main,
            "--http",
            "--port",
            "0",
            "--max-connections",
            String(TEST_MAX_CONNECTIONS),
            "--max-body",
            String(TEST_MAX_BODY),
          ], { cwd: install });
          try {
            await assertHoldsSlowClients(server.url, server.stderr);
          } finally {
            assertEquals((await server.stop()).code, 0, server.stderr());
          }
        },
      );

      await t.step({
        name:
          "two replicas under Node share a Redis card store (@redis/client): rendered on one, read on the other",
        ignore: redisSkipReason !== undefined,
        fn: async () => {
          await using redis = await sharedRedis();
          const main = join(installed, "esm", "src", "main.js");
          const start = (name: string) =>
            startHttp("node", [
              main,
              "--http",
              "--port",
              "0",
              "--store",
              redis.url,
              "--store-secret",
              "node-replicas-store-secret-0123456789",
              "--replica",
              name,
            ], { cwd: install });
          const [a, b] = await Promise.all([start("a"), start("b")]);
          try {
            await using onA = await httpClient(a.url, { pin: "2026-07-28" });
            await using onB = await httpClient(b.url, { pin: "2026-07-28" });
            const result = await onA.callTool({
              name: "create_table_card",
              arguments: { title: "Node replicas", headers: ["k", "v"], rows: [["store", "redis"]] },
            });
            const link = (result.content as { type: string; uri?: string }[]).find((c) =>
              c.type === "resource_link"
            )!;
            const read = await onB.readResource({ uri: link.uri! });
            assertEquals(
              (read.contents[0] as { text: string }).text.includes("<title>Node replicas</title>"),
              true,
            );
            const health = await fetch(new URL("/healthz", b.url));
            assertDeep(await health.json(), { status: "ok", store: "redis" });
          } finally {
            for (const server of [a, b]) assertEquals((await server.stop()).code, 0, server.stderr());
          }
        },
      });

      await t.step("the published .d.ts files type-check in a TypeScript consumer", async () => {
        await Deno.writeTextFile(
          join(install, "consumer.ts"),
          [
            `import { CardStore, createServer, type ServerOptions, VERSION } from "${PACKAGE_NAME}";`,
            "const options: ServerOptions = { cardBudget: 10_000, store: new CardStore(4) };",
            "const server = createServer(options);",
            "const version: string = VERSION;",
            "export { server, version };",
            "",
          ].join("\n"),
        );
        // Node's types (the SDK's declarations mention Buffer) come from the build's dev install.
        const typeRoots = [join(packageDir, "node_modules", "@types")];
        const tsconfig = {
          compilerOptions: {
            module: "NodeNext",
            target: "ES2022",
            strict: true,
            noEmit: true,
            typeRoots,
            types: ["node"],
          },
          files: ["consumer.ts"],
        };
        await Deno.writeTextFile(join(install, "tsconfig.json"), JSON.stringify(tsconfig));
        const tsc = await runCommand(Deno.execPath(), [
          "run",
          "--allow-all",
          "--no-config",
          TYPESCRIPT,
          "-p",
          ".",
        ], {
          cwd: install,
        });
        assertEquals(tsc.code, 0, tsc.stdout + tsc.stderr);
      });

      await t.step("the .mcpb bundle validates, packs, unpacks and runs as a host would run it", async () => {
        await mcpb(["validate", join(ROOT_PATH, "manifest.json")], work);
        const bundleDir = join(work, "bundle");
        await assembleBundle(install, bundleDir);
        const bundle = join(work, "mcp-chat-cards.mcpb");
        await mcpb(["pack", bundleDir, bundle], work);
        const unpacked = join(work, "unpacked");
        await mcpb(["unpack", bundle, unpacked], work);
        const { command, args, env } = hostLaunch(
          JSON.parse(await Deno.readTextFile(join(unpacked, "manifest.json"))),
          unpacked,
          { fs_root: work, allow_private: false },
        );
        await assertSameAsReference(await smokeOver(stdioTransport(command, args, { env })), "mcpb bundle");
      });
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
});

interface Manifest {
  server: { mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  user_config: Record<string, unknown>;
}

/** Resolves ${__dirname} and ${user_config.x} the way an MCPB host does at launch. */
function hostLaunch(manifest: Manifest, dir: string, userConfig: Record<string, string | boolean>) {
  const fill = (text: string) =>
    text.replaceAll("${__dirname}", dir).replace(/\$\{user_config\.(\w+)\}/g, (_, key) => {
      if (!(key in manifest.user_config)) throw new Error(`manifest uses undeclared user_config.${key}`);
      return String(userConfig[key]);
    });
  const { command, args, env } = manifest.server.mcp_config;
  return {
    command,
    args: args.map(fill),
    env: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)])),
  };
}
