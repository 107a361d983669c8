// deno-lint-ignore-file no-console -- says why the Redis tests are skipped when they are
/**
 * A real redis-server for the tests, on a free loopback port, without persistence. The store
 * tests need one; where the Debian package `redis-server` is missing they print why they skip
 * (`.ci/run` installs it, so CI always runs them). `.ci/run` also starts a shared one and names it
 * in MCC_TEST_REDIS_URL; tests that stop and restart Redis start their own.
 */
import { toolVersion } from "../smoke/targets.ts";

const version = await toolVersion("redis-server");

/** Why the Redis tests cannot run here, or undefined when they can. */
export const redisSkipReason: string | undefined = version === undefined
  ? "redis-server is not installed (Debian: apt-get install -y redis-server)"
  : undefined;

/** Prints once per test file whether its Redis tests run. */
export function announceRedis(file: string): void {
  console.error(
    redisSkipReason
      ? `${file}: Redis tests SKIPPED because ${redisSkipReason}`
      : `${file}: ${version}${
        Deno.env.get("MCC_TEST_REDIS_URL") ? ` (shared: ${Deno.env.get("MCC_TEST_REDIS_URL")})` : ""
      }`,
  );
}

/** A running redis-server. */
export interface RedisServer extends AsyncDisposable {
  url: string;
  port: number;
  /** Kills it (SIGKILL: an outage, not a goodbye). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Thaws it (SIGCONT). */
  resume(): void;
}

/** A free loopback port (bound, then released). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Starts redis-server on 127.0.0.1 and resolves once it answers. */
export async function startRedis(port = freePort()): Promise<RedisServer> {
  let child: Deno.ChildProcess | undefined;
  const spawn = async () => {
    child = new Deno.Command("redis-server", {
      args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("Ready to accept connections")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`redis-server exited before it was ready:\n${text}`);
      text += value;
    }
    (async () => {
      while (!(await reader.read()).done);
    })();
    child.stderr.cancel();
  };
  const kill = async () => {
    if (!child) return;
    try {
      child.kill("SIGCONT"); // a paused one must be able to die

      child.kill("SIGKILL");
    } catch {
      // already gone
    }
    await child.status;
    child = undefined;
  };
  await spawn();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: spawn,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    [Symbol.asyncDispose]: kill,
  };
}

/** The shared Redis CI started, or one of our own. */
export async function sharedRedis(): Promise<{ url: string } & AsyncDisposable> {
  const url = Deno.env.get("MCC_TEST_REDIS_URL");
  if (url) return { url, [Symbol.asyncDispose]: () => Promise.resolve() };
  return await startRedis();
}
