/**
 * HTTPS through the pinned connection: the fetcher connects to the checked address yet verifies
 * the certificate against the host name (SNI and identity check keep the name). A server nothing
 * trusts is refused; with the test CA trusted (the seam in process, `--cert` in a process run with
 * the server's own flags, where node:tls would need --allow-sys), the right name is fetched and a
 * certificate for another name is refused. Certificates are made per run with openssl; the test is
 * skipped where it is missing.
 */
import { deepStrictEqual as assertDeep, strictEqual as assertEquals } from "node:assert/strict";
import { Buffer } from "node:buffer";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { ToolError } from "../../src/errors.ts";
import { createFetcher } from "../../src/net/fetch.ts";
import { denoTls } from "../../src/net/deno_tls.ts";

const PROBE = fileURLToPath(new URL("./fixtures/permission_probe.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function hasOpenssl(): boolean {
  try {
    return new Deno.Command("openssl", { args: ["version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

async function openssl(dir: string, ...args: string[]): Promise<void> {
  const { success, stderr } = await new Deno.Command("openssl", {
    args,
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  })
    .output();
  if (!success) throw new Error(`openssl ${args[0]} failed: ${new TextDecoder().decode(stderr)}`);
}

/** A CA, and a server certificate it signed for `secure.test`. */
async function certificates(dir: string): Promise<{ ca: string; key: string; cert: string }> {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  await openssl(
    dir,
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=mcc test CA",
  );
  await openssl(dir, "req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=secure.test");
  await Deno.writeTextFile(`${dir}/ext.cnf`, "subjectAltName=DNS:secure.test\n");
  await openssl(
    dir,
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
  );
  return {
    ca: `${dir}/ca.pem`,
    key: await Deno.readTextFile(`${dir}/server.key`),
    cert: await Deno.readTextFile(`${dir}/server.pem`),
  };
}

async function probe(ca: string, url: string, origin: string): Promise<Record<string, unknown>> {
  const { stdout, stderr, code } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      `--cert=${ca}`,
      `--allow-read=${ROOT},${ca}`,
      "--allow-net",
      PROBE,
      url,
      origin,
      "seam-dns",
    ],
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

Deno.test({
  name: "https: pinned to the checked address, verified against the host name",
  ignore: !hasOpenssl(),
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcc-tls-" });
  const { ca, key, cert } = await certificates(dir);
  let echoed = 0;
  const server = https.createServer({ key, cert }, async (req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    if (req.url === "/echo") {
      echoed++;
      let body = "";
      for await (const chunk of req) body += chunk;
      return void res.end(`${req.method} ${body}`);
    }
    if (req.method === "POST") {
      const chunks: Uint8Array[] = [];
      for await (const chunk of req) chunks.push(chunk);
      return void res.end(`posted ${Buffer.concat(chunks).toString()}`);
    }
    if (req.url !== "/drip") return void res.end(`secure hello ${req.headers.host}`);
    for (let i = 0; i < 40 && !res.destroyed; i++) {
      res.write("x");
      await new Promise((r) => setTimeout(r, 50));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  try {
    // In this process nothing trusts the test CA: the certificate is refused, not ignored.
    const fetcher = createFetcher({ allowPrivate: false }, {
      origins: [origin],
      resolve: () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]),
    });
    let refused: unknown;
    try {
      await fetcher.fetch({ url: `https://secure.test:${port}/` });
    } catch (error) {
      refused = error;
    }
    assertEquals(refused instanceof ToolError, true);
    assertEquals(
      (refused as ToolError).message.startsWith(
        `Cannot fetch "https://secure.test:${port}/": the connection failed (`,
      ),
      true,
    );

    // Trusting the test CA (a seam-only setting), the right name is fetched over the pinned address.
    const trusting = createFetcher({ allowPrivate: false }, {
      origins: [origin],
      caCerts: [await Deno.readTextFile(ca)],
      resolve: () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]),
    });
    const page = await trusting.fetch({ url: `https://secure.test:${port}/page?q=1` });
    assertDeep([page.status, page.text, page.url], [
      200,
      `secure hello secure.test:${port}`,
      `https://secure.test:${port}/page?q=1`,
    ]);
    // A body goes over the TLS stream byte for byte (writes may be partial; none is repeated).
    const body = new TextEncoder().encode("a=1&b=" + "x".repeat(70_000));
    const posted = await trusting.fetch({
      url: `https://secure.test:${port}/form`,
      method: "POST",
      body: { contentType: "application/x-www-form-urlencoded", bytes: body },
    });
    assertEquals(posted.text, `posted ${new TextDecoder().decode(body)}`);
    let slow = "";
    try {
      await trusting.fetch({ url: `https://secure.test:${port}/drip`, limits: { timeoutMs: 300 } });
    } catch (error) {
      slow = (error as Error).message;
    }
    assertEquals(slow, `Cannot fetch "https://secure.test:${port}/drip": no complete response within 0.3 s`);
    let mismatch = "";
    try {
      await trusting.fetch({ url: `https://other.test:${port}/` });
    } catch (error) {
      mismatch = (error as Error).message;
    }
    assertEquals(
      mismatch.startsWith(`Cannot fetch "https://other.test:${port}/": the connection failed (`),
      true,
      mismatch,
    );

    // A form posted to http:// that its own host moves to https:// (308) is sent there again only
    // from port 80 to port 443 (mayResend's table in fetch_test.ts): here the ports differ, so it
    // is another site, as the same move to another host is. Neither is reached.
    let location = "";
    const plain = http.createServer((_req, res) => {
      res.writeHead(308, { location });
      res.end();
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const plainPort = (plain.address() as AddressInfo).port;
    try {
      const upgrading = createFetcher({ allowPrivate: false }, {
        origins: [origin, `http://127.0.0.1:${plainPort}`],
        caCerts: [await Deno.readTextFile(ca)],
        resolve: () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]),
      });
      const body = { contentType: "text/plain", bytes: new TextEncoder().encode("a=1\r\n") };
      const form = { url: `http://secure.test:${plainPort}/form`, method: "POST" as const, body };
      for (const host of ["secure.test", "other.test"]) {
        location = `https://${host}:${port}/echo`;
        let moved = "";
        try {
          await upgrading.fetch(form);
        } catch (error) {
          moved = (error as Error).message;
        }
        assertEquals(
          moved,
          `Cannot fetch "http://secure.test:${plainPort}/form": the site answered 308 Permanent Redirect with a redirect to "${location}", another site (${host}:${port}); following it would send the request body there again, so it was not followed`,
        );
      }
      assertEquals(echoed, 0);
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }

    // A process with the README's flags (no --allow-sys, no --allow-env) told to trust the CA with
    // --cert: HTTPS works there too, and a certificate for another name is refused.
    assertDeep(await probe(ca, `https://secure.test:${port}/`, origin), {
      status: 200,
      text: `secure hello secure.test:${port}`,
    });
    const wrong = await probe(ca, `https://other.test:${port}/`, origin);
    assertEquals(wrong.code, "fetch_failed");
    assertEquals(
      String(wrong.message).startsWith(`Cannot fetch "https://other.test:${port}/": the connection failed (`),
      true,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("denoTls: Deno's TLS API only where both connect and startTls exist (Node has neither)", () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "Deno")!;
  const as = (value: unknown) => {
    Object.defineProperty(globalThis, "Deno", { value, configurable: true, writable: false });
    try {
      return denoTls();
    } finally {
      Object.defineProperty(globalThis, "Deno", real);
    }
  };
  const connect = () => {};
  const startTls = () => {};
  assertEquals(as(undefined), undefined);
  assertEquals(as({ connect }), undefined);
  assertEquals(as({ startTls }), undefined);
  const both = { connect, startTls };
  assertEquals(as(both), both);
  assertEquals(denoTls(), Deno as unknown);
});
