/**
 * The official MCP Inspector (web UI) as a test host: installed from npm with `npm ci` from the
 * pinned manifest and lock beside this file into a cache folder outside the source tree (keyed by
 * the lock's hash, so a warm machine installs nothing), then started against a server URL on free
 * loopback ports. `deno run -A tests/hosts/inspector.ts` installs it and prints the folder
 * (.ci/run does that before the tests).
 */
import { createHash } from "node:crypto";

const here = new URL("./", import.meta.url);
const MANIFEST = new URL("inspector.package.json", here);
const LOCK = new URL("inspector.package-lock.json", here);
const ENTRY = "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js";

/** Where the Inspector is installed: `MCC_INSPECTOR_DIR`, else a cache folder named by the lock's hash. */
export function inspectorDir(): string {
  const set = Deno.env.get("MCC_INSPECTOR_DIR");
  if (set) return set;
  const hash = createHash("sha256").update(Deno.readTextFileSync(LOCK)).digest("hex").slice(0, 12);
  const cache = Deno.env.get("XDG_CACHE_HOME") ?? `${Deno.env.get("HOME") ?? "/tmp"}/.cache`;
  return `${cache}/mcp-chat-cards/inspector-${hash}`;
}

function installed(dir: string): boolean {
  try {
    return Deno.statSync(`${dir}/${ENTRY}`).isFile;
  } catch {
    return false;
  }
}

/** Installs the pinned Inspector unless it is there already; returns its folder. */
export async function installInspector(): Promise<string> {
  const dir = inspectorDir();
  if (installed(dir)) return dir;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.copyFile(MANIFEST, `${dir}/package.json`);
  await Deno.copyFile(LOCK, `${dir}/package-lock.json`);
  const { code, stderr } = await new Deno.Command("npm", {
    args: ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (code !== 0 || !installed(dir)) {
    throw new Error(`npm ci of the Inspector in ${dir} failed:\n${new TextDecoder().decode(stderr)}`);
  }
  return dir;
}

/** Why the Inspector suite cannot run here (no node or npm), or undefined. */
export function inspectorReason(): string | undefined {
  try {
    new Deno.Command("node", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync();
    return undefined;
  } catch {
    return "node is missing: the MCP Inspector runs on Node";
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** A running Inspector web UI. */
export interface Inspector extends AsyncDisposable {
  /** The web UI's URL. */
  url: string;
  /** The origin of its MCP Apps sandbox proxy. */
  sandboxOrigin: string;
}

/**
 * Starts the Inspector's web UI against a Streamable HTTP server (auth off: loopback only, and
 * its secrets in memory), and waits until it listens.
 */
export async function startInspector(serverUrl: string): Promise<Inspector> {
  const dir = await installInspector();
  const [web, sandbox, appOrigin] = [freePort(), freePort(), freePort()];
  const home = await Deno.makeTempDir({ prefix: "mcc-inspector-" });
  const child = new Deno.Command("node", {
    args: [`${dir}/${ENTRY}`, "--web", "--transport", "http", "--server-url", serverUrl],
    env: {
      CLIENT_PORT: String(web),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(appOrigin),
      DANGEROUSLY_OMIT_AUTH: "true",
      MCP_AUTO_OPEN_ENABLED: "false",
      MCP_INSPECTOR_SECRET_STORE: "memory",
      HOME: home,
      MCP_STORAGE_DIR: home,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const decoder = new TextDecoder();
  let output = "";
  const reader = child.stdout.getReader();
  const deadline = Date.now() + 60_000;
  while (!output.includes("is up and running")) {
    const { value, done } = await reader.read();
    if (done || Date.now() > deadline) {
      child.kill();
      const err = decoder.decode(await new Response(child.stderr).arrayBuffer());
      throw new Error(`the Inspector did not start:\n${output}\n${err}`);
    }
    output += decoder.decode(value);
  }
  reader.releaseLock();
  // Keep reading both pipes, so the Inspector never blocks on a full one.
  child.stdout.pipeTo(new WritableStream()).catch(() => {});
  child.stderr.pipeTo(new WritableStream()).catch(() => {});
  return {
    url: `http://127.0.0.1:${web}/`,
    sandboxOrigin: `http://127.0.0.1:${sandbox}`,
    async [Symbol.asyncDispose]() {
      child.kill();
      await child.status;
      await Deno.remove(home, { recursive: true }).catch(() => {});
    },
  };
}

if (import.meta.main) {
  // deno-lint-ignore no-console -- the folder is this script's output (.ci/run prints it)
  console.log(await installInspector());
}
