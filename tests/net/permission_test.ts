/**
 * Deno's --allow-net is the second fence: a host outside it is refused with the fetcher's own
 * kind of message (and the process keeps running), whether the name or the address is missing.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { listen, page } from "./servers.ts";

const PROBE = fromFileUrl(new URL("./fixtures/permission_probe.ts", import.meta.url));
const ROOT = fromFileUrl(new URL("../../", import.meta.url));
const HINT = "Ask the user to add it to the server's --allow-net list if they trust this site";

async function probe(allowNet: string, ...args: string[]): Promise<Record<string, unknown>> {
  const { stdout, stderr, code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", `--allow-read=${ROOT}`, `--allow-net=${allowNet}`, PROBE, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const out = new TextDecoder().decode(stdout).trim();
  if (code !== 0 || out === "") {
    throw new Error(`probe failed (${code}): ${new TextDecoder().decode(stderr)}`);
  }
  return JSON.parse(out);
}

Deno.test("a narrowed --allow-net: hosts outside it are refused cleanly, hosts inside it are fetched", async () => {
  await using server = await listen(page("inside", "text/plain"));
  const url = `${server.origin}/`;
  const where = `127.0.0.1:${server.port}`;
  assertDeep(await probe(where, url, server.origin), { status: 200, text: "inside" });
  assertDeep(await probe("127.0.0.1:1", url, server.origin), {
    name: "ToolError",
    code: "forbidden",
    message: `Cannot fetch "${url}": the server's Deno --allow-net list does not include "${where}"`,
    hint: HINT,
  });
  // The fetcher connects to the address it checked, so that address is what Deno is asked about:
  // allowing only the name is refused cleanly instead of ending the process.
  assertDeep(await probe("named.test", `http://named.test:${server.port}/`, server.origin, "seam-dns"), {
    name: "ToolError",
    code: "forbidden",
    message:
      `Cannot fetch "http://named.test:${server.port}/": the server's Deno --allow-net list does not include "${where}"`,
    hint: HINT,
  });
  // A name outside the list is refused before any DNS query.
  assertDeep(await probe(where, "http://example.com/", server.origin), {
    name: "ToolError",
    code: "forbidden",
    message:
      `Cannot fetch "http://example.com/": the server's Deno --allow-net list does not include "example.com"`,
    hint: HINT,
  });
  assertEquals(server.connections(), 1);
});
