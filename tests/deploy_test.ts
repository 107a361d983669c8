/**
 * The deployment recipe (Dockerfile, compose.yaml, deploy/nginx.conf, deploy/Caddyfile) cannot be
 * built here (no container engine), so it is checked by reading it: the image runs the server with
 * exactly the flags of `deno task start` as a non-root user; compose wires two replicas, Redis and
 * the proxy with settings the server accepts; both proxy configs route every replica's sessions
 * back to it; and the image's own steps (its RUN and ENTRYPOINT) run in a folder holding only what
 * its COPY lines and .dockerignore let in.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { ENV_NAMES, parseConfig } from "../src/config.ts";
import { taskWords } from "../scripts/read_permission.ts";
import { runCommand, startHttp } from "./smoke/targets.ts";
import { redisSkipReason, sharedRedis } from "./store/redis_server.ts";

const root = new URL("../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

/** Dockerfile instructions, continuation lines joined, comments dropped. */
async function dockerfile(): Promise<{ op: string; args: string }[]> {
  const text = (await read("Dockerfile")).replace(/\\\n\s*/g, " ");
  return text.split("\n").filter((line) => line.trim() && !line.startsWith("#")).map((line) => {
    const [op, ...rest] = line.trim().split(/\s+/);
    return { op: op.toUpperCase(), args: rest.join(" ") };
  });
}

const one = (instructions: { op: string; args: string }[], op: string) => {
  const found = instructions.filter((i) => i.op === op);
  assertEquals(found.length, 1, `the Dockerfile needs exactly one ${op}`);
  return found[0].args;
};

/** What `deno task start` runs without MCP_CHAT_CARDS_FS_ROOT (a replica serves no local files). */
async function startTaskWords(): Promise<string[]> {
  const denoJson = JSON.parse(await read("deno.json"));
  return taskWords(denoJson.tasks.start as string);
}

interface Compose {
  services: Record<string, {
    build?: string;
    image?: string;
    environment?: Record<string, string>;
    volumes?: string[];
    depends_on?: unknown;
    command?: string[];
  }>;
}

/** What `docker compose` runs with MCP_CHAT_CARDS_HTTP_TOKEN set: ${X:-default} and ${X:?error} filled in. */
async function compose(): Promise<Compose> {
  const env: Record<string, string> = { MCP_CHAT_CARDS_HTTP_TOKEN: "x".repeat(32) };
  const text = (await read("compose.yaml")).replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op?: string, rest?: string) => {
      if (env[name] !== undefined) return env[name];
      if (op === "-") return rest!;
      throw new Error(`compose.yaml needs ${name}: ${rest}`);
    },
  );
  return parseYaml(text, { merge: true }) as Compose;
}

/** The compose services built from the Dockerfile (the replicas). */
const replicaServices = (c: Compose) => Object.entries(c.services).filter(([, s]) => s.build === ".");

Deno.test("Dockerfile: the Deno of the README, non-root, exactly the flags of deno task start, --http on the exposed port", async () => {
  const instructions = await dockerfile();
  const readme = await read("README.md");
  const denoVersion = /npx -y deno@(\d+\.\d+\.\d+)/.exec(readme)![1];
  assertEquals(one(instructions, "FROM"), `denoland/deno:${denoVersion}`);
  const user = one(instructions, "USER");
  assertEquals(["root", "0"].includes(user.split(":")[0]), false, `runs as ${user}`);
  assertEquals(
    instructions.findIndex((i) => i.op === "USER") > instructions.findIndex((i) => i.op === "RUN"),
    true,
  );

  const entrypoint = JSON.parse(one(instructions, "ENTRYPOINT")) as string[];
  const start = await startTaskWords(); // deno run <flags> src/main.ts
  assertDeep(entrypoint, start);

  const cmd = JSON.parse(one(instructions, "CMD")) as string[];
  const config = parseConfig(cmd, { MCP_CHAT_CARDS_HTTP_TOKEN: "x".repeat(32) });
  assertEquals(config.http, true);
  assertEquals(config.host, "0.0.0.0");
  assertEquals(one(instructions, "EXPOSE"), String(config.port));
  const health = one(instructions, "HEALTHCHECK");
  assertEquals(health.includes(`http://127.0.0.1:${config.port}/healthz`), true, health);
});

Deno.test("compose: two replicas of the image share the Redis service with their own names; settings are valid", async () => {
  const c = await compose();
  const replicas = replicaServices(c);
  assertEquals(replicas.length, 2);
  const redis = Object.entries(c.services).find(([, s]) => s.image?.startsWith("redis:"));
  assertEquals(redis !== undefined, true, "a Redis service");
  const names = new Set<string>();
  for (const [service, { environment = {} }] of replicas) {
    for (const name of Object.keys(environment)) {
      assertEquals(ENV_NAMES.includes(name), true, `${service} sets ${name}, which the server does not read`);
    }
    const env = { ...environment };
    const cmd = JSON.parse(one(await dockerfile(), "CMD")) as string[];
    const config = parseConfig(cmd, env);
    assertEquals(new URL(config.storeUrl!).hostname, redis![0], `${service} uses the Redis service`);
    assertEquals(config.replica !== undefined, true, `${service} has MCP_CHAT_CARDS_REPLICA`);
    names.add(config.replica!);
  }
  assertEquals(names.size, 2, "replica names differ");
  const proxy = c.services.proxy;
  assertEquals(proxy.volumes?.some((v) => v.startsWith("./deploy/nginx.conf:")), true);
});

Deno.test("nginx and Caddy: each replica's sessions go back to it, the rest round robin; the README shows both files", async () => {
  const c = await compose();
  const replicas = replicaServices(c).map(([service, s]) => ({
    service,
    name: s.environment!.MCP_CHAT_CARDS_REPLICA,
  }));
  const nginx = await read("deploy/nginx.conf");
  const caddy = await read("deploy/Caddyfile");
  const anyBlock = /upstream cards_any \{([^}]*)\}/.exec(nginx)![1];
  for (const { service, name } of replicas) {
    const upstream = new RegExp(`~\\^${name}\\\\\\.\\s+(\\w+);`).exec(nginx)?.[1];
    assertEquals(upstream !== undefined, true, `nginx maps sessions "${name}.…"`);
    assertEquals(new RegExp(`upstream ${upstream} \\{ server ${service}:3000;`).test(nginx), true, upstream);
    assertEquals(anyBlock.includes(`server ${service}:3000`), true, `${service} in cards_any`);
    const matcher = new RegExp(`@(\\w+) header_regexp Mcp-Session-Id \\^${name}\\\\\\.\\n`).exec(caddy)?.[1];
    assertEquals(matcher !== undefined, true, `Caddy matches sessions "${name}.…"`);
    assertEquals(caddy.includes(`handle @${matcher} {\n\t\treverse_proxy ${service}:3000\n`), true, matcher);
    assertEquals(caddy.includes(`${service}:3000 {`) || caddy.includes(`${service}:3000 cards`), true);
  }
  assertEquals(nginx.includes("proxy_pass http://$cards_upstream;"), true);
  const readme = await read("README.md");
  for (const file of [nginx, caddy]) {
    const body = file.split("\n").filter((l) => !l.startsWith("#")).join("\n").trim();
    assertEquals(readme.includes(body), true, `README shows:\n${body}`);
  }
});

Deno.test("the image's steps run: RUN and ENTRYPOINT in a folder holding only what COPY and .dockerignore let in", async () => {
  const instructions = await dockerfile();
  const ignore = (await read(".dockerignore")).split("\n").filter((l) => l.trim());
  assertDeep(ignore, ["*", "!deno.json", "!deno.lock", "!src/"]);
  const copied = instructions.filter((i) => i.op === "COPY").flatMap((i) => i.args.split(/\s+/).slice(0, -1));
  assertDeep(copied, ["deno.json", "deno.lock", "src/"]);
  const work = await Deno.makeTempDir({ prefix: "mcc-image-" });
  try {
    for (const path of copied) {
      const { code, stderr } = await runCommand("cp", ["-r", path, join(work, path)]);
      assertEquals(code, 0, stderr);
    }
    const run = one(instructions, "RUN").split(/\s+/);
    assertEquals(run[0], "deno");
    const install = await runCommand(Deno.execPath(), run.slice(1), { cwd: work });
    assertEquals(install.code, 0, install.stderr);
    assertEquals(
      (await runCommand("git", ["diff", "--no-index", "--quiet", "deno.lock", join(work, "deno.lock")])).code,
      0,
      "the build changed deno.lock",
    );

    await using redis = redisSkipReason ? undefined : await sharedRedis();
    const entrypoint = JSON.parse(one(instructions, "ENTRYPOINT")) as string[];
    const env: Record<string, string> = redis
      ? {
        MCP_CHAT_CARDS_STORE: redis.url,
        MCP_CHAT_CARDS_REPLICA: "a",
        MCP_CHAT_CARDS_STORE_SECRET: "s".repeat(32),
      }
      : {};
    const server = await startHttp(Deno.execPath(), [...entrypoint.slice(1), "--http", "--port", "0"], {
      cwd: work,
      env,
    });
    try {
      const health = await fetch(new URL("/healthz", server.url));
      assertDeep(await health.json(), { status: "ok", store: redis ? "redis" : "memory" });
    } finally {
      assertEquals((await server.stop()).code, 0, server.stderr());
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
